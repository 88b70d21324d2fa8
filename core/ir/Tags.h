// Interned event tags (docs/design.md decision 1). Every tag name ("R", "W", "ACQ", "SC0", ...) maps to a
// small integer once, process-wide; an event's tags are a bitset over those integers. `.cat` names that are
// not relations resolve to tag sets by name, so front ends own their vocabularies without encoder changes.
#pragma once

#include <atomic>
#include <bitset>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace catcheck::core {

constexpr int kMaxTags = 128;

int internTag(const std::string& name);
// The tag's number if some front end has interned it, without interning it.
std::optional<int> findTag(const std::string& name);

// A tag the core itself relies on (SC fences, scope tags), named once in namespace `tags` below. It is
// interned on first use, like any tag a front end adds, so the numbering stays in order of appearance.
class KnownTag {
 public:
  constexpr explicit KnownTag(std::string_view name) : name_(name) {}
  KnownTag(const KnownTag&) = delete;
  KnownTag& operator=(const KnownTag&) = delete;

  std::string_view name() const { return name_; }
  int id() const {
    int id = id_.load(std::memory_order_relaxed);
    if (id < 0) {
      id = internTag(std::string(name_));
      id_.store(id, std::memory_order_relaxed);
    }
    return id;
  }

 private:
  std::string_view name_;
  mutable std::atomic<int> id_{-1};
};

// The tags the core, the encoders and the checks test for. Front ends build tag sets from their own
// vocabularies; these are the names they must use for the concepts the core understands.
namespace tags {
// Init writes (every front end's common vocabulary: R W M F IW RMW _).
inline constinit KnownTag W{"W"};
inline constinit KnownTag M{"M"};
inline constinit KnownTag Visible{"_"};
inline constinit KnownTag IW{"IW"};
inline constinit KnownTag SC{"SC"};  // PTX fence.sc: ordered by sync_fence
// Events of an asynchronous operation (PTX cp.async*, tcgen05.*): performed outside program order, so
// local consistency does not order them with their thread's other accesses.
inline constinit KnownTag Asynchronous{"AOP"};
// PTX mbarrier operations: the values they read and write are barrier states (core/ir/Mbarrier.h).
inline constinit KnownTag Mbarrier{"MBAR"};
// Scope tags (PTX: CTA GPU SYS; Vulkan: SG WG QF DV), see eventScope in BaseRelations.h.
inline constinit KnownTag CTA{"CTA"};
inline constinit KnownTag GPU{"GPU"};
inline constinit KnownTag SYS{"SYS"};
inline constinit KnownTag SG{"SG"};
inline constinit KnownTag WG{"WG"};
inline constinit KnownTag QF{"QF"};
inline constinit KnownTag DV{"DV"};
}  // namespace tags

class TagSet {
 public:
  TagSet() = default;
  TagSet(std::initializer_list<const char*> names);
  TagSet(std::initializer_list<const KnownTag*> known);
  void add(const std::string& name);
  void add(int tag) { bits_.set(static_cast<size_t>(tag)); }
  void remove(const std::string& name);
  bool has(const std::string& name) const;
  bool has(int tag) const { return bits_.test(static_cast<size_t>(tag)); }
  bool has(const KnownTag& tag) const { return has(tag.id()); }
  TagSet& operator|=(const TagSet& other) {
    bits_ |= other.bits_;
    return *this;
  }
  std::vector<std::string> names() const;

 private:
  std::bitset<kMaxTags> bits_;
};

// The process-wide tag dictionary (thread-safe); internTag is declared above.
const std::string& tagName(int tag);

}  // namespace catcheck::core
