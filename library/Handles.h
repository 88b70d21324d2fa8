// What the public handles (include/catcheck/Model.h, Program.h) hold, and the one place that turns internal
// values into public ones and back: enums, options and the internal exceptions (Translate.h does those).
#pragma once

#include <memory>
#include <string>

#include "catcheck/Check.h"
#include "catcheck/Model.h"
#include "catcheck/Program.h"
#include "core/analysis/RelationGraph.h"
#include "core/ir/Program.h"
#include "core/ir/Verdict.h"
#include "encoders/Solver.h"

namespace catcheck {

struct Model::Impl {
  core::Model model;
  std::string name;
};

struct Program::Impl {
  core::Program program;
  ProgramFormat format = ProgramFormat::LitmusPtx;
};

namespace detail {

// The friend of the handles: builds them and reads what they hold.
struct Access {
  static Model makeModel(core::Model model, std::string name) {
    return Model(std::make_shared<const Model::Impl>(Model::Impl{std::move(model), std::move(name)}));
  }
  static Program makeProgram(core::Program program, ProgramFormat format) {
    return Program(std::make_shared<const Program::Impl>(Program::Impl{std::move(program), format}));
  }
  static const core::Model& model(const Model& model) { return model.impl_->model; }
  static const core::Program& program(const Program& program) { return program.impl_->program; }
};

core::Property toCore(Property property);
core::Result toCore(Result result);
Result fromCore(core::Result result);
encoders::SolverKind toCore(Solver solver);
unsigned timeoutMilliseconds(double seconds);  // throws UsageError when negative
void requireBound(int bound);                  // throws UsageError unless >= 1

}  // namespace detail
}  // namespace catcheck
