// No crash reaches the user of `catcheck run` (issue 13): the worker pool that runs every row is given
// tasks that throw a logic_error, throw something that is not an exception, abort and dereference null,
// between tasks that succeed. Each bad task becomes a failed row that says why, and every other task's
// result still arrives.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <stdexcept>

#include "runner/WorkerPool.h"

namespace catcheck::runner {
namespace {

std::vector<std::string> faultyTask(size_t index) {
  switch (index % 5) {
    case 1:
      throw std::logic_error("an injected logic error");
    case 2:
      throw 42;
    case 3:
      std::signal(SIGABRT, SIG_DFL);
      std::abort();
    case 4:
      std::raise(SIGKILL);  // as a crash the sanitizers cannot intercept
      break;
    default:
      break;
  }
  return {"row " + std::to_string(index)};
}

TEST(WorkerFaults, EveryFaultIsAFailedRowAndTheOtherRowsStillReport) {
  const size_t count = 10;
  std::vector<TaskResult> results(count);
  std::vector<int> ended(count, 0);
  WorkerCallbacks callbacks;
  callbacks.onEnd = [&](size_t index, const TaskResult& result) {
    results[index] = result;
    ++ended[index];
  };
  runInWorkers(count, 2, WorkerLimits{}, faultyTask, callbacks);
  for (size_t i = 0; i < count; ++i) {
    EXPECT_EQ(ended[i], 1) << i;
    if (i % 5 == 0) {
      EXPECT_EQ(results[i].end, TaskResult::End::Finished) << i;
      EXPECT_EQ(results[i].fields, std::vector<std::string>{"row " + std::to_string(i)});
    } else {
      EXPECT_EQ(results[i].end, TaskResult::End::Failed) << i;
    }
  }
  EXPECT_EQ(results[1].failure, "an injected logic error");
  EXPECT_EQ(results[2].failure, "unknown exception");
  EXPECT_NE(results[3].failure.find("worker process"), std::string::npos) << results[3].failure;
  EXPECT_EQ(results[4].failure, "worker process killed by signal 9 (Killed)");
}

}  // namespace
}  // namespace catcheck::runner
