//===- KernelCompiler.cpp - Kernels compiled when a model loads -----------===//
//
// Each missing kernel is compiled under an exclusive lock on its own lock
// file beside its manifest: a process that waited for the lock finds the
// manifest written and compiles nothing. tilecc stores the cubin in the
// cache atomically (temporary file, then rename) and writes the manifest to
// a temporary name, which is renamed into place once it is whole, so a
// manifest that exists is always complete.
//
//===----------------------------------------------------------------------===//

#include "KernelCompiler.h"

#include "KernelLibraryHash.h"

#include "qwen3/Error.h"

#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace qwen3;
namespace fs = std::filesystem;

namespace {

/// An exclusive lock on a file, held while this lives.
class FileLock {
public:
  explicit FileLock(const fs::path &path)
      : fd(::open(path.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644)) {
    if (fd < 0 || ::flock(fd, LOCK_EX) != 0)
      throw Error("cannot lock " + path.string() + ": " + std::strerror(errno));
  }
  ~FileLock() {
    if (fd >= 0)
      ::close(fd);
  }
  FileLock(const FileLock &) = delete;
  FileLock &operator=(const FileLock &) = delete;

private:
  int fd;
};

/// `name` as a file name: each run of other characters than letters and
/// digits one underscore.
std::string fileNameOf(const std::string &name) {
  std::string file;
  for (char c : name) {
    bool plain = std::isalnum(static_cast<unsigned char>(c));
    if (plain)
      file += c;
    else if (!file.empty() && file.back() != '_')
      file += '_';
  }
  while (!file.empty() && file.back() == '_')
    file.pop_back();
  return file;
}

/// Runs `arguments` (the program first) with its output into `log`; its
/// exit status, or -1 when it died of a signal.
int run(const std::vector<std::string> &arguments, const fs::path &log) {
  std::vector<char *> argv;
  for (const std::string &argument : arguments)
    argv.push_back(const_cast<char *>(argument.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = 0;
  int error =
      posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0)
    throw Error("cannot run " + arguments[0] + ": " + std::strerror(error));
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      throw Error("waiting for " + arguments[0] + ": " + std::strerror(errno));
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// Compiles `kernel` into the cache and writes its manifest to `manifest`.
void compile(const Instantiation &kernel, const fs::path &manifest,
             const KernelLocation &location) {
  fs::path work = manifest.parent_path() / (manifest.stem().string() + ".tmp-" +
                                            std::to_string(::getpid()));
  fs::create_directories(work);
  fs::path source = work / "kernel.cpp", log = work / "tilecc.log",
           written = work / "manifest.json";
  std::ofstream(source) << "#include \"tile/library/" << kernel.header << "\"\n"
                        << kernel.statement << ";\n";
  const KernelCompiler &compiler = location.compiler;
  int status =
      run({compiler.tilecc.string(), source.string(), "-I",
           compiler.libraryHeaders.string(), "--arch=" + compiler.arch,
           "--emit=manifest", "--cache-dir=" + location.cacheDir.string(), "-o",
           written.string()},
          log);
  if (status != 0) {
    std::ostringstream output;
    output << std::ifstream(log).rdbuf();
    fs::remove_all(work);
    throw Error("tilecc could not compile " + kernel.name + " (exit status " +
                std::to_string(status) + "):\n" + output.str());
  }
  fs::rename(written, manifest);
  fs::remove_all(work);
}

} // namespace

fs::path qwen3::manifestOf(const Instantiation &kernel,
                           const fs::path &cacheDir, const std::string &arch) {
  // The library's hash in the path: a changed library compiles anew.
  return cacheDir / "qwen3" / QWEN3_KERNEL_LIBRARY_HASH /
         (fileNameOf(kernel.name) + "." + arch + ".json");
}

int64_t qwen3::compileMissing(std::span<const Instantiation> kernels,
                              const KernelLocation &location) {
  const KernelCompiler &compiler = location.compiler;
  std::vector<const Instantiation *> missing;
  for (const Instantiation &kernel : kernels)
    if (!fs::exists(manifestOf(kernel, location.cacheDir, compiler.arch)))
      missing.push_back(&kernel);
  if (missing.empty())
    return 0;
  if (compiler.tilecc.empty() || !fs::is_regular_file(compiler.tilecc)) {
    std::string names;
    for (const Instantiation *kernel : missing)
      names += (names.empty() ? "" : ", ") + kernel->name;
    throw Error("the kernel cache " + location.cacheDir.string() + " lacks " +
                std::to_string(missing.size()) +
                (missing.size() == 1 ? " kernel" : " kernels") +
                " of this model's shapes (" + names +
                "), and there is no tilecc to compile them " +
                (compiler.tilecc.empty()
                     ? std::string("(none beside the program, and "
                                   "TILE_TILECC is not set)")
                     : "(" + compiler.tilecc.string() + " does not exist)") +
                ": compile them on a machine with tilecc (qwen3 --model DIR "
                "--prepare-kernels --kernel-cache CACHE) and copy the cache");
  }
  auto start = std::chrono::steady_clock::now();
  int64_t compiled = 0;
  for (size_t i = 0; i < missing.size(); ++i) {
    fs::path manifest =
        manifestOf(*missing[i], location.cacheDir, compiler.arch);
    fs::create_directories(manifest.parent_path());
    FileLock lock(manifest.string() + ".lock");
    // Another process may have compiled it while this one waited.
    if (fs::exists(manifest))
      continue;
    if (compiler.progress)
      compiler.progress("compiling " + missing[i]->name + " (" +
                        std::to_string(i + 1) + " of " +
                        std::to_string(missing.size()) + ")");
    compile(*missing[i], manifest, location);
    ++compiled;
  }
  std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  if (compiler.progress && compiled > 0) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f", took.count());
    compiler.progress("compiled " + std::to_string(compiled) + " kernel" +
                      (compiled == 1 ? "" : "s") + " in " + seconds + " s");
  }
  return compiled;
}
