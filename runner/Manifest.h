// Manifests of expected verdicts: CSV rows `suite,test,model,property,bound,progress,expected` with the
// test path relative to the manifest's folder (the reference suite's manifest.csv format), and Dat3M's
// `<suite>-expected.csv` files of `path,0|1` lines (docs/semantics.md §1).
#pragma once

#include <string>
#include <vector>

#include "core/ir/Verdict.h"
#include "core/ir/Warps.h"
#include "frontends/ptx/PtxLaunch.h"

namespace catcheck::runner {

struct ManifestRow {
  int line = 0;
  int index = 0;  // position among the rows read from the file (0-based), which sharded runs keep
  std::string suite;
  std::string test;           // absolute or relative to the current directory (resolved against the manifest)
  std::string testAsWritten;  // as the file names it, the same on every machine (the stable key of --shard)
  std::string model;          // file name, looked up in the models folder
  std::string property;
  int bound = 1;
  std::string progress;
  std::string target;         // optional column: the target the program must have (SPIR-V: VULKAN, OPENCL)
  bool ignoreFilter = false;  // optional column ignore_filter: check as if the program had no filter
  core::WarpConfig warp = core::WarpConfig::Cuda;  // optional column warp: CUDA, SMR or FMR (blank: CUDA)
  // PTX kernels: optional columns kernel, grid, block, cluster (X[,Y[,Z]]), args (space-separated I=VALUE
  // as --arg takes them) and dynamic_smem; blank fields keep the defaults.
  frontends::ptx::KernelLaunch launch;
  core::Result expected = core::Result::Unknown;
  std::string skipReason;  // non-empty: not run, for this reason (optional column skip)
};

// Reads a manifest; throws InputError (file:line:col) on malformed rows.
std::vector<ManifestRow> readManifest(const std::string& path);
// The same from text already read; `path` names it in messages and anchors relative test paths.
std::vector<ManifestRow> parseManifest(const std::string& text, const std::string& path);

// Reads a Dat3M expected-verdicts file the way Dat3M does: blank lines and lines starting with `//` are
// skipped, the rest split at commas as Java's String.split does, lines without exactly two fields are
// skipped, and `1` expects PASS, anything else FAIL. Tests are `root/path`; the suite is the file's name
// without `-expected.csv`; model, property, bound and progress are copied from `shape`. An entry that names
// no litmus file is a skipped row (Dat3M ignores it); throws InputError if no entry names one.
std::vector<ManifestRow> readExpectedCsv(const std::string& path, const std::string& root,
                                         const ManifestRow& shape);
std::vector<ManifestRow> parseExpectedCsv(const std::string& text, const std::string& path,
                                          const std::string& root, const ManifestRow& shape);

}  // namespace catcheck::runner
