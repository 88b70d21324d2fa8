// Forward progress over the scope tree (docs/semantics.md §7.6, after Dat3M's ForwardProgressEncoder). The
// tree is the program's target hierarchy (Target.h: root > SYS > GPU > CTA > threads for PTX, root > DV > QF
// > WG > SG > threads for Vulkan), children grouped by scope id within their parent. Every node has three
// variables: it has progress, it is schedulable (some thread in it started-or-not, not terminated, not
// blocked: a spinning thread stays schedulable), it was scheduled once (some thread in it started). The root
// has progress; a schedulable group with progress passes it to at least one schedulable child; the group's
// progress model adds obligations: FAIR all children, HSA the lowest-id schedulable one (and those before
// it), OBE every child that started, HSA_OBE both, LOBE every child with a started sibling of higher or equal
// id, UNFAIR nothing. A thread with progress starts and keeps stepping (ProgramEncoder.cpp).
#include <map>
#include <memory>

#include "encoders/EncodingContext.h"

namespace catcheck::encoders {
namespace {

struct TreeNode {
  core::ScopeLevel level;  // the scope this group stands for (not for the root)
  int id = 0;
  int thread = -1;  // leaves
  std::vector<std::unique_ptr<TreeNode>> children;
  Term progress = -1, schedulable = -1, scheduledOnce = -1;
};

void insert(TreeNode& node, const core::Thread& thread, int threadIndex, size_t depth) {
  if (depth == thread.scopes.size()) {
    auto leaf = std::make_unique<TreeNode>();
    leaf->id = threadIndex;
    leaf->thread = threadIndex;
    node.children.push_back(std::move(leaf));
    return;
  }
  const core::ScopePosition& position = thread.scopes[depth];
  for (auto& child : node.children) {
    if (child->thread < 0 && child->id == position.id) return insert(*child, thread, threadIndex, depth + 1);
  }
  auto group = std::make_unique<TreeNode>();
  group->id = position.id;
  group->level = position.level;
  insert(*group, thread, threadIndex, depth + 1);
  node.children.push_back(std::move(group));
}

class ProgressEncoder {
 public:
  ProgressEncoder(EncodingContext& ctx, const core::ProgressSpec& spec) : ctx_(ctx), f_(ctx.f), spec_(spec) {}

  void encode() {
    TreeNode root;
    const auto& threads = ctx_.graph.program->threads;
    for (size_t t = 0; t < threads.size(); ++t) insert(root, threads[t], static_cast<int>(t), 0);
    declare(root, "root");
    f_.require(root.progress);
    constrain(root, true);
  }

 private:
  void declare(TreeNode& node, const std::string& name) {
    if (node.thread >= 0) {
      const ThreadEncoding& t = ctx_.threads[static_cast<size_t>(node.thread)];
      node.progress = t.hasProgress;
      node.scheduledOnce = t.started;
      node.schedulable = f_.no(f_.either(t.terminated, t.blocked));
      f_.require(f_.implies(t.hasProgress, t.started));
      return;
    }
    node.progress = f_.boolVar(name + "_progress");
    node.schedulable = f_.boolVar(name + "_schedulable");
    node.scheduledOnce = f_.boolVar(name + "_scheduled");
    for (auto& child : node.children) {
      declare(*child, name + "." + std::to_string(child->id));
      f_.require(f_.implies(child->progress, node.progress));
      f_.require(f_.implies(child->schedulable, node.schedulable));
      f_.require(f_.implies(child->scheduledOnce, node.scheduledOnce));
    }
  }

  void constrain(TreeNode& node, bool isRoot) {
    if (node.thread >= 0) return;
    std::sort(node.children.begin(), node.children.end(),
              [](const auto& a, const auto& b) { return a->id < b->id; });
    std::vector<Term> someChild;
    for (auto& child : node.children) someChild.push_back(f_.both(child->progress, child->schedulable));
    f_.require(f_.implies(f_.both(node.progress, node.schedulable), f_.any(someChild)));
    core::ProgressModel model = isRoot ? spec_.defaultModel : spec_.at(node.level);
    for (size_t i = 0; i < node.children.size(); ++i) {
      for (Term condition : obligations(model, node, i)) {
        f_.require(f_.implies(f_.both(node.progress, condition), node.children[i]->progress));
      }
      constrain(*node.children[i], false);
    }
  }

  // Conditions under which child i of a group with progress must have progress.
  std::vector<Term> obligations(core::ProgressModel model, const TreeNode& node, size_t i) {
    const auto& children = node.children;
    std::vector<Term> result;
    bool hsa = model == core::ProgressModel::Hsa || model == core::ProgressModel::HsaObe;
    bool obe = model == core::ProgressModel::Obe || model == core::ProgressModel::HsaObe;
    if (model == core::ProgressModel::Fair) result.push_back(f_.top());
    if (hsa) {
      std::vector<Term> noLowerSchedulable;
      for (size_t j = 0; j < i; ++j) noLowerSchedulable.push_back(f_.no(children[j]->schedulable));
      result.push_back(f_.all(noLowerSchedulable));
    }
    if (obe) result.push_back(children[i]->scheduledOnce);
    if (model == core::ProgressModel::Lobe) {
      std::vector<Term> higherStarted;
      for (size_t j = i; j < children.size(); ++j) higherStarted.push_back(children[j]->scheduledOnce);
      result.push_back(f_.any(higherStarted));
    }
    return result;
  }

  EncodingContext& ctx_;
  Formula& f_;
  const core::ProgressSpec& spec_;
};

}  // namespace

void encodeProgress(EncodingContext& ctx, const core::ProgressSpec& progress) {
  if (ctx.allThreadsStart) return;  // uniform FAIR: every thread already starts and has progress
  ProgressEncoder(ctx, progress).encode();
}

}  // namespace catcheck::encoders
