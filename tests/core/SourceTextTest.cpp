// UTF-8 validation of input text: well-formed text of every sequence length passes; each kind of
// malformed sequence is reported at the line and column of the character it starts.
#include <gtest/gtest.h>

#include "core/ir/SourceLocation.h"
#include "core/ir/SourceText.h"

namespace catcheck::core {
namespace {

std::string problem(const std::string& text) {
  try {
    requireUtf8(text, "t.txt");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(SourceText, WellFormedTextOfEveryLengthPasses) {
  EXPECT_EQ(problem(""), "");
  EXPECT_EQ(problem("let x = po\n"), "");
  EXPECT_EQ(problem("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf"), "");  // é € 😀 U+10FFFF
}

TEST(SourceText, BadBytesAreReportedWhereTheirCharacterStarts) {
  EXPECT_EQ(problem("ab\ncd\xff"), "t.txt:2:3: error: the file is not valid UTF-8 (byte 0xff)");
  EXPECT_EQ(problem("\xc3\xa9x\x80"), "t.txt:1:3: error: the file is not valid UTF-8 (byte 0x80)");
}

TEST(SourceText, OverlongSurrogateTooLargeAndTruncatedSequencesAreRejected) {
  EXPECT_EQ(problem("\xc0\x80"), "t.txt:1:1: error: the file is not valid UTF-8 (byte 0xc0)");
  EXPECT_EQ(problem("\xe0\x80\x80"), "t.txt:1:1: error: the file is not valid UTF-8 (bytes 0xe0 0x80)");
  EXPECT_EQ(problem("\xed\xa0\x80"), "t.txt:1:1: error: the file is not valid UTF-8 (bytes 0xed 0xa0)");
  EXPECT_EQ(problem("\xf4\x90\x80\x80"), "t.txt:1:1: error: the file is not valid UTF-8 (bytes 0xf4 0x90)");
  EXPECT_EQ(problem("x\xe2\x82"), "t.txt:1:2: error: the file is not valid UTF-8 (bytes 0xe2 0x82)");
}

// An error is one line, however much input its message quotes.
TEST(InputErrorMessage, IsOneLineOfBoundedLength) {
  InputError quoted({"t.spvasm", 3, 7}, "found '\" = OpNop\n  OpReturn\t\x01'");
  EXPECT_STREQ(quoted.what(), "t.spvasm:3:7: error: found '\" = OpNop\\n  OpReturn \\x01'");
  std::string message = InputError({"t", 1, 1}, std::string(1000, 'a')).what();
  EXPECT_EQ(message, "t:1:1: error: " + std::string(300, 'a') + "...");
  std::string euros;  // "€" is 3 bytes: the cut at 300 bytes falls after the 100th, a whole one
  for (int i = 0; i < 200; ++i) euros += "\xe2\x82\xac";
  EXPECT_EQ(std::string(InputError({"t", 1, 1}, euros).what()),
            "t:1:1: error: " + euros.substr(0, 300) + "...");
  std::string shifted = "a" + euros;  // now the cut falls inside the 100th: it is dropped whole
  EXPECT_EQ(std::string(InputError({"t", 1, 1}, shifted).what()),
            "t:1:1: error: " + shifted.substr(0, 298) + "...");
}

}  // namespace
}  // namespace catcheck::core
