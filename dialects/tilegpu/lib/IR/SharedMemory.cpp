//===- SharedMemory.cpp - The shared memory an op needs -------------------===//

#include "tilegpu/IR/SharedMemory.h"
#include "tile/IR/ThreadLayouts.h"
#include "tile/IR/TileOps.h"
#include "tile/IR/WgmmaLayouts.h"
#include "tilegpu/IR/TileGPUOps.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

/// How many of `input`'s warp bits lie on `axis`.
static int64_t warpBitsOnAxis(TileType input, int64_t axis) {
  int32_t low = dimensionBitOffsets(input.getShape())[axis];
  int32_t high = low + llvm::Log2_64(input.getShape()[axis]);
  return llvm::count_if(layoutOf(input).getWarps(),
                        [&](int32_t bit) { return bit >= low && bit < high; });
}

/// The bytes of one value of the type reductions and scans fold `input`'s
/// elements in (4 or 8).
static int64_t foldBytes(TileType input) {
  return std::max<int64_t>(4,
                           input.getElementType().getIntOrFloatBitWidth() / 8);
}

int64_t mlir::tilegpu::sharedMemoryBytes(Operation *op) {
  if (auto alloc = dyn_cast<SharedAllocOp>(op))
    return alloc.getOffset() + alloc.getType().getBytes();
  if (auto alloc = dyn_cast<BarrierAllocOp>(op))
    return alloc.getOffset() + alloc.getType().getBytes();
  if (auto dot = dyn_cast<DotOp>(op); dot && dot->hasAttr(kWgmmaAttrName)) {
    ArrayRef<int64_t> acc = dot.getAcc().getType().getShape();
    int64_t k = dot.getA().getType().getShape()[1];
    int64_t bytes = storageBytes(dot.getA().getType().getElementType());
    // A chained dot alternates between two sets of operands.
    if (dot->hasAttr(kWgmmaChainedAttrName))
      return 2 * wgmmaSharedStride(acc[0], acc[1], k, bytes);
    return wgmmaSharedBytes(acc[0], acc[1], k, bytes);
  }
  if (auto convert = dyn_cast<ConvertLayoutOp>(op))
    return convert.getType().getNumElements() *
           storageBytes(convert.getType().getElementType());
  // A scatter settles which element stores in a claim per piece element.
  if (auto scatter = dyn_cast<ScatterOp>(op))
    return scatter.getPiece().getType().getTileType().getNumElements() * 4;
  // A histogram counts in one i32 per bin.
  if (auto histogram = dyn_cast<HistogramOp>(op))
    return histogram.getResult().getType().getNumElements() * 4;
  // A sort keeps every element's key, in the type it compares in, and its
  // old index in the buffer.
  if (auto sort = dyn_cast<SortOp>(op)) {
    TileType input = sort.getInput().getType();
    return input.getNumElements() * (foldBytes(input) + 4);
  }
  // Slices, pads, shifts and rolls read their input back from the buffer.
  if (isa<SliceOp, PadOp, ShiftOp, RollOp>(op)) {
    auto input = cast<TileType>(op->getOperand(0).getType());
    return input.getNumElements() * storageBytes(input.getElementType());
  }
  if (isa<ScanOp, ScanWithOp>(op)) {
    // Warps spanning the scanned axis exchange every element's running
    // total, in the fold's type.
    auto input = cast<TileType>(op->getOperand(0).getType());
    auto axis = op->getAttrOfType<IntegerAttr>("axis").getInt();
    if (warpBitsOnAxis(input, axis) == 0)
      return 0;
    return input.getNumElements() * foldBytes(input);
  }
  if (!isa<ReduceOp, ReduceWithOp, ArgMaxOp, ArgMinOp>(op))
    return 0;
  // Warps spanning the reduced axis exchange one partial each per result
  // element: a value of the fold's type, and for argmax and argmin an
  // index.
  auto input = cast<TileType>(op->getOperand(0).getType());
  auto result = cast<TileType>(op->getResult(0).getType());
  auto axis = op->getAttrOfType<IntegerAttr>("axis").getInt();
  int64_t slots = int64_t(1) << warpBitsOnAxis(input, axis);
  if (slots == 1)
    return 0;
  int64_t indexBytes = isa<ArgMaxOp, ArgMinOp>(op) ? 4 : 0;
  return result.getNumElements() * slots * (foldBytes(input) + indexBytes);
}
