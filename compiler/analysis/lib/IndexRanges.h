//===- IndexRanges.h - Interval reasoning over kernel integers --*- C++ -*-===//
//
// The range every integer expression of a kernel can take, from constants,
// template parameters, program ids and grid sizes (bounded by the GPU's grid
// limits), loop bounds, and variables assigned once. Parameters and loaded
// data have no known range, and a tensor's size only the bound [0, 2^63 - 1]
// of its int64_t: an index that depends on them is not provably inside
// anything.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_ANALYSIS_INDEXRANGES_H
#define TILE_ANALYSIS_INDEXRANGES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

#include <string>

namespace tile::analysis {

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
  /// "[lo, hi]", or "an unknown range".
  std::string str() const;
};

/// Ranges of the integer expressions of one kernel.
class IndexRanges {
public:
  explicit IndexRanges(clang::ASTContext &ast) : ast(ast) {}

  /// The range of `expr`.
  IndexRange of(const clang::Expr *expr) const;

  /// Gives `var` the range `range` (a loop variable, a variable that is
  /// never reassigned); unknown where `range` exceeds the variable's type,
  /// whose value would then have wrapped.
  void bind(const clang::VarDecl *var, IndexRange range);

private:
  /// The range of an operand: unknown where its exact range does not fit
  /// its type (it may have wrapped) or 64 bits (keeping products of bounds
  /// exact in 128 bits).
  IndexRange operandOf(const clang::Expr *expr) const;
  IndexRange combine(const clang::BinaryOperator *op) const;
  IndexRange call(const clang::CallExpr *call) const;

  clang::ASTContext &ast;
  llvm::DenseMap<const clang::VarDecl *, IndexRange> variables;
};

} // namespace tile::analysis

#endif // TILE_ANALYSIS_INDEXRANGES_H
