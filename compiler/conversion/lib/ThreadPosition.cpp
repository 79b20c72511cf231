//===- ThreadPosition.cpp - Where a thread's elements lie in a tile -------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::tile;

ThreadPosition ThreadPosition::current(OpBuilder &builder, Location loc) {
  Value thread = gpu::ThreadIdOp::create(builder, loc, gpu::Dimension::x);
  thread =
      arith::IndexCastUIOp::create(builder, loc, builder.getI32Type(), thread);
  Value lane = arith::AndIOp::create(builder, loc, thread,
                                     constantI32(builder, loc, kWarpSize - 1));
  Value warp = arith::ShRUIOp::create(builder, loc, thread,
                                      constantI32(builder, loc, kLaneBits));
  return {thread, lane, warp};
}

Value ThreadPosition::elementOffset(OpBuilder &builder, Location loc,
                                    LinearLayoutAttr layout) const {
  SmallVector<int32_t> bits(layout.getLanes());
  llvm::append_range(bits, layout.getWarps());
  return elementOffset(builder, loc, bits);
}

Value ThreadPosition::elementOffset(OpBuilder &builder, Location loc,
                                    ArrayRef<int32_t> bits) const {
  // Runs of thread bits that land on consecutive element bits move together
  // with one shift and mask.
  Value offset = constantI32(builder, loc, 0);
  for (size_t h = 0; h < bits.size();) {
    if (bits[h] < 0) {
      ++h;
      continue;
    }
    size_t length = 1;
    while (h + length < bits.size() &&
           bits[h + length] == bits[h] + static_cast<int32_t>(length))
      ++length;
    Value field = thread;
    if (h > 0)
      field = arith::ShRUIOp::create(builder, loc, field,
                                     constantI32(builder, loc, h));
    field = arith::AndIOp::create(builder, loc, field,
                                  constantI32(builder, loc, (1 << length) - 1));
    field = arith::ShLIOp::create(builder, loc, field,
                                  constantI32(builder, loc, bits[h]));
    offset = arith::OrIOp::create(builder, loc, offset, field);
    h += length;
  }
  return offset;
}

SmallVector<Value>
ThreadPosition::registerElements(OpBuilder &builder, Location loc,
                                 LinearLayoutAttr layout) const {
  // Thread bits and register bits set different element bits.
  Value offset = elementOffset(builder, loc, layout);
  SmallVector<Value> elements;
  for (int64_t r = 0; r < layout.getElementsPerThread(); ++r) {
    Value bits = constantI32(builder, loc, registerElement(layout, r));
    elements.push_back(arith::OrIOp::create(builder, loc, offset, bits));
  }
  return elements;
}

Value ThreadPosition::isFirstAmong(OpBuilder &builder, Location loc,
                                   ArrayRef<bool> ignored) const {
  int64_t laneMask = 0, warpMask = 0;
  for (auto [i, flag] : llvm::enumerate(ignored)) {
    if (!flag)
      continue;
    if (static_cast<int64_t>(i) < kLaneBits)
      laneMask |= int64_t(1) << i;
    else
      warpMask |= int64_t(1) << (i - kLaneBits);
  }
  if (!laneMask && !warpMask)
    return {};
  Value lanes = arith::AndIOp::create(builder, loc, lane,
                                      constantI32(builder, loc, laneMask));
  Value warps = arith::AndIOp::create(builder, loc, warp,
                                      constantI32(builder, loc, warpMask));
  Value either = arith::OrIOp::create(builder, loc, lanes, warps);
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, either,
                               constantI32(builder, loc, 0));
}

SmallVector<bool> mlir::tile::replicaBits(LinearLayoutAttr layout) {
  SmallVector<bool> flags;
  for (int32_t bit :
       llvm::concat<const int32_t>(layout.getLanes(), layout.getWarps()))
    flags.push_back(bit < 0);
  return flags;
}
