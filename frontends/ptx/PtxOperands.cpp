// PTX instructions (PTX ISA "Instruction Statements"): an optional guard `@%p` / `@!%p`, an opcode word
// split at its dots into the opcode and its qualifiers (`shared::cta` stays one qualifier), and
// comma-separated operands up to the `;`. Operands take the forms compilers print: registers, special
// registers, integer and floating-point literals (negated by a leading '-'), symbols with an offset,
// addresses `[base+offset]` (with tensor coordinates `[tmap, {x, y}]`), vectors `{a, b}`, the sink `_`,
// predicate pairs `%r|%p`, negated predicates `!%p` and the parenthesised lists of `call`. Vectors and lists
// hold only simple operands, so operand parsing never recurses more than one level.
#include "frontends/ptx/PtxParser.h"

namespace catcheck::frontends::ptx {
namespace {

// An opcode's first segment: a lower-case letter, then letters, digits and underscores.
bool isOpcode(const std::string& word) {
  size_t end = word.find('.');
  if (end == std::string::npos) end = word.size();
  if (end == 0 || word[0] < 'a' || word[0] > 'z') return false;
  for (size_t i = 1; i < end; ++i) {
    char c = word[i];
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

std::vector<std::string> splitAtDots(const std::string& word) {
  std::vector<std::string> parts;
  size_t begin = 0;
  while (true) {
    size_t dot = word.find('.', begin);
    parts.push_back(word.substr(begin, dot - begin));
    if (dot == std::string::npos) return parts;
    begin = dot + 1;
  }
}

bool isDotted(const std::string& word) {
  return word.find_first_of(".:") != std::string::npos;
}

}  // namespace

Instruction Parser::parseInstruction() {
  Instruction instruction;
  if (atPunct('@')) instruction.guard = parseGuard();
  const Token& opcode = peek();
  if (opcode.kind != TokenKind::Word || !isOpcode(opcode.text)) unexpected(opcode, "an instruction");
  take();
  std::vector<std::string> parts = splitAtDots(opcode.text);
  instruction.opcode = parts[0];
  instruction.qualifiers.assign(parts.begin() + 1, parts.end());
  instruction.where = locationOf(opcode);
  instruction.loc = loc_;
  if (!atPunct(';')) {
    do {
      instruction.operands.push_back(parseOperand(false));
    } while (acceptPunct(','));
  }
  expectPunct(';', instruction.operands.empty() ? "an operand or ';'" : "',' or ';'");
  return instruction;
}

Guard Parser::parseGuard() {
  take();
  bool negated = acceptPunct('!');
  return {expectRegister("a predicate register").name, negated};
}

// One operand; `nested` (inside a vector or a call's list) excludes addresses, vectors and lists.
Operand Parser::parseOperand(bool nested) {
  const Token& token = peek();
  Operand operand;
  if (!nested && token.isPunct('[')) {
    operand.value = parseAddress();
  } else if (!nested && token.isPunct('{')) {
    operand.value = parseVector();
  } else if (!nested && token.isPunct('(')) {
    operand.value = parseList();
  } else if (token.isPunct('!')) {
    take();
    Register reg = expectRegister("a predicate register");
    reg.negated = true;
    operand.value = reg;
  } else if (token.isPunct('-')) {
    take();
    operand = parseNumber(true);
  } else if (token.kind == TokenKind::Integer || token.kind == TokenKind::Float) {
    operand = parseNumber(false);
  } else if (token.kind == TokenKind::Word) {
    operand = parseNameOperand();
  } else {
    unexpected(token, "an operand");
  }
  operand.line = token.line;
  operand.column = token.column;
  return operand;
}

// `_`, a register (or a pair %r|%p), a special register, or a symbol with an optional offset.
Operand Parser::parseNameOperand() {
  const Token& token = peek();
  if (token.text == "_") {
    take();
    return {Sink{}};
  }
  NameKind kind = classify(token);
  if (kind == NameKind::Symbol && isDotted(token.text)) unexpected(token, "an operand");
  take();
  if (kind == NameKind::SpecialRegister) return {SpecialRegister{token.text}};
  if (kind == NameKind::Symbol) return {Symbol{token.text, parseOffset()}};
  if (!acceptPunct('|')) return {Register{token.text}};
  return {PredicatePair{Register{token.text}, expectRegister("a predicate register")}};
}

Register Parser::expectRegister(const std::string& expected) {
  const Token& token = peek();
  if (token.kind != TokenKind::Word || token.text == "_" || classify(token) != NameKind::Register)
    unexpected(token, expected);
  return {take().text};
}

// [%rd1], [%rd1+8], [%rd1+-4], [sym+4], [0x100], [%rd1, {%r1, %r2}]
Address Parser::parseAddress() {
  take();
  Address address;
  const Token& base = peek();
  if (base.kind == TokenKind::Integer) {
    address.base = Address::Base::Absolute;
    address.offset = expectSigned("an address");
  } else if (base.kind == TokenKind::Word && base.text != "_") {
    NameKind kind = classify(base);
    if (kind == NameKind::SpecialRegister || (kind == NameKind::Symbol && isDotted(base.text)))
      unexpected(base, "a register, a variable or an integer address");
    address.base = kind == NameKind::Register ? Address::Base::Register : Address::Base::Symbol;
    address.name = take().text;
    address.offset = parseOffset();
  } else {
    unexpected(base, "a register, a variable or an integer address");
  }
  if (acceptPunct(',')) {
    if (!atPunct('{')) unexpected(peek(), "'{'");
    address.coordinates = parseVector().elements;
  }
  expectPunct(']', "']'");
  return address;
}

Vector Parser::parseVector() {
  take();
  Vector vector;
  do {
    vector.elements.push_back(parseOperand(true));
  } while (acceptPunct(','));
  expectPunct('}', "',' or '}'");
  return vector;
}

List Parser::parseList() {
  take();
  List list;
  if (acceptPunct(')')) return list;
  do {
    list.elements.push_back(parseOperand(true));
  } while (acceptPunct(','));
  expectPunct(')', "',' or ')'");
  return list;
}

// An integer or floating-point literal at the cursor; `negative` when a '-' came before it.
Operand Parser::parseNumber(bool negative) {
  const Token& token = peek();
  Operand operand{Integer{}, token.line, token.column};
  if (token.kind == TokenKind::Integer) {
    std::uint64_t value = 0;
    if (!integerValue(token.text, value)) fail(token, "integer " + token.text + " does not fit in 64 bits");
    operand.value = Integer{static_cast<std::int64_t>(negative ? 0 - value : value)};
  } else if (token.kind == TokenKind::Float) {
    FloatImmediate number;
    if (!floatBits(token.text, number.bits, number.isDouble))
      fail(token, "floating-point number " + token.text + " is out of range");
    if (negative) number.bits ^= number.isDouble ? std::uint64_t{1} << 63 : std::uint64_t{1} << 31;
    operand.value = number;
  } else {
    unexpected(token, "a number");
  }
  take();
  return operand;
}

}  // namespace catcheck::frontends::ptx
