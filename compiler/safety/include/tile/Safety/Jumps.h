//===- Jumps.h - break, continue and return in kernel code ------*- C++ -*-===//
//
// Kernels leave loops with `break` and `continue` and end early with
// `return;`. The frontend turns each jump into a flag that guards the code
// after it, and the range analysis follows the states a jump carries to
// where it lands; both ask the questions below.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SAFETY_JUMPS_H
#define TILE_SAFETY_JUMPS_H

#include "clang/AST/Stmt.h"

namespace tile::safety {

/// The jumps that leave a statement: a `break` or `continue` outside the
/// loops the statement holds (so aimed at a loop around it), a `return`
/// anywhere but in a lambda's body.
struct Jumps {
  bool breaks = false;
  bool continues = false;
  bool returns = false;

  bool any() const { return breaks || continues || returns; }
};

Jumps jumpsOut(const clang::Stmt *stmt);

/// Whether `stmt` never ends normally: it is a break or a continue (or a
/// return, when `returnsCount`), a block that reaches one, or an `if` whose
/// both sides do. Loops count as ending normally.
bool alwaysJumps(const clang::Stmt *stmt, bool returnsCount);

/// Whether `stmt` is a loop statement: `for`, `while` or `do`.
bool isLoop(const clang::Stmt *stmt);

} // namespace tile::safety

#endif // TILE_SAFETY_JUMPS_H
