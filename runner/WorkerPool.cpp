// A small pool of worker processes for bulk runs. Workers are forked from the (single-threaded) caller, so
// they start with everything it loaded (parsed models), and each runs one task after another so that its
// heap and parser caches stay warm: a fresh process per task spends more time faulting in memory than a
// small check takes. Nothing a task does can hurt the others. At a task's deadline the parent kills its
// worker (SIGKILL, so slow encoding is cut as surely as slow solving) and forks a new one; each worker caps
// its own address space with setrlimit(RLIMIT_AS); a crash ends one task only. Parent and worker talk over
// a Unix socket pair in messages `<length>\n<tag><fields>`, each field `<length>:<bytes>`: the parent sends
// T(task number), the worker answers R(result fields) or F(failure text). Workers leave with _exit, so the
// parent's buffered output and static destructors never run twice. The parent waits with poll() on the
// sockets of busy workers, which also gives it the ticks for a progress display. Logged at debug level
// (core/ir/Log.h): each worker started or replaced, killed at a deadline or lost, and each task's end (the
// runner logs the row's status); the log is flushed before each fork so no buffered line is written twice.
#include "runner/WorkerPool.h"

#include <malloc.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstring>
#include <new>
#include <sstream>
#include <string_view>

#include "core/ir/Log.h"

