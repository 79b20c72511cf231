//===- tilecc.cpp - The tile kernel compiler ------------------------------===//
//
// tilecc FILE.cpp [options]    compile the kernels of a C++ file
// tilecc cache list|show|clear inspect the kernel cache
// tilecc check-host FILE.cpp... check host code against tensor ownership
//
//===----------------------------------------------------------------------===//

#include "CacheCommand.h"
#include "HostCheckCommand.h"
#include "tile/Driver/Compiler.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"

#include <optional>
#include <string>
#include <vector>

namespace cl = llvm::cl;
using tile::driver::EmitKind;

static cl::OptionCategory category("tilecc options");

static cl::opt<std::string> input(cl::Positional, cl::desc("<kernel file>"),
                                  cl::cat(category));
static cl::opt<std::string>
    output("o",
           cl::desc("Write the output here ('-' for stdout). Text "
                    "outputs default to stdout; a cubin is written only "
                    "when -o is given (it always goes to the cache)"),
           cl::value_desc("file"), cl::cat(category));
static cl::list<std::string>
    includeDirs("I", cl::desc("Add a directory to the include search path"),
                cl::value_desc("dir"), cl::Prefix, cl::cat(category));
static cl::list<std::string>
    defines("D", cl::desc("Define a preprocessor macro (NAME or NAME=VALUE)"),
            cl::value_desc("macro"), cl::Prefix, cl::cat(category));
static cl::opt<std::string>
    language("x",
             cl::desc("Compile the input as C++ whatever its name (-x c++)"),
             cl::value_desc("language"), cl::cat(category));
static cl::opt<std::string>
    arch("arch",
         cl::desc("GPU architecture: sm_80, sm_90 (default), sm_90a, sm_100"),
         cl::init("sm_90"), cl::cat(category));
static cl::opt<unsigned>
    optLevel("O",
             cl::desc("Optimization level of LLVM and ptxas, -O0 to -O3 "
                      "(default -O3)"),
             cl::Prefix, cl::init(3), cl::cat(category));
/// Whether float multiplies and adds may fuse, as Clang's -ffp-contract.
enum class FPContract { Fast, Off };
static cl::opt<FPContract> fpContract(
    "fp-contract",
    cl::desc("Whether a float multiply and the add of its product may fuse "
             "into one fma, rounding once:"),
    cl::init(FPContract::Off),
    cl::values(clEnumValN(FPContract::Off, "off",
                          "round every multiply and add as written, as host "
                          "mode does (default; tile::fma fuses)"),
               clEnumValN(FPContract::Fast, "fast",
                          "fuse them wherever the code generator finds "
                          "them, as nvcc and Triton do by default")),
    cl::cat(category));
static cl::opt<EmitKind> emit(
    "emit", cl::desc("What to produce:"), cl::init(EmitKind::Cubin),
    cl::values(clEnumValN(EmitKind::Tile, "tile",
                          "the tile-dialect IR after canonicalization"),
               clEnumValN(EmitKind::LLVM, "llvm",
                          "LLVM IR of the GPU module, before NVPTX codegen"),
               clEnumValN(EmitKind::PTX, "ptx",
                          "PTX from LLVM's NVPTX backend"),
               clEnumValN(EmitKind::Cubin, "cubin",
                          "a cubin, stored in the kernel cache (default)"),
               clEnumValN(EmitKind::Manifest, "manifest",
                          "compile into the cache and write the entry's "
                          "JSON metadata, key included"),
               clEnumValN(EmitKind::Launcher, "launcher",
                          "compile into the cache and write a C++ header of "
                          "typed launchers, one class per kernel"),
               clEnumValN(EmitKind::TuningSpace, "tuning-space",
                          "compile every configuration that TILE_TUNE "
                          "declares into the cache and write the JSON that "
                          "tile-tune times them from (docs/tuning.md)")),
    cl::cat(category));
static cl::opt<bool> embedCubin(
    "embed-cubin",
    cl::desc("With --emit=launcher: embed the cubin in the header, so that "
             "no kernel cache is needed at run time"),
    cl::cat(category));
static cl::opt<std::string>
    cacheDir("cache-dir",
             cl::desc("Kernel cache directory (default: $TILE_CACHE_DIR, "
                      "else $XDG_CACHE_HOME/tile/kernels, else "
                      "~/.cache/tile/kernels)"),
             cl::value_desc("dir"), cl::cat(category));
static cl::opt<std::string>
    cudaPath("cuda-path", cl::desc("CUDA toolkit root (ptxas, libdevice)"),
             cl::init(TILE_DEFAULT_CUDA_ROOT), cl::value_desc("dir"),
             cl::cat(category));
static cl::opt<std::string> tuningRecords(
    "tuning-records",
    cl::desc("Tuning records from tile-tune (docs/tuning.md): on each GPU "
             "they name, a tunable kernel runs as the configuration that was "
             "fastest there; stale records are reported and ignored"),
    cl::value_desc("file"), cl::cat(category));
