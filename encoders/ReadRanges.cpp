// The bounded reads of ReadRanges.h. Locations are the static addresses (events with one `physical`
// index); a computed access that may touch one makes it unbounded. A write's value is traced back through
// the registers of its thread, flow-insensitively (every instruction of the unrolled thread that defines a
// register, and its initial value), to constants and reads, each with the constant added on the way; a
// location is a counter when every write of it traces back to constants and reads of itself only.
#include "encoders/ReadRanges.h"

#include <algorithm>
#include <map>
#include <utility>

#include "core/ir/Log.h"
#include "core/ir/Program.h"
#include "encoders/ValueRelevance.h"

namespace catcheck::encoders {
namespace {

using core::Event;
using core::EventKind;
using core::Expr;
using core::ExprOp;
using core::Instruction;
using core::InstructionKind;
using Range = Formula::Range;

constexpr long long kLargest = 1LL << 62;  // sums stay far from overflow

Range hull(Range a, Range b) {
  return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}

// The narrower of two wrapping widths, 0 meaning none.
int narrower(int a, int b) {
  return a == 0 ? b : b == 0 ? a : std::min(a, b);
}

// What a value can be: a constant in `constants`, or a value read from location P plus at most
// reads[P] (>= 0); `bounded` is false once anything else can flow in.
struct Sources {
  bool bounded = true;
  std::optional<Range> constants;
  std::map<int, long long> reads;  // location (physical index) -> largest increment
  int narrowest = 0;               // the narrowest width an operation wraps at on the way (0: none)

  static Sources unbounded() { return Sources{false, std::nullopt, {}, 0}; }
  static Sources constant(long long c) { return Sources{true, Range{c, c}, {}, 0}; }
  static Sources readOf(int location) { return Sources{true, std::nullopt, {{location, 0}}, 0}; }

  void add(const Sources& o) {
    bounded = bounded && o.bounded;
    if (o.constants) constants = constants ? hull(*constants, *o.constants) : *o.constants;
    for (auto [location, increment] : o.reads) reads[location] = std::max(reads[location], increment);
    noteWidth(o.narrowest);
  }
  void shift(long long c) {
    if (constants) constants = Range{constants->lo + c, constants->hi + c};
    for (auto& read : reads) read.second += c;
  }
  void noteWidth(int width) { narrowest = narrower(narrowest, width); }
};

class Tracer {
 public:
  explicit Tracer(const core::EventGraph& graph) : graph_(graph), definers_(core::registerDefiners(graph)) {}

  // What the write event `w` stores.
  Sources written(const Event& w) {
    const core::Step& step = graph_.stepOf(w);
    const Instruction& in = *step.instruction;
    if (in.kind == InstructionKind::Store && step.events.size() == 1) return ofExpr(w.thread, in.value);
    if (in.kind != InstructionKind::Rmw || step.events.size() != 2) return Sources::unbounded();
    Sources own = Sources::readOf(w.physical);
    own.noteWidth(in.value.width);
    switch (in.access().rmwOp) {
      case core::RmwOp::Exchange:
        return ofExpr(w.thread, in.value);
      case core::RmwOp::Add: {
        Sources operand = ofExpr(w.thread, in.value);
        if (!operand.bounded || !operand.reads.empty() || !operand.constants || operand.constants->lo < 0)
          return Sources::unbounded();
        own.shift(operand.constants->hi);
        return own;
      }
      case core::RmwOp::CompareExchange:  // the new value on success, the old one otherwise
      case core::RmwOp::CompareExchangeOnSuccess:
        own.add(ofExpr(w.thread, in.value));
        return own;
      case core::RmwOp::WrappingIncrement:  // 0, or the old value + 1
        own.shift(1);
        own.add(Sources::constant(0));
        return own;
      case core::RmwOp::Sub:
      case core::RmwOp::Mul:
      case core::RmwOp::Div:
      case core::RmwOp::And:
      case core::RmwOp::Or:
      case core::RmwOp::Xor:
      case core::RmwOp::Min:
      case core::RmwOp::Max:
      case core::RmwOp::UMin:
      case core::RmwOp::UMax:
      case core::RmwOp::MbarrierUpdate:
      case core::RmwOp::FloatAdd:
      case core::RmwOp::WrappingDecrement:
        break;
    }
    return Sources::unbounded();
  }

