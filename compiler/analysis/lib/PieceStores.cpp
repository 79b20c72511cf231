//===- PieceStores.cpp - Sub-tile stores stay inside the piece ------------===//
//
// `out.store_at(t, i, j)` writes the sub-tile t at tile index (i, j) of the
// piece. Each dimension of t must divide the piece's, and each index must
// provably lie in [0, piece / tile) for every program: from constants,
// template parameters, loop bounds and grid sizes (IndexRanges). An index
// the analysis cannot bound, such as one read from a parameter or bounded
// by a tensor's size, is rejected unless the store sits in an unsafe scope.
//
//===----------------------------------------------------------------------===//

#include "KernelChecker.h"

#include "tile/Analysis/KernelLanguage.h"

using namespace tile::analysis;

bool KernelChecker::checkStoreAt(const clang::CXXMemberCallExpr *call) {
  const clang::Expr *object = call->getImplicitObjectArgument();
  const clang::ValueDecl *piece = pieceNamedBy(object);
  std::string name =
      piece ? "'" + piece->getName().str() + "'" : std::string("the piece");
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
                      " does not fit output piece " + name + " of shape " +
                      formatShape(pieceShape) +
                      ": each dimension of the tile must divide the "
                      "piece's");
      if (piece)
        diags.declaredHere(piece, describe(piece));
      return false;
    }

  if (inUnsafeScope())
    return true;
  bool ok = true;
  for (unsigned d = 0; d < pieceShape.size(); ++d) {
    const clang::Expr *index = call->getArg(d + 1);
    int64_t count = pieceShape[d] / tileShape[d];
    IndexRange range = ranges.of(index);
    if (range.within(0, count - 1))
      continue;
    std::string found =
        range.known ? "it ranges over " + range.str()
                    : "it depends on values of unknown range (parameters, "
                      "tensor sizes, loaded data)";
    diags.error(index->getSourceRange(),
                "index " + llvm::Twine(d) + " of the store into output piece " +
                    name + " is not provably inside it: " + found +
                    ", but the piece holds " + llvm::Twine(count) +
                    " sub-tiles of shape " + formatShape(tileShape) +
                    " along dimension " + llvm::Twine(d) +
                    " (valid indices [0, " + llvm::Twine(count - 1) + "])");
    if (piece)
      diags.declaredHere(piece, describe(piece));
    ok = false;
  }
  return ok;
}
