//===- KernelFrontend.h - C++ kernels to tile IR ----------------*- C++ -*-===//

#ifndef TILE_FRONTEND_KERNELFRONTEND_H
#define TILE_FRONTEND_KERNELFRONTEND_H

#include "tile/Safety/SafetyAnalysis.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
class DiagnosticConsumer;
class FileManager;
} // namespace clang

namespace tile::frontend {

/// What the frontend needs to parse one kernel source file.
struct FrontendOptions {
  std::string inputPath;
  std::vector<std::string> includeDirs;
  std::vector<std::string> defines;
  /// Directory holding tile/kernel.h.
  std::string kernelIncludeDir;
  /// Clang's resource directory (its builtin headers).
  std::string clangResourceDir;
  /// The input's language whatever its name says (Clang's -x: "c++"); empty
  /// to go by its name.
  std::string language;
  /// More Clang arguments, after all others (limits, a precompiled header).
  std::vector<std::string> extraArgs;
  /// Whether a check the compiler would insert (a scatter's bounds check)
  /// is an error instead, for kernels that must be proven check-free.
  bool checksAreErrors = false;
  /// Whether each scatter counts the elements it drops outside the piece,
  /// and the program prints the count where it is not zero (a debugging
  /// aid; the count is code of its own).
  bool countDropped = false;
  /// Where Clang's diagnostics go; null prints them to stderr, followed by
  /// a line naming the file when there were errors.
  clang::DiagnosticConsumer *diagnostics = nullptr;
};

/// How far `checkKernels` goes.
enum class CheckDepth {
  /// Everything compiling reports up to tile IR: the safety analysis and
  /// the frontend's errors (what the kernel language cannot express).
  Frontend,
  /// The safety analysis alone, for kernels that run only in host mode
  /// (raw pointers in unsafe scopes, which code generation does not take).
  Safety,
};

/// Parses kernel sources under one set of options. What does not depend on
/// the source's text is set up once and shared by every parse: the Clang
/// driver runs once, and headers and a precompiled header are found and
/// validated once. Each parse is otherwise a fresh Clang compiler instance,
/// so that its outcome depends on its text alone.
class KernelParser {
public:
  explicit KernelParser(FrontendOptions options);
  ~KernelParser();

  /// Parses the input file, or `contents` as its text, finds its kernels
  /// and their instantiations, proves each safe and builds one func.func per
  /// kernel in a tile-dialect module (as buildTileModule below).
  mlir::OwningOpRef<mlir::ModuleOp>
  buildTileModule(mlir::MLIRContext &context,
                  std::optional<llvm::StringRef> contents = std::nullopt);

  /// Parses the input file and checks its kernels (as checkKernels below).
  bool checkKernels(safety::SafetyFindings &findings,
                    CheckDepth depth = CheckDepth::Frontend);

private:
  /// Runs Clang with the kernel consumer: checks every kernel and, given a
  /// module, emits it there. Returns false after errors.
  bool run(std::optional<llvm::StringRef> contents, mlir::ModuleOp module,
           safety::SafetyFindings &findings);

  FrontendOptions options;
  llvm::IntrusiveRefCntPtr<clang::FileManager> files;
  /// What the driver made of the options; null when it rejected them.
  std::shared_ptr<clang::CompilerInvocation> invocation;
};

/// Parses the file with Clang, finds its kernels and their instantiations,
/// proves each safe (tile/Safety/SafetyAnalysis.h) and builds one
/// func.func per kernel in a tile-dialect module. Diagnostics go to
/// options.diagnostics (stderr by default) in Clang's format; returns null
/// when there were errors.
mlir::OwningOpRef<mlir::ModuleOp>
buildTileModule(mlir::MLIRContext &context, const FrontendOptions &options);

/// Parses the file and checks its kernels to `depth`: by default every
/// error that building their tile IR reports, the safety analysis's
/// included, without keeping the IR. Appends the unsafe scopes and inserted
/// checks it meets to `findings`. Returns false when there were errors.
bool checkKernels(const FrontendOptions &options,
                  safety::SafetyFindings &findings,
                  CheckDepth depth = CheckDepth::Frontend);

} // namespace tile::frontend

#endif // TILE_FRONTEND_KERNELFRONTEND_H
