// Dense bit sets of events and of event pairs, the currency of relation analysis (may/must bounds,
// docs/design.md decision 4). Litmus-sized graphs have at most a few hundred events, so an n x n bit matrix
// is both the simplest and the fastest representation. A set holds no words until its first element: most
// rows of most relations are empty (a kernel of 1 024 threads has about 20 000 events, and a full matrix of
// them 50 MB), so a relation costs memory only for the events it relates.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace catcheck::core {

class EventSet {
 public:
  EventSet() = default;
  explicit EventSet(int size) : size_(size) {}
  int size() const { return size_; }
  bool has(int e) const {
    auto word = static_cast<size_t>(e) / 64;
    return word < words_.size() && ((words_[word] >> (e % 64)) & 1U);
  }
  void add(int e) {
    allocate();
    words_[static_cast<size_t>(e) / 64] |= uint64_t{1} << (e % 64);
  }
  void remove(int e) {
    if (!words_.empty()) words_[static_cast<size_t>(e) / 64] &= ~(uint64_t{1} << (e % 64));
  }
  EventSet& operator|=(const EventSet& o);
  EventSet& operator&=(const EventSet& o);
  EventSet& subtract(const EventSet& o);
  // this |= (a & b), without a temporary set
  void addCommon(const EventSet& a, const EventSet& b);
  bool operator==(const EventSet& o) const;
  bool empty() const;
  int count() const;
  void forEach(const std::function<void(int)>& f) const;
  std::vector<int> elements() const;

 private:
  void allocate() {
    if (words_.empty()) words_.assign(static_cast<size_t>((size_ + 63) / 64), 0);
  }

  int size_ = 0;
  std::vector<uint64_t> words_;  // none while the set has never had an element
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
  PairSet compose(const PairSet& o) const;
  PairSet transitiveClosure() const;
  static PairSet product(const EventSet& a, const EventSet& b);
  static PairSet identity(const EventSet& s);
  EventSet domain() const;
  EventSet range() const;

 private:
  std::vector<EventSet> rows_;
};

}  // namespace catcheck::core
