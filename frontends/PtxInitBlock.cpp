// The init block of a PTX litmus test (docs/semantics.md 3.3), read into the dialect-independent
// InitDeclarations (LitmusInitBlock.h). `y @ generic aliases x` is a second virtual address for x's bytes:
// same physical object, its own generic address. `s @ surface|texture|constant aliases x` reaches x's bytes
// through another proxy at x's generic address, so it shares both. Pointer-valued initialisers (`x = y`,
// `P0:r0 = &x`) are rejected: nothing in the suite uses them.
#include "frontends/LitmusInitBlock.h"
#include "frontends/PtxLitmus.h"

namespace catcheck::frontends::ptx {

void readInitBlock(core::Program& program, const std::string& file, Parser::InitBlockContext* ctx) {
  readInitItems<Parser>(program, file, ctx, [](Parser::AliasInitContext* alias) {
    return alias->proxyKind()->getText() == "generic";
  });
}

}  // namespace catcheck::frontends::ptx
