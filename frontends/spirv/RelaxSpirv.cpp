// Relaxations of SPIR-V synchronisation (SPIR-V spec §3.14 Scope, §3.25 Memory Semantics, §3.32.18 atomics,
// §3.32.20 barriers) as rewrites of one assembly line. Scopes and semantics are ids of OpConstant
// instructions, so a relaxation replaces the operand by the id of a constant of the same type holding the
// new value: an existing one when the module declares it, otherwise a new `%minimize_<type>_<value>`
// declared after the module's last constant of that type. In the order they are tried:
//  * removal of OpControlBarrier and OpMemoryBarrier (the line is left empty);
//  * the memory order weakened one step: SequentiallyConsistent -> AcquireRelease (Acquire on a load,
//    Release on a store) -> Acquire, then Release -> relaxed (the order bits cleared, the storage-class bits
//    kept, as the paper's acq2rx / rel2rx mutants do; MakeVisible goes with acquire, MakeAvailable with
//    release). A compare-exchange's Unequal semantics follow its Equal semantics (acquire side only).
//    OpMemoryBarrier stops at Acquire / Release: a fence without an order is its removal;
//  * the memory scope narrowed one step: CrossDevice -> Device -> Workgroup -> Subgroup (Vulkan; QueueFamily
//    -> Workgroup). A SPIR-V grid is one dispatch, so its invocations share one queue family and
//    QueueFamily would change nothing after Device. OpenCL stops at Workgroup (its Subgroup scope is the
//    work-group's); then a control barrier's execution scope, Workgroup -> Subgroup.
#include <algorithm>
#include <map>
#include <optional>
#include <sstream>

#include "frontends/Relaxation.h"

namespace catcheck::frontends {
namespace {

enum Order : uint32_t { kNone = 0, kAcquire = 0x2, kRelease = 0x4, kAcqRel = 0x8, kSeqCst = 0x10 };
constexpr uint32_t kOrderBits = 0x1E, kMakeAvailable = 0x2000, kMakeVisible = 0x4000;

const char* orderName(uint32_t order) {
  switch (order) {
    case kAcquire:
      return "Acquire";
    case kRelease:
      return "Release";
    case kAcqRel:
      return "AcquireRelease";
    case kSeqCst:
      return "SequentiallyConsistent";
    default:
      return "relaxed";
  }
}

const char* scopeName(long long scope) {
  static const char* names[] = {"CrossDevice", "Device",     "Workgroup",
                                "Subgroup",    "Invocation", "QueueFamily"};
  return scope >= 0 && scope < 6 ? names[scope] : "?";
}

bool acquires(uint32_t order) {
  return order == kAcquire || order == kAcqRel || order == kSeqCst;
}
bool releases(uint32_t order) {
  return order == kRelease || order == kAcqRel || order == kSeqCst;
}

long long withOrder(long long semantics, uint32_t order) {
  auto bits = static_cast<uint32_t>(semantics) & ~kOrderBits;
  if (!acquires(order)) bits &= ~kMakeVisible;
  if (!releases(order)) bits &= ~kMakeAvailable;
  return bits | order;
}

// Which side of an order an instruction can use.
enum class Side { Acquire, Release, Both };

// The orders one step weaker than `order`.
std::vector<uint32_t> weakerOrders(uint32_t order, Side side, bool relaxedAllowed) {
  std::vector<uint32_t> result;
  if (order == kSeqCst)
    result = {side == Side::Acquire ? kAcquire : side == Side::Release ? kRelease : kAcqRel};
  if (order == kAcqRel) {
    if (side != Side::Release) result.push_back(kAcquire);
    if (side != Side::Acquire) result.push_back(kRelease);
  }
  if ((order == kAcquire || order == kRelease) && relaxedAllowed) result.push_back(kNone);
  return result;
}

// Where an instruction's scope and semantics operands are (indices into the words after the opcode,
// the result type included), and what may be done to it.
struct Layout {
  int executionScope = -1, scope = -1, semantics = -1, unequal = -1;
  Side side = Side::Both;
  bool removable = false, relaxedAllowed = true;
};

std::optional<Layout> layoutOf(const std::string& opcode) {
  if (opcode == "OpControlBarrier") return Layout{0, 1, 2, -1, Side::Both, true, true};
  if (opcode == "OpMemoryBarrier") return Layout{-1, 0, 1, -1, Side::Both, true, false};
  if (opcode == "OpAtomicStore" || opcode == "OpAtomicFlagClear") return Layout{-1, 1, 2, -1, Side::Release};
  if (opcode == "OpAtomicLoad") return Layout{-1, 2, 3, -1, Side::Acquire};
  if (opcode == "OpAtomicCompareExchange" || opcode == "OpAtomicCompareExchangeWeak")
    return Layout{-1, 2, 3, 4, Side::Both};
  if (opcode.rfind("OpAtomic", 0) == 0) return Layout{-1, 2, 3, -1, Side::Both};
  return std::nullopt;
}

struct Constant {
  std::string type;
  long long value = 0;
};

// One instruction line split into its result, opcode and operand words.
struct Line {
  std::string result, opcode;
  std::vector<std::string> operands;

