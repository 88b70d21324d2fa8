// UTF-8 validation with positions (RFC 3629 §4): a lead byte gives the sequence length and the range of the
// second byte (which rules out overlong forms, surrogates and code points past U+10FFFF); every later
// byte is 10xxxxxx. Columns count characters, as the parsers' columns do.
#include "core/ir/SourceText.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>

#include "core/ir/SourceLocation.h"

namespace catcheck::core {
namespace {

struct LeadByte {
  int length = 0;  // 0: not a lead byte
  unsigned char secondMin = 0x80, secondMax = 0xBF;
};

LeadByte leadByte(unsigned char c) {
  if (c < 0x80) return {1};
  if (c >= 0xC2 && c <= 0xDF) return {2};
  if (c == 0xE0) return {3, 0xA0, 0xBF};
  if (c == 0xED) return {3, 0x80, 0x9F};
  if (c >= 0xE1 && c <= 0xEF) return {3};
  if (c == 0xF0) return {4, 0x90, 0xBF};
  if (c >= 0xF1 && c <= 0xF3) return {4};
  if (c == 0xF4) return {4, 0x80, 0x8F};
  return {};
}

// The length of the well-formed sequence at `i`, or 0; `bad` is then the offending byte's index.
int sequenceAt(const std::string& text, size_t i, size_t& bad) {
  LeadByte lead = leadByte(static_cast<unsigned char>(text[i]));
  bad = i;
  if (lead.length == 0) return 0;
  for (int k = 1; k < lead.length; ++k) {
    bad = i + static_cast<size_t>(k);
    if (bad >= text.size()) return 0;
    auto c = static_cast<unsigned char>(text[bad]);
    unsigned char low = k == 1 ? lead.secondMin : 0x80, high = k == 1 ? lead.secondMax : 0xBF;
    if (c < low || c > high) return 0;
  }
  return lead.length;
}

// The bytes of the ill-formed sequence at `i` up to the offending one `bad` (a lead byte alone when the
// file ends inside its sequence): "byte 0xff", "bytes 0xe9 0x20".
std::string badBytes(const std::string& text, size_t i, size_t bad) {
  size_t end = std::min(bad + 1, text.size());
  std::string listed;
  for (size_t k = i; k < end; ++k) listed += fmt::format(" 0x{:02x}", static_cast<unsigned char>(text[k]));
  return (end - i == 1 ? "byte" : "bytes") + listed;
}

// Why a file cannot be read, in our words for the common cases and the C library's otherwise.
std::string reasonFor(int error) {
  if (error == ENOENT) return "no such file";
  if (error == EISDIR) return "it is a directory";
  if (error == EACCES) return "permission denied";
  if (error == ELOOP) return "too many levels of symbolic links";
  return std::strerror(error);
}

}  // namespace

void requireShallowNesting(const std::string& text, const std::string& sourceName) {
  SourceLocation where{sourceName, 1, 1};
  int depth = 0, negations = 0;
  for (char c : text) {
    if (c == '(' || c == '[' || c == '{') ++depth;
    if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
    negations = c == '~' ? negations + 1 : std::isspace(static_cast<unsigned char>(c)) ? negations : 0;
    if (depth > kMaxBracketNesting)
      throw InputError(where, fmt::format("brackets nested deeper than {} levels", kMaxBracketNesting));
    if (negations > kMaxBracketNesting)
      throw InputError(where, fmt::format("more than {} negations `~` in a row", kMaxBracketNesting));
    bool newline = c == '\n';
    where.line += newline ? 1 : 0;
    // Columns count characters: UTF-8 continuation bytes do not start one.
    where.column = newline                                          ? 1
                   : (static_cast<unsigned char>(c) & 0xC0) == 0x80 ? where.column
                                                                    : where.column + 1;
  }
}

std::string printable(const std::string& text) {
  std::string result;
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if (c == '\n' || c == '\r' || c == '\t')
      result += c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t";
    else if (byte < 0x20 || byte == 0x7f)
      result += fmt::format("\\x{:02x}", byte);
    else
      result += c;
  }
  return result;
}

std::string readInputFile(const std::string& path, const std::string& what) {
  auto fail = [&](int error) { return InputError({path, 1, 1}, what + ": " + reasonFor(error)); };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw fail(errno);
  struct stat info {};
  if (::fstat(fd, &info) != 0 || S_ISDIR(info.st_mode)) {
    int error = S_ISDIR(info.st_mode) ? EISDIR : errno;
    ::close(fd);
    throw fail(error);
  }
  std::string text;
  char buffer[65536];
  for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int error = errno;
      ::close(fd);
      throw fail(error);
    }
    text.append(buffer, static_cast<size_t>(n));
  }
  ::close(fd);
  return text;
}

void requireUtf8(const std::string& text, const std::string& sourceName) {
  SourceLocation where{sourceName, 1, 1};
  for (size_t i = 0; i < text.size();) {
    size_t bad = i;
    int length = sequenceAt(text, i, bad);
    if (length == 0) {
      throw InputError(where, "the file is not valid UTF-8 (" + badBytes(text, i, bad) + ")");
    }
    if (text[i] == '\n') {
      ++where.line;
      where.column = 1;
    } else {
      ++where.column;
    }
    i += static_cast<size_t>(length);
  }
}

}  // namespace catcheck::core