namespace catcheck::runner {
namespace {

using Clock = std::chrono::steady_clock;
using Task = std::function<std::vector<std::string>(size_t)>;
constexpr int kTickMs = 200;
constexpr double kNoDeadlineSeconds = 1e9;  // longer limits mean none (and cannot overflow the clock)

double millisecondsBetween(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

bool sendAll(int socket, const std::string& bytes) {
  for (size_t done = 0; done < bytes.size();) {
    ssize_t n = send(socket, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// Appends what the socket has to `buffer`; false at the end of the stream (the peer is gone) or on error.
bool receiveSome(int socket, std::string& buffer) {
  char chunk[65536];
  ssize_t n = 0;
  do {
    n = recv(socket, chunk, sizeof chunk, 0);
  } while (n < 0 && errno == EINTR);
  if (n > 0) buffer.append(chunk, static_cast<size_t>(n));
  return n > 0;
}

std::string message(char tag, const std::vector<std::string>& fields) {
  std::string body(1, tag);
  for (const std::string& field : fields) body += std::to_string(field.size()) + ":" + field;
  return std::to_string(body.size()) + "\n" + body;
}

bool parseLength(const std::string& text, size_t from, size_t to, size_t& length) {
  auto [end, error] = std::from_chars(text.data() + from, text.data() + to, length);
  return error == std::errc() && end == text.data() + to;
}

// Takes the first message off `buffer` once it is complete. A garbled length yields an empty body.
bool takeMessage(std::string& buffer, std::string& body) {
  size_t newline = buffer.find('\n');
  size_t length = 0;
  if (newline == std::string::npos) return false;
  if (!parseLength(buffer, 0, newline, length)) length = buffer.size() - newline - 1;
  if (buffer.size() - newline - 1 < length) return false;
  body = buffer.substr(newline + 1, length);
  buffer.erase(0, newline + 1 + length);
  return true;
}

// The fields of a body after its tag; false if they are garbled.
bool parseFields(const std::string& body, std::vector<std::string>& fields) {
  for (size_t at = 1; at < body.size();) {
    size_t colon = body.find(':', at);
    size_t length = 0;
    if (colon == std::string::npos || !parseLength(body, at, colon, length) ||
        length > body.size() - colon - 1) {
      return false;
    }
    fields.push_back(body.substr(colon + 1, length));
    at = colon + 1 + length;
  }
  return !body.empty();
}

// The cap counts address space, so the free memory the heap keeps for reuse (the command line reserves
// 1.5 GiB of it at start, tools/ProcessMemory.cpp) is handed back first, and the heap then grows by what is
// asked and 1 MB more: the cap is then what a row can use.
void capAddressSpace(unsigned memoryMb) {
  if (memoryMb == 0) return;
  malloc_trim(0);
  mallopt(M_TOP_PAD, 1 << 20);
  rlimit limit{};
  limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(memoryMb) << 20;
  setrlimit(RLIMIT_AS, &limit);
}

// An allocation that failed under the cap says so (std::bad_alloc, or z3's "out of memory").
std::string memoryFailure(const std::string& what, unsigned memoryMb) {
  return memoryMb == 0 ? what : what + " (memory cap " + std::to_string(memoryMb) + " MB)";
}

std::string runTask(size_t index, const WorkerLimits& limits, const Task& task) {
  try {
    return message('R', task(index));
  } catch (const std::bad_alloc&) {
    return message('F', {memoryFailure("out of memory", limits.memoryMb)});
  } catch (const std::exception& e) {
    bool memory = std::string_view(e.what()).find("memory") != std::string_view::npos;
    return message('F', {memory ? memoryFailure(e.what(), limits.memoryMb) : e.what()});
  } catch (...) {
    return message('F', {"unknown exception"});
  }
}

// The worker's life: tasks in, results out, until the parent closes the socket (or dies).
[[noreturn]] void serve(int socket, pid_t parent, const WorkerLimits& limits, const Task& task) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(1);
  capAddressSpace(limits.memoryMb);
  std::string buffer, body;
  size_t index = 0;
  while (true) {
    while (!takeMessage(buffer, body)) {
      if (!receiveSome(socket, buffer)) _exit(0);
    }
    std::vector<std::string> fields;
    if (!parseFields(body, fields) || fields.size() != 1 ||
        !parseLength(fields[0], 0, fields[0].size(), index))
      _exit(1);
    if (!sendAll(socket, runTask(index, limits, task))) _exit(1);
  }
}

// A signal under a memory cap is most likely the cap (an allocation failing where it cannot throw aborts).
std::string describeExit(int status, unsigned memoryMb) {
  if (WIFSIGNALED(status)) {
    int signal = WTERMSIG(status);
    std::string under = memoryMb > 0 ? ", under a memory cap of " + std::to_string(memoryMb) + " MB" : "";
    return "worker process killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")" +
           under;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
    return "worker process exited with status " + std::to_string(WEXITSTATUS(status));
  }
  return "worker process ended without a result";
}

TaskResult resultOf(const std::string& body) {
  TaskResult result;
  std::vector<std::string> fields;
  bool wellFormed = parseFields(body, fields);
  if (wellFormed && body[0] == 'R') {
    result.end = TaskResult::End::Finished;
    result.fields = std::move(fields);
  } else {
    result.failure = wellFormed && body[0] == 'F' && fields.size() == 1
                         ? fields[0]
                         : "garbled result from the worker process";
  }
  return result;
}

struct Worker {
  pid_t pid = -1;
  int socket = -1;
  bool busy = false, dead = false;
  size_t task = 0;
  Clock::time_point start, deadline;
  std::string received;
};

class Pool {
 public:
  Pool(const WorkerLimits& limits, const Task& task, const WorkerCallbacks& callbacks)
      : limits_(limits), task_(task), callbacks_(callbacks) {}

  void run(size_t count, int jobs) {
    Clock::time_point lastTick = Clock::now();
    while (next_ < count || busyWorkers() > 0) {
      staff(count, static_cast<size_t>(std::max(jobs, 1)));
      if (busyWorkers() > 0) waitForResults();
      killExpired();
      std::erase_if(workers_, [](const Worker& w) { return w.dead; });
      if (callbacks_.onTick && millisecondsBetween(lastTick, Clock::now()) >= kTickMs) {
        lastTick = Clock::now();
        callbacks_.onTick();
      }
    }
    for (Worker& w : workers_) bury(w);
  }

 private:
  size_t busyWorkers() const {
    return static_cast<size_t>(
        std::count_if(workers_.begin(), workers_.end(), [](const Worker& w) { return w.busy; }));
  }

  // Enough workers for the tasks left, and a task for each idle one.
  void staff(size_t count, size_t jobs) {
    size_t wanted = std::min(jobs, busyWorkers() + (count - next_));
    std::string spawnError;
    while (workers_.size() < wanted && spawn(spawnError)) {
    }
    if (workers_.empty() && next_ < count) {
      Worker none;
      none.task = next_++;
      none.start = Clock::now();
      end(none, failure(TaskResult::End::Failed, spawnError));
    }
    for (Worker& w : workers_) {
      if (!w.busy && !w.dead && next_ < count && assign(w, next_)) ++next_;
    }
  }

  bool spawn(std::string& error) {
    int sockets[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) {
      error = std::string("cannot create a socket pair: ") + strerror(errno);
      return false;
    }
    pid_t parent = getpid();
    core::log::flush();
    pid_t pid = fork();
    if (pid == 0) {
      close(sockets[0]);
      for (const Worker& w : workers_) close(w.socket);
      serve(sockets[1], parent, limits_, task_);
    }
    close(sockets[1]);
    if (pid < 0) {
      close(sockets[0]);
      error = std::string("cannot fork: ") + strerror(errno);
      return false;
    }
    workers_.emplace_back();
    workers_.back().pid = pid;
    workers_.back().socket = sockets[0];
    logSpawn(pid);
    return true;
  }

  void logSpawn(pid_t pid) {
    if (lost_ > replaced_) {
      ++replaced_;
      core::log::debug("worker {} started, replacing one that was killed or failed", pid);
    } else {
      core::log::debug("worker {} started", pid);
    }
  }

  // False if the worker is gone (it is then buried and the task stays for another one).
  bool assign(Worker& w, size_t task) {
    if (!sendAll(w.socket, message('T', {std::to_string(task)}))) {
      bury(w);
      return false;
    }
    w.busy = true;
    w.task = task;
    w.start = Clock::now();
    w.deadline = Clock::time_point::max();
    if (limits_.timeoutSeconds > 0 && limits_.timeoutSeconds < kNoDeadlineSeconds) {
      w.deadline = w.start + std::chrono::duration_cast<Clock::duration>(
                                 std::chrono::duration<double>(limits_.timeoutSeconds));
    }
    return true;
  }

  void waitForResults() {
    std::vector<pollfd> fds;
    std::vector<Worker*> polled;
    for (Worker& w : workers_) {
      if (!w.busy) continue;
      fds.push_back({w.socket, POLLIN, 0});
      polled.push_back(&w);
    }
    if (poll(fds.data(), fds.size(), waitMs()) <= 0) return;
    for (size_t i = 0; i < fds.size(); ++i) {
      if (fds[i].revents != 0) receiveFrom(*polled[i]);
    }
  }

  int waitMs() const {
    double wait = kTickMs;
    for (const Worker& w : workers_) {
      if (w.busy && w.deadline != Clock::time_point::max())
        wait = std::min(wait, millisecondsBetween(Clock::now(), w.deadline));
    }
    return static_cast<int>(std::max(wait, 0.0)) + 1;
  }

  void receiveFrom(Worker& w) {
    if (!receiveSome(w.socket, w.received)) {
      int status = bury(w);
      ++lost_;
      std::string why = describeExit(status, limits_.memoryMb);
      core::log::debug("worker {} lost on task {}: {}", w.pid, w.task, why);
      end(w, failure(TaskResult::End::Failed, why));
      return;
    }
    std::string body;
    if (takeMessage(w.received, body)) end(w, resultOf(body));
  }

  void killExpired() {
    for (Worker& w : workers_) {
      if (!w.busy || Clock::now() < w.deadline) continue;
      kill(w.pid, SIGKILL);
      bury(w);
      ++lost_;
      std::ostringstream why;
      why << "no result within " << limits_.timeoutSeconds << " s";
      core::log::debug("worker {} killed on task {}: {}", w.pid, w.task, why.str());
      end(w, failure(TaskResult::End::TimedOut, why.str()));
    }
  }

  // Closes the worker's socket and waits for it to exit; returns its wait status.
  static int bury(Worker& w) {
    int status = 0;
    close(w.socket);
    waitpid(w.pid, &status, 0);
    w.dead = true;
    return status;
  }

  static TaskResult failure(TaskResult::End end, const std::string& why) {
    TaskResult result;
    result.end = end;
    result.failure = why;
    return result;
  }

  void end(Worker& w, TaskResult result) {
    w.busy = false;
    result.startMs = millisecondsBetween(runStart_, w.start);
    result.wallMs = millisecondsBetween(w.start, Clock::now());
    core::log::debug("task {} ended on worker {} after {:.1f} ms", w.task, w.pid, result.wallMs);
    if (callbacks_.onEnd) callbacks_.onEnd(w.task, result);
  }

  WorkerLimits limits_;
  const Task& task_;
  const WorkerCallbacks& callbacks_;
  Clock::time_point runStart_ = Clock::now();
  std::vector<Worker> workers_;
  size_t next_ = 0;
  size_t lost_ = 0, replaced_ = 0;  // workers killed or dead mid-task; new ones started in their place
};

}  // namespace

void runInWorkers(size_t count, int jobs, const WorkerLimits& limits, const Task& task,
                  const WorkerCallbacks& callbacks) {
  Pool(limits, task, callbacks).run(count, jobs);
}

}  // namespace catcheck::runner
