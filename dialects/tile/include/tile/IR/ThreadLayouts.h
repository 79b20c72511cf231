//===- ThreadLayouts.h - Tile layouts over a program's threads --*- C++ -*-===//
//
// The algebra of #tile.layout: which layout each tile op produces from the
// layouts of its operands, and where a register of a thread lies in its tile.
// Tiles with layouts have power-of-two dimensions, so dimension d of a tile
// owns a contiguous range of the bits of its row-major flat element index.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_IR_THREADLAYOUTS_H
#define TILE_IR_THREADLAYOUTS_H

#include "tile/IR/TileAttrs.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::tile {

/// Threads of a warp, and the bits of a lane index.
inline constexpr int64_t kWarpSize = 32;
inline constexpr int64_t kLaneBits = 5;

/// The widest memory access a thread issues.
inline constexpr int64_t kMaxAccessBytes = 16;

/// The layout a tile type is encoded with.
LinearLayoutAttr layoutOf(Type tile);

/// An i32 constant.
Value constantI32(OpBuilder &builder, Location loc, int64_t value);
/// An i64 constant.
Value constantI64(OpBuilder &builder, Location loc, int64_t value);

/// The type an element is stored as in memory: booleans take a byte, and
/// 8-bit floats are bytes (LLVM has no type for them).
Type memoryElementType(Type element);

/// Bytes one element occupies in memory.
int64_t storageBytes(Type element);

/// `loaded` (a scalar or vector read from memory) as values of `element`:
/// stored booleans become i1 again (any non-zero byte is true), and bytes
/// become 8-bit floats.
Value fromMemory(OpBuilder &builder, Location loc, Value loaded, Type element);

/// `values` (a scalar or vector of a tile's element type) as they are
/// stored, in memoryElementType: booleans as bytes of 0 or 1, 8-bit floats as
/// their bytes.
Value toMemory(OpBuilder &builder, Location loc, Value values);

/// The lowest flat-index bit of each dimension of `shape` (powers of two):
/// dimension d owns bits [offset[d], offset[d] + log2(shape[d])).
SmallVector<int32_t> dimensionBitOffsets(ArrayRef<int64_t> shape);

/// The layout loads and stores use: runs of up to `vectorWidth` contiguous
/// elements of the innermost dimension per thread, the lanes and then the
/// warps side by side over the following elements, and further runs in more
/// registers once all threads hold one. Lanes and warps left over when the
/// tile is small hold replicas.
LinearLayoutAttr blockedLayout(MLIRContext *context, ArrayRef<int64_t> shape,
                               int64_t vectorWidth, int64_t numWarps);

/// The layout of the reduction of a tile of `shape` in `layout` along
/// `axis`: registers of the axis fold together, and the lanes and warps
/// that spanned it hold replicas of the result.
LinearLayoutAttr reducedLayout(LinearLayoutAttr layout, ArrayRef<int64_t> shape,
                               int64_t axis);

/// The layout of a permutation of a tile of `shape` in `layout`: every
/// thread keeps its elements, which only change place in the tile.
LinearLayoutAttr permutedLayout(LinearLayoutAttr layout,
                                ArrayRef<int64_t> shape,
                                ArrayRef<int64_t> permutation);

/// The layout of the concatenation along `axis` of two tiles of `shape` in
/// `layout`: each thread keeps its elements of both, the second tile's
/// distinguished by the new top bit of the axis, which goes to the first
/// lane or warp bit that held replicas, else to a new last register bit.
LinearLayoutAttr joinedLayout(LinearLayoutAttr layout, ArrayRef<int64_t> shape,
                              int64_t axis);

/// The layout a broadcast from `from` to `to` produces by default: the
/// repeated dimensions go first to lanes and warps that held replicas, then
/// to new registers.
LinearLayoutAttr broadcastLayout(LinearLayoutAttr layout,
                                 ArrayRef<int64_t> from, ArrayRef<int64_t> to);

/// Whether a broadcast from `from` in `input` to `to` in `output` moves no
/// data between threads: every thread already holds the inputs of its
/// outputs.
bool isBroadcastInPlace(LinearLayoutAttr input, ArrayRef<int64_t> from,
                        LinearLayoutAttr output, ArrayRef<int64_t> to);

/// The flat element index register `reg` of lane 0 of warp 0 holds.
int64_t registerElement(LinearLayoutAttr layout, int64_t reg);

/// How many leading register bits run over consecutive elements: a thread's
/// registers come in runs of 2^contiguousRegisterBits(layout) neighbours.
int64_t contiguousRegisterBits(LinearLayoutAttr layout);

} // namespace mlir::tile

#endif // TILE_IR_THREADLAYOUTS_H
