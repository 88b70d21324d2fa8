// Helpers for the `.cat` front-end tests: parsing snippets over an empty or the reference stdlib, files in
// a scratch directory, and a compact printer for relation-graph nodes.
#pragma once

#include <filesystem>
#include <string>

#include "cat/Ast.h"

namespace catcheck::cat::testing {

// shared/suite/reference-models (the models Dat3M's GPU suites use).
std::filesystem::path referenceModels();
std::filesystem::path referenceStdlib();

// A fresh directory per call, under one temp directory that is removed when the tests exit.
std::filesystem::path scratchDirectory();
std::filesystem::path writeFile(const std::filesystem::path& path, const std::string& text);

// Parses `text` as "test.cat" over an empty stdlib, so only the snippet's own definitions exist.
Model parse(const std::string& text);

// The message of the core::InputError that parsing `text` as "test.cat" throws, or "" if none.
std::string parseError(const std::string& text);

// Prints a node as a term: names, `0`, `Op(arg, ...)`, and `rec:name` for recursion variables.
std::string print(const Model& model, NodeId id);
// Prints the final value of the top-level definition `name`.
std::string printDefinition(const Model& model, const std::string& name);

}  // namespace catcheck::cat::testing
