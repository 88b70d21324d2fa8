// The property table: each property's name, the question a check asks the solver, and how its witness
// and output read. Everything else that depends on the property derives from here or switches over
// `Property` exhaustively (see Property.h).
#include "core/ir/Property.h"

#include <stdexcept>

namespace catcheck::core {
namespace {

Question programSpecQuestion(const Program& program) {
  switch (program.assertionKind) {
    case AssertionKind::Exists:
      return {true, "the exists-condition is reachable: outcome allowed",
              "the exists-condition is unreachable: outcome forbidden"};
    case AssertionKind::NotExists:
      return {false, "the forbidden outcome is reachable", "the outcome is unreachable"};
    case AssertionKind::Forall:
      return {false, "some final state violates the forall-condition",
              "every final state satisfies the forall-condition"};
    case AssertionKind::NoFailedAssert:
      return {false, "an assert() fails or a trap executes in some execution",
              "no assert() can fail and no trap can execute"};
    case AssertionKind::None:
      break;
  }
  return {false, "", "no condition to violate"};
}

Question catSpecQuestion(const Program&) {
  return {false, "a flagged axiom fires in some consistent execution",
          "no consistent execution fires a flag"};
}

Question participationQuestion(const Program&) {
  return {false, "a warp primitive runs with a participant set the configuration does not guarantee",
          "every warp-primitive instance has a guaranteed participant set"};
}

Question warpDrfQuestion(const Program&) {
  return {false, "the kernel is not WarpDRF",
          "the kernel is WarpDRF: race-free with guaranteed participation"};
}

Question wellSynchronizedQuestion(const Program&) {
  return {false, "an mbarrier update can join different phases in different executions",
          "every mbarrier update joins the same phase in every execution"};
}

Question deterministicQuestion(const Program&) {
  return {false, "two complete executions from the same inputs end with different results",
          "every complete execution from the same inputs ends with the same result"};
}

Question memorySafetyQuestion(const Program&) {
  return {false, "an access lies outside its allocation or is misaligned",
          "every access lies inside its allocation, aligned for its width"};
}

Question terminationQuestion(const Program&) {
  return {false, "some fair execution never terminates", "every fair execution terminates"};
}

}  // namespace

const std::vector<PropertyDescriptor>& allProperties() {
  static const std::vector<PropertyDescriptor> table = {
      {Property::ProgramSpec, "program_spec",
       "is the test's condition reachable (exists) or violated (~exists, forall)?", programSpecQuestion,
       false, false, true, true, true, true, false, true},
      {Property::CatSpec, "cat_spec", "does a flagged axiom of the model fire (a data race)?",
       catSpecQuestion, false, true, true, false, true, true, false, true},
      {Property::Termination, "termination", "can some thread hang under the progress model?",
       terminationQuestion, true, false, false, false, true, false, false, true},
      {Property::Participation, "participation",
       "can a warp primitive run with a participant set the warp configuration does not guarantee?",
       participationQuestion, false, false, false, false, true, false, false, true},
      {Property::WarpDrf, "warp_drf",
       "is the kernel race-free and its warp participation guaranteed (WarpDRF)?", warpDrfQuestion, false,
       true, false, false, true, false, false, true},
      {Property::WellSynchronized, "well_synchronized",
       "can an mbarrier update (arrive, expect_tx, complete_tx) join different phases in different "
       "executions?",
       wellSynchronizedQuestion, false, false, false, false, true, false},
      {Property::Deterministic, "deterministic",
       "can two complete executions from the same inputs end with different results?", deterministicQuestion,
       false, false, false, false, true, false, true},
      {Property::MemorySafety, "memory_safety",
       "can an access fall outside its allocation or be misaligned (or use deallocated memory)?",
       memorySafetyQuestion, false, false, false, false, true, true, false, true},
  };
  return table;
}

const PropertyDescriptor& describe(Property property) {
  for (const PropertyDescriptor& d : allProperties()) {
    if (d.property == property) return d;
  }
  throw std::logic_error("a property without a descriptor");
}

const char* propertyName(Property property) {
  return describe(property).name;
}

Property parseProperty(const std::string& name) {
  std::string names;
  const std::vector<PropertyDescriptor>& table = allProperties();
  for (size_t i = 0; i < table.size(); ++i) {
    if (name == table[i].name) return table[i].property;
    names += std::string(i == 0 ? "" : i + 1 == table.size() ? " or " : ", ") + table[i].name;
  }
  throw std::invalid_argument("unknown property '" + name + "' (expected " + names + ")");
}

}  // namespace catcheck::core
