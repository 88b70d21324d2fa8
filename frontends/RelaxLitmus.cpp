// Relaxations of litmus instructions (docs/semantics.md §4.1, §4.2), as rewrites of the instruction's
// mnemonic: the words before the first space, separated by dots. In the order they are tried:
//  * removal of a fence or a control barrier (the table cell becomes empty);
//  * the memory order weakened one step. PTX: fence.sc -> fence.acq_rel; ld.acquire -> ld.relaxed -> ld.weak
//    and st.release -> st.relaxed -> st.weak (weak takes no scope); atom / red acq_rel -> acquire, then
//    release, and acquire / release -> relaxed. Vulkan: acq_rel -> acq (dropping .semav), then rel (dropping
//    .semvis); an atomic's acq / rel -> relaxed (`.atom.<scope>.<sc>`, without semantics qualifiers); a
//    control barrier's acq / rel -> no semantics (`cbar.<scope>`). A membar always has an order: removing it
//    is its weakest form. A Vulkan non-atomic access is a different instruction, not a weaker order: atomics
//    stop at relaxed;
//  * the scope narrowed one step. PTX sys -> gpu -> cta and cluster -> cta; Vulkan dv -> qf -> wg -> sg (also
//    the scope of `ld.vis` / `st.av`).
// PTX mbarrier operations weaken too (arrive: release -> relaxed; try_wait / wait: acquire -> relaxed), and
// tcgen05.fence.* is removed like a fence. Jointly, once no point relaxes alone: every `bar.cta.sync N` of
// one barrier N becomes `bar.warp.sync MASK` when the threads that execute them are lanes of one warp (MASK:
// those lanes), the scope of a barrier narrowed from the CTA to the warp.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "core/ir/Warps.h"
#include "frontends/Relaxation.h"
#include "frontends/ptx/PtxVocabulary.h"

namespace catcheck::frontends {
namespace {

// The instruction split into its mnemonic words and the operands after the first space.
struct Mnemonic {
  std::vector<std::string> words;
  std::string operands;  // with its leading space, or ""

  static Mnemonic of(const std::string& text) {
    size_t space = text.find_first_of(" \t");
    Mnemonic m;
    m.words = splitWords(text.substr(0, space), '.');
    if (space != std::string::npos) m.operands = text.substr(space);
    return m;
  }
  std::string text() const { return joinWords(words, '.') + operands; }
  int find(const std::string& word) const {
    auto it = std::find(words.begin(), words.end(), word);
    return it == words.end() ? -1 : static_cast<int>(it - words.begin());
  }
  bool has(const std::string& word) const { return find(word) >= 0; }
  void replace(const std::string& from, const std::string& to) {
    for (std::string& w : words) {
      if (w == from) w = to;
    }
  }
  void remove(const std::string& word) { std::erase(words, word); }
};

Relaxation edited(const std::string& step, const Mnemonic& m) {
  return {step, m.text()};
}

// The first word of `words` present in `m`, or "".
std::string firstOf(const Mnemonic& m, std::initializer_list<const char*> words) {
  for (const char* w : words) {
    if (m.has(w)) return w;
  }
  return "";
}

void narrowScope(const Mnemonic& m, const std::vector<std::string>& outerToInner,
                 std::vector<Relaxation>& out) {
  for (size_t i = 0; i + 1 < outerToInner.size(); ++i) {
    if (!m.has(outerToInner[i])) continue;
    Mnemonic narrowed = m;
    narrowed.replace(outerToInner[i], outerToInner[i + 1]);
    out.push_back(edited(outerToInner[i] + " -> " + outerToInner[i + 1], narrowed));
    return;
  }
}

// ---- PTX ----

const std::vector<std::string> kPtxScopes = {"sys", "gpu", "cta"};

void weakenPtxAccess(const Mnemonic& m, const std::string& strong, std::vector<Relaxation>& out) {
  Mnemonic weaker = m;
  if (m.has(strong)) {
    weaker.replace(strong, "relaxed");
    out.push_back(edited(strong + " -> relaxed", weaker));
  } else if (m.has("relaxed")) {
    weaker.replace("relaxed", "weak");
    for (const std::string& scope : ptx::scopeQualifiers()) weaker.remove(scope);  // .weak takes none
    out.push_back(edited("relaxed -> weak", weaker));
  }
}

void weakenPtxAtomic(const Mnemonic& m, std::vector<Relaxation>& out) {
  if (m.has("acq_rel")) {
    for (const char* to : {"acquire", "release"}) {
      Mnemonic weaker = m;
      weaker.replace("acq_rel", to);
      out.push_back(edited(std::string("acq_rel -> ") + to, weaker));
    }
    return;
  }
  std::string order = firstOf(m, {"acquire", "release"});
  if (order.empty()) return;
  Mnemonic weaker = m;
  weaker.replace(order, "relaxed");
  out.push_back(edited(order + " -> relaxed", weaker));
}

// mbarrier operations (issue 10): arrive (release by default) -> relaxed; try_wait / wait (acquire by
// default) -> relaxed. A default order is spelled out when it is weakened, after the operation's words.
void weakenMbarrier(const Mnemonic& m, std::vector<Relaxation>& out) {
  bool arrive = m.words.size() > 1 && m.words[1] == "arrive";
  bool wait = m.has("parity");
  if (!arrive && !wait) return;
  std::string order = arrive ? "release" : "acquire";
  if (m.has("relaxed")) return;
  Mnemonic weaker = m;
  if (m.has(order)) {
    weaker.replace(order, "relaxed");
  } else {
    int after = wait ? m.find("parity") : std::max(m.find("arrive"), m.find("expect_tx"));
    weaker.words.insert(weaker.words.begin() + after + 1, "relaxed");
  }
  out.push_back(edited(order + " -> relaxed", weaker));
}

class PtxRelaxer : public Relaxer {
 public:
  using Relaxer::Relaxer;

