// The non-termination witness (docs/semantics.md §7.5, after Dat3M's NonTerminationEncoder). Some loop is
// stuck or some barrier blocked, and no loop bound is reached. Each unrolled loop's iterations are split into
// prefix, infix and suffix: a stuck loop's last executed iteration starts the suffix; a spin (an iteration
// without side effects) needs no infix, a nondeterministic stop after a side-effecting iteration needs an
// infix iteration that matches a suffix iteration (same control flow, values and live registers, and the
// same rf/co among matched events), so repeating it forever is possible. The suffix must be "strongly
// fair": prefix writes are not co-after suffix writes, only suffix reads read suffix writes, and a suffix
// read of a prefix write reads a co-maximal one - the thread keeps seeing the final value it waits on.
// A loop none of whose iterations can end stuck (a trip count constants fix, docs/semantics.md §7.4) is
// not decomposed: its iterations are prefix.
#include "encoders/TerminationEncoder.h"

#include <algorithm>
#include <map>
#include <string>

namespace catcheck::encoders {
namespace {

using core::Iteration;

struct LoopCopies {
  int thread = 0;
  std::vector<int> iterations;  // indexes into the thread's iterations, in copy order
};

class TerminationEncoder {
 public:
  explicit TerminationEncoder(EncodingContext& ctx) : ctx_(ctx), f_(ctx.f) {}

  Term encode() {
    collectLoops();
    std::vector<Term> stuck, constraints;
    for (const ThreadEncoding& t : ctx_.threads) {
      stuck.push_back(t.blocked);
      for (const StuckCase& c : t.stuckCases) stuck.push_back(c.taken);
    }
    for (const LoopCopies& loop : loops_) decompose(loop, constraints);
    matchIterations(constraints);
    strongSuffix(constraints);
    constraints.push_back(f_.any(stuck));
    constraints.push_back(f_.no(ctx_.boundReached));
    return f_.all(constraints);
  }

 private:
  using Key = std::pair<int, int>;  // (thread, iteration)

  void collectLoops() {
    for (const core::UnrolledThread& thread : ctx_.graph.threads) {
      std::map<std::string, size_t> byName;
      for (size_t i = 0; i < thread.iterations.size(); ++i) {
        auto [it, fresh] = byName.emplace(thread.iterations[i].loop, loops_.size());
        if (fresh) loops_.push_back({thread.thread, {}});
        loops_[it->second].iterations.push_back(static_cast<int>(i));
      }
    }
    // A loop no iteration of which can end stuck (one whose trip count constants fix, or whose stuck cases
    // all folded to false) has neither infix nor suffix: its executed iterations are all prefix.
    std::vector<LoopCopies> canStick;
    for (LoopCopies& loop : loops_) {
      bool stuckCase = std::any_of(loop.iterations.begin(), loop.iterations.end(),
                                   [&](int i) { return !casesOf(loop.thread, i).empty(); });
      if (stuckCase) {
        canStick.push_back(std::move(loop));
        continue;
      }
      for (int i : loop.iterations) infix_[{loop.thread, i}] = suffix_[{loop.thread, i}] = f_.bottom();
    }
    loops_ = std::move(canStick);
    for (const LoopCopies& loop : loops_) {
      for (int i : loop.iterations) {
        std::string suffix = "_P" + std::to_string(loop.thread) + "_" + std::to_string(i);
        infix_[{loop.thread, i}] = f_.boolVar("infix" + suffix);
        suffix_[{loop.thread, i}] = f_.boolVar("suffix" + suffix);
      }
    }
  }

  std::vector<const StuckCase*> casesOf(int thread, int iteration) const {
    std::vector<const StuckCase*> result;
    for (const StuckCase& c : ctx_.threads[static_cast<size_t>(thread)].stuckCases) {
      if (c.iteration == iteration && !f_.isFalse(c.taken)) result.push_back(&c);
    }
    return result;
  }

