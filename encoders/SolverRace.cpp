// Both solvers on one query at once. On queries about values (deterministic's, and those over
// floating-point fixed functions) z3 and cvc5 differ by orders of magnitude both ways (Query.cpp), and
// which one is faster is a property of the query, not of the family: a 64-thread tree reduction's twin
// query took z3 past 2 s and cvc5 0.26 s, a TMA load's proof z3 17 s and cvc5 past 100 s. Running both
// side by side costs what the better one needs. cvc5 1.0 cannot be interrupted from another thread, so
// each solver runs in a child process of its own (fork: the children share the parent's graph and
// analysis as they are), and the loser is killed. A child sends one message on a pipe: a fixed-size header
// (its answer and times) and the values the caller reads out of a satisfying model. The model itself stays
// in the child; a caller that needs more than those values asks the winner again in this process
// (Query.cpp). z3's child keeps its own second search (three searches on two cores:
// without it the 256-thread reduction's deterministic took 8.2 s instead of 9.4, and the 2-warp mbarrier
// pipeline's, which z3 always wins, 2.9 s instead of 2.4). Where z3 wins every query the race costs:
// that pipeline took 1.9 s without it (the re-asked satisfying answer and a busier machine).
// Two solvers' searches (three threads with z3's second search) share our two cores. Within one check the
// solver that answered the previous query usually answers the next one too (cvc5 every query of a tree
// reduction's deterministic, z3 every query of an mbarrier pipeline's), so the caller may name it
// `favoured`: the other child then lowers its own priority (kUnfavouredNice), and the favoured one gets the
// cores it can use while the other keeps searching on what is left, in case this query is the exception.
// A race is held only where fork is safe, which the program says (allowSolverRaces): a thread holding a
// lock at the fork would leave it held in the child forever. The command line qualifies: between queries
// its only other threads are z3's idle timer threads (z3 keeps them for reuse; a child's z3 that takes one
// gets a timer that never fires, hence the parent's own deadline). A program embedding the library gets
// the in-process alternation. Children die with the parent (PR_SET_PDEATHSIG), so a worker killed for its
// time limit leaves none.
#include "encoders/SolverRace.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <utility>

#include "core/ir/Log.h"

