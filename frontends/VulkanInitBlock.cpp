// The init block and the ssw block of a Vulkan litmus test (docs/semantics.md 3.3, 4.2). Locations and
// register values are as in every dialect; `y aliases x` is a generic alias: the same physical object as x,
// with a generic address of its own (like PTX `@ generic aliases`). `{ ssw Pi Pj; ... }` declares that thread
// i system-synchronizes-with thread j: every visible event of i happens before every visible event of j. The
// suite writes the threads as bare numbers (`ssw 0 1`); `P0` is accepted too.
#include "frontends/LitmusInitBlock.h"
#include "frontends/LitmusSupport.h"
#include "frontends/VulkanLitmus.h"

namespace catcheck::frontends::vulkan {

void readInitBlock(core::Program& program, const std::string& file, Parser::InitBlockContext* ctx) {
  readInitItems<Parser>(program, file, ctx, [](Parser::AliasInitContext*) { return true; });
}

void readSswBlock(core::Program& program, const std::string& file, Parser::SswBlockContext* ctx) {
  for (Parser::SswItemContext* item : ctx->sswItem()) {
    int from = threadIndex(program, file, item->from);
    int to = threadIndex(program, file, item->to);
    if (from == to) {
      throw core::InputError(locationOf(file, item->getStart()),
                             "ssw relates " + program.threads[static_cast<size_t>(from)].name + " to itself");
    }
    program.systemSynchronizesWith.emplace_back(from, to);
  }
}

}  // namespace catcheck::frontends::vulkan
