//===- IndexRanges.h - Interval reasoning over kernel integers --*- C++ -*-===//
//
// The range every integer expression of a kernel can take where it is
// evaluated, from constants, template parameters, program ids and grid
// sizes (bounded by the GPU's grid limits), loop bounds, the conditions of
// the branches that lead there, and the values last assigned to variables.
// The ranges of variables form a state that the safety analysis carries
// through the kernel in the order it runs (RangeFlow.cpp): each assignment
// updates it, branches narrow it by their conditions and join it after,
// loops widen it. Parameters and loaded data have no known range, and a
// tensor's size only the bound [0, 2^63 - 1] of its int64_t: an index that
// depends on them is not provably inside anything.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SAFETY_INDEXRANGES_H
#define TILE_SAFETY_INDEXRANGES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <functional>
#include <string>

namespace tile::safety {

/// A closed interval of integers [lo, hi], or "unknown". Bounds are kept in
/// 128 bits so that products of 64-bit bounds are exact.
struct IndexRange {
  bool known = false;
  __int128 lo = 0;
  __int128 hi = 0;

  static IndexRange unknown() { return {}; }
  static IndexRange of(__int128 lo, __int128 hi) { return {true, lo, hi}; }

  /// Whether every value lies in [lo, hi].
  bool within(__int128 min, __int128 max) const {
    return known && lo >= min && hi <= max;
  }
  /// The smallest range holding both; unknown if either is.
  IndexRange hull(const IndexRange &other) const;
  bool operator==(const IndexRange &other) const {
    return known == other.known &&
           (!known || (lo == other.lo && hi == other.hi));
  }
  /// "[lo, hi]", or "an unknown range".
  std::string str() const;
};

/// The range of values of the integer type `type`; unknown for types wider
/// than 64 bits.
IndexRange typeRange(const clang::ASTContext &ast, clang::QualType type);

/// The ranges of the variables at one point of a kernel; a variable it does
/// not hold has no known range.
using RangeState = llvm::DenseMap<const clang::VarDecl *, IndexRange>;

/// Ranges of the integer expressions of one kernel, under the current state
/// of its variables.
class IndexRanges {
public:
  /// `resolve` names the variable a variable stands for (the one a
  /// reference is bound to); ranges are kept per resolved variable.
  IndexRanges(
      clang::ASTContext &ast,
      std::function<const clang::VarDecl *(const clang::VarDecl *)> resolve)
      : ast(ast), resolve(std::move(resolve)) {}

  /// The range of `expr` under the current state, within its type: a value
  /// that may have wrapped takes the whole range of its type.
  IndexRange of(const clang::Expr *expr) const;

  /// The range of `expr` before it is fitted to its type: where it leaves
  /// the type, the value has wrapped.
  IndexRange exact(const clang::Expr *expr) const;

  /// Gives `var` the range `range` from here on (a declaration, an
  /// assignment, a loop variable); unknown where `range` exceeds the
  /// variable's type, whose value would then have wrapped.
  void bind(const clang::VarDecl *var, IndexRange range);
  /// `var`'s address was taken: a pointer may write it at any time, so it
  /// keeps no range from here on.
  void escape(const clang::VarDecl *var);
  /// The range `var` holds now.
  IndexRange lookup(const clang::VarDecl *var) const;

  /// The state of every variable, to come back to after a branch.
  const RangeState &state() const { return variables; }
  void setState(RangeState state) { variables = std::move(state); }
  /// Where control flow from two states meets: each variable's hull.
  static RangeState join(const RangeState &a, const RangeState &b);

  /// Narrows the current state by `cond` having evaluated to `truth`:
  /// comparisons of a variable with an expression bound the variable, `!`,
  /// `&&` and `||` combine them. Conditions that assign do not narrow.
  void refine(const clang::Expr *cond, bool truth);

  /// The range of `a op b` computed in `type` (a binary arithmetic, shift
  /// or bitwise operator), before it is fitted to `type`.
  IndexRange apply(clang::BinaryOperatorKind op, IndexRange a, IndexRange b,
                   clang::QualType type) const;
  /// The range of `expr` as an operand of arithmetic: unknown where it
  /// does not fit 64 bits (keeping products of bounds exact in 128 bits).
  IndexRange operandOf(const clang::Expr *expr) const;

  /// Records the range of the value a call of a helper or a lambda
  /// returned where it was last walked.
  void setCallResult(const clang::CallExpr *call, IndexRange range) {
    callResults[call] = range;
  }

private:
  IndexRange combine(const clang::BinaryOperator *op) const;
  IndexRange call(const clang::CallExpr *call) const;
  /// The range of `choice`, each side under the state its condition
  /// leaves.
  IndexRange conditional(const clang::ConditionalOperator *choice) const;
  /// Narrows by one comparison `lhs op rhs` that holds.
  void refineComparison(clang::BinaryOperatorKind op, const clang::Expr *lhs,
                        const clang::Expr *rhs);
  /// The variable `expr` reads, seen through conversions that keep every
  /// value; null for other expressions.
  const clang::VarDecl *comparedVariable(const clang::Expr *expr) const;

  clang::ASTContext &ast;
  std::function<const clang::VarDecl *(const clang::VarDecl *)> resolve;
  /// Mutable only for conditional(), which narrows it for each side of a
  /// `?:` and restores it.
  mutable RangeState variables;
  llvm::DenseSet<const clang::VarDecl *> escaped;
  llvm::DenseMap<const clang::CallExpr *, IndexRange> callResults;
};

} // namespace tile::safety

#endif // TILE_SAFETY_INDEXRANGES_H
