// `catcheck report merge A.json B.json ... [--report F.json] [--junit F.xml] [--write-expected F.csv]`:
// the shard reports of a run made with `catcheck run --shard K/N --report ...`, joined into one.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace catcheck::tools {

class ReportCommand {
 public:
  void addTo(CLI::App& app);
  bool requested() const { return merge_ != nullptr && merge_->parsed(); }
  int run() const;

 private:
  CLI::App* command_ = nullptr;
  CLI::App* merge_ = nullptr;
  std::vector<std::string> inputs_;
  std::string report_, junit_, writeExpected_, root_ = ".";
};

}  // namespace catcheck::tools
