// Qualifier lists of Vulkan memory instructions (docs/semantics.md 4.2) and the tags they give (section 5).
// The grammar accepts any words after ld / st / rmw / membar / cbar; here each word gets its kind, the kinds
// must come in the order the forms write them (atom; the memory order, or a plain access's nonpriv / av /
// vis; scope; storage class; semantics storage classes; semav; semvis; operation), and the list must fit the
// instruction's form: plain and atomic accesses, rmw.atom, membar, cbar. Each mistake is reported at the word
// with the rule it breaks. acq_rel is both an acquire and a release, as in Dat3M's compilation.
#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>

#include "frontends/VulkanInstructions.h"

namespace catcheck::frontends::vulkan {
namespace {

enum class Kind { Atom, Order, Marker, Scope, StorageClass, Semantics, SemAv, SemVis, Operation };

const std::map<std::string, Kind>& vocabulary() {
  static const std::map<std::string, Kind> words = {
      {"atom", Kind::Atom},        {"acq", Kind::Order},        {"rel", Kind::Order},
      {"acq_rel", Kind::Order},    {"nonpriv", Kind::Marker},   {"av", Kind::Marker},
      {"vis", Kind::Marker},       {"sg", Kind::Scope},         {"wg", Kind::Scope},
      {"qf", Kind::Scope},         {"dv", Kind::Scope},         {"sc0", Kind::StorageClass},
      {"sc1", Kind::StorageClass}, {"sc2", Kind::StorageClass}, {"sc3", Kind::StorageClass},
      {"semsc0", Kind::Semantics}, {"semsc1", Kind::Semantics}, {"semsc2", Kind::Semantics},
      {"semsc3", Kind::Semantics}, {"semav", Kind::SemAv},      {"semvis", Kind::SemVis},
      {"add", Kind::Operation},    {"sub", Kind::Operation},    {"mul", Kind::Operation},
      {"div", Kind::Operation},    {"and", Kind::Operation},    {"or", Kind::Operation},
      {"xor", Kind::Operation},
  };
  return words;
}

// Where a kind stands in a qualifier list; the memory order and the plain access marker share a place.
int rank(Kind kind) {
  static const std::map<Kind, int> ranks = {
      {Kind::Atom, 0},  {Kind::Order, 1},        {Kind::Marker, 1},
      {Kind::Scope, 2}, {Kind::StorageClass, 3}, {Kind::Semantics, 4},
      {Kind::SemAv, 5}, {Kind::SemVis, 6},       {Kind::Operation, 7},
  };
  return ranks.at(kind);
}

// What one instruction form accepts. Plain accesses take a scope only with their `scopedMarker` (ld.vis,
// st.av); every other form needs one.
struct Form {
  std::set<Kind> allowed = {};
  std::vector<std::string> orders = {};
  std::string scopedMarker = {};
  bool needsOrder = false;
  bool needsStorageClass = false;
};

const std::map<std::string, Form>& forms() {
  using K = Kind;
  const std::set<Kind> plain = {K::Marker, K::Scope, K::StorageClass};
  const std::set<Kind> atomic = {K::Atom, K::Order, K::Scope, K::StorageClass, K::Semantics};
  const std::set<Kind> barrier = {K::Order, K::Scope, K::Semantics, K::SemAv, K::SemVis};
  const std::vector<std::string> all = {"acq", "rel", "acq_rel"};
  auto with = [](std::set<Kind> kinds, std::initializer_list<Kind> more) {
    kinds.insert(more);
    return kinds;
  };
  static const std::map<std::string, Form> table = {
      {"ld", {.allowed = plain, .scopedMarker = "vis", .needsStorageClass = true}},
      {"st", {.allowed = plain, .scopedMarker = "av", .needsStorageClass = true}},
      {"ld.atom", {.allowed = with(atomic, {K::SemVis}), .orders = {"acq"}, .needsStorageClass = true}},
      {"st.atom", {.allowed = with(atomic, {K::SemAv}), .orders = {"rel"}, .needsStorageClass = true}},
      {"rmw.atom",
       {.allowed = with(atomic, {K::SemAv, K::SemVis, K::Operation}),
        .orders = all,
        .needsStorageClass = true}},
      {"membar", {.allowed = barrier, .orders = all, .needsOrder = true}},
      {"cbar", {.allowed = barrier, .orders = all}},
  };
  return table;
}

std::string quoted(const antlr4::Token* word) {
  return "'." + word->getText() + "'";
}

// ".a, .b or .c"
std::string alternatives(const std::vector<std::string>& words) {
  std::string result;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i > 0) result += i + 1 == words.size() ? " or " : ", ";
    result += "." + words[i];
  }
  return result;
}