  std::vector<Relaxation> relaxations(const SyncPoint&, const std::string& text) const override {
    std::vector<Relaxation> out;
    Mnemonic m = Mnemonic::of(text);
    const std::string& op = m.words[0];
    if (op == "fence" || op == "bar") out.push_back({"remove", ""});
    if (op == "fence" && m.has("sc")) {
      Mnemonic weaker = m;
      weaker.replace("sc", "acq_rel");
      out.push_back(edited("sc -> acq_rel", weaker));
    }
    if (op == "ld" || op == "tld" || op == "suld" || op == "cold") weakenPtxAccess(m, "acquire", out);
    if (op == "st" || op == "sust") weakenPtxAccess(m, "release", out);
    if (op == "atom" || op == "red") weakenPtxAtomic(m, out);
    if (op == "mbarrier") weakenMbarrier(m, out);
    if (op == "tcgen05" && m.has("fence")) out.push_back({"remove", ""});
    if (op != "bar") narrowScope(m, kPtxScopes, out);
    if (op != "bar") narrowScope(m, {"cluster", "cta"}, out);
    return out;
  }

  std::vector<JointRelaxation> jointRelaxations(const core::Program& program,
                                                const std::vector<SyncPoint>& points,
                                                const std::vector<std::string>& texts) const override {
    std::map<std::string, std::vector<size_t>> barriers;  // barrier number -> its `bar.cta.sync` points
    for (size_t i = 0; i < points.size(); ++i) {
      Mnemonic m = Mnemonic::of(texts[i]);
      bool plainCtaSync = m.words == std::vector<std::string>{"bar", "cta", "sync"} &&
                          m.operands.find(',') == std::string::npos;  // no resource id or quorum
      if (plainCtaSync) barriers[m.operands].push_back(i);
    }
    std::vector<JointRelaxation> out;
    core::WarpLayout layout = core::warpLayout(program);
    for (const auto& [number, members] : barriers) {
      std::optional<JointRelaxation> narrowed = ctaToWarpBarrier(layout, points, members);
      if (narrowed) out.push_back(*narrowed);
    }
    return out;
  }

