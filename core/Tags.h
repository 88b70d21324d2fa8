// Interned event tags (DESIGN.md decision 1). Every tag name ("R", "W", "ACQ", "SC0", ...) maps to a small
// integer once, process-wide; an event's tags are a bitset over those integers. `.cat` names that are not
// relations resolve to tag sets by name, so front ends own their vocabularies without encoder changes.
#pragma once

#include <bitset>
#include <string>
#include <vector>

namespace catcheck::core {

constexpr int kMaxTags = 128;

class TagSet {
 public:
  TagSet() = default;
  TagSet(std::initializer_list<const char*> names);
  void add(const std::string& name);
  void add(int tag) { bits_.set(static_cast<size_t>(tag)); }
  void remove(const std::string& name);
  bool has(const std::string& name) const;
  bool has(int tag) const { return bits_.test(static_cast<size_t>(tag)); }
  TagSet& operator|=(const TagSet& other) {
    bits_ |= other.bits_;
    return *this;
  }
  std::vector<std::string> names() const;

 private:
  std::bitset<kMaxTags> bits_;
};

// The process-wide tag dictionary (thread-safe).
int internTag(const std::string& name);
const std::string& tagName(int tag);

}  // namespace catcheck::core
