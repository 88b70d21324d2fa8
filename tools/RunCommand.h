// `catcheck run --manifest FILE.csv | --expected X-expected.csv ... [--shard K/N]`: bulk regression against
// expected verdicts, whole or one shard of it (runner/Shard.h).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "runner/Manifest.h"

namespace catcheck::tools {

class RunCommand {
 public:
  void addTo(CLI::App& app);
  bool requested() const { return command_ != nullptr && command_->parsed(); }
  int run() const;

 private:
  void addInputOptions();
  void addReportOptions();
  std::vector<runner::ManifestRow> selectRows(std::string& modelsDirectory) const;

  CLI::App* command_ = nullptr;
  std::string manifest_, models_, solver_;
  std::vector<std::string> suites_;
  int jobs_ = 1;
  double timeoutSeconds_ = 0;
  unsigned memoryMb_ = 0;
  bool noRecheck_ = false;
  bool noSmallerBounds_ = false;
  // --expected: a Dat3M CSV and what its rows check
  std::string expected_, model_, property_ = "program_spec", progress_, root_ = ".";
  int bound_ = 1;
  std::string report_, junit_, writeExpected_;
  std::string shard_;  // --shard K/N; empty: the whole run
};

}  // namespace catcheck::tools
