//===- RearrangeOpsToGPU.cpp - Concatenations, slices, pads, shifts -------===//
//
// A concatenation keeps every element with the thread that holds it: the
// second tile's registers follow the first's, or, where the result's new
// bit is a lane or warp bit, the threads on its upper side take the second
// tile's registers. Slices, pads, shifts and rolls move elements by offsets
// that may be known only at run time: the input goes to the shared buffer,
// and each thread reads every element of its result from where it comes
// from, or takes the fill where that lies outside the input.
//
//===----------------------------------------------------------------------===//

#include "SharedTiles.h"
#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

#include <functional>

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The result bit that tells a concatenation's second tile from its first.
int32_t joinBit(CatOp op) {
  ArrayRef<int64_t> shape = op.getLhs().getType().getShape();
  int64_t axis = op.getAxis();
  return dimensionBitOffsets(shape)[axis] + llvm::Log2_64(shape[axis]);
}

struct CatLowering : OpConversionPattern<CatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TileType input = op.getLhs().getType();
    LinearLayoutAttr result = layoutOf(op.getType());
    if (result != joinedLayout(layoutOf(input), input.getShape(), op.getAxis()))
      return rewriter.notifyMatchFailure(
          op, "the result layout moves elements between threads");
    int32_t bit = joinBit(op);
    if (llvm::is_contained(result.getRegisters(), bit)) {
      rewriter.replaceOpWithNewOp<vector::ShuffleOp>(
          op, adaptor.getLhs(), adaptor.getRhs(),
          llvm::to_vector(llvm::seq<int64_t>(
              0, 2 * layoutOf(input).getElementsPerThread())));
      return success();
    }
    Location loc = op.getLoc();
    ThreadPosition position = ThreadPosition::current(rewriter, loc);
    ArrayRef<int32_t> lanes = result.getLanes(), warps = result.getWarps();
    const int32_t *lane = llvm::find(lanes, bit);
    Value thread = lane != lanes.end() ? position.lane : position.warp;
    int64_t shift = lane != lanes.end()
                        ? lane - lanes.begin()
                        : llvm::find(warps, bit) - warps.begin();
    Value upper = arith::AndIOp::create(
        rewriter, loc, thread, constantI32(rewriter, loc, int64_t(1) << shift));
    upper = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                  upper, constantI32(rewriter, loc, 0));
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, upper, adaptor.getRhs(),
                                                 adaptor.getLhs());
    return success();
  }
};

/// Where one element of a result comes from: its flat index in the input
/// (i32), and whether it lies inside the input (null: always).
struct Source {
  Value index;
  Value inside;
};

/// The coordinates (i32) of a result element to the element it comes from.
using SourceOf = std::function<Source(OpBuilder &, Location, ArrayRef<Value>)>;

/// The flat index (i32) of `coordinates` in a tile of `shape`.
Value flatIndex(OpBuilder &builder, Location loc, ArrayRef<int64_t> shape,
                ArrayRef<Value> coordinates) {
  SmallVector<int32_t> offsets = dimensionBitOffsets(shape);
  Value index = constantI32(builder, loc, 0);
  for (auto [coordinate, offset] : llvm::zip(coordinates, offsets))
    index = arith::OrIOp::create(
        builder, loc, index,
        arith::ShLIOp::create(builder, loc, coordinate,
                              constantI32(builder, loc, offset)));
  return index;
}

/// Whether `value` (i32) lies in [0, extent): one unsigned compare.
Value isBelow(OpBuilder &builder, Location loc, Value value, int64_t extent) {
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult, value,
                               constantI32(builder, loc, extent));
}

/// `value` (i64) clamped to [lo, hi] and truncated to i32: an offset beyond
/// a tile's extent means the same as one just past it.
Value clampToI32(OpBuilder &builder, Location loc, Value value, int64_t lo,
                 int64_t hi) {
  value = arith::MaxSIOp::create(builder, loc, value,
                                 constantI64(builder, loc, lo));
  value = arith::MinSIOp::create(builder, loc, value,
                                 constantI64(builder, loc, hi));
  return arith::TruncIOp::create(builder, loc, builder.getI32Type(), value);
}

