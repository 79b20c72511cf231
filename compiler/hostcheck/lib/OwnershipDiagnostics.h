//===- OwnershipDiagnostics.h - Errors of the host check --------*- C++ -*-===//

#ifndef TILE_HOSTCHECK_OWNERSHIPDIAGNOSTICS_H
#define TILE_HOSTCHECK_OWNERSHIPDIAGNOSTICS_H

#include "RuntimeOwnership.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseSet.h"

namespace tile::hostcheck {

/// Reports uses of moved-from variables through Clang's DiagnosticsEngine:
/// an error at the use, a note at the move and one at the launch. A use is
/// reported once, however many template instantiations contain it.
class OwnershipDiagnostics {
public:
  explicit OwnershipDiagnostics(clang::DiagnosticsEngine &diags);

  /// `use` names `variable` (as a use or a lambda capture) while `move`
  /// holds it, on every path to the use or only on some.
  void useWhileMoved(const clang::DeclRefExpr *use, ReferenceRole role,
                     const clang::VarDecl *variable, const OwnershipMove &move,
                     bool onEveryPath);

  /// Whether an error was reported.
  bool failed() const { return !reported.empty(); }

private:
  clang::DiagnosticsEngine &diags;
  unsigned errorId;
  unsigned noteId;
  llvm::DenseSet<clang::SourceLocation> reported;
};

} // namespace tile::hostcheck

#endif // TILE_HOSTCHECK_OWNERSHIPDIAGNOSTICS_H
