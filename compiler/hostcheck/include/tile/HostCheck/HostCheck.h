//===- HostCheck.h - Host code against the runtime's ownership --*- C++ -*-===//
//
// The runtime moves a mutable tensor into a wrapper (a partition, or an
// atomic output) and the wrapper into a launch; the tensor comes back only
// through the launch's future (or the wrapper's own method, unpartition() or
// release()). C++ leaves the moved-from variable in scope, and the runtime
// reports a use of it only when that use runs. This check reports it at
// compile time: any use of a tensor, partition or atomic output variable, on
// any path, between its move into a wrapper or a launch and its next
// assignment.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_HOSTCHECK_HOSTCHECK_H
#define TILE_HOSTCHECK_HOSTCHECK_H

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
} // namespace clang

namespace tile::hostcheck {

/// What the check needs to parse host source files.
struct HostCheckOptions {
  std::vector<std::string> inputPaths;
  std::vector<std::string> includeDirs;
  std::vector<std::string> defines;
  /// Directories holding tile/runtime/*.h, tile/kernel.h and the headers
  /// they include (tile/formats/*.h).
  std::vector<std::string> runtimeIncludeDirs;
  /// Clang's resource directory (its builtin headers).
  std::string clangResourceDir;
  /// More Clang arguments, after all others.
  std::vector<std::string> extraArgs;
};

/// Parses each file as C++20 host code and checks the functions defined in
/// it (not in the headers it includes), their lambdas and template
/// instantiations included. Reports each use of a moved-from tensor as a
/// Clang error at the use with notes at the move and the launch. Returns
/// false when a file had errors.
bool checkHostFiles(const HostCheckOptions &options);

/// Checks the functions of the main file of `ast`; reports through `diags`.
/// Returns false when it reported an error.
bool checkHostOwnership(clang::ASTContext &ast,
                        clang::DiagnosticsEngine &diags);

} // namespace tile::hostcheck

#endif // TILE_HOSTCHECK_HOSTCHECK_H
