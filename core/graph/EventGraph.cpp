// Builds the event graph from a Program: unrolls each thread (LoopUnrolling.cpp), resolves jump targets to
// step indices, and creates one init write per memory object followed by the visible events of each
// thread in program order. Tags follow docs/semantics.md §5; init writes carry W, M, _ and IW, and the
// location's own init tags (SPIR-V: its storage class).
#include "core/graph/EventGraph.h"

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>

#include "core/graph/ConstantAddresses.h"
#include "core/graph/ExecutionImplication.h"
#include "core/graph/LoopUnrolling.h"

namespace catcheck::core {
namespace {

Event makeEvent(EventGraph& graph, EventKind kind, const TagSet& tags) {
  Event e;
  e.id = graph.size();
  e.kind = kind;
  e.tags = tags;
  return e;
}

void addInitEvents(EventGraph& graph, const Program& program) {
  for (size_t m = 0; m < program.memory.size(); ++m) {
    TagSet initTags{&tags::W, &tags::M, &tags::Visible, &tags::IW};
    initTags |= program.memory[m].initTags;
    Event e = makeEvent(graph, EventKind::Init, initTags);
    e.location = static_cast<int>(m);
    e.width = program.memory[m].width;
    e.address = program.memory[m].address;
    e.physical = program.memory[m].physical;
    e.generic = program.memory[m].generic;
    graph.events.push_back(e);
  }
}

Step makeStep(const UnrollItem& item) {
  Step step;
  step.instruction = item.instruction;
  step.kind = item.instruction->kind;
  step.role = item.role;
  step.unconditional = item.instruction->jumpCondition() == nullptr;
  step.barrierInstance = item.barrierInstance;
  step.backEdge = item.backEdge;
  step.liveWritten = item.liveWritten;
  return step;
}

// Collects the iterations (loop copies) from the items' memberships; each step records its innermost one.
void collectIterations(UnrolledThread& thread, const std::vector<UnrollItem>& items) {
  std::map<std::pair<std::string, int>, int> index;
  for (size_t i = 0; i < items.size(); ++i) {
    for (const auto& membership : items[i].iterations) {
      auto [it, fresh] = index.emplace(membership, static_cast<int>(thread.iterations.size()));
      if (fresh)
        thread.iterations.push_back(
            {membership.first, membership.second, static_cast<int>(i), static_cast<int>(i)});
      thread.iterations[static_cast<size_t>(it->second)].last = static_cast<int>(i);
      thread.steps[i].iteration = it->second;
    }
  }
}

void resolveJumps(UnrolledThread& thread, const std::vector<UnrollItem>& items) {
  std::map<std::string, int> labels;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].instruction->kind != InstructionKind::Label) continue;
    if (!labels.emplace(items[i].label, static_cast<int>(i)).second) {
      throw InputError(items[i].instruction->location, "label '" + items[i].label + "' is defined twice");
    }
  }
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].instruction->kind != InstructionKind::Jump) continue;
    Step& step = thread.steps[i];
    if (items[i].role != JumpRole::Normal) {
      step.jumpTarget = static_cast<int>(items.size());
      continue;
    }
    auto it = labels.find(items[i].target);
    if (it == labels.end())
      throw InputError(items[i].instruction->location, "undefined label '" + items[i].target + "'");
    step.jumpTarget = it->second;
  }
}

EventKind eventKindOf(InstructionKind kind) {
  switch (kind) {
    case InstructionKind::Load:
      return EventKind::Read;
    case InstructionKind::Store:
      return EventKind::Write;
    case InstructionKind::Fence:
      return EventKind::Fence;
    case InstructionKind::Barrier:
      return EventKind::Barrier;
    case InstructionKind::Rmw:
    case InstructionKind::Local:
    case InstructionKind::Label:
    case InstructionKind::Jump:
    case InstructionKind::Visible:
    case InstructionKind::Warp:
      return EventKind::Visible;
  }
  throw std::logic_error("unknown InstructionKind");
}

// Where a computed address is one constant (ConstantAddresses.h), the location with that address, if any.
std::optional<int> locationAt(const Program& program, long long address, int width) {
  for (size_t m = 0; m < program.memory.size(); ++m) {
    const MemoryObject& location = program.memory[m];
    if (location.address == address && (width == 0 || location.width == 0 || location.width == width))
      return static_cast<int>(m);
  }
  return std::nullopt;
}

