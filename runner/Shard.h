// Sharded runs: the rows of one run split into N parts that separate processes (CI matrix jobs, Slurm
// array tasks, Kubernetes indexed pods) run independently; `catcheck report merge` joins their reports.
//
// The partition is a function of the set of selected rows only (not of their order in the manifest, of
// --jobs or of the machine): rows are sorted by estimated cost, highest first, ties broken by the stable
// key (suite, test as written in the manifest, model, property, bound, progress), and each goes to the
// least-loaded shard so far, the lowest-numbered on ties (longest-processing-time-first scheduling).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runner/Manifest.h"

namespace catcheck::runner {

struct Shard {
  int index = 1;  // K, 1-based
  int count = 1;  // N
};

// "K/N" with 1 <= K <= N; throws std::invalid_argument saying what is wrong.
Shard parseShard(const std::string& text);

// suite, test as written, model, property, bound and progress, tab-separated.
std::string stableKey(const ManifestRow& row);

// A cheap, machine-independent estimate of a row's checking time: the instructions of its test (non-blank
// cells of the program table; 1 if the file cannot be read) times the bound, four times that for
// termination rows (liveness encodings are the expensive ones), 0 for rows skipped without running.
double estimatedCost(const ManifestRow& row);

// The shard (1..count) of each row, in row order.
std::vector<int> assignShards(const std::vector<ManifestRow>& rows, int count);

// The rows of `shard`, in their original order.
std::vector<ManifestRow> rowsOfShard(const std::vector<ManifestRow>& rows, const Shard& shard);

// Identifies the partition's input (the sorted keys and costs of all selected rows) so that a merge can
// tell shards of one run from shards of different runs: 16 hex digits (FNV-1a).
std::string partitionFingerprint(const std::vector<ManifestRow>& rows);

}  // namespace catcheck::runner
