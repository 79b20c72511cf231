//===- SafetyAnalysis.h - Ownership and disjointness of kernels -*- C++ -*-===//
//
// The compile-time half of the safety model (docs/safety.md): a kernel
// writes only into its own output piece, at indices proven inside it, and
// uses only the kernel language; what the analysis cannot prove must sit in
// a marked unsafe scope.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SAFETY_SAFETYANALYSIS_H
#define TILE_SAFETY_SAFETYANALYSIS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"

#include <string>
#include <vector>

namespace tile::safety {

/// One unsafe scope met while checking a kernel, for `tilecc --list-unsafe`.
struct UnsafeScope {
  /// "file:line:col" of the scope's marker.
  std::string location;
  /// The kernel instantiation that contains it, as "scatter<64>".
  std::string kernel;
  /// The reason written in the marker.
  std::string reason;
};

/// A check the compiler inserts where the analysis cannot prove a write
/// inside the piece, for `tilecc --list-checks`: a scatter drops the
/// elements its indices put outside the piece.
struct InsertedCheck {
  /// "file:line:col" of the operation.
  std::string location;
  /// The kernel instantiation that contains it.
  std::string kernel;
  /// What the check guards, as "scatter into 'out'".
  std::string what;
};

/// What checking kernels meets that `tilecc` lists on request.
struct SafetyFindings {
  std::vector<UnsafeScope> unsafeScopes;
  std::vector<InsertedCheck> insertedChecks;
};

/// Checks one kernel (a function or one instantiation of a kernel template)
/// and the helpers it calls. Reports every violation through `diags` as a
/// Clang error at the offending range, with a note at the declaration
/// involved, and appends the unsafe scopes and inserted checks it meets to
/// `findings`; with `checksAreErrors`, each check the compiler would have
/// to insert is an error instead (for kernels that must be proven
/// check-free). Returns false when it reported an error.
bool checkKernel(const clang::FunctionDecl *kernel, clang::ASTContext &ast,
                 clang::DiagnosticsEngine &diags, SafetyFindings &findings,
                 bool checksAreErrors = false);

} // namespace tile::safety

#endif // TILE_SAFETY_SAFETYANALYSIS_H