/// The thread's registers of `resultType`, each read from the shared buffer
/// where `sourceOf` says once `input` (of `inputType`) is written there, or
/// `fill` (null: zero) where that lies outside the input.
Value gatherThroughShared(ConversionPatternRewriter &rewriter, Location loc,
                          const TileToGPUTypeConverter &converter,
                          TileType inputType, Value input, TileType resultType,
                          Value fill, const SourceOf &sourceOf) {
  Type element = inputType.getElementType();
  Type memoryType = memoryElementType(element);
  Value base = converter.sharedMemory(rewriter, loc);
  ThreadPosition position = ThreadPosition::current(rewriter, loc);
  writeTileToShared(rewriter, loc, base, position, layoutOf(inputType),
                    SharedSwizzle(), input, element);
  gpu::BarrierOp::create(rewriter, loc);

  // Selected in the memory type, which every element type has.
  Value outside = fill ? toMemory(rewriter, loc, fill)
                       : arith::ConstantOp::create(
                             rewriter, loc, rewriter.getZeroAttr(memoryType));
  LinearLayoutAttr layout = layoutOf(resultType);
  ArrayRef<int64_t> shape = resultType.getShape();
  SmallVector<int32_t> offsets = dimensionBitOffsets(shape);
  SmallVector<Value> flats = position.registerElements(rewriter, loc, layout);
  auto vectorType = cast<VectorType>(converter.convertType(resultType));
  Value result = arith::ConstantOp::create(rewriter, loc,
                                           rewriter.getZeroAttr(vectorType));
  for (auto [r, flat] : llvm::enumerate(flats)) {
    SmallVector<Value> coordinates;
    for (auto [extent, offset] : llvm::zip(shape, offsets)) {
      Value shifted = arith::ShRUIOp::create(
          rewriter, loc, flat, constantI32(rewriter, loc, offset));
      coordinates.push_back(arith::AndIOp::create(
          rewriter, loc, shifted, constantI32(rewriter, loc, extent - 1)));
    }
    Source source = sourceOf(rewriter, loc, coordinates);
    // A position outside the input reads element 0, then drops it.
    Value index = source.index;
    if (source.inside)
      index = arith::SelectOp::create(rewriter, loc, source.inside, index,
                                      constantI32(rewriter, loc, 0));
    Value address = LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                        memoryType, base, ValueRange{index});
    Value value = LLVM::LoadOp::create(rewriter, loc, memoryType, address,
                                       storageBytes(element));
    if (source.inside)
      value =
          arith::SelectOp::create(rewriter, loc, source.inside, value, outside);
    result = vector::InsertOp::create(rewriter, loc,
                                      fromMemory(rewriter, loc, value, element),
                                      result, ArrayRef<int64_t>{int64_t(r)});
  }
  // The buffer is free again only once every thread has read.
  gpu::BarrierOp::create(rewriter, loc);
  return result;
}

