// The JSON mapping of a verdict (core/ir/Verdict.h) that worker processes send back to the bulk run: every
// field, so that a row's verdict is the same whether it ran in a worker or in the parent process.
#pragma once

#include <nlohmann/json.hpp>

#include "core/ir/Verdict.h"

namespace catcheck::runner {

nlohmann::json verdictToJson(const core::Verdict& verdict);
// Throws std::runtime_error on a document that is not a verdict this version wrote.
core::Verdict verdictFromJson(const nlohmann::json& json);

}  // namespace catcheck::runner