 private:
  // Constants, registers and sums with a constant; any other operator is not a counter's arithmetic.
  Sources ofExpr(int thread, const Expr& e) {
    Sources result = e.op == ExprOp::Constant   ? Sources::constant(e.constant)
                     : e.op == ExprOp::Register ? ofRegister(thread, e.reg)
                     : e.op == ExprOp::Add      ? ofSum(thread, e)
                                                : Sources::unbounded();
    result.noteWidth(e.width);
    return result;
  }

  // a + c or c + a with a constant c >= 0.
  Sources ofSum(int thread, const Expr& e) {
    const Expr& left = e.args.at(0);
    const Expr& right = e.args.at(1);
    const Expr* increment = right.isConstant() ? &right : left.isConstant() ? &left : nullptr;
    if (!increment || increment->constant < 0) return Sources::unbounded();
    Sources sum = ofExpr(thread, increment == &right ? left : right);
    sum.shift(increment->constant);
    return sum;
  }

  Sources ofRegister(int thread, int reg) {
    auto key = std::make_pair(thread, reg);
    auto known = registers_.find(key);
    if (known != registers_.end()) return known->second;
    registers_[key] = Sources::unbounded();  // a register defined through itself stays unbounded
    const core::Thread& source = graph_.program->threads.at(static_cast<size_t>(thread));
    auto init = source.registerInits.find(reg);
    Sources sources = Sources::constant(init == source.registerInits.end() ? 0 : init->second);
    const auto& definers = definers_[static_cast<size_t>(thread)];
    auto found = definers.find(reg);
    if (found != definers.end()) {
      for (size_t s : found->second)
        sources.add(definedBy(thread, graph_.threads[static_cast<size_t>(thread)].steps[s]));
    }
    registers_[key] = sources;
    return sources;
  }

  Sources definedBy(int thread, const core::Step& step) {
    const Instruction& in = *step.instruction;
    switch (in.kind) {
      case InstructionKind::Local:
        return ofExpr(thread, in.value);
      case InstructionKind::Load:
      case InstructionKind::Rmw: {
        if (step.events.empty()) return Sources::unbounded();
        const Event& read = graph_.event(step.events[0]);
        if (read.computedAddress || read.kind != EventKind::Read) return Sources::unbounded();
        Sources sources = Sources::readOf(read.physical);
        sources.noteWidth(read.width);
        return sources;
      }
      case InstructionKind::Warp:
      case InstructionKind::Store:
      case InstructionKind::Fence:
      case InstructionKind::Barrier:
      case InstructionKind::Label:
      case InstructionKind::Jump:
      case InstructionKind::Visible:
        break;
    }
    return Sources::unbounded();
  }

