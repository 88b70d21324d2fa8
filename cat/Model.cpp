// The predefined base relation names of the `.cat` language (Dat3M's RelationNameRepository plus herd's
// `id`, `int`, `ext`). Every other name that no `let` binds denotes a tag set.
#include "cat/Model.h"

#include <set>

namespace catcheck::cat {

bool isBaseRelationName(const std::string& name) {
  static const std::set<std::string> names{
      "po",   "loc",  "vloc", "id",   "int",        "ext",     "co",      "rf",   "amo",
      "lxsx", "data", "addr", "ctrl", "casdep",     "si",      "sr",      "scta", "ssg",
      "swg",  "sqf",  "sdv",  "ssw",  "sync_fence", "syncbar", "rcu-rscs"};
  return names.contains(name);
}

}  // namespace catcheck::cat
