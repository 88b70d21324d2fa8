// Looking a tag up by name never interns it (issue 13: "the 129th tag"): a `.cat` model may name any number
// of sets no front end uses, and each is simply empty.
#include <gtest/gtest.h>

#include "core/ir/Tags.h"

namespace catcheck::core {
namespace {

TEST(TagLookup, AskingForUnknownTagsDoesNotUseUpTagNumbers) {
  TagSet none;
  for (int i = 0; i < 2 * kMaxTags; ++i) {
    std::string name = "NoFrontEndUsesThis" + std::to_string(i);
    EXPECT_FALSE(none.has(name));
    EXPECT_EQ(findTag(name), std::nullopt);
  }
  int w = internTag("W");
  EXPECT_EQ(findTag("W"), w);
}

}  // namespace
}  // namespace catcheck::core
