// PTX function bodies: statements in blocks, where each `{ ... }` (the body itself, inline asm, call
// sequences) is a scope with its own registers and labels (PTX ISA "Scope"), nested at most
// kMaxBlockDepth deep. `.loc` directives (PTX ISA "Debugging Directives: .loc") set the source position
// attached to the instructions after them; an inlined `.loc` names its call site, whose own inlined_at chain
// is the one of the latest `.loc` at that position, as nvcc prints the call site's `.loc` just before.
// Operand names are classified here: a declared register (innermost scope first, `%r<N>` ranges
// included), a special register (`%tid.x`, the ISA's "Special Registers" chapter), or a symbol; an
// undeclared `%` name is an error, as it is for ptxas.
#include <climits>

#include "frontends/ptx/PtxParser.h"

namespace catcheck::frontends::ptx {
namespace {

const char* const kStatement = "an instruction, a label, a declaration, '{' or '}'";

// `name` is `prefix` followed by a decimal number below `limit`.
bool isNumbered(const std::string& name, const std::string& prefix, int limit) {
  if (name.size() <= prefix.size() || name.size() > prefix.size() + 2 ||
      name.compare(0, prefix.size(), prefix) != 0)
    return false;
  std::string digits = name.substr(prefix.size());
  if (digits.find_first_not_of("0123456789") != std::string::npos || (digits.size() > 1 && digits[0] == '0'))
    return false;
  return std::stoi(digits) < limit;
}

bool isSpecialRegister(const std::string& name) {
  static const std::set<std::string> vectors = {
      "%tid", "%ntid", "%ctaid", "%nctaid", "%cluster_ctaid", "%cluster_nctaid", "%clusterid", "%nclusterid"};
  static const std::set<std::string> scalars = {"%laneid",
                                                "%warpid",
                                                "%nwarpid",
                                                "%smid",
                                                "%nsmid",
                                                "%gridid",
                                                "%lanemask_eq",
                                                "%lanemask_le",
                                                "%lanemask_lt",
                                                "%lanemask_ge",
                                                "%lanemask_gt",
                                                "%clock",
                                                "%clock_hi",
                                                "%clock64",
                                                "%globaltimer",
                                                "%globaltimer_lo",
                                                "%globaltimer_hi",
                                                "%total_smem_size",
                                                "%aggr_smem_size",
                                                "%dynamic_smem_size",
                                                "%is_explicit_cluster",
                                                "%cluster_ctarank",
                                                "%cluster_nctarank",
                                                "%current_graph_exec",
                                                "%reserved_smem_offset_begin",
                                                "%reserved_smem_offset_end",
                                                "%reserved_smem_offset_cap",
                                                "%reserved_smem_offset_0",
                                                "%reserved_smem_offset_1"};
  size_t dot = name.find('.');
  if (dot != std::string::npos) {
    std::string component = name.substr(dot + 1);
    return vectors.count(name.substr(0, dot)) != 0 &&
           (component == "x" || component == "y" || component == "z");
  }
  if (vectors.count(name) != 0 || scalars.count(name) != 0) return true;
  if (isNumbered(name, "%envreg", 32) || isNumbered(name, "%pm", 8)) return true;
  return name.size() > 3 && name.compare(name.size() - 3, 3, "_64") == 0 &&
         isNumbered(name.substr(0, name.size() - 3), "%pm", 8);
}

bool isVectorComponent(const std::string& component) {
  return component.size() == 1 && std::string("xyzwrgba").find(component[0]) != std::string::npos;
}

}  // namespace

void Parser::parseBody(Function& function) {
  function_ = &function;
  loc_.reset();
  chains_.clear();
  function.hasBody = true;
  parseBlock(function.body, 1);
  function_ = nullptr;
}

// `{ statements }`, the cursor at the brace; `depth` 1 is a function body.
void Parser::parseBlock(Block& block, int depth) {
  const Token& open = take();
  if (depth > kMaxBlockDepth) fail(open, "blocks nested deeper than " + std::to_string(kMaxBlockDepth));
  block.where = locationOf(open);
  scopes_.emplace_back();
  while (!atPunct('}')) {
    if (peek().kind == TokenKind::End)
      unexpected(peek(), "'}' closing the block opened at line " + std::to_string(open.line));
    parseStatement(block, depth);
  }
  take();
  scopes_.pop_back();
}

void Parser::parseStatement(Block& block, int depth) {
  const Token& token = peek();
  if (token.isPunct('{')) {
    Block nested;
    parseBlock(nested, depth + 1);
    block.statements.emplace_back(std::move(nested));
  } else if (token.is(TokenKind::Directive, ".reg")) {
    block.statements.emplace_back(parseRegisterDeclaration());
  } else if (token.is(TokenKind::Directive, ".loc")) {
    parseLoc();
  } else if (token.is(TokenKind::Directive, ".pragma")) {
    for (std::string& text : parsePragma()) function_->pragmas.push_back(std::move(text));
  } else if (token.kind == TokenKind::Directive) {
    Linkage linkage = acceptLinkage().value_or(Linkage::None);  // `.extern .shared` in a body
    if (!stateSpaceOf(peek())) unexpected(peek(), linkage == Linkage::None ? kStatement : "a variable");
    std::vector<Variable> variables;
    parseVariables(linkage, variables);
    for (Variable& variable : variables) block.statements.emplace_back(std::move(variable));
  } else if (token.kind == TokenKind::Word && peek(1).isPunct(':')) {
    parseLabel(block);
  } else if (token.kind == TokenKind::Word || token.isPunct('@')) {
    block.statements.emplace_back(parseInstruction());
  } else {
    unexpected(token, kStatement);
  }
}

// `NAME:`, a label of the innermost block, or `NAME: .callprototype ...;`, which declares the type of an
// indirect call, not a position in the code.
void Parser::parseLabel(Block& block) {
  const Token& name = expectName("a label name");
  take();
  if (atDirective(".callprototype")) return skipCallPrototype();
  auto [previous, inserted] = scopes_.back().labels.emplace(name.text, name.line);
  if (!inserted)
    fail(name, "label " + name.text + " is already defined at line " + std::to_string(previous->second));
  block.statements.emplace_back(Label{locationOf(name), name.text});
}

// .callprototype [(return params)] _ (params) [.noreturn];
void Parser::skipCallPrototype() {
  take();
  scopes_.emplace_back();
  std::vector<Variable> ignored;
  if (atPunct('(')) parseParameterList(ignored);
  expectWord("_");
  if (atPunct('(')) parseParameterList(ignored);
  Function attributes;
  parsePerformanceDirectives(attributes);
  expectPunct(';', "';'");
  scopes_.pop_back();
}

// .loc F L C   or   .loc F L C, function_name LABEL[+N], inlined_at F L C
void Parser::parseLoc() {
  const Token& directive = take();
  auto position = [this]() {
    SourcePosition p;
    p.file = static_cast<int>(expectUnsigned("a file number", INT_MAX, "file number"));
    p.line = static_cast<int>(expectUnsigned("a line number", INT_MAX, "line number"));
    p.column = static_cast<int>(expectUnsigned("a column number", INT_MAX, "column number"));
    return p;
  };
  LineInfo info;
  info.position = position();
  if (acceptPunct(',')) {
    expectWord("function_name");
    info.functionName = expectName("a function name label").text;
    info.functionNameOffset = parseOffset();
    expectPunct(',', "','");
    expectWord("inlined_at");
    SourcePosition site = position();
    info.inlinedAt.push_back(site);
    auto caller = chains_.find({site.file, site.line, site.column});
    if (caller != chains_.end()) {
      if (caller->second.size() >= kMaxInlineDepth)
        fail(directive, "inlined_at chain deeper than " + std::to_string(kMaxInlineDepth) + " calls");
      info.inlinedAt.insert(info.inlinedAt.end(), caller->second.begin(), caller->second.end());
    }
  }
  chains_[{info.position.file, info.position.line, info.position.column}] = info.inlinedAt;
  loc_ = std::move(info);
}

// What an operand name denotes in the current scopes. A `%` name that is neither declared nor special is
// an error at `name`; so is a dotted name that is neither a special register nor a vector register's
// component (%v.x).
Parser::NameKind Parser::classify(const Token& name) const {
  const std::string& text = name.text;
  if (isDeclaredRegister(text)) return NameKind::Register;
  size_t dot = text.find('.');
  if (dot != std::string::npos && isDeclaredRegister(text.substr(0, dot)) &&
      isVectorComponent(text.substr(dot + 1)))
    return NameKind::Register;
  if (text[0] != '%') return NameKind::Symbol;
  for (const Scope& scope : scopes_)
    if (scope.percentSymbols.count(text) != 0) return NameKind::Symbol;
  if (isSpecialRegister(text)) return NameKind::SpecialRegister;
  if (dot != std::string::npos) fail(name, "unknown special register " + text);
  fail(name, "register " + text + " is not declared");
}

bool Parser::isDeclaredRegister(const std::string& name) const {
  size_t digits = name.find_last_not_of("0123456789") + 1;
  std::string index = name.substr(digits);
  bool numbered = !index.empty() && index.size() <= 7 && (index.size() == 1 || index[0] != '0');
  std::string prefix = name.substr(0, digits);
  for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope) {
    if (scope->registers.count(name) != 0) return true;
    if (!numbered) continue;
    auto range = scope->registerRanges.find(prefix);
    if (range != scope->registerRanges.end() && std::stoi(index) < range->second) return true;
  }
  return false;
}

}  // namespace catcheck::frontends::ptx
