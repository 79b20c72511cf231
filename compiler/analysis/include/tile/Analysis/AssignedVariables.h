//===- AssignedVariables.h - Variables a statement assigns ------*- C++ -*-===//

#ifndef TILE_ANALYSIS_ASSIGNEDVARIABLES_H
#define TILE_ANALYSIS_ASSIGNEDVARIABLES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SetVector.h"

namespace tile::analysis {

/// The variables that `stmt` assigns (with =, a compound assignment, ++ or
/// --), in source order. A loop or a branch carries these out as results.
llvm::SetVector<const clang::VarDecl *>
collectAssignedVariables(const clang::Stmt *stmt);

/// Whether `stmt` reads any of `variables`.
bool readsAny(const clang::Stmt *stmt,
              const llvm::SetVector<const clang::VarDecl *> &variables);

} // namespace tile::analysis

#endif // TILE_ANALYSIS_ASSIGNEDVARIABLES_H