  void decompose(const LoopCopies& loop, std::vector<Term>& out) {
    const std::vector<int>& its = loop.iterations;
    size_t k = its.size();
    std::vector<Term> anyCase;
    for (size_t n = 0; n < k; ++n) {
      Term in = infix(loop.thread, its[n]), su = suffix(loop.thread, its[n]);
      out.push_back(f_.no(f_.both(in, su)));
      if (n + 1 < k) {
        out.push_back(f_.implies(su, suffix(loop.thread, its[n + 1])));
        out.push_back(
            f_.implies(in, f_.either(infix(loop.thread, its[n + 1]), suffix(loop.thread, its[n + 1]))));
      }
      for (const StuckCase* c : casesOf(loop.thread, its[n])) {
        anyCase.push_back(c->taken);
        out.push_back(f_.implies(c->taken, su));
        if (c->spin && n > 0) {
          out.push_back(f_.implies(
              c->taken, f_.no(f_.either(infix(loop.thread, its[n - 1]), suffix(loop.thread, its[n - 1])))));
        }
        if (!c->spin) requireInfix(loop, n, *c, out);
      }
    }
    out.push_back(f_.no(infix(loop.thread, its[k - 1])));
    out.push_back(f_.iff(suffix(loop.thread, its[k - 1]), f_.any(anyCase)));
  }

  // A stop after iteration n (0-based) needs infix iterations, aligned from the end with the suffix.
  void requireInfix(const LoopCopies& loop, size_t n, const StuckCase& c, std::vector<Term>& out) {
    const std::vector<int>& its = loop.iterations;
    std::vector<Term> someInfix;
    for (size_t i = 0; i < n; ++i) someInfix.push_back(infix(loop.thread, its[i]));
    out.push_back(f_.implies(c.taken, f_.any(someInfix)));
    for (size_t start = 1; start <= n; ++start) {  // `start`: first suffix iteration
      Term shape = f_.all({c.taken, suffix(loop.thread, its[start]), infix(loop.thread, its[start - 1])});
      for (size_t j = 1; j <= start; ++j) {
        size_t early = start - j;
        if (n + 1 < j + start) {
          out.push_back(f_.implies(shape, f_.no(infix(loop.thread, its[early]))));
        } else {
          out.push_back(f_.implies(
              shape, f_.iff(infix(loop.thread, its[early]), match(loop.thread, its[early], its[n + 1 - j]))));
        }
      }
    }
  }

  Term match(int thread, int a, int b) {
    auto key = std::make_tuple(thread, a, b);
    auto it = matches_.find(key);
    if (it != matches_.end()) return it->second;
    Term m =
        f_.boolVar("match_P" + std::to_string(thread) + "_" + std::to_string(a) + "_" + std::to_string(b));
    matches_[key] = m;
    f_.require(f_.implies(m, equivalent(thread, a, b)));
    return m;
  }

  // Same control flow, values and live registers, position by position.
  Term equivalent(int thread, int a, int b) {
    const core::UnrolledThread& t = ctx_.graph.threads[static_cast<size_t>(thread)];
    const ThreadEncoding& enc = ctx_.threads[static_cast<size_t>(thread)];
    const Iteration& ia = t.iterations[static_cast<size_t>(a)];
    const Iteration& ib = t.iterations[static_cast<size_t>(b)];
    std::vector<Term> same;
    for (int offset = 0; ia.first + offset <= ia.last; ++offset) {
      size_t sa = static_cast<size_t>(ia.first + offset), sb = static_cast<size_t>(ib.first + offset);
      same.push_back(f_.iff(enc.reached[sa], enc.reached[sb]));
      const auto& ea = t.steps[sa].events;
      const auto& eb = t.steps[sb].events;
      for (size_t e = 0; e < ea.size() && e < eb.size(); ++e) {
        same.push_back(f_.iff(ctx_.exec[static_cast<size_t>(ea[e])], ctx_.exec[static_cast<size_t>(eb[e])]));
        if (ctx_.graph.event(ea[e]).isMemory())
          same.push_back(
              f_.eq(ctx_.value[static_cast<size_t>(ea[e])], ctx_.value[static_cast<size_t>(eb[e])]));
      }
    }
    for (int r : t.steps[static_cast<size_t>(ia.last)].liveWritten) {
      same.push_back(f_.eq(enc.regsIn[static_cast<size_t>(ia.first)][static_cast<size_t>(r)],
                           enc.regsIn[static_cast<size_t>(ib.first)][static_cast<size_t>(r)]));
    }
    return f_.all(same);
  }