static cl::opt<bool> verbose("v",
                             cl::desc("Say what happens: cache hits and "
                                      "misses, ptxas resource usage"),
                             cl::cat(category));

static cl::opt<bool>
    check("check",
          cl::desc("Only check the kernels: report every error compiling "
                   "would report up to tile IR (the safety analysis and the "
                   "kernel language), without generating code"),
          cl::cat(category));
static cl::opt<bool> safetyOnly(
    "safety-only",
    cl::desc("With --check, --list-unsafe or --list-checks: run the safety "
             "analysis alone, "
             "for kernels that run only in host mode (raw pointers in unsafe "
             "scopes, which code generation does not take)"),
    cl::cat(category));
static cl::opt<bool> listUnsafe(
    "list-unsafe",
    cl::desc("Check the kernels and list every unsafe scope (TILE_UNSAFE) "
             "with its location, kernel and reason"),
    cl::cat(category));
static cl::opt<bool> listChecks(
    "list-checks",
    cl::desc("Check the kernels and list every check the compiler inserts "
             "where it cannot prove a write inside the piece (a scatter's "
             "bounds check), with its location and kernel"),
    cl::cat(category));
static cl::opt<bool> countDropped(
    "count-dropped",
    cl::desc("Debugging: each scatter counts the elements whose indices fall "
             "outside the piece, and each program prints the count where it "
             "is not zero (host mode: compile with -DTILE_COUNT_DROPPED)"),
    cl::cat(category));
static cl::opt<bool> checksAsErrors(
    "checks-as-errors",
    cl::desc("Make every check the compiler would insert an error, for "
             "kernels that must be proven check-free"),
    cl::cat(category));

/// The include directory next to an installed tilecc, if it holds
/// tile/kernel.h.
static std::optional<std::string> installedIncludeDir(const char *argv0) {
  std::string exe = llvm::sys::fs::getMainExecutable(
      argv0, reinterpret_cast<void *>(&installedIncludeDir));
  llvm::SmallString<256> installed(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(installed, "..", "include");
  llvm::SmallString<256> header(installed);
  llvm::sys::path::append(header, "tile", "kernel.h");
  if (llvm::sys::fs::exists(header))
    return std::string(installed);
  return std::nullopt;
}

/// Where tile/kernel.h is: next to an installed tilecc, else in the source
/// tree.
static std::string kernelIncludeDir(const char *argv0) {
  return installedIncludeDir(argv0).value_or(TILE_KERNEL_INCLUDE_DIR);
}

/// Where the runtime's headers and those they include are: next to an
/// installed tilecc, else in the source tree's runtime and formats.
static std::vector<std::string> runtimeIncludeDirs(const char *argv0) {
  if (std::optional<std::string> installed = installedIncludeDir(argv0))
    return {*installed};
  return {TILE_KERNEL_INCLUDE_DIR, TILE_FORMATS_INCLUDE_DIR};
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();

  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << tile::driver::compilerVersion() << "\n";
  });
  cl::ParseCommandLineOptions(
      argc, argv,
      "tilecc: compile tile kernels written in C++ to GPU code\n\n"
      "  tilecc FILE.cpp [options]       compile the kernels of FILE.cpp\n"
      "  tilecc cache list|show|clear    inspect the kernel cache "
      "(tilecc cache --help)\n"
      "  tilecc check-host FILE.cpp...   check host code against tensor "
      "ownership (tilecc check-host --help)\n");
  if (tile::tools::cacheCommand)
    return tile::tools::runCacheCommand();
  if (tile::tools::hostCheckCommand)
    return tile::tools::runHostCheckCommand(runtimeIncludeDirs(argv[0]));
  if (input.empty()) {
    llvm::errs() << "tilecc: error: no input file (see tilecc --help)\n";
    return 1;
  }

  tile::driver::CompileOptions options;
  options.frontend.inputPath = input;
  options.frontend.includeDirs = includeDirs;
  options.frontend.defines = defines;
  options.frontend.language = language;
  options.frontend.kernelIncludeDir = kernelIncludeDir(argv[0]);
  options.frontend.clangResourceDir = TILE_CLANG_RESOURCE_DIR;
  options.emit = emit;
  options.arch = arch;
  options.optLevel = optLevel;
  options.floatContraction = fpContract == FPContract::Fast;
  options.output = output;
  options.cacheDir = cacheDir;
  options.cudaRoot = cudaPath;
  options.verbose = verbose;
  options.embedCubin = embedCubin;
  options.checkOnly = check;
  options.listUnsafe = listUnsafe;
  options.listChecks = listChecks;
  options.frontend.checksAreErrors = checksAsErrors;
  options.frontend.countDropped = countDropped;
  options.safetyOnly = safetyOnly;
  options.tuningRecords = tuningRecords;
  return tile::driver::compile(options);
}
