//===- AssignedVariables.h - Variables a statement assigns ------*- C++ -*-===//
//
// Every write to a variable, whatever the path: an assignment, ++ or --, a
// reference bound to the variable (a local reference, a reference
// parameter of a helper or a lambda, a by-reference capture), or its
// address taken. The safety analysis and the frontend read writes from here
// alone, so that both give a write through a reference the meaning it has
// in C++.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SAFETY_ASSIGNEDVARIABLES_H
#define TILE_SAFETY_ASSIGNEDVARIABLES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"

#include <string>

namespace tile::safety {

/// The variable `expr` names, seen through parentheses and implicit
/// conversions; null for any other expression.
const clang::VarDecl *namedVariable(const clang::Expr *expr);

/// The variable a reference variable is bound to, followed through
/// references bound to references; `var` itself when it is not a reference
/// or is bound to something other than a variable (a temporary).
const clang::VarDecl *referencedVariable(const clang::VarDecl *var);

/// Whether the reference variable `var` is bound to a temporary whose life
/// it extends (`const auto &t = a + b;`): then it is a variable of its own.
bool bindsTemporary(const clang::VarDecl *var);

/// Whether the reference variable `var` is bound to a variable or to a
/// temporary: the only bindings whose writes the analysis and the frontend
/// can follow (not `int &r = c ? a : b;`).
bool bindsVariableOrTemporary(const clang::VarDecl *var);

/// The error for a reference that does not.
std::string referenceBindingError(const clang::VarDecl *var);

/// What a variable stands for where a statement runs: the variable a
/// reference is bound to. A reference parameter's binding depends on the
/// call, which only the caller knows; by default it stands for itself.
using VariableResolver =
    llvm::function_ref<const clang::VarDecl *(const clang::VarDecl *)>;

/// The variables that `stmt` assigns (with =, a compound assignment, ++ or
/// --, through a reference, or by taking their address), in source order:
/// each variable written and what `resolve` says it stands for. A loop or a
/// branch carries these out as results.
llvm::SetVector<const clang::VarDecl *>
collectAssignedVariables(const clang::Stmt *stmt,
                         VariableResolver resolve = referencedVariable);

/// Whether `stmt` reads any of `variables`, directly or through a
/// reference that `resolve` maps to one of them.
bool readsAny(const clang::Stmt *stmt,
              const llvm::SetVector<const clang::VarDecl *> &variables,
              VariableResolver resolve = referencedVariable);

} // namespace tile::safety

#endif // TILE_SAFETY_ASSIGNEDVARIABLES_H