void placeAccess(Event& e, const Program& program, const Step& step, std::optional<long long> constant) {
  const Instruction& in = *step.instruction;
  int location = in.access().address;
  bool inRange = !constant || !in.access().addressRange || in.access().addressRange->contains(*constant);
  if (location < 0 && constant && inRange)
    location = locationAt(program, *constant, in.access().accessWidth).value_or(-1);
  if (location < 0) {
    e.computedAddress = true;
    e.address = constant;  // an address that names no location: it aliases nothing
    e.addressRange = in.access().addressRange;
    e.width = in.access().accessWidth;
    return;
  }
  const MemoryObject& object = program.memory.at(static_cast<size_t>(location));
  e.location = location;
  e.physical = object.physical;
  e.generic = object.generic;
  e.address = object.address;
  e.width = object.width;
}

// What a step no path reaches becomes: a label, with no event.
const Instruction& unreachableStep() {
  static const Instruction label = [] {
    Instruction in;
    in.kind = InstructionKind::Label;
    in.text = "(unreachable)";
    in.operands = BranchOperands{};
    return in;
  }();
  return label;
}

// Steps no path reaches (ConstantAddresses.h) become labels, so they make no events: the copies of a loop
// past the trip count the launch fixes, and the branches the thread id decides, cost nothing (an 8-invocation
// GLSL tree reduction unrolled to bound 7: 267 events before). A jump into one is never taken. Barriers and
// warp primitives stay: an instance completes only when every thread whose code holds it arrives
// (docs/semantics.md §5.5), so the copy a thread can never reach is what keeps the others blocked
// (litmus/SPIRV/barrier/skip-barrier.spvasm). Locals stay too: they make no event.
void silenceUnreachableSteps(UnrolledThread& thread, const std::vector<char>& reachable) {
  for (size_t s = 0; s < thread.steps.size(); ++s) {
    Step& step = thread.steps[s];
    if (reachable[s] || step.waits() || step.kind == InstructionKind::Local) continue;
    step.instruction = &unreachableStep();
    step.kind = InstructionKind::Label;
    step.jumpTarget = -1;
    step.role = JumpRole::Normal;
    step.unconditional = true;
    step.barrierInstance.clear();
    step.dynamicInstance = -1;
    // liveWritten stays: iterations are compared by their last step's (TerminationEncoder.cpp).
    step.backEdge = false;
  }
}

// Marks the iterations of loops whose bound jump no path reaches (after silenceUnreachableSteps): a path
// that ran such a loop forever would pass through every copy and reach it.
void markFixedTripCounts(UnrolledThread& thread) {
  std::set<std::string> boundReachable;
  for (const Step& step : thread.steps) {
    if (step.kind == InstructionKind::Jump && step.role == JumpRole::Bound && step.iteration >= 0)
      boundReachable.insert(thread.iterations[static_cast<size_t>(step.iteration)].loop);
  }
  for (Iteration& iteration : thread.iterations)
    iteration.fixedTripCount = boundReachable.count(iteration.loop) == 0;
}

void addThreadEvents(EventGraph& graph, const Program& program, UnrolledThread& thread) {
  int poIndex = 0;
  ThreadConstants found = propagateConstants(thread, program.threads.at(static_cast<size_t>(thread.thread)));
  silenceUnreachableSteps(thread, found.reachable);
  markFixedTripCounts(thread);
  const std::vector<std::optional<long long>>& constants = found.addresses;
  auto push = [&](Step& step, int stepIndex, EventKind kind, const TagSet& tags) {
    Event e = makeEvent(graph, kind, tags);
    e.thread = thread.thread;
    e.step = stepIndex;
    e.poIndex = poIndex++;
    if (e.isMemory()) placeAccess(e, program, step, constants.at(static_cast<size_t>(stepIndex)));
    step.events.push_back(e.id);
    graph.events.push_back(e);
    return e.id;
  };
  for (size_t s = 0; s < thread.steps.size(); ++s) {
    Step& step = thread.steps[s];
    const Instruction& in = *step.instruction;
    int index = static_cast<int>(s);
    switch (in.kind) {
      case InstructionKind::Rmw: {
        int read = push(step, index, EventKind::Read, in.tags);
        int write = push(step, index, EventKind::Write, in.access().storeTags);
        graph.events[static_cast<size_t>(read)].rmwPartner = write;
        graph.events[static_cast<size_t>(write)].rmwPartner = read;
        break;
      }
      case InstructionKind::Load:
      case InstructionKind::Store:
      case InstructionKind::Fence:
      case InstructionKind::Barrier:
      case InstructionKind::Visible:
        push(step, index, eventKindOf(in.kind), in.tags);
        break;
      case InstructionKind::Warp:
        push(step, index, in.warp().op == WarpOp::Sync ? EventKind::Barrier : EventKind::Collective, in.tags);
        break;
      case InstructionKind::Local:
      case InstructionKind::Label:
      case InstructionKind::Jump:
        break;
    }
  }
}

