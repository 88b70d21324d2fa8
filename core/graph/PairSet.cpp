// Bit-matrix operations behind relation analysis: union, intersection, difference, composition and inverse
// over event pairs (transitive closure: PairSetClosure.cpp).
#include "core/graph/PairSet.h"

#include <bit>
#include <unordered_map>

namespace catcheck::core {

// Every operation first handles a set without words (empty) and sets that share their words, so that
// empty rows stay without words and unchanged rows stay shared.
EventSet::Words& EventSet::writable() {
  if (!words_) {
    words_ = std::make_shared<Words>(static_cast<size_t>((size_ + 63) / 64), 0);
  } else if (words_.use_count() > 1) {
    words_ = std::make_shared<Words>(*words_);
  }
  return *words_;
}

EventSet& EventSet::operator|=(const EventSet& o) {
  if (!o.words_ || words_ == o.words_) return *this;
  if (!words_) {
    words_ = o.words_;
    return *this;
  }
  Words& mine = writable();
  const Words& theirs = *o.words_;
  for (size_t i = 0; i < mine.size(); ++i) mine[i] |= theirs[i];
  return *this;
}

// Intersection looks before it writes: a result equal to either operand keeps or shares that operand's
// words instead of copying them, and an empty result drops its words (at kernel scale most rows are one
// scope instance's set, and a copy per row and node was a third of the analysis time of `&`).
EventSet& EventSet::operator&=(const EventSet& o) {
  if (!words_ || words_ == o.words_) return *this;
  if (!o.words_) {
    words_.reset();
    return *this;
  }
  const Words& theirs = *o.words_;
  bool removes = false, within = true, meets = false;  // this has an element o lacks; o inside this; common
  for (size_t i = 0; i < theirs.size(); ++i) {
    removes = removes || ((*words_)[i] & ~theirs[i]) != 0;
    within = within && (theirs[i] & ~(*words_)[i]) == 0;
    meets = meets || ((*words_)[i] & theirs[i]) != 0;
  }
  if (!removes) return *this;
  if (!meets) {
    words_.reset();
    return *this;
  }
  if (within) {
    words_ = o.words_;
    return *this;
  }
  Words& mine = writable();
  for (size_t i = 0; i < mine.size(); ++i) mine[i] &= theirs[i];
  return *this;
}

void EventSet::addCommon(const EventSet& a, const EventSet& b) {
  if (!a.words_ || !b.words_) return;
  if (a.words_ == b.words_) {
    *this |= a;
    return;
  }
  Words& mine = writable();
  const Words& left = *a.words_;
  const Words& right = *b.words_;
  for (size_t i = 0; i < mine.size(); ++i) mine[i] |= left[i] & right[i];
}

EventSet& EventSet::subtract(const EventSet& o) {
  if (!words_ || !o.words_) return *this;
  if (words_ == o.words_) {
    words_.reset();
    return *this;
  }
  Words& mine = writable();
  const Words& theirs = *o.words_;
  for (size_t i = 0; i < mine.size(); ++i) mine[i] &= ~theirs[i];
  return *this;
}

bool EventSet::operator==(const EventSet& o) const {
  if (words_ == o.words_) return true;
  if (!words_ || !o.words_) return empty() && o.empty();  // one without words: equal when both are empty
  return *words_ == *o.words_;
}

size_t EventSet::hash() const {
  size_t h = 0;
  bool any = false;
  if (words_) {
    for (uint64_t w : *words_) {
      h = (h ^ static_cast<size_t>(w)) * 0x100000001b3ULL;
      any = any || w != 0;
    }
  }
  return any ? h : 0;
}

bool EventSet::empty() const {
  if (!words_) return true;
  for (uint64_t w : *words_) {
    if (w != 0) return false;
  }
  return true;
}

int EventSet::count() const {
  if (!words_) return 0;
  int total = 0;
  for (uint64_t w : *words_) total += std::popcount(w);
  return total;
}

int EventSet::countCommon(const EventSet& o) const {
  if (!words_ || !o.words_) return 0;
  int total = 0;
  for (size_t i = 0; i < words_->size(); ++i) total += std::popcount((*words_)[i] & (*o.words_)[i]);
  return total;
}

int EventSet::countOutside(const EventSet& o) const {
  if (!o.words_) return count();
  if (!words_) return 0;
  int total = 0;
  for (size_t i = 0; i < words_->size(); ++i) total += std::popcount((*words_)[i] & ~(*o.words_)[i]);
  return total;
}

void EventSet::forEach(const std::function<void(int)>& f) const {
  if (!words_) return;
  const Words& words = *words_;
  for (size_t i = 0; i < words.size(); ++i) {
    uint64_t w = words[i];
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

std::optional<EventSet> PairSet::identityDomain() const {
  EventSet domain(size());
  for (size_t a = 0; a < rows_.size(); ++a) {
    const EventSet& row = rows_[a];
    if (row.empty()) continue;
    if (!row.has(static_cast<int>(a)) || row.count() != 1) return std::nullopt;
    domain.add(static_cast<int>(a));
  }
  return domain;
}

// Rows with equal contents compose alike, so each class of rows is composed once and its result shared
// (copy on write): a scope relation has one row per scope instance, and with a thousand threads in one CTA
// composing it row by row repeated the same thousands of unions for every event (issue 29).
// A part of the identity on either side makes composition a choice of rows or an intersection of each row
// with its domain: `[GEN] ; base-causality ; [GEN]` at 1 024 threads took 320 ms as unions of rows.
PairSet PairSet::compose(const PairSet& o) const {
  PairSet result(size());
  if (std::optional<EventSet> domain = identityDomain()) {
    domain->forEach([&](int a) { result.rows_[static_cast<size_t>(a)] = o.rows_[static_cast<size_t>(a)]; });
    return result;
  }
  if (std::optional<EventSet> domain = o.identityDomain()) {
    for (size_t a = 0; a < rows_.size(); ++a) (result.rows_[a] = rows_[a]) &= *domain;
    return result;
  }
  std::vector<int> classOf = rowClasses();
  std::vector<int> composedRow(rows_.size(), -1);  // per class: the row whose result it shares
  for (size_t a = 0; a < rows_.size(); ++a) {
    int& first = composedRow[static_cast<size_t>(classOf[a])];
    if (first >= 0) {
      result.rows_[a] = result.rows_[static_cast<size_t>(first)];
      continue;
    }
    first = static_cast<int>(a);
    rows_[a].forEach([&](int c) { result.rows_[a] |= o.rows_[static_cast<size_t>(c)]; });
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

namespace catcheck::core {

std::vector<int> PairSet::rowClasses() const {
  std::vector<int> classOf(rows_.size());
  std::unordered_map<size_t, std::vector<int>> representatives;  // hash -> one row of each class
  int classes = 0;
  for (size_t row = 0; row < rows_.size(); ++row) {
    std::vector<int>& candidates = representatives[rows_[row].hash()];
    int found = -1;
    for (int other : candidates) {
      if (rows_[static_cast<size_t>(other)] == rows_[row]) found = classOf[static_cast<size_t>(other)];
    }
    if (found < 0) {
      found = classes++;
      candidates.push_back(static_cast<int>(row));
    }
    classOf[row] = found;
  }
  return classOf;
}

}  // namespace catcheck::core