  static Line of(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    Line line;
    size_t first = 0;
    if (words.size() >= 2 && words[1] == "=") {
      line.result = words[0];
      first = 2;
    }
    if (first < words.size()) line.opcode = words[first];
    line.operands.assign(words.begin() + static_cast<long>(std::min(first + 1, words.size())), words.end());
    return line;
  }
  std::string text() const {
    std::string t = result.empty() ? opcode : result + " = " + opcode;
    for (const std::string& o : operands) t += " " + o;
    return t;
  }
};

std::string codeOf(const std::string& line) {
  std::string code = line.substr(0, line.find(';'));
  size_t last = code.find_last_not_of(" \t\r");
  return last == std::string::npos ? "" : code.substr(0, last + 1);
}

class SpirvRelaxer : public Relaxer {
 public:
  SpirvRelaxer(const std::string& source, bool vulkan) : Relaxer(source), vulkan_(vulkan) {
    for (size_t i = 0; i < lines().size(); ++i) readConstant(Line::of(codeOf(lines()[i])), i);
  }

  std::vector<Relaxation> relaxations(const SyncPoint&, const std::string& text) const override {
    Line line = Line::of(text);
    std::optional<Layout> layout = layoutOf(line.opcode);
    std::vector<Relaxation> out;
    if (!layout) return out;
    if (layout->removable) out.push_back({"remove", ""});
    weaken(line, *layout, out);
    narrow(line, layout->scope, "scope ", out, narrowerScope);
    if (layout->executionScope >= 0)
      narrow(line, layout->executionScope, "execution scope ", out, narrowerExecutionScope);
    return out;
  }

  std::string render(const std::vector<SyncPoint>& points,
                     const std::vector<std::string>& texts) const override {
    std::vector<std::string> out = splitWords(Relaxer::render(points, texts), '\n');
    std::map<size_t, std::vector<std::string>, std::greater<>> inserts;  // after line index
    for (const auto& [name, constant] : newConstants(texts)) {
      inserts[lastConstantLine_.at(constant.type)].push_back(name + " = OpConstant " + constant.type + " " +
                                                             std::to_string(constant.value));
    }
    for (const auto& [after, declarations] : inserts)
      out.insert(out.begin() + static_cast<long>(after) + 1, declarations.begin(), declarations.end());
    return joinWords(out, '\n');
  }

  std::string orderText() const override {
    return std::string(
               "remove OpControlBarrier / OpMemoryBarrier; weaken the semantics one step "
               "(SequentiallyConsistent -> AcquireRelease -> Acquire, Release -> relaxed); narrow "
               "the scope one step (") +
           (vulkan_ ? "CrossDevice -> Device -> Workgroup -> Subgroup, QueueFamily -> Workgroup"
                    : "CrossDevice -> Device -> Workgroup") +
           "), then a control barrier's execution scope (Workgroup -> Subgroup)";
  }

 protected:
  std::string sourceTextAt(const core::SourceLocation& location, const std::string&) const override {
    if (location.line < 1 || static_cast<size_t>(location.line) > lines().size()) return "";
    const std::string& line = lines()[static_cast<size_t>(location.line - 1)];
    if (static_cast<size_t>(location.column) > line.size()) return "";
    return codeOf(line.substr(static_cast<size_t>(location.column - 1)));
  }

 private:
  void readConstant(const Line& line, size_t index) {
    if (line.opcode != "OpConstant" || line.operands.size() != 2 || line.result.empty()) return;
    try {
      Constant c{line.operands[0], std::stoll(line.operands[1], nullptr, 0)};
      constants_[line.result] = c;
      byValue_.try_emplace({c.type, c.value}, line.result);
      lastConstantLine_[c.type] = index;
    } catch (const std::exception&) {
      // not an integer literal (a float constant): never a scope or semantics
    }
  }