// Steps no jump can skip and no barrier can block: every forward jump before them lands at or before them.
void markAlwaysExecuted(EventGraph& graph, const UnrolledThread& thread) {
  int reachAll = 0;  // the furthest step a jump seen so far may skip to (exclusive)
  bool blocked = false;
  for (size_t s = 0; s < thread.steps.size(); ++s) {
    const Step& step = thread.steps[s];
    bool certain = !blocked && reachAll <= static_cast<int>(s);
    bool conditionalWrite = step.kind == InstructionKind::Rmw &&
                            step.instruction->access().rmwOp == RmwOp::CompareExchangeOnSuccess;
    if (certain && !step.waits()) {
      for (int e : step.events) {
        if (!conditionalWrite || graph.event(e).kind != EventKind::Write) graph.alwaysExecuted.add(e);
      }
    }
    if (step.kind == InstructionKind::Jump) reachAll = std::max(reachAll, step.jumpTarget);
    if (step.waits()) blocked = true;
  }
}

// How many of the thread's instructions before `in` stand at its source position (inlined calls repeat it).
int occurrenceAtItsPosition(const std::vector<Instruction>& code, const Instruction& in) {
  int occurrence = 0;
  for (const Instruction& other : code) {
    if (&other == &in) break;
    if (other.location.line == in.location.line && other.location.column == in.location.column) ++occurrence;
  }
  return occurrence;
}

}  // namespace

// Dynamic instances of warp primitives: the key is the instance the PTX kernel specialiser named, or (SPIR-V)
// the instruction's source position and its occurrence among the thread's instructions at that position
// (inlined calls repeat it); then the copy numbers of its enclosing loops, outermost first. Equal keys in
// different threads are one instance.
void assignDynamicInstances(EventGraph& graph, const std::vector<std::vector<UnrollItem>>& unrolled) {
  using Key = std::tuple<std::string, int, int, int, std::vector<int>>;
  std::map<Key, int> ids;
  for (UnrolledThread& thread : graph.threads) {
    const std::vector<Instruction>& code = graph.program->threads[static_cast<size_t>(thread.thread)].code;
    for (size_t i = 0; i < thread.steps.size(); ++i) {
      const Instruction* in = thread.steps[i].instruction;
      if (in->kind != InstructionKind::Warp || !in->warp().dynamic) continue;
      int occurrence = in->warp().instance.empty() ? occurrenceAtItsPosition(code, *in) : 0;
      std::vector<int> copies;
      for (const auto& [loop, copy] : unrolled[static_cast<size_t>(thread.thread)][i].iterations)
        copies.push_back(copy);
      Key key{in->warp().instance, in->location.line, in->location.column, occurrence, copies};
      auto [it, fresh] = ids.emplace(key, static_cast<int>(ids.size()));
      thread.steps[i].dynamicInstance = it->second;
    }
  }
}

