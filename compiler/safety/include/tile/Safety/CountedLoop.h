//===- CountedLoop.h - The one loop form of kernels -------------*- C++ -*-===//
//
// Kernel loops count: `for (int i = start; i < end; i += step)`, with < or
// <=, and ++i, i++ or i += a constant. The frontend lowers that form to
// scf.for and the analysis bounds the loop variable from it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SAFETY_COUNTEDLOOP_H
#define TILE_SAFETY_COUNTEDLOOP_H

#include "tile/Safety/AssignedVariables.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <optional>
#include <string>

namespace tile::safety {

/// A `for` statement taken apart as a counted loop.
struct CountedLoop {
  /// The loop variable, an integer declared and initialized by the loop.
  const clang::VarDecl *var;
  /// `var < end` or `var <= end`.
  const clang::BinaryOperator *cond;
  /// The constant the increment adds (++i and i++ add 1); nullopt when the
  /// increment is not one of those forms. Not checked to be positive.
  std::optional<int64_t> step;
};

/// `loop` as a counted loop, or nullopt when its variable, its condition or
/// its increment is missing or of another shape.
std::optional<CountedLoop> matchCountedLoop(const clang::ForStmt *loop,
                                            const clang::ASTContext &ast);

/// Why a `for` statement is not a kernel loop, and where.
struct LoopFormError {
  clang::SourceRange range;
  std::string message;
};

/// Whether `loop` is a kernel loop: a counted loop with a positive constant
/// step whose body writes neither its variable nor what its bound reads
/// (`resolve` as in collectAssignedVariables). The safety analysis and the
/// frontend both rely on it: the bound is taken once, before the loop.
std::optional<LoopFormError> loopFormError(const clang::ForStmt *loop,
                                           const clang::ASTContext &ast,
                                           VariableResolver resolve);

} // namespace tile::safety

#endif // TILE_SAFETY_COUNTEDLOOP_H