  // The id of a constant of `type` holding `value`.
  std::string constantId(const std::string& type, long long value) const {
    auto it = byValue_.find({type, value});
    if (it != byValue_.end()) return it->second;
    return "%minimize_" + type.substr(1) + "_" + std::to_string(value);
  }

  // A constant this relaxer introduced: `%minimize_<type>_<value>`.
  static std::optional<Constant> newConstant(const std::string& word) {
    if (word.rfind("%minimize_", 0) != 0) return std::nullopt;
    size_t cut = word.rfind('_');
    return Constant{"%" + word.substr(10, cut - 10), std::stoll(word.substr(cut + 1))};
  }

  std::map<std::string, Constant> newConstants(const std::vector<std::string>& texts) const {
    std::map<std::string, Constant> result;
    for (const std::string& text : texts) {
      for (const std::string& word : Line::of(text).operands) {
        if (std::optional<Constant> c = newConstant(word)) result[word] = *c;
      }
    }
    return result;
  }

  std::optional<Constant> constantAt(const Line& line, int operand) const {
    if (operand < 0 || static_cast<size_t>(operand) >= line.operands.size()) return std::nullopt;
    const std::string& word = line.operands[static_cast<size_t>(operand)];
    auto it = constants_.find(word);
    if (it != constants_.end()) return it->second;
    return newConstant(word);
  }

  void weaken(const Line& line, const Layout& layout, std::vector<Relaxation>& out) const {
    std::optional<Constant> semantics = constantAt(line, layout.semantics);
    if (!semantics) return;
    uint32_t order = static_cast<uint32_t>(semantics->value) & kOrderBits;
    for (uint32_t weaker : weakerOrders(order, layout.side, layout.relaxedAllowed)) {
      Line relaxed = line;
      relaxed.operands[static_cast<size_t>(layout.semantics)] =
          constantId(semantics->type, withOrder(semantics->value, weaker));
      if (std::optional<Constant> unequal = constantAt(line, layout.unequal)) {
        uint32_t kept = weaker == kSeqCst && (unequal->value & kOrderBits) == kSeqCst ? kSeqCst
                        : acquires(weaker) && acquires(static_cast<uint32_t>(unequal->value) & kOrderBits)
                            ? kAcquire
                            : kNone;
        relaxed.operands[static_cast<size_t>(layout.unequal)] =
            constantId(unequal->type, withOrder(unequal->value, kept));
      }
      out.push_back(
          {std::string("semantics ") + orderName(order) + " -> " + orderName(weaker), relaxed.text()});
    }
  }

  static std::optional<long long> narrowerScope(long long scope, bool vulkan) {
    if (scope == 0) return 1;
    if (scope == 1 || scope == 5) return 2;
    if (scope == 2 && vulkan) return 3;
    return std::nullopt;
  }

  static std::optional<long long> narrowerExecutionScope(long long scope, bool) {
    if (scope == 2) return 3;
    return std::nullopt;
  }

  void narrow(const Line& line, int operand, const std::string& what, std::vector<Relaxation>& out,
              std::optional<long long> (*narrower)(long long, bool)) const {
    std::optional<Constant> scope = constantAt(line, operand);
    if (!scope) return;
    std::optional<long long> to = narrower(scope->value, vulkan_);
    if (!to) return;
    Line relaxed = line;
    relaxed.operands[static_cast<size_t>(operand)] = constantId(scope->type, *to);
    out.push_back({what + scopeName(scope->value) + " -> " + scopeName(*to), relaxed.text()});
  }

  bool vulkan_;
  std::map<std::string, Constant> constants_;
  std::map<std::pair<std::string, long long>, std::string> byValue_;
  std::map<std::string, size_t> lastConstantLine_;  // type -> index of its last OpConstant line
};

}  // namespace

std::unique_ptr<Relaxer> makeSpirvRelaxer(const std::string& source, const core::Program& program) {
  if (source.size() >= 4 && (source.compare(0, 4, "\x03\x02\x23\x07", 4) == 0 ||
                             source.compare(0, 4, "\x07\x23\x02\x03", 4) == 0)) {
    throw core::InputError(
        {program.file, 1, 1},
        "minimize edits the program's text: give the SPIR-V assembly (.spvasm), not a binary");
  }
  return std::make_unique<SpirvRelaxer>(source, program.target->name != "OPENCL");
}

}  // namespace catcheck::frontends
