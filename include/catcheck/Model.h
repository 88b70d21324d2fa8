// Memory models: a `.cat` file (or text) elaborated over catcheck's standard library. A Model is an opaque,
// immutable handle: copies share the same loaded model and may be used from several threads.
#pragma once

#include <memory>
#include <string>

#include "catcheck/Export.h"

namespace catcheck {

namespace detail {
struct Access;
}

class CATCHECK_API Model {
 public:
  // The model's name: the file name without `.cat`, or the source name given with the text.
  const std::string& name() const;

  struct Impl;

 private:
  friend struct detail::Access;
  explicit Model(std::shared_ptr<const Impl> impl);
  std::shared_ptr<const Impl> impl_;
};

// Reads a `.cat` model. `include "f"` looks next to the file, then in modelsDirectory().
// Throws InputError (file, line, column) on bad input or a file that cannot be read.
CATCHECK_API Model loadModelFile(const std::string& path);

// Reads model text; `sourceName` appears in error messages. Includes resolve against the current
// directory, then modelsDirectory(). Throws InputError.
CATCHECK_API Model loadModelText(const std::string& text, const std::string& sourceName = "<string>");

// Where catcheck's own models live (ptx-v7.5.cat, vulkan.cat, stdlib.cat, ...): share/catcheck/models of
// the installation, the source tree's models/ in a build tree, or $CATCHECK_MODELS_DIR when set.
CATCHECK_API std::string modelsDirectory();

}  // namespace catcheck