EventGraph buildEventGraph(const Program& program, int bound) {
  EventGraph graph;
  graph.program = &program;
  graph.bound = bound;
  std::vector<std::vector<UnrollItem>> unrolled;
  for (size_t t = 0; t < program.threads.size(); ++t) {
    unrolled.push_back(unrollThread(program.threads[t], bound));
    UnrolledThread thread;
    thread.thread = static_cast<int>(t);
    for (const UnrollItem& item : unrolled.back()) thread.steps.push_back(makeStep(item));
    resolveJumps(thread, unrolled.back());
    collectIterations(thread, unrolled.back());
    graph.threads.push_back(std::move(thread));
  }
  assignDynamicInstances(graph, unrolled);
  addInitEvents(graph, program);
  for (UnrolledThread& thread : graph.threads) addThreadEvents(graph, program, thread);
  graph.alwaysExecuted = EventSet(graph.size());
  for (const Event& e : graph.events) {
    if (e.kind == EventKind::Init) graph.alwaysExecuted.add(e.id);
  }
  for (const UnrolledThread& thread : graph.threads) markAlwaysExecuted(graph, thread);
  ExecutionFacts facts = executionFacts(graph);
  graph.executionImplies = std::move(facts.implies);
  graph.warpOrdinal = std::move(facts.warpOrdinal);
  return graph;
}

// Accesses of different known widths never alias (mixed-size accesses are not modelled).
bool widthsDiffer(const Event& a, const Event& b) {
  return a.width > 0 && b.width > 0 && a.width != b.width;
}

// Whether a computed access confined to an object (Event::addressRange) may reach the other event's address:
// not when that address, or the other's object, lies outside its object, nor when its own known address
// does (it then names no location).
bool mayReach(const Event& confined, const Event& other) {
  if (!confined.addressRange) return true;
  const AddressRange& range = *confined.addressRange;
  if (confined.address && !range.contains(*confined.address)) return false;
  if (other.address) return range.contains(*other.address);
  return !other.addressRange || range.overlaps(*other.addressRange);
}

// With a computed address: known addresses decide, different widths never alias, an access confined to an
// object reaches no other, the rest may alias.
Alias computedAlias(const Event& a, const Event& b) {
  if (widthsDiffer(a, b) || !mayReach(a, b) || !mayReach(b, a)) return Alias::No;
  if (a.address && b.address) return *a.address == *b.address ? Alias::Must : Alias::No;
  return Alias::May;
}

RegisterDefiners registerDefiners(const EventGraph& graph) {
  RegisterDefiners definers(graph.threads.size());
  for (size_t t = 0; t < graph.threads.size(); ++t) {
    const std::vector<Step>& steps = graph.threads[t].steps;
    for (size_t s = 0; s < steps.size(); ++s) {
      if (steps[s].instruction->reg) definers[t][*steps[s].instruction->reg].push_back(s);
    }
  }
  return definers;
}

Alias physicalAlias(const Event& a, const Event& b) {
  if (a.id == b.id) return Alias::Must;
  if (a.computedAddress || b.computedAddress) return computedAlias(a, b);
  return a.physical == b.physical ? Alias::Must : Alias::No;
}

Alias genericAlias(const Event& a, const Event& b) {
  if (a.id == b.id) return Alias::Must;
  if (a.computedAddress || b.computedAddress) return computedAlias(a, b);
  return a.generic == b.generic ? Alias::Must : Alias::No;
}

Verdict::EventSite EventGraph::site(int eventId) const {
  const Event& e = event(eventId);
  Verdict::EventSite site;
  site.event = eventId;
  if (e.kind == EventKind::Init) {
    site.thread = "init";
    return site;
  }
  const Thread& thread = program->threads.at(static_cast<size_t>(e.thread));
  site.thread = thread.place.empty() ? thread.name : thread.place;
  const Instruction& in = *stepOf(e).instruction;
  site.source = in.userSource.file.empty() ? in.location : in.userSource;
  return site;
}

std::string EventGraph::describe(int eventId) const {
  const Event& e = event(eventId);
  if (e.kind == EventKind::Init) return "init " + program->memory.at(static_cast<size_t>(e.location)).name;
  const Step& step = stepOf(e);
  std::string text = program->threads.at(static_cast<size_t>(e.thread)).name + ": " + step.instruction->text;
  if (e.rmwPartner >= 0) text += e.kind == EventKind::Read ? " (read)" : " (write)";
  if (step.iteration >= 0) {
    const Iteration& it =
        threads.at(static_cast<size_t>(e.thread)).iterations.at(static_cast<size_t>(step.iteration));
    text += " [iteration " + std::to_string(it.index + 1) + "]";
  }
  return text;
}

std::vector<int> EventGraph::assertFailures() const {
  std::vector<int> failures;
  for (const Event& e : events)
    if (e.tags.has(kAssertFailureTag)) failures.push_back(e.id);
  return failures;
}

}  // namespace catcheck::core