std::vector<std::string> ordersWhere(const Form& form, bool (*keep)(const std::string&)) {
  std::vector<std::string> result;
  std::copy_if(form.orders.begin(), form.orders.end(), std::back_inserter(result), keep);
  return result;
}

class QualifierReader {
 public:
  QualifierReader(const LitmusCell& cell, antlr4::Token* mnemonic) : cell_(cell), mnemonic_(mnemonic) {
    q_.mnemonic = mnemonic->getText();
  }

  Qualifiers read(const std::vector<Parser::QualifierContext*>& qualifiers) {
    for (Parser::QualifierContext* qualifier : qualifiers) add(qualifier->word);
    const Form& form = formOf();
    for (Parser::QualifierContext* qualifier : qualifiers) checkAllowed(form, qualifier->word);
    checkOrder(form);
    checkScope(form);
    if (form.needsStorageClass && q_.storageClass == nullptr) {
      fail(mnemonic_, written() + " needs a storage class (.sc0, .sc1, .sc2 or .sc3)");
    }
    checkSemantics(form);
    return q_;
  }

 private:
  Kind classify(const antlr4::Token* word) const {
    std::string text = word->getText();
    auto it = vocabulary().find(text);
    if (it != vocabulary().end()) return it->second;
    static const std::regex storageClass("(sem)?sc[0-9]+");
    if (!std::regex_match(text, storageClass)) {
      fail(word, "unknown qualifier " + quoted(word) + " on " + q_.mnemonic);
    }
    if (text.rfind("sem", 0) == 0) {
      fail(word,
           "unknown semantics storage class " + quoted(word) + " (use .semsc0, .semsc1, .semsc2 or .semsc3)");
    }
    fail(word, "unknown storage class " + quoted(word) + " (use .sc0, .sc1, .sc2 or .sc3)");
  }

  void add(antlr4::Token* word) {
    Kind kind = classify(word);
    if (previous_ != nullptr && rank(kind) < rank(previousKind_)) {
      fail(word, quoted(word) + " must come before " + quoted(previous_));
    }
    previous_ = word;
    previousKind_ = kind;
    if (kind == Kind::Semantics) {
      for (const antlr4::Token* seen : q_.semantics) {
        if (seen->getText() == word->getText()) fail(word, quoted(word) + " is repeated");
      }
      q_.semantics.push_back(word);
      return;
    }
    antlr4::Token*& place = slot(kind);
    if (place != nullptr && place->getText() == word->getText()) fail(word, quoted(word) + " is repeated");
    if (place != nullptr) fail(word, quoted(word) + " conflicts with " + quoted(place));
    place = word;
  }

  antlr4::Token*& slot(Kind kind) {
    static const std::map<Kind, antlr4::Token* Qualifiers::*> slots = {
        {Kind::Atom, &Qualifiers::atom},
        {Kind::Order, &Qualifiers::order},
        {Kind::Marker, &Qualifiers::marker},
        {Kind::Scope, &Qualifiers::scope},
        {Kind::StorageClass, &Qualifiers::storageClass},
        {Kind::SemAv, &Qualifiers::semAv},
        {Kind::SemVis, &Qualifiers::semVis},
        {Kind::Operation, &Qualifiers::operation},
    };
    return q_.*slots.at(kind);
  }

  const Form& formOf() {
    formName_ = q_.mnemonic + (q_.atom != nullptr ? ".atom" : "");
    auto it = forms().find(formName_);
    if (it != forms().end()) return it->second;
    if (q_.atom == nullptr) fail(mnemonic_, q_.mnemonic + " needs .atom");
    fail(q_.atom, "'.atom' is not allowed on " + q_.mnemonic);
  }

  void checkAllowed(const Form& form, const antlr4::Token* word) const {
    if (form.allowed.count(classify(word)) == 0) fail(word, quoted(word) + " is not allowed on " + formName_);
  }

  void checkOrder(const Form& form) const {
    if (form.needsOrder && q_.order == nullptr) {
      fail(mnemonic_, formName_ + " needs a memory order (" + alternatives(form.orders) + ")");
    }
    const std::vector<std::string>& orders = form.orders;
    if (q_.order != nullptr && std::find(orders.begin(), orders.end(), q_.order->getText()) == orders.end()) {
      fail(q_.order, "memory order " + quoted(q_.order) + " is not allowed on " + formName_ + " (use " +
                         alternatives(orders) + ")");
    }
    if (q_.marker != nullptr && q_.marker->getText() != "nonpriv" &&
        q_.marker->getText() != form.scopedMarker) {
      fail(q_.marker, quoted(q_.marker) + " is not allowed on " + formName_ + " (use " +
                          alternatives({"nonpriv", form.scopedMarker}) + ")");
    }
  }

