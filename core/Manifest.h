// Manifests of expected verdicts: CSV rows `suite,test,model,property,bound,progress,expected` with the
// test path relative to the manifest's folder (the reference suite's manifest.csv format).
#pragma once

#include "core/Verdict.h"

#include <string>
#include <vector>

namespace catcheck::core {

struct ManifestRow {
  int line = 0;
  std::string suite;
  std::string test;  // absolute or relative to the current directory (resolved against the manifest)
  std::string model;  // file name, looked up in the models folder
  std::string property;
  int bound = 1;
  std::string progress;
  Result expected = Result::Unknown;
};

// Reads a manifest; throws InputError (file:line:col) on malformed rows.
std::vector<ManifestRow> readManifest(const std::string& path);

}  // namespace catcheck::core
