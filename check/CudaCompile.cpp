// CUDA source in (issue 28): `catcheck MODEL.cat kernel.cu ...` compiles the file to PTX with line
// information and checks that. The compiler is the first of $CATCHECK_CUDA_COMPILER, `nvcc`, and a clang
// (clang-22, clang-19, clang) that targets NVPTX; clang compiles without the CUDA SDK with the small header
// of CUDA declarations the project ships (litmus/CUDA/cuda_shim.h). The command runs without a shell
// (posix_spawnp), its output is captured in a temporary folder, and a failure is bad input carrying the
// compiler's first messages.
#include "check/CudaCompile.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/ir/Log.h"
#include "core/ir/SourceLocation.h"
#include "core/ir/SourceText.h"

extern char** environ;

namespace catcheck::check {
namespace {

namespace fs = std::filesystem;

bool onPath(const std::string& program) {
  if (program.find('/') != std::string::npos) return fs::exists(program);
  const char* path = std::getenv("PATH");
  std::stringstream folders(path != nullptr ? path : "");
  for (std::string folder; std::getline(folders, folder, ':');)
    if (!folder.empty() && access((fs::path(folder) / program).c_str(), X_OK) == 0) return true;
  return false;
}

std::string findCompiler() {
  if (const char* chosen = std::getenv("CATCHECK_CUDA_COMPILER"); chosen != nullptr && *chosen != '\0')
    return chosen;
  for (const char* candidate : {"nvcc", "clang-22", "clang-19", "clang"})
    if (onPath(candidate)) return candidate;
  return "";
}

bool isNvcc(const std::string& compiler) {
  return fs::path(compiler).filename().string().starts_with("nvcc");
}

// Runs `argv` with stdout and stderr into `log`; returns the exit status (-1 when it could not start).
int run(const std::vector<std::string>& argv, const fs::path& log) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = 0;
  int started = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (started != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string firstLines(const fs::path& log, int count) {
  std::ifstream in(log);
  std::string text, line;
  for (int i = 0; i < count && std::getline(in, line); ++i) text += (text.empty() ? "" : " | ") + line;
  return text;
}

}  // namespace

std::vector<std::string> cudaCompileCommand(const std::string& compiler, const std::string& source,
                                            const std::string& output, const CudaOptions& options) {
  std::vector<std::string> argv{compiler};
  if (isNvcc(compiler)) {
    argv.insert(argv.end(), {"-arch=" + options.arch, "-ptx", "-lineinfo", "-o", output, source});
  } else {
    argv.insert(argv.end(),
                {"--cuda-device-only", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=" + options.arch, "-O3",
                 "-S", "-gline-tables-only", "-o", output, source});
    if (fs::exists(CATCHECK_CUDA_SHIM)) argv.insert(argv.end(), {"-include", CATCHECK_CUDA_SHIM});
  }
  argv.insert(argv.end(), options.flags.begin(), options.flags.end());
  return argv;
}

std::string compileCudaToPtx(const std::string& source, const CudaOptions& options) {
  core::SourceLocation where{source, 1, 1};
  if (!fs::exists(source)) throw core::InputError(where, "cannot open CUDA source file");
  std::string compiler = findCompiler();
  if (compiler.empty()) {
    throw core::InputError(where,
                           "no CUDA compiler found: set CATCHECK_CUDA_COMPILER, or put nvcc or a clang "
                           "that targets NVPTX on the PATH (or check the .ptx it prints)");
  }
  char pattern[] = "/tmp/catcheck-cuda-XXXXXX";
  const char* folder = mkdtemp(pattern);
  if (folder == nullptr) throw core::InputError(where, "cannot create a temporary folder to compile in");
  fs::path dir(folder);
  fs::path output = dir / (fs::path(source).stem().string() + ".ptx");
  std::vector<std::string> argv = cudaCompileCommand(compiler, source, output.string(), options);
  std::string shown;
  for (const std::string& a : argv) shown += (shown.empty() ? "" : " ") + a;
  core::log::info("compiling: {}", shown);
  int status = run(argv, dir / "log.txt");
  std::string messages = firstLines(dir / "log.txt", 6);
  std::string ptx = status == 0 ? core::readInputFile(output.string(), "cannot read the compiler's PTX") : "";
  std::error_code ignored;
  fs::remove_all(dir, ignored);
  if (status != 0) {
    throw core::InputError(where, (status < 0 ? "cannot run the CUDA compiler '" + compiler + "'"
                                              : "the CUDA compiler failed (" + compiler + ")") +
                                      (messages.empty() ? "" : ": " + messages));
  }
  return ptx;
}

}  // namespace catcheck::check