  std::string orderText() const override {
    return "remove a fence or barrier; weaken the order one step (fence sc -> acq_rel; acquire / release -> "
           "relaxed -> weak; atom acq_rel -> acquire, release -> relaxed; mbarrier arrive release -> "
           "relaxed, "
           "wait acquire -> relaxed); narrow the scope one step (sys -> gpu -> cta, cluster -> cta); then, "
           "jointly, every bar.cta.sync of one barrier -> bar.warp.sync when its threads share a warp";
  }

 private:
  // The points of one CTA barrier as a warp barrier over their threads' lanes, when those threads (two or
  // more) are lanes of one warp.
  static std::optional<JointRelaxation> ctaToWarpBarrier(const core::WarpLayout& layout,
                                                         const std::vector<SyncPoint>& points,
                                                         const std::vector<size_t>& members) {
    std::vector<int> threads;
    for (size_t i : members)
      threads.insert(threads.end(), points[i].threads.begin(), points[i].threads.end());
    std::sort(threads.begin(), threads.end());
    threads.erase(std::unique(threads.begin(), threads.end()), threads.end());
    if (threads.size() < 2) return std::nullopt;
    long long mask = 0;
    for (int t : threads) {
      if (layout.warpOf.at(static_cast<size_t>(t)) != layout.warpOf.at(static_cast<size_t>(threads[0])))
        return std::nullopt;
      int lane = layout.laneOf.at(static_cast<size_t>(t));
      if (lane >= 63) return std::nullopt;  // not a mask of bar.warp.sync
      mask |= 1LL << lane;
    }
    JointRelaxation joint{"cta barrier -> warp barrier", members, {}};
    for (size_t i = 0; i < members.size(); ++i)
      joint.texts.push_back(fmt::format("bar.warp.sync {:#x}", mask));
    return joint;
  }
};

// ---- Vulkan ----

const std::vector<std::string> kVulkanScopes = {"dv", "qf", "wg", "sg"};

// Drops the order and every semantics qualifier (.semscN, .semav, .semvis).
Mnemonic withoutSemantics(const Mnemonic& m) {
  Mnemonic result = m;
  std::erase_if(result.words, [](const std::string& w) {
    return w == "acq" || w == "rel" || w == "acq_rel" || w.rfind("sem", 0) == 0;
  });
  return result;
}

void weakenVulkan(const Mnemonic& m, std::vector<Relaxation>& out) {
  const std::string& op = m.words[0];
  if (m.has("acq_rel")) {
    Mnemonic acquire = m, release = m;
    acquire.replace("acq_rel", "acq");
    acquire.remove("semav");
    release.replace("acq_rel", "rel");
    release.remove("semvis");
    out.push_back(edited("acq_rel -> acq", acquire));
    out.push_back(edited("acq_rel -> rel", release));
    return;
  }
  std::string order = firstOf(m, {"acq", "rel"});
  if (order.empty() || op == "membar") return;
  out.push_back(edited(order + (op == "cbar" ? " -> no semantics" : " -> relaxed"), withoutSemantics(m)));
}

class VulkanRelaxer : public Relaxer {
 public:
  using Relaxer::Relaxer;

  std::vector<Relaxation> relaxations(const SyncPoint&, const std::string& text) const override {
    std::vector<Relaxation> out;
    Mnemonic m = Mnemonic::of(text);
    const std::string& op = m.words[0];
    bool ordered = op == "membar" || op == "cbar" || m.has("atom");
    if (op == "membar" || op == "cbar") out.push_back({"remove", ""});
    if (ordered) weakenVulkan(m, out);
    if (ordered || m.has("vis") || m.has("av")) narrowScope(m, kVulkanScopes, out);
    return out;
  }

  std::string orderText() const override {
    return "remove a membar or cbar; weaken the order one step (acq_rel -> acq, rel; acq / rel -> relaxed "
           "atomic, or a cbar without semantics); narrow the scope one step (dv -> qf -> wg -> sg)";
  }
};

}  // namespace

std::unique_ptr<Relaxer> makePtxRelaxer(const std::string& source) {
  return std::make_unique<PtxRelaxer>(source);
}

std::unique_ptr<Relaxer> makeVulkanRelaxer(const std::string& source) {
  return std::make_unique<VulkanRelaxer>(source);
}

}  // namespace catcheck::frontends