  const core::EventGraph& graph_;
  core::RegisterDefiners definers_;
  std::map<std::pair<int, int>, Sources> registers_;
};

// The events of one static location.
struct Location {
  std::vector<int> reads, writes, inits;
  int width = -1;
  bool mixedWidths = false;
};

std::map<int, Location> staticLocations(const core::EventGraph& graph) {
  std::map<int, Location> locations;
  for (const Event& e : graph.events) {
    if (!e.isMemory() || e.computedAddress) continue;
    Location& l = locations[e.physical];
    if (l.width >= 0 && l.width != e.width) l.mixedWidths = true;
    l.width = e.width;
    (e.kind == EventKind::Read ? l.reads : e.kind == EventKind::Write ? l.writes : l.inits).push_back(e.id);
  }
  return locations;
}

// The values the inits of a location give (and 0, what a read of no write reads), where all are known.
std::optional<Range> initialValues(const std::vector<int>& inits,
                                   const std::function<std::optional<Range>(int)>& initialRange) {
  Range values{0, 0};
  for (int i : inits) {
    std::optional<Range> initial = initialRange(i);
    if (!initial) return std::nullopt;
    values = hull(values, *initial);
  }
  return values;
}

// The counter bound of location `id` (one no computed write may touch), or nullopt.
std::optional<Range> counterRange(const core::EventGraph& graph, int id, const Location& l, Tracer& tracer,
                                  std::optional<Range> values) {
  if (l.mixedWidths || !values) return std::nullopt;
  long long increments = 0;
  int narrowest = l.width;
  for (int w : l.writes) {
    Sources stored = tracer.written(graph.event(w));
    if (!stored.bounded) return std::nullopt;
    for (auto [location, increment] : stored.reads) {
      if (location != id) return std::nullopt;
      increments += increment;
    }
    if (stored.constants) values = hull(*values, *stored.constants);
    narrowest = narrower(narrowest, stored.narrowest);
    if (increments > kLargest || values->hi > kLargest || values->lo < -kLargest) return std::nullopt;
  }
  if (increments == 0) return std::nullopt;  // constants and initial values: no sum to spare a modulus
  values->hi += increments;
  if (narrowest > 0 && (values->lo < 0 || narrowest > 62 || values->hi >= (1LL << narrowest)))
    return std::nullopt;
  return values;
}

// A read whose address is computed, when only initial values reach it: one of them, or 0.
std::optional<Range> initialValuesOnly(const core::EventGraph& graph, const Event& read,
                                       const std::function<std::optional<Range>(int)>& initialRange) {
  std::vector<int> inits;
  for (const Event& w : graph.events) {
    if (!w.isWrite() || w.id == read.rmwPartner || core::physicalAlias(w, read) == core::Alias::No) continue;
    if (w.kind != EventKind::Init) return std::nullopt;
    inits.push_back(w.id);
  }
  return initialValues(inits, initialRange);
}

}  // namespace

std::vector<std::optional<Formula::Range>> boundedReads(
    const core::EventGraph& graph, const std::function<std::optional<Formula::Range>(int)>& initialRange) {
  std::vector<std::optional<Range>> ranges(static_cast<size_t>(graph.size()));
  std::vector<int> computedWrites;
  for (const Event& e : graph.events) {
    if (e.kind == EventKind::Write && e.computedAddress) computedWrites.push_back(e.id);
  }
  auto touchedByComputedWrite = [&](int read) {
    return std::any_of(computedWrites.begin(), computedWrites.end(), [&](int w) {
      return core::physicalAlias(graph.event(w), graph.event(read)) != core::Alias::No;
    });
  };
  Tracer tracer(graph);
  std::vector<char> observed;  // computed at the first counter
  for (const auto& [id, location] : staticLocations(graph)) {
    if (location.reads.empty() || touchedByComputedWrite(location.reads.front())) continue;
    std::optional<Range> initial = initialValues(location.inits, initialRange);
    for (int r : location.reads) {  // reads only initial values reach (an RMW's own write aside)
      bool initialOnly = location.writes.empty() ||
                         (location.writes.size() == 1 && location.writes[0] == graph.event(r).rmwPartner);
      if (initialOnly) ranges[static_cast<size_t>(r)] = initial;
    }
    std::optional<Range> range = counterRange(graph, id, location, tracer, initial);
    if (!range) continue;
    // A bound on values no observation depends on changes no answer, and it costs the solver: the TTAS
    // lock's critical-section counter, bounded, took its proof from 20 s to 45 s.
    if (observed.empty()) observed = observableReads(graph, true);
    auto isObserved = [&](int r) { return observed[static_cast<size_t>(r)] != 0; };
    if (std::none_of(location.reads.begin(), location.reads.end(), isObserved)) continue;
    core::log::debug("counter {}: {} reads, {} writes, values in [{}, {}]",
                     graph.describe(location.reads.front()), location.reads.size(), location.writes.size(),
                     range->lo, range->hi);
    for (int r : location.reads) ranges[static_cast<size_t>(r)] = range;
  }
  for (const Event& e : graph.events) {
    if (e.kind == EventKind::Read && e.computedAddress)
      ranges[static_cast<size_t>(e.id)] = initialValuesOnly(graph, e, initialRange);
  }
  return ranges;
}

}  // namespace catcheck::encoders
