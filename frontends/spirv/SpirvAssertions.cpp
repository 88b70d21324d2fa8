// @Output and @Filter assertions as Program conditions (docs/semantics.md §6). An operand `%id[i][j]` is the
// final value of one scalar of a variable (or of an OpenCL kernel's buffer argument, whose first index
// picks the element): its indexes must reach a scalar exactly. A variable with one copy per workgroup or
// per thread is read in workgroup 0 / thread 0's copy. Integer literals compared with a location are
// taken at the location's width (a negative literal as its two's complement there), as Dat3M casts them.
// Without @Output the specification is `forall true`.
#include <algorithm>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {
namespace {

class AssertionTranslator {
 public:
  explicit AssertionTranslator(SpirvModuleInfo& info) : info_(info) {}

  core::Condition translate(const Assertion& assertion) {
    core::Condition condition;
    condition.op = assertion.op;
    for (const Assertion& child : assertion.children) condition.children.push_back(translate(child));
    if (assertion.op != core::ConditionOp::Compare) return condition;
    condition.comparison = assertion.comparison;
    int lhsWidth = 0, rhsWidth = 0;
    condition.lhs = operand(assertion.lhs, lhsWidth);
    condition.rhs = operand(assertion.rhs, rhsWidth);
    castLiteral(condition.lhs, rhsWidth);
    castLiteral(condition.rhs, lhsWidth);
    condition.width = std::max(lhsWidth, rhsWidth);  // Dat3M compares signed at the location's width
    return condition;
  }

 private:
  static void castLiteral(core::Operand& operand, int width) {
    if (operand.kind == core::Operand::Kind::Constant && width > 0 && operand.constant < 0) {
      operand.constant =
          static_cast<long long>(maskTo(static_cast<unsigned long long>(operand.constant), width));
    }
  }

  core::Operand operand(const AssertionOperand& source, int& width) {
    core::Operand result;
    if (source.isLiteral) {
      result.constant = source.literal;
      return result;
    }
    const Region& region = regionOf(source);
    std::string path;
    for (long long index : source.indexes) path += "[" + std::to_string(index) + "]";
    checkIndexes(source, region);
    for (size_t k = 0; k < region.leaves.size(); ++k) {
      if (region.leaves[k].path != path) continue;
      result.kind = core::Operand::Kind::Location;
      result.location = region.firstLocation + static_cast<int>(k);
      width = region.leaves[k].width;
      return result;
    }
    throw core::InputError(source.where, "Index is not deep enough for variable " + source.id + path);
  }

  const Region& regionOf(const AssertionOperand& source) {
    auto id = info_.idsByName.find(source.id);
    if (id == info_.idsByName.end()) throw core::InputError(source.where, "unknown id " + source.id);
    auto region = info_.regionByInstance.find({id->second, 0});
    if (region == info_.regionByInstance.end()) {
      throw core::InputError(source.where, source.id + " is not a variable");
    }
    const Region& r = info_.regions[static_cast<size_t>(region->second)];
    if (r.readOnly) throw core::InputError(source.where, source.id + " is read-only storage, not memory");
    return r;
  }

  // Each index must be inside its composite, and no index may go below a scalar.
  void checkIndexes(const AssertionOperand& source, const Region& region) {
    std::string prefix;
    for (size_t depth = 0; depth < source.indexes.size(); ++depth) {
      std::string extended = prefix + "[" + std::to_string(source.indexes[depth]) + "]";
      bool exists = false, deeper = false, scalarReached = false;
      for (const Leaf& leaf : region.leaves) {
        if (leaf.path == prefix) scalarReached = true;
        if (leaf.path.rfind(extended, 0) == 0) {
          exists = true;
          deeper = deeper || leaf.path.size() > extended.size();
        }
      }
      (void)deeper;
      if (scalarReached) {
        throw core::InputError(source.where, "Index is too deep for variable " + source.id + prefix);
      }
      if (!exists) {
        throw core::InputError(source.where, "Index " + std::to_string(source.indexes[depth]) +
                                                 " is out of bounds for variable " + source.id + prefix);
      }
      prefix = extended;
    }
  }

  SpirvModuleInfo& info_;
};

}  // namespace

void translateAssertions(SpirvModuleInfo& info) {
  core::Program& program = info.program;
  AssertionTranslator translator(info);
  if (info.headers.output) {
    program.assertionKind = info.headers.kind;
    program.assertion = translator.translate(*info.headers.output);
    program.assertionText = info.headers.outputText;
  } else {
    program.assertionKind = core::AssertionKind::Forall;
    program.assertion = core::Condition{};
    program.assertionText = "forall true";
  }
  if (info.headers.filter) program.filter = translator.translate(*info.headers.filter);
}

}  // namespace catcheck::frontends::spirv