namespace catcheck::encoders {
namespace {

// The fixed-size head of a child's message; `readoutSize` values follow it.
struct ChildMessage {
  enum Status : char { Answered, GaveUp, TimeLimit, Failed };
  Status status = Failed;
  SatResult answer = SatResult::Unknown;
  core::PhaseTimes times;
  size_t readoutSize = 0;
};

// More values than any caller reads out (a program's results): a longer message is taken as garbled.
constexpr size_t kMaxReadout = size_t{1} << 24;

struct Child {
  SolverKind kind = SolverKind::Z3;
  pid_t pid = -1;
  int fd = -1;  // the read end of its pipe; -1 once its message (or its end) has come
  ChildMessage message;
  std::vector<long long> readout;
};

// Writes or reads all of `size` bytes, through partial transfers and interruptions.
bool transferAll(int fd, char* bytes, size_t size, bool writing) {
  while (size > 0) {
    ssize_t done = writing ? write(fd, bytes, size) : read(fd, bytes, size);
    if (done < 0 && errno == EINTR) continue;
    if (done <= 0) return false;
    bytes += done;
    size -= static_cast<size_t>(done);
  }
  return true;
}

std::atomic<bool> racesAllowed{false};

// The niceness of the child that is not favoured: CFS then gives it about a third of a contended core's
// time beside a child at niceness 0 (weights 335 against 1024).
constexpr int kUnfavouredNice = 5;

// A child's grace past the query's time limit: its own limits stop it first, unless its z3 got a timer
// that never fires (above).
constexpr unsigned kDeadlineGraceMs = 1000;

[[noreturn]] void serve(int fd, pid_t parent, SolverKind kind, const RaceAttempt& attempt, bool unfavoured) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(1);
  if (unfavoured) setpriority(PRIO_PROCESS, 0, getpriority(PRIO_PROCESS, 0) + kUnfavouredNice);
  core::log::setLevel(core::log::Level::off);  // the parent tells who answered
  ChildMessage message;
  RaceReport report;
  try {
    message.answer = attempt(kind, report);
    message.status = message.answer == SatResult::Unknown ? ChildMessage::GaveUp : ChildMessage::Answered;
  } catch (const SolverGaveUp& gaveUp) {
    message.status = gaveUp.timeLimit() ? ChildMessage::TimeLimit : ChildMessage::GaveUp;
  } catch (...) {
    message.status = ChildMessage::Failed;
  }
  message.times = report.times;
  if (report.readout.size() > kMaxReadout) message.status = ChildMessage::Failed;
  if (message.status == ChildMessage::Answered) message.readoutSize = report.readout.size();
  bool sent = transferAll(fd, reinterpret_cast<char*>(&message), sizeof message, true) &&
              transferAll(fd, reinterpret_cast<char*>(report.readout.data()),
                          message.readoutSize * sizeof(long long), true);
  _exit(sent ? 0 : 1);
}

bool startChild(Child& child, const RaceAttempt& attempt, bool unfavoured) {
  int ends[2];
  if (pipe2(ends, O_CLOEXEC) != 0) return false;
  pid_t parent = getpid();
  core::log::flush();
  child.pid = fork();
  if (child.pid == 0) {
    close(ends[0]);
    serve(ends[1], parent, child.kind, attempt, unfavoured);
  }
  close(ends[1]);
  if (child.pid < 0) {
    close(ends[0]);
    return false;
  }
  child.fd = ends[0];
  return true;
}

// Reads a child's message once its pipe is readable; a child that ended without a whole one failed.
void receive(Child& child) {
  ChildMessage message;
  bool whole = transferAll(child.fd, reinterpret_cast<char*>(&message), sizeof message, false) &&
               message.readoutSize <= kMaxReadout;
  if (whole) {
    child.readout.resize(message.readoutSize);
    whole = transferAll(child.fd, reinterpret_cast<char*>(child.readout.data()),
                        message.readoutSize * sizeof(long long), false);
  }
  child.message = whole ? message : ChildMessage{};
  close(child.fd);
  child.fd = -1;
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// Waits until one child has answered, both have ended, or `deadlineMs` (0: none) has passed; the index of
// the one that answered, or -1. `expired` tells the deadline.
int awaitAnswer(std::array<Child, 2>& children, std::chrono::steady_clock::time_point start,
                unsigned deadlineMs, bool& expired) {
  while (children[0].fd >= 0 || children[1].fd >= 0) {
    std::array<pollfd, 2> polled{};
    for (size_t i = 0; i < 2; ++i) polled[i] = {children[i].fd, POLLIN, 0};
    int wait = -1;
    if (deadlineMs > 0) {
      double left = deadlineMs - millisecondsSince(start);
      if (left <= 0) {
        expired = true;
        return -1;
      }
      wait = static_cast<int>(std::min(left, 1e9)) + 1;  // poll takes an int: 1e9 ms, 11 days, is plenty
    }
    int ready = poll(polled.data(), 2, wait);
    if (ready < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    for (size_t i = 0; i < 2; ++i) {
      if (children[i].fd < 0 || polled[i].revents == 0) continue;
      receive(children[i]);
      if (children[i].message.status == ChildMessage::Answered) return static_cast<int>(i);
    }
  }
  return -1;
}

void stopAndReap(Child& child) {
  if (child.pid <= 0) return;
  if (child.fd >= 0) {
    kill(child.pid, SIGKILL);
    close(child.fd);
    child.fd = -1;
  }
  while (waitpid(child.pid, nullptr, 0) < 0 && errno == EINTR) {
  }
}

}  // namespace

void allowSolverRaces(bool allowed) {
  racesAllowed = allowed;
}

std::optional<RaceOutcome> raceSolvers(const RaceAttempt& attempt, unsigned limitMs,
                                       std::optional<SolverKind> favoured) {
  if (!racesAllowed) return std::nullopt;
  auto start = std::chrono::steady_clock::now();
  std::array<Child, 2> children;
  children[0].kind = SolverKind::Z3;
  children[1].kind = SolverKind::Cvc5;
  loadCvc5Module();  // here, not in the child (Solver.h); a child that cannot load it reports a failure
  auto unfavoured = [&](const Child& child) { return favoured && *favoured != child.kind; };
  if (!startChild(children[0], attempt, unfavoured(children[0]))) return std::nullopt;
  if (!startChild(children[1], attempt, unfavoured(children[1]))) {
    stopAndReap(children[0]);
    return std::nullopt;
  }
  bool expired = false;
  int winner = awaitAnswer(children, start, limitMs == 0 ? 0 : limitMs + kDeadlineGraceMs, expired);
  for (Child& child : children) stopAndReap(child);
  if (winner < 0) {
    bool bothTimedOut = children[0].message.status == ChildMessage::TimeLimit &&
                        children[1].message.status == ChildMessage::TimeLimit;
    if (bothTimedOut || expired) throw SolverGaveUp("solver returned unknown: timeout (z3 and cvc5)", true);
    return std::nullopt;
  }
  Child& first = children[static_cast<size_t>(winner)];
  core::log::debug("{} answered first, in {:.1f} ms; {} stopped", solverName(first.kind),
                   first.message.times.totalMs(), solverName(children[static_cast<size_t>(1 - winner)].kind));
  return RaceOutcome{first.kind, first.message.answer,
                     RaceReport{first.message.times, std::move(first.readout)}};
}

}  // namespace catcheck::encoders
