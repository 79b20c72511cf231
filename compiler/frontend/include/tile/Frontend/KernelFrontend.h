//===- KernelFrontend.h - C++ kernels to tile IR ----------------*- C++ -*-===//

#ifndef TILE_FRONTEND_KERNELFRONTEND_H
#define TILE_FRONTEND_KERNELFRONTEND_H

#include "tile/Analysis/SafetyAnalysis.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class DiagnosticConsumer;
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
  /// The file's text, when it is not to be read from disk; inputPath then
  /// only names it.
  std::optional<std::string> inputContents;
  /// More Clang arguments, after all others (limits, a precompiled header).
  std::vector<std::string> extraArgs;
  /// Where Clang's diagnostics go; null prints them to stderr, followed by
  /// a line naming the file when there were errors.
  clang::DiagnosticConsumer *diagnostics = nullptr;
};

/// Parses the file with Clang, finds its kernels and their instantiations,
/// proves each safe (tile/Analysis/SafetyAnalysis.h) and builds one
/// func.func per kernel in a tile-dialect module. Diagnostics go to
/// options.diagnostics (stderr by default) in Clang's format; returns null
/// when there were errors.
mlir::OwningOpRef<mlir::ModuleOp>
buildTileModule(mlir::MLIRContext &context, const FrontendOptions &options);

/// Parses the file and runs the safety analysis on its kernels without
/// building IR; appends the unsafe scopes it meets to `scopes`. Returns
/// false when there were errors.
bool checkKernels(const FrontendOptions &options,
                  std::vector<analysis::UnsafeScope> &scopes);

} // namespace tile::frontend

#endif // TILE_FRONTEND_KERNELFRONTEND_H