/// The patterns that read their result through shared memory; sourceFor
/// computes what every element needs once, before the elements.
template <typename Op> struct GatherLowering : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto &converter =
        *this->template getTypeConverter<TileToGPUTypeConverter>();
    Location loc = op.getLoc();
    TileType input = op.getInput().getType();
    SourceOf source = sourceFor(op, adaptor, rewriter, loc);
    rewriter.replaceOp(op, gatherThroughShared(rewriter, loc, converter, input,
                                               adaptor.getInput(), op.getType(),
                                               fillOf(adaptor), source));
    return success();
  }

  static Value fillOf(SliceOp::Adaptor) { return {}; }
  static Value fillOf(RollOp::Adaptor) { return {}; }
  static Value fillOf(PadOp::Adaptor adaptor) { return adaptor.getFill(); }
  static Value fillOf(ShiftOp::Adaptor adaptor) { return adaptor.getFill(); }

  /// Result element (j0, ...) is input element (offset0 + j0, ...).
  static SourceOf sourceFor(SliceOp op, SliceOp::Adaptor adaptor,
                            OpBuilder &builder, Location loc) {
    ArrayRef<int64_t> shape = op.getInput().getType().getShape();
    SmallVector<Value> starts;
    for (auto [d, extent] : llvm::enumerate(shape))
      starts.push_back(clampToI32(builder, loc, adaptor.getOffsets()[d],
                                  -op.getType().getShape()[d], extent));
    return [=](OpBuilder &builder, Location loc, ArrayRef<Value> result) {
      SmallVector<Value> coordinates;
      Value inside;
      for (auto [coordinate, start, extent] :
           llvm::zip(result, starts, shape)) {
        Value at = arith::AddIOp::create(builder, loc, coordinate, start);
        Value below = isBelow(builder, loc, at, extent);
        inside =
            inside ? arith::AndIOp::create(builder, loc, inside, below) : below;
        coordinates.push_back(at);
      }
      return Source{flatIndex(builder, loc, shape, coordinates), inside};
    };
  }

  /// Result element (j0, ...) is input element (j0, ...) where there is one.
  static SourceOf sourceFor(PadOp op, PadOp::Adaptor, OpBuilder &, Location) {
    ArrayRef<int64_t> shape = op.getInput().getType().getShape();
    return [=](OpBuilder &builder, Location loc, ArrayRef<Value> result) {
      Value inside;
      for (auto [coordinate, extent] : llvm::zip(result, shape)) {
        Value below = isBelow(builder, loc, coordinate, extent);
        inside =
            inside ? arith::AndIOp::create(builder, loc, inside, below) : below;
      }
      return Source{flatIndex(builder, loc, shape, result), inside};
    };
  }

  /// Element i along the axis is element i - amount.
  static SourceOf sourceFor(ShiftOp op, ShiftOp::Adaptor adaptor,
                            OpBuilder &builder, Location loc) {
    ArrayRef<int64_t> shape = op.getInput().getType().getShape();
    int64_t axis = op.getAxis(), extent = shape[axis];
    Value by = clampToI32(builder, loc, adaptor.getAmount(), -extent, extent);
    return [=](OpBuilder &builder, Location loc, ArrayRef<Value> result) {
      SmallVector<Value> coordinates(result);
      coordinates[axis] = arith::SubIOp::create(builder, loc, result[axis], by);
      return Source{flatIndex(builder, loc, shape, coordinates),
                    isBelow(builder, loc, coordinates[axis], extent)};
    };
  }

  /// Element i along the axis is element i - amount modulo the extent, a
  /// power of two: the low bits of the 32-bit difference.
  static SourceOf sourceFor(RollOp op, RollOp::Adaptor adaptor,
                            OpBuilder &builder, Location loc) {
    ArrayRef<int64_t> shape = op.getInput().getType().getShape();
    int64_t axis = op.getAxis(), extent = shape[axis];
    Value by = arith::TruncIOp::create(builder, loc, builder.getI32Type(),
                                       adaptor.getAmount());
    return [=](OpBuilder &builder, Location loc, ArrayRef<Value> result) {
      SmallVector<Value> coordinates(result);
      coordinates[axis] = arith::AndIOp::create(
          builder, loc, arith::SubIOp::create(builder, loc, result[axis], by),
          constantI32(builder, loc, extent - 1));
      return Source{flatIndex(builder, loc, shape, coordinates), Value()};
    };
  }
};

} // namespace

void mlir::tile::populateRearrangeOpsToGPUPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<CatLowering, GatherLowering<SliceOp>, GatherLowering<PadOp>,
               GatherLowering<ShiftOp>, GatherLowering<RollOp>>(
      converter, patterns.getContext());
}
