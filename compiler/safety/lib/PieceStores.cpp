//===- PieceStores.cpp - Sub-tile stores stay inside the piece ------------===//
//
// `out.store_at(t, i, j)` writes the sub-tile t at tile index (i, j) of the
// piece. Each dimension of t must divide the piece's, and each index must
// provably lie in [0, piece / tile) for every program, where the store runs:
// from constants, template parameters, loop bounds, grid sizes and the
// conditions that guard it (IndexRanges, RangeFlow.cpp). An index
// the analysis cannot bound, such as one read from a parameter or bounded
// by a tensor's size, is rejected unless the store sits in an unsafe scope.
// A scatter writes where index tiles say: the compiler inserts the check
// that drops what falls outside the piece, and lists it.
//
//===----------------------------------------------------------------------===//

#include "KernelChecker.h"

#include "tile/Safety/KernelLanguage.h"

using namespace tile::safety;

/// "'out'", or "the piece" when it has no name.
static std::string pieceLabel(const clang::ValueDecl *piece) {
  return piece ? "'" + piece->getName().str() + "'" : std::string("the piece");
}

bool KernelChecker::checkStoreShape(const clang::CXXMemberCallExpr *call) {
  const clang::Expr *object = call->getImplicitObjectArgument();
  const clang::ValueDecl *piece = pieceNamedBy(object);
  llvm::SmallVector<int64_t> pieceShape = kernelShape(object->getType());
  if (call->getNumArgs() == 0)
    return true;
  const clang::Expr *value = call->getArg(0);
  llvm::SmallVector<int64_t> tileShape = kernelShape(value->getType());
  // A rank mismatch is a static_assert of the header.
  if (tileShape.size() != pieceShape.size() ||
      call->getNumArgs() != pieceShape.size() + 1)
    return true;
  for (auto [tileSize, pieceSize] : llvm::zip(tileShape, pieceShape))
    if (pieceSize % tileSize != 0) {
      diags.error(value->getSourceRange(),
                  "stored tile of shape " + formatShape(tileShape) +
                      " does not fit output piece " + pieceLabel(piece) +
                      " of shape " + formatShape(pieceShape) +
                      ": each dimension of the tile must divide the "
                      "piece's");
      if (piece)
        diags.declaredHere(piece, describe(piece));
      return false;
    }
  return true;
}

void KernelChecker::checkStoreIndices(const clang::CXXMemberCallExpr *call) {
  const clang::Expr *object = call->getImplicitObjectArgument();
  const clang::ValueDecl *piece = pieceNamedBy(object);
  llvm::SmallVector<int64_t> pieceShape = kernelShape(object->getType());
  if (inUnsafeScope() || call->getNumArgs() != pieceShape.size() + 1)
    return;
  llvm::SmallVector<int64_t> tileShape =
      kernelShape(call->getArg(0)->getType());
  // Ranks that differ are a static_assert of the header.
  for (auto [d, sizes] : llvm::enumerate(llvm::zip(pieceShape, tileShape))) {
    const clang::Expr *index = call->getArg(d + 1);
    int64_t count = std::get<0>(sizes) / std::get<1>(sizes);
    IndexRange range = rangeWithin(index, call);
    if (range.within(0, count - 1))
      continue;
    std::string found =
        range.known ? "it ranges over " + range.str()
                    : "it depends on values of unknown range (parameters, "
                      "tensor sizes, loaded data)";
    diags.error(index->getSourceRange(),
                "index " + llvm::Twine(d) + " of the store into output piece " +
                    pieceLabel(piece) + " is not provably inside it: " + found +
                    ", but the piece holds " + llvm::Twine(count) +
                    " sub-tiles of shape " + formatShape(tileShape) +
                    " along dimension " + llvm::Twine(d) +
                    " (valid indices [0, " + llvm::Twine(count - 1) + "])");
    if (piece)
      diags.declaredHere(piece, describe(piece));
  }
}

void KernelChecker::checkScatter(const clang::CXXMemberCallExpr *call) {
  const clang::ValueDecl *piece =
      pieceNamedBy(call->getImplicitObjectArgument());
  std::string what = "scatter into output piece " + pieceLabel(piece);
  if (!checksAreErrors) {
    findings.insertedChecks.push_back(
        {locationOf(call->getExprLoc()), kernelName(), what});
    return;
  }
  diags.error(call->getSourceRange(),
              "the " + what +
                  " needs a bounds check inserted by the compiler (its "
                  "indices are tiles, whose values the analysis does not "
                  "bound), and --checks-as-errors forbids inserted checks: "
                  "store with store or store_at at indices the analysis "
                  "proves inside the piece");
  if (piece)
    diags.declaredHere(piece, describe(piece));
}
