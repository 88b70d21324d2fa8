// Dense bit sets of events and of event pairs, the currency of relation analysis (may/must bounds,
// docs/design.md decision 4). Litmus-sized graphs have at most a few hundred events, so an n x n bit matrix
// is both the simplest and the fastest representation. Kernels of 1 024 threads have about 20 000 events, and
// a full matrix of them 50 MB per relation bound, so a set's words are allocated at its first element (most
// rows of most relations are empty) and shared between copies until one of them changes (a union, an
// intersection or a difference starts from a copy of an operand, and most of its rows stay as they were).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace catcheck::core {

class EventSet {
 public:
  EventSet() = default;
  explicit EventSet(int size) : size_(size) {}
  int size() const { return size_; }
  bool has(int e) const { return words_ && (((*words_)[static_cast<size_t>(e) / 64] >> (e % 64)) & 1U); }
  void add(int e) { writable()[static_cast<size_t>(e) / 64] |= uint64_t{1} << (e % 64); }
  void remove(int e) {
    if (has(e)) writable()[static_cast<size_t>(e) / 64] &= ~(uint64_t{1} << (e % 64));
  }
  EventSet& operator|=(const EventSet& o);
  EventSet& operator&=(const EventSet& o);
  EventSet& subtract(const EventSet& o);
  // this |= (a & b), without a temporary set
  void addCommon(const EventSet& a, const EventSet& b);
  bool operator==(const EventSet& o) const;
  size_t hash() const;  // equal sets hash alike (the empty set, with or without words, to 0)
  bool empty() const;
  int count() const;
  int countCommon(const EventSet& o) const;   // |this & o|, without a temporary set
  int countOutside(const EventSet& o) const;  // |this \ o|, likewise
  void forEach(const std::function<void(int)>& f) const;
  std::vector<int> elements() const;

 private:
  using Words = std::vector<uint64_t>;
  // The words, allocated (all zero) or unshared first, to be changed.
  Words& writable();

  int size_ = 0;
  std::shared_ptr<Words> words_;  // null: no element; possibly shared with copies of this set
};

class PairSet {
 public:
  PairSet() = default;
  explicit PairSet(int size) : rows_(static_cast<size_t>(size), EventSet(size)) {}
  int size() const { return static_cast<int>(rows_.size()); }
  bool has(int a, int b) const { return rows_[static_cast<size_t>(a)].has(b); }
  void add(int a, int b) { rows_[static_cast<size_t>(a)].add(b); }
  void remove(int a, int b) { rows_[static_cast<size_t>(a)].remove(b); }
  const EventSet& successors(int a) const { return rows_[static_cast<size_t>(a)]; }
  EventSet& successors(int a) { return rows_[static_cast<size_t>(a)]; }
  PairSet& operator|=(const PairSet& o);
  PairSet& operator&=(const PairSet& o);
  PairSet& subtract(const PairSet& o);
  bool operator==(const PairSet& o) const { return rows_ == o.rows_; }
  bool empty() const;
  int count() const;
  void forEach(const std::function<void(int, int)>& f) const;

  PairSet inverse() const;
  // The events x of its pairs (x, x) when it has no other pairs (a part of the identity, such as `[S]`);
  // nothing otherwise. Composing with such a relation is an intersection of rows (compose).
  std::optional<EventSet> identityDomain() const;
  PairSet compose(const PairSet& o) const;
  PairSet transitiveClosure() const;
  PairSet closureByComponents() const;  // the same, always by strongly connected components
  // The least fixed point of R = this | compose(R, this), semi-naively: each round composes only the pairs
  // the last one found new, which needs `compose` to distribute over a union of its first operand. Nothing
  // when it has not settled after `maxRounds` rounds.
  std::optional<PairSet> closureInRounds(
      const std::function<PairSet(const PairSet&, const PairSet&)>& compose, int maxRounds) const;
  static PairSet product(const EventSet& a, const EventSet& b);
  static PairSet identity(const EventSet& s);
  EventSet domain() const;
  EventSet range() const;
  // Per event, the number of its row's class: rows with equal contents share one.
  std::vector<int> rowClasses() const;

 private:
  std::vector<EventSet> rows_;
};

}  // namespace catcheck::core
