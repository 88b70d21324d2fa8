// The bounded reads of ReadRanges.h. Locations are the static addresses (events with one `physical`
// index); a computed access that may touch one makes it unbounded. A write's value is traced back through
// the registers of its thread, flow-insensitively (every instruction of the unrolled thread that defines a
// register, and its initial value), to constants and reads, each with the constant added on the way; a
// location is a counter when every write of it traces back to constants and reads of itself only. An
// mbarrier location's few states are listed instead (mbarrierReadDomains), for ValueEncoder's tables.
#include "encoders/ReadRanges.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "core/ir/ExprSemantics.h"
#include "core/ir/Log.h"
#include "core/ir/Mbarrier.h"
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

  // The one constant `e` (in `thread`) can be, or nullopt.
  std::optional<long long> constantOf(int thread, const Expr& e) {
    if (e.registers().empty()) return core::evaluateExpr(e, {});  // constants folded
    Sources sources = ofExpr(thread, e);
    if (!sources.bounded || !sources.reads.empty() || !sources.constants ||
        sources.constants->lo != sources.constants->hi)
      return std::nullopt;
    return sources.constants->lo;
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

// The writes whose address is computed, and whether one may touch an access.
class ComputedWrites {
 public:
  explicit ComputedWrites(const core::EventGraph& graph) : graph_(graph) {
    for (const Event& e : graph.events) {
      if (e.kind == EventKind::Write && e.computedAddress) writes_.push_back(e.id);
    }
  }
  bool touch(int access) const {
    return std::any_of(writes_.begin(), writes_.end(), [&](int w) {
      return core::physicalAlias(graph_.event(w), graph_.event(access)) != core::Alias::No;
    });
  }

 private:
  const core::EventGraph& graph_;
  std::vector<int> writes_;
};

bool updatedAsMbarrier(const core::EventGraph& graph, const Location& l) {
  return std::any_of(l.writes.begin(), l.writes.end(), [&](int w) {
    const Instruction& in = *graph.stepOf(graph.event(w)).instruction;
    return in.kind == InstructionKind::Rmw && in.access().rmwOp == core::RmwOp::MbarrierUpdate;
  });
}

// The states an mbarrier location (`l`) can hold, or nullopt: every write of it is a constant store
// (mbarrier.init) or an update by a constant operand. An update by a positive operand (arrive, expect_tx)
// makes the state larger (Mbarrier.h), so a chain of updates reading each other cannot come back to a
// write: every state is a constant with at most one application of each update, in some order, and
// applying every operand to every state found, once per update, lists them all. A complete_tx subtracts
// bytes; with one, the same states are listed but the list is open.
std::optional<Formula::Domain> mbarrierStates(const core::EventGraph& graph, const Location& l,
                                              Tracer& tracer, const std::vector<long long>& initial) {
  std::set<long long> states(initial.begin(), initial.end());
  states.insert(0);  // what a read of no write takes (MemoryEncoder)
  std::set<long long> operands;
  size_t updates = 0;
  for (int w : l.writes) {
    const Event& write = graph.event(w);
    const core::Step& step = graph.stepOf(write);
    const Instruction& in = *step.instruction;
    std::optional<long long> value = tracer.constantOf(write.thread, in.value);
    if (!value) return std::nullopt;
    if (in.kind == InstructionKind::Store && step.events.size() == 1) {
      states.insert(*value);
    } else if (in.kind == InstructionKind::Rmw && in.access().rmwOp == core::RmwOp::MbarrierUpdate) {
      operands.insert(*value);
      ++updates;
    } else {
      return std::nullopt;
    }
  }
  if (updates == 0) return std::nullopt;
  std::set<long long> frontier = states;
  for (size_t round = 0; round < updates && !frontier.empty(); ++round) {
    std::set<long long> next;
    for (long long s : frontier) {
      for (long long op : operands) {
        std::optional<long long> updated = core::applyMbarrierUpdate(s, op);
        if (!updated) return std::nullopt;
        if (states.insert(*updated).second) next.insert(*updated);
      }
    }
    if (states.size() > Formula::kDomainLimit) return std::nullopt;
    frontier = std::move(next);
  }
  return Formula::Domain{std::vector<long long>(states.begin(), states.end()), *operands.begin() <= 0};
}

}  // namespace

std::vector<Formula::Domain> mbarrierReadDomains(
    const core::EventGraph& graph, const std::function<std::optional<Formula::Range>(int)>& initialRange) {
  std::vector<Formula::Domain> domains(static_cast<size_t>(graph.size()));
  bool anyUpdate = std::any_of(graph.events.begin(), graph.events.end(), [&](const Event& e) {
    return e.kind == EventKind::Write && e.rmwPartner >= 0 &&
           graph.stepOf(e).instruction->access().rmwOp == core::RmwOp::MbarrierUpdate;
  });
  if (!anyUpdate) return domains;  // most programs: no second pass over their locations
  std::optional<ComputedWrites> computed;
  std::optional<Tracer> tracer;
  for (const auto& [id, location] : staticLocations(graph)) {
    if (location.reads.empty() || location.mixedWidths || !updatedAsMbarrier(graph, location)) continue;
    if (!computed) computed.emplace(graph);
    if (computed->touch(location.reads.front())) continue;
    std::vector<long long> initial;
    bool unknownInitial = false;
    for (int i : location.inits) {
      std::optional<Range> r = initialRange(i);
      if (r && r->lo == r->hi)
        initial.push_back(r->lo);
      else
        unknownInitial = true;
    }
    if (!tracer) tracer.emplace(graph);
    std::optional<Formula::Domain> states = mbarrierStates(graph, location, *tracer, initial);
    if (!states) continue;
    states->open = states->open || unknownInitial;
    core::log::debug("mbarrier {}: {} reads, {} writes, {} states{}", graph.describe(location.reads.front()),
                     location.reads.size(), location.writes.size(), states->values.size(),
                     states->open ? " (open)" : "");
    for (int r : location.reads) domains[static_cast<size_t>(r)] = *states;
  }
  return domains;
}

std::vector<std::optional<Formula::Range>> boundedReads(
    const core::EventGraph& graph, const std::function<std::optional<Formula::Range>(int)>& initialRange) {
  std::vector<std::optional<Range>> ranges(static_cast<size_t>(graph.size()));
  ComputedWrites computed(graph);
  auto touchedByComputedWrite = [&](int read) { return computed.touch(read); };
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
