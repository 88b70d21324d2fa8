// The process-wide tag dictionary behind TagSet: names are interned once under a mutex so that parallel
// bulk runs share one numbering. Only front ends intern (the tags their events carry); a `.cat` model
// only looks names up, so it can name any number of sets.
#include "core/ir/Tags.h"

#include <deque>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

namespace catcheck::core {
namespace {

struct Dictionary {
  std::mutex mutex;
  std::unordered_map<std::string, int> ids;
  std::deque<std::string> names;  // deque: references stay valid as it grows
};

Dictionary& dictionary() {
  static Dictionary instance;
  return instance;
}

}  // namespace

int internTag(const std::string& name) {
  Dictionary& dict = dictionary();
  std::lock_guard lock(dict.mutex);
  auto it = dict.ids.find(name);
  if (it != dict.ids.end()) return it->second;
  int id = static_cast<int>(dict.names.size());
  if (id >= kMaxTags)
    throw std::runtime_error("too many distinct event tags (limit " + std::to_string(kMaxTags) + ")");
  dict.names.push_back(name);
  dict.ids.emplace(name, id);
  return id;
}

std::optional<int> findTag(const std::string& name) {
  Dictionary& dict = dictionary();
  std::lock_guard lock(dict.mutex);
  auto it = dict.ids.find(name);
  return it == dict.ids.end() ? std::nullopt : std::optional<int>(it->second);
}

const std::string& tagName(int tag) {
  Dictionary& dict = dictionary();
  std::lock_guard lock(dict.mutex);
  return dict.names.at(static_cast<size_t>(tag));
}

TagSet::TagSet(std::initializer_list<const char*> names) {
  for (const char* name : names) add(std::string(name));
}

TagSet::TagSet(std::initializer_list<const KnownTag*> known) {
  for (const KnownTag* tag : known) add(tag->id());
}

void TagSet::add(const std::string& name) {
  add(internTag(name));
}

void TagSet::remove(const std::string& name) {
  bits_.reset(static_cast<size_t>(internTag(name)));
}

// A name never interned is a tag no event carries: asking must not intern it (a model naming many sets
// that no front end uses would otherwise run out of tag numbers).
bool TagSet::has(const std::string& name) const {
  std::optional<int> tag = findTag(name);
  return tag && has(*tag);
}

std::vector<std::string> TagSet::names() const {
  std::vector<std::string> result;
  for (size_t i = 0; i < bits_.size(); ++i) {
    if (bits_.test(i)) result.push_back(tagName(static_cast<int>(i)));
  }
  return result;
}

}  // namespace catcheck::core
