// Joining the JSON reports of a sharded run (`catcheck run --shard K/N --report F`) back into the outcomes
// of the whole run, in manifest order, as an unsharded run would have reported them.
#pragma once

#include <string>
#include <vector>

#include "runner/BulkRun.h"
#include "runner/RunReports.h"

namespace catcheck::runner {

struct RunReport {
  std::string path;
  RunIdentity identity;
  double wallMs = 0;
  std::vector<RowOutcome> outcomes;
};

// Reads a report written by writeJsonReport. Throws InputError: file:line:col for malformed JSON,
// file:0:0 naming the field for a document that is not such a report.
RunReport readJsonReport(const std::string& path);

struct MergedRun {
  RunIdentity identity;              // of the whole run: shard 1/1
  double wallMs = 0;                 // the longest shard's: shards run side by side
  std::vector<RowOutcome> outcomes;  // every row reported, in manifest order
  std::vector<int> missingShards;    // K of each shard of 1..N that no report covers
};

// Throws InputError when the reports are not shards of one partition: different N or partitions, a shard
// or a row given twice, or all shards present but rows missing.
MergedRun mergeReports(const std::vector<RunReport>& reports);

}  // namespace catcheck::runner
