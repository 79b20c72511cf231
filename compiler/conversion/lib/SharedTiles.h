//===- SharedTiles.h - Tiles written to and read from shared memory -*- C++
//-*-//
//
// Layout conversions and warpgroup matrix products put tiles in the kernel's
// shared buffer: each thread writes its registers in runs of up to 16 bytes,
// at element offsets that may be swizzled so that later reads spread over
// the banks (or match the layout the tensor cores read). Not a public
// interface.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_SHAREDTILES_H
#define TILE_CONVERSION_SHAREDTILES_H

#include "TileToGPUPatterns.h"
#include "tilegpu/IR/TileGPUTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace mlir::tile {

/// A thread's registers under `layout`, grouped in runs of neighbouring
/// elements of at most 16 bytes: what one shared memory access moves.
struct RegisterRuns {
  int64_t width;
  int64_t count;

  RegisterRuns(LinearLayoutAttr layout, int64_t elementBytes) {
    int64_t bits = contiguousRegisterBits(layout);
    while (bits > 0 && (int64_t(1) << bits) * elementBytes > kMaxAccessBytes)
      --bits;
    width = int64_t(1) << bits;
    count = layout.getElementsPerThread() / width;
  }
};

/// Where the elements of a tile lie in a shared buffer: element x at
/// apply(x). The 16-byte chunks of each 128-byte line are permuted by the
/// low bits of the line's index (XORed into the chunk bits): ldmatrix then
/// reads eight rows without bank conflicts, and with lines of 2^k chunks it
/// is the 32-, 64- or 128-byte swizzle the tensor cores' shared memory
/// descriptors describe. The map is linear over XOR, so a thread's offset
/// and a register's constant swizzle apart, and an aligned access of up to
/// 16 bytes stays contiguous.
struct SharedSwizzle {
  int64_t chunkShift = 0;
  int64_t lineMask = 0;

  /// No permutation: element x at x.
  SharedSwizzle() = default;
  /// Chunks of 2^chunkShift elements; the line bits under `lineMask` (at
  /// most 7) permute them.
  SharedSwizzle(int64_t chunkShift, int64_t lineMask)
      : chunkShift(chunkShift), lineMask(lineMask) {}
  /// The swizzle over as many line bits (up to 3) as a tile of `elements`
  /// elements of `elementBytes` each has.
  static SharedSwizzle forTile(int64_t elements, int64_t elementBytes) {
    int64_t chunkShift = llvm::Log2_64(kMaxAccessBytes / elementBytes);
    int64_t lineBits = int64_t(llvm::Log2_64(elements)) - chunkShift - 3;
    return SharedSwizzle(
        chunkShift, (int64_t(1) << std::clamp<int64_t>(lineBits, 0, 3)) - 1);
  }

  /// The swizzle of lines of `lineBytes` (32, 64 or 128), as the tensor
  /// cores' matrix descriptors read them.
  static SharedSwizzle forLines(int64_t lineBytes, int64_t elementBytes) {
    return SharedSwizzle(llvm::Log2_64(kMaxAccessBytes / elementBytes),
                         lineBytes / kMaxAccessBytes - 1);
  }

  int64_t apply(int64_t element) const {
    return element ^ ((element >> (chunkShift + 3) & lineMask) << chunkShift);
  }
  Value apply(OpBuilder &builder, Location loc, Value element) const {
    if (!lineMask)
      return element;
    Value line = arith::ShRUIOp::create(
        builder, loc, element, constantI32(builder, loc, chunkShift + 3));
    line = arith::AndIOp::create(builder, loc, line,
                                 constantI32(builder, loc, lineMask));
    line = arith::ShLIOp::create(builder, loc, line,
                                 constantI32(builder, loc, chunkShift));
    return arith::XOrIOp::create(builder, loc, element, line);
  }
};

/// `layout` with every element bit moved by `map`: the layout of the same
/// registers in the shared operand's element order.
template <typename Map>
inline LinearLayoutAttr mappedLayout(LinearLayoutAttr layout, Map map) {
  auto mapAll = [&](ArrayRef<int32_t> bits) {
    SmallVector<int32_t> mapped;
    for (int32_t bit : bits)
      mapped.push_back(map(bit));
    return mapped;
  };
  return LinearLayoutAttr::get(
      layout.getContext(), mapAll(layout.getRegisters()),
      mapAll(layout.getLanes()), mapAll(layout.getWarps()));
}

/// Where stage `stage` (i32) of `stages` starts, from the stages' start.
inline Value stageAddress(OpBuilder &builder, Location loc, Value base,
                          Value stage, tilegpu::StagesType stages) {
  Value offset = arith::MulIOp::create(
      builder, loc, stage, constantI32(builder, loc, stages.getStageBytes()));
  return LLVM::GEPOp::create(builder, loc, base.getType(), builder.getI8Type(),
                             base, ValueRange{offset});
}

/// Makes this thread's writes to shared memory visible to the tensor cores,
/// which read it through the async proxy.
inline void fenceSharedForTensorCores(OpBuilder &builder, Location loc) {
  NVVM::FenceProxyOp::create(
      builder, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(builder.getContext(),
                                 NVVM::SharedSpace::shared_cta));
}

/// The address in the shared buffer of element `offset ^ constant`, both
/// already swizzled.
inline Value sharedAddress(OpBuilder &builder, Location loc, Value base,
                           Type memoryType, Value offset, int64_t constant) {
  Value index = arith::XOrIOp::create(builder, loc, offset,
                                      constantI32(builder, loc, constant));
  return LLVM::GEPOp::create(builder, loc, base.getType(), memoryType, base,
                             ValueRange{index});
}

/// Writes `values`, a thread's registers of a tile of `element`s in
/// `layout`, to the shared buffer at `base`, element x at swizzle.apply(x);
/// of the threads holding the same elements only the first writes. The
/// caller places the barriers.
void writeTileToShared(OpBuilder &builder, Location loc, Value base,
                       const ThreadPosition &position, LinearLayoutAttr layout,
                       const SharedSwizzle &swizzle, Value values,
                       Type element);

} // namespace mlir::tile

#endif // TILE_CONVERSION_SHAREDTILES_H
