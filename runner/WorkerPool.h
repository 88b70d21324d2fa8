// Runs tasks in worker processes forked from the caller, a few at a time, each task under a wall-clock
// deadline and each worker under an address-space cap: a task that hangs, runs out of memory or crashes
// ends as one failed task, and its worker is replaced.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace catcheck::runner {

struct WorkerLimits {
  double timeoutSeconds = 0;  // wall time per task; 0: none
  unsigned memoryMb = 0;      // RLIMIT_AS of each worker process; 0: none
};

struct TaskResult {
  enum class End { Finished, TimedOut, Failed };
  End end = End::Failed;
  std::vector<std::string> fields;  // Finished: what the task returned
  std::string failure;              // TimedOut or Failed: why (deadline, exception text, signal, exit status)
  double startMs = 0;               // since the call began
  double wallMs = 0;
};

struct WorkerCallbacks {
  std::function<void(size_t, const TaskResult&)> onEnd;  // as each task ends
  std::function<void()> onTick;                          // a few times a second while tasks run
};

// Runs task(0) ... task(count - 1) in at most `jobs` worker processes, one task at a time each. The task
// runs in the worker and returns its result as a list of strings; an exception it throws is reported as
// the failure. The caller keeps a single thread while this runs: workers are forked from it and must not
// inherit a lock that another thread holds.
void runInWorkers(size_t count, int jobs, const WorkerLimits& limits,
                  const std::function<std::vector<std::string>(size_t)>& task,
                  const WorkerCallbacks& callbacks);

}  // namespace catcheck::runner
