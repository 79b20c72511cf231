//===- BlockedLayout.cpp - Choosing a kernel's thread layout --------------===//

#include "tile/Conversion/BlockedLayout.h"
#include "tile/IR/TileOps.h"

using namespace mlir;
using namespace mlir::tile;

/// Bytes a 16-byte vector access moves.
static constexpr int64_t kVectorBytes = 16;

Type mlir::tile::memoryElementType(Type element) {
  if (element.isInteger(1))
    return IntegerType::get(element.getContext(), 8);
  return element;
}

int64_t mlir::tile::storageBytes(Type element) {
  return memoryElementType(element).getIntOrFloatBitWidth() / 8;
}

FailureOr<BlockedLayout> BlockedLayout::choose(FunctionOpInterface kernel,
                                               int64_t maxThreads) {
  std::optional<int64_t> numElements;
  Operation *firstTileOp = nullptr;
  int64_t narrowestBytes = kVectorBytes;
  int64_t innermostGcd = 0;
  WalkResult walk = kernel.walk([&](Operation *op) -> WalkResult {
    for (Type type : op->getResultTypes()) {
      auto tile = dyn_cast<TileType>(type);
      if (!tile)
        continue;
      if (numElements && *numElements != tile.getNumElements()) {
        InFlightDiagnostic diag =
            op->emitOpError("produces a tile of ")
            << tile.getNumElements()
            << " elements in a kernel whose tiles have " << *numElements
            << "; the GPU lowering handles kernels whose tiles all have the "
               "same number of elements";
        diag.attachNote(firstTileOp->getLoc()) << "first tile defined here";
        return WalkResult::interrupt();
      }
      if (!numElements) {
        numElements = tile.getNumElements();
        firstTileOp = op;
      }
    }
    // Memory accesses are vectorized along the innermost dimension only.
    std::optional<TileType> accessed;
    if (auto load = dyn_cast<LoadOp>(op))
      accessed = load.getResult().getType();
    else if (auto load = dyn_cast<LoadPieceOp>(op))
      accessed = load.getResult().getType();
    else if (auto store = dyn_cast<StoreOp>(op))
      accessed = store.getValue().getType();
    if (accessed) {
      narrowestBytes =
          std::min(narrowestBytes, storageBytes(accessed->getElementType()));
      innermostGcd = std::gcd(innermostGcd, accessed->getShape().back());
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();

  BlockedLayout layout;
  layout.numElements = numElements.value_or(1);
  layout.vectorWidth = kVectorBytes / narrowestBytes;
  while (layout.vectorWidth > 1 &&
         ((innermostGcd && innermostGcd % layout.vectorWidth) ||
          layout.numElements % layout.vectorWidth))
    layout.vectorWidth /= 2;
  int64_t runs = layout.numElements / layout.vectorWidth;
  layout.numThreads = std::min(maxThreads, runs);
  while (runs % layout.numThreads)
    --layout.numThreads;
  return layout;
}