  void checkScope(const Form& form) const {
    bool needed =
        form.scopedMarker.empty() || (q_.marker != nullptr && q_.marker->getText() == form.scopedMarker);
    if (needed && q_.scope == nullptr) fail(mnemonic_, written() + " needs a scope (.sg, .wg, .qf or .dv)");
    if (!needed && q_.scope != nullptr) {
      fail(q_.scope, quoted(q_.scope) + " is not allowed on " + written() + " (only " + formName_ + "." +
                         form.scopedMarker + " takes a scope)");
    }
  }

  void checkSemantics(const Form& form) const {
    if (q_.order != nullptr && q_.semantics.empty()) {
      fail(mnemonic_, written() + " needs a semantics storage class (.semsc0, .semsc1, .semsc2 or .semsc3)");
    }
    if (q_.order == nullptr && !q_.semantics.empty()) {
      fail(q_.semantics.front(),
           quoted(q_.semantics.front()) + " needs a memory order (" + alternatives(form.orders) + ")");
    }
    if (q_.semAv != nullptr && !q_.releases()) {
      auto releasing = [](const std::string& order) { return order != "acq"; };
      fail(q_.semAv, "'.semav' needs a release order (" + alternatives(ordersWhere(form, releasing)) + ")");
    }
    if (q_.semVis != nullptr && !q_.acquires()) {
      auto acquiring = [](const std::string& order) { return order != "rel"; };
      fail(q_.semVis,
           "'.semvis' needs an acquire order (" + alternatives(ordersWhere(form, acquiring)) + ")");
    }
  }

  // The instruction as written up to its memory order or access marker: `ld.vis`, `ld.atom.acq`, `cbar`.
  std::string written() const {
    std::string text = formName_;
    if (q_.order != nullptr) text += "." + q_.order->getText();
    if (q_.marker != nullptr) text += "." + q_.marker->getText();
    return text;
  }

  [[noreturn]] void fail(const antlr4::Token* where, const std::string& message) const {
    cell_.fail(where, message);
  }

  const LitmusCell& cell_;
  antlr4::Token* mnemonic_;
  antlr4::Token* previous_ = nullptr;  // the last qualifier read, and its kind
  Kind previousKind_ = Kind::Atom;
  std::string formName_;
  Qualifiers q_;
};

// The tag of a qualifier word: its name in capitals (wg -> WG, sc0 -> SC0, semav -> SEMAV).
std::string tagOf(const antlr4::Token* word) {
  std::string tag = word->getText();
  std::transform(tag.begin(), tag.end(), tag.begin(), [](unsigned char c) { return std::toupper(c); });
  return tag;
}

void addSemanticsTags(const Qualifiers& q, core::TagSet& tags) {
  for (const antlr4::Token* semantics : q.semantics) tags.add(tagOf(semantics));
}

}  // namespace

Qualifiers readQualifiers(const LitmusCell& cell, antlr4::Token* mnemonic,
                          const std::vector<Parser::QualifierContext*>& qualifiers) {
  return QualifierReader(cell, mnemonic).read(qualifiers);
}

void addLocationTags(const Qualifiers& q, core::TagSet& tags) {
  if (q.scope != nullptr) tags.add(tagOf(q.scope));
  if (q.storageClass != nullptr) tags.add(tagOf(q.storageClass));
}

void addMarkerTags(const Qualifiers& q, core::TagSet& tags) {
  if (q.marker == nullptr) return;
  tags.add("NONPRIV");
  if (q.marker->getText() != "nonpriv") tags.add(tagOf(q.marker));
}

void addAcquireTags(const Qualifiers& q, core::TagSet& tags) {
  if (!q.acquires()) return;
  tags.add("ACQ");
  addSemanticsTags(q, tags);
  if (q.semVis != nullptr) tags.add("SEMVIS");
}

void addReleaseTags(const Qualifiers& q, core::TagSet& tags) {
  if (!q.releases()) return;
  tags.add("REL");
  addSemanticsTags(q, tags);
  if (q.semAv != nullptr) tags.add("SEMAV");
}

}  // namespace catcheck::frontends::vulkan
