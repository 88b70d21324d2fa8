// Bit-matrix operations behind relation analysis: union, intersection, difference, composition, inverse
// and transitive closure (Warshall's algorithm on rows) over event pairs.
#include "core/graph/PairSet.h"

#include <bit>

namespace catcheck::core {

// Every operation first handles a set without words (empty), so that empty rows stay without words.
EventSet& EventSet::operator|=(const EventSet& o) {
  if (o.words_.empty()) return *this;
  if (words_.empty()) {
    words_ = o.words_;
    return *this;
  }
  for (size_t i = 0; i < words_.size(); ++i) words_[i] |= o.words_[i];
  return *this;
}

EventSet& EventSet::operator&=(const EventSet& o) {
  if (o.words_.empty()) {
    words_.clear();
    return *this;
  }
  for (size_t i = 0; i < words_.size(); ++i) words_[i] &= o.words_[i];
  return *this;
}

void EventSet::addCommon(const EventSet& a, const EventSet& b) {
  if (a.words_.empty() || b.words_.empty()) return;
  allocate();
  for (size_t i = 0; i < words_.size(); ++i) words_[i] |= a.words_[i] & b.words_[i];
}

EventSet& EventSet::subtract(const EventSet& o) {
  if (words_.empty() || o.words_.empty()) return *this;
  for (size_t i = 0; i < words_.size(); ++i) words_[i] &= ~o.words_[i];
  return *this;
}

bool EventSet::operator==(const EventSet& o) const {
  if (words_.size() == o.words_.size()) return words_ == o.words_;
  return empty() && o.empty();  // one without words: equal when the other has no element either
}

bool EventSet::empty() const {
  for (uint64_t w : words_) {
    if (w != 0) return false;
  }
  return true;
}

int EventSet::count() const {
  int total = 0;
  for (uint64_t w : words_) total += std::popcount(w);
  return total;
}

void EventSet::forEach(const std::function<void(int)>& f) const {
  for (size_t i = 0; i < words_.size(); ++i) {
    uint64_t w = words_[i];
    while (w != 0) {
      int bit = std::countr_zero(w);
      f(static_cast<int>(i * 64) + bit);
      w &= w - 1;
    }
  }
}

std::vector<int> EventSet::elements() const {
  std::vector<int> result;
  forEach([&](int e) { result.push_back(e); });
  return result;
}

PairSet& PairSet::operator|=(const PairSet& o) {
  for (size_t i = 0; i < rows_.size(); ++i) rows_[i] |= o.rows_[i];
  return *this;
}

PairSet& PairSet::operator&=(const PairSet& o) {
  for (size_t i = 0; i < rows_.size(); ++i) rows_[i] &= o.rows_[i];
  return *this;
}

PairSet& PairSet::subtract(const PairSet& o) {
  for (size_t i = 0; i < rows_.size(); ++i) rows_[i].subtract(o.rows_[i]);
  return *this;
}

bool PairSet::empty() const {
  for (const EventSet& row : rows_) {
    if (!row.empty()) return false;
  }
  return true;
}

int PairSet::count() const {
  int total = 0;
  for (const EventSet& row : rows_) total += row.count();
  return total;
}

void PairSet::forEach(const std::function<void(int, int)>& f) const {
  for (size_t a = 0; a < rows_.size(); ++a) rows_[a].forEach([&](int b) { f(static_cast<int>(a), b); });
}

PairSet PairSet::inverse() const {
  PairSet result(size());
  forEach([&](int a, int b) { result.add(b, a); });
  return result;
}

PairSet PairSet::compose(const PairSet& o) const {
  PairSet result(size());
  for (size_t a = 0; a < rows_.size(); ++a) {
    rows_[a].forEach([&](int c) { result.rows_[a] |= o.rows_[static_cast<size_t>(c)]; });
  }
  return result;
}

PairSet PairSet::transitiveClosure() const {
  PairSet result = *this;
  for (size_t k = 0; k < rows_.size(); ++k) {
    for (size_t a = 0; a < rows_.size(); ++a) {
      if (result.rows_[a].has(static_cast<int>(k))) result.rows_[a] |= result.rows_[k];
    }
  }
  return result;
}

PairSet PairSet::product(const EventSet& a, const EventSet& b) {
  PairSet result(a.size());
  a.forEach([&](int x) { result.rows_[static_cast<size_t>(x)] = b; });
  return result;
}

PairSet PairSet::identity(const EventSet& s) {
  PairSet result(s.size());
  s.forEach([&](int x) { result.add(x, x); });
  return result;
}

EventSet PairSet::domain() const {
  EventSet result(size());
  for (size_t a = 0; a < rows_.size(); ++a) {
    if (!rows_[a].empty()) result.add(static_cast<int>(a));
  }
  return result;
}

EventSet PairSet::range() const {
  EventSet result(size());
  for (const EventSet& row : rows_) result |= row;
  return result;
}

}  // namespace catcheck::core