  // Matched iterations agree on rf and co among their events.
  void matchIterations(std::vector<Term>& out) {
    std::vector<std::pair<int, int>> counterpart(static_cast<size_t>(ctx_.graph.size()), {-1, -1});
    for (const auto& [key, m] : matches_) {
      auto [thread, a, b] = key;
      const core::UnrolledThread& t = ctx_.graph.threads[static_cast<size_t>(thread)];
      const Iteration& ia = t.iterations[static_cast<size_t>(a)];
      const Iteration& ib = t.iterations[static_cast<size_t>(b)];
      for (int offset = 0; ia.first + offset <= ia.last; ++offset) {
        const auto& ea = t.steps[static_cast<size_t>(ia.first + offset)].events;
        const auto& eb = t.steps[static_cast<size_t>(ib.first + offset)].events;
        for (size_t e = 0; e < ea.size() && e < eb.size(); ++e) eventMatches_[ea[e]].push_back({eb[e], m});
      }
    }
    for (core::BaseRelation relation : {core::BaseRelation::Rf, core::BaseRelation::Co}) {
      ctx_.bounds(relation).may.forEach([&](int x, int y) {
        auto mx = eventMatches_.find(x), my = eventMatches_.find(y);
        if (mx == eventMatches_.end() || my == eventMatches_.end()) return;
        Term edge = ctx_.pair(relation, x, y);
        for (const auto& [x2, m1] : mx->second) {
          for (const auto& [y2, m2] : my->second) {
            Term mirrored = ctx_.pair(relation, x2, y2);
            out.push_back(f_.implies(f_.both(m1, m2), f_.iff(edge, mirrored)));
          }
        }
      });
    }
  }

  Term inSuffix(int e) {
    std::vector<Term> any;
    for (const Key& it : iterationsOf(e)) any.push_back(suffix(it.first, it.second));
    return f_.both(ctx_.exec[static_cast<size_t>(e)], f_.any(any));
  }

  Term inPrefix(int e) {
    std::vector<Term> all{ctx_.exec[static_cast<size_t>(e)]};
    for (const Key& it : iterationsOf(e))
      all.push_back(f_.no(f_.either(infix(it.first, it.second), suffix(it.first, it.second))));
    return f_.all(all);
  }

  std::vector<Key> iterationsOf(int e) const {
    const core::Event& event = ctx_.graph.event(e);
    std::vector<Key> result;
    if (event.thread < 0) return result;
    const core::UnrolledThread& t = ctx_.graph.threads[static_cast<size_t>(event.thread)];
    for (size_t i = 0; i < t.iterations.size(); ++i) {
      if (t.iterations[i].first <= event.step && event.step <= t.iterations[i].last)
        result.push_back({event.thread, static_cast<int>(i)});
    }
    return result;
  }

  void strongSuffix(std::vector<Term>& out) {
    ctx_.bounds(core::BaseRelation::Co).may.forEach([&](int x, int y) {
      // x co-before y is forbidden when x is in a suffix and y in a prefix
      Term co = ctx_.pair(core::BaseRelation::Co, x, y);
      out.push_back(f_.implies(f_.all({inSuffix(x), inPrefix(y), co}), f_.bottom()));
    });
    ctx_.bounds(core::BaseRelation::Rf).may.forEach([&](int w, int r) {
      Term rf = ctx_.pair(core::BaseRelation::Rf, w, r);
      out.push_back(f_.implies(f_.both(inSuffix(w), rf), inSuffix(r)));
      out.push_back(f_.implies(f_.both(inSuffix(r), rf),
                               f_.either(f_.no(inPrefix(w)), ctx_.coLast[static_cast<size_t>(w)])));
    });
  }

  Term infix(int thread, int iteration) { return infix_.at({thread, iteration}); }
  Term suffix(int thread, int iteration) { return suffix_.at({thread, iteration}); }

  EncodingContext& ctx_;
  Formula& f_;
  std::vector<LoopCopies> loops_;
  std::map<Key, Term> infix_, suffix_;
  std::map<std::tuple<int, int, int>, Term> matches_;
  std::map<int, std::vector<std::pair<int, Term>>> eventMatches_;
};

}  // namespace

Term nonTermination(EncodingContext& ctx) {
  return TerminationEncoder(ctx).encode();
}

}  // namespace catcheck::encoders
