// Replays the bad-input corpus (tests/bad-input/<format>/): every `<input>.expected` file holds the one
// line catcheck must print on stderr for `<input>` - a `file:line:col: error: ...` message - and the run
// must exit 2 with nothing on stdout: no verdict, no crash, no hang (each run is killed after 60 s). The
// corpus is copied to a temporary folder first, so the inputs are named by relative paths (the messages
// do not depend on where the checkout is) and the cases that need a file system state git cannot hold
// (an unreadable file) get it there. A case whose input does not exist is the missing-file case.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "../suite/CatcheckProcess.h"

namespace catcheck::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kCorpus = fs::path(kSourceDir) / "tests" / "bad-input";
const std::string kModels = (fs::path(kSourceDir) / "models").string();

struct Case {
  std::string format;  // the folder: cat ptx kernel vulkan spirv manifest dat3m
  std::string input;   // the file name, relative to the folder
};

std::vector<Case> corpus() {
  std::vector<Case> cases;
  for (const fs::directory_entry& folder : fs::directory_iterator(kCorpus)) {
    if (!folder.is_directory()) continue;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder.path())) {
      std::string name = entry.path().filename().string();
      if (name.ends_with(".expected"))
        cases.push_back({folder.path().filename().string(), name.substr(0, name.size() - 9)});
    }
  }
  std::sort(cases.begin(), cases.end(),
            [](const Case& a, const Case& b) { return a.format + a.input < b.format + b.input; });
  return cases;
}

std::string readWhole(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string quoted(const std::string& text) {
  return "'" + text + "'";
}

// The command line that feeds `input` to the reader of its format.
std::string argumentsFor(const Case& c) {
  std::string input = quoted(c.input);
  if (c.format == "cat") return input + " " + quoted(kSourceDir + "/litmus/PTX/MP-release-acquire.litmus");
  if (c.format == "ptx") return quoted(kModels + "/ptx-v7.5.cat") + " " + input;
  if (c.format == "kernel")
    return quoted(kModels + "/ptx-v7.5.cat") + " " + input +
           " --property cat_spec --block 2 --arg 0=buffer:64 --arg 1=buffer:64";
  if (c.format == "vulkan" || c.format == "spirv") return quoted(kModels + "/vulkan.cat") + " " + input;
  if (c.format == "manifest") return "run --jobs 1 --models " + quoted(kModels) + " --manifest " + input;
  if (c.format == "dat3m")
    return "run --jobs 1 --root . --model " + quoted(kModels + "/ptx-v7.5.cat") + " --expected " + input;
  ADD_FAILURE() << "no command for the corpus folder " << c.format;
  return input;
}

// A copy of the corpus in a fresh temporary folder, made once per process and removed at its end.
struct WorkingCopy {
  fs::path dir;
  WorkingCopy() {
    char pattern[] = "/tmp/catcheck-bad-input-XXXXXX";
    dir = mkdtemp(pattern);
    fs::copy(kCorpus, dir, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
  }
  ~WorkingCopy() {
    std::error_code error;
    fs::remove_all(dir, error);
  }
};

const fs::path& workingCopy() {
  static const WorkingCopy copy;
  return copy.dir;
}

// Names the case in test output (instead of its bytes).
void PrintTo(const Case& c, std::ostream* out) {
  *out << c.format << "/" << c.input;
}

class BadInput : public ::testing::TestWithParam<Case> {};

TEST_P(BadInput, OneErrorLineAndExitCode2) {
  const Case& c = GetParam();
  fs::path folder = workingCopy() / c.format;
  if (c.input.starts_with("unreadable")) {
    if (geteuid() == 0) GTEST_SKIP() << "root reads a file whatever its mode, so it cannot be unreadable";
    chmod((folder / c.input).c_str(), 0);
  }
  std::string expected = readWhole(kCorpus / c.format / (c.input + ".expected"));
  char errPath[] = "/tmp/catcheck-bad-input-err-XXXXXX";
  int fd = mkstemp(errPath);
  ASSERT_GE(fd, 0);
  close(fd);
  CommandResult run = runShell("cd " + quoted(folder.string()) + " && timeout 60 " + CATCHECK_BINARY + " " +
                               argumentsFor(c) + " 2>" + errPath);
  std::string err = readWhole(errPath);
  unlink(errPath);
  EXPECT_EQ(run.exitCode, 2) << "stderr: " << err;
  EXPECT_EQ(run.output, "") << "nothing on stdout: no verdict";
  EXPECT_EQ(err, expected);
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << "one line";
}

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
  std::string name = info.param.format + "_" + info.param.input;
  std::replace_if(
      name.begin(), name.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) == 0; },
      '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Corpus, BadInput, ::testing::ValuesIn(corpus()), caseName);

TEST(BadInputCorpus, CoversEveryFormat) {
  std::map<std::string, int> perFormat;
  for (const Case& c : corpus()) ++perFormat[c.format];
  for (const char* format : {"cat", "ptx", "kernel", "vulkan", "spirv", "manifest", "dat3m"})
    EXPECT_GE(perFormat[format], 4) << format;
  EXPECT_GE(corpus().size(), 60u);
}

// The build compiled in how many inputs the corpus had (tests/CMakeLists.txt): a different number means
// ctest's list of the tests above is stale and some input would go unchecked.
TEST(BadInputCorpus, CTestListsEveryInput) {
  EXPECT_EQ(corpus().size(), static_cast<size_t>(CATCHECK_BAD_INPUT_COUNT))
      << "rebuild (cmake --build build) so that ctest lists the corpus' new inputs";
}

}  // namespace
}  // namespace catcheck::testing
