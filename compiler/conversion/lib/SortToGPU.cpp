//===- SortToGPU.cpp - Sorting a tile along an axis in shared memory ------===//
//
// The program writes each element's key (in the type it compares in: f32 for
// 16-bit floats, i32 for narrow integers) and its index along the axis to the
// shared buffer, then runs a bitonic network over every line at once: for
// blocks of 2, 4, ... up to the line's extent, compare-and-exchange steps at
// distances from half the block down to 1, each step a pass of the threads
// over the pairs, between barriers. A pair compares its keys, NaN above any
// number, and equal keys by their old index, so the network, which is not
// stable by itself, gives the stable order host mode gives. Then every
// thread reads its elements of both results back.
//
//===----------------------------------------------------------------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The type keys of `element` compare in: f32 for the 16-bit floats, f64
/// for f64, i32 for the narrower integers, the signless integer of the
/// width for the others. Keys compare signed: narrow unsigned elements
/// widen with zeros, and wide ones flip their top bit, which maps unsigned
/// order onto signed order (see toKey).
Type keyType(Type element) {
  if (isa<FloatType>(element) && !element.isF64())
    return Float32Type::get(element.getContext());
  return element.getIntOrFloatBitWidth() < 32
             ? IntegerType::get(element.getContext(), 32)
             : scalarType(element);
}

/// Whether key `a` comes before key `b`: smaller, NaN after any number.
Value keyBefore(OpBuilder &builder, Location loc, Value a, Value b) {
  if (!isa<FloatType>(a.getType()))
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, a, b);
  Value aIsNumber =
      arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::ORD, a, a);
  Value bIsNaN =
      arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO, b, b);
  Value smaller =
      arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OLT, a, b);
  return arith::AndIOp::create(
      builder, loc, aIsNumber,
      arith::OrIOp::create(builder, loc, bIsNaN, smaller));
}

/// Whether (key a, index i) comes before (key b, index j): by key, then by
/// index, so that no two entries tie.
Value entryBefore(OpBuilder &builder, Location loc, Value a, Value i, Value b,
                  Value j) {
  // Each op in a statement of its own: the IR's order then does not depend
  // on the order the C++ compiler evaluates arguments in.
  Value aFirst = keyBefore(builder, loc, a, b);
  Value bFirst = keyBefore(builder, loc, b, a);
  Value yes =
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
  Value bNotFirst = arith::XOrIOp::create(builder, loc, bFirst, yes);
  Value byIndex =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, i, j);
  Value tieByIndex = arith::AndIOp::create(builder, loc, bNotFirst, byIndex);
  return arith::OrIOp::create(builder, loc, aFirst, tieByIndex);
}

struct SortLowering : OpConversionPattern<SortOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SortOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TileType tile = op.getInput().getType();
    auto layout = dyn_cast_or_null<LinearLayoutAttr>(tile.getEncoding());
    if (!layout)
      return rewriter.notifyMatchFailure(op, "the input has no layout");
    const auto &converter = *getTypeConverter<TileToGPUTypeConverter>();
    Type element = tile.getElementType();
    Type key = keyType(element);
    Type i32 = rewriter.getI32Type();
    int64_t elements = tile.getNumElements();
    int64_t axis = op.getAxis();
    int64_t stride = 1;
    for (int64_t d = axis + 1; d < tile.getRank(); ++d)
      stride *= tile.getShape()[d];
    int64_t extent = tile.getShape()[axis];
    int64_t strideBits = llvm::Log2_64(stride);
    int64_t threads = kWarpSize * layout.getNumWarps();

    Value keys = converter.sharedMemory(rewriter, loc);
    Value indices = converter.sharedMemoryAt(
        rewriter, loc, elements * key.getIntOrFloatBitWidth() / 8);
    auto keyAt = [&](OpBuilder &b, Value at) {
      return LLVM::GEPOp::create(b, loc, keys.getType(), key, keys,
                                 ValueRange{at});
    };
    auto indexAt = [&](OpBuilder &b, Value at) {
      return LLVM::GEPOp::create(b, loc, indices.getType(), i32, indices,
                                 ValueRange{at});
    };

    // Each element's key and index along the axis, written once (by the
    // first of its replicas).
    ThreadPosition position = ThreadPosition::current(rewriter, loc);
    Value input = adaptor.getInput().front();
    SmallVector<Value> flats = position.registerElements(rewriter, loc, layout);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      if (Value writer =
              position.isFirstAmong(rewriter, loc, replicaBits(layout))) {
        auto branch = scf::IfOp::create(rewriter, loc, writer);
        rewriter.setInsertionPointToStart(branch.thenBlock());
      }
      for (auto [r, flat] : llvm::enumerate(flats)) {
        Value value = vector::ExtractOp::create(rewriter, loc, input, r);
        Value keyValue = toKey(rewriter, loc, value, key, element);
        LLVM::StoreOp::create(rewriter, loc, keyValue, keyAt(rewriter, flat));
        Value shifted = arith::ShRUIOp::create(
            rewriter, loc, flat, constantI32(rewriter, loc, strideBits));
        Value along = arith::AndIOp::create(
            rewriter, loc, shifted, constantI32(rewriter, loc, extent - 1));
        LLVM::StoreOp::create(rewriter, loc, along, indexAt(rewriter, flat));
      }
    }
    gpu::BarrierOp::create(rewriter, loc);

    for (int64_t block = 2; block <= extent; block *= 2)
      for (int64_t distance = block / 2; distance >= 1; distance /= 2) {
        exchangeStep(rewriter, loc, position.thread, threads, elements,
                     strideBits, llvm::Log2_64(distance), block, extent, key,
                     keyAt, indexAt);
        gpu::BarrierOp::create(rewriter, loc);
      }

    // Each thread reads its elements of both results.
    auto sortedType = cast<VectorType>(input.getType());
    auto indexType = VectorType::get(sortedType.getShape(), i32);
    Value sorted = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getZeroAttr(sortedType));
    Value order = arith::ConstantOp::create(rewriter, loc,
                                            rewriter.getZeroAttr(indexType));
    for (auto [r, flat] : llvm::enumerate(flats)) {
      Value k = LLVM::LoadOp::create(rewriter, loc, key, keyAt(rewriter, flat));
      sorted = vector::InsertOp::create(
          rewriter, loc, fromKey(rewriter, loc, k, element), sorted, r);
      Value i =
          LLVM::LoadOp::create(rewriter, loc, i32, indexAt(rewriter, flat));
      order = vector::InsertOp::create(rewriter, loc, i, order, r);
    }
    // The buffer is free again once every thread has read.
    gpu::BarrierOp::create(rewriter, loc);
    rewriter.replaceOpWithMultiple(op, {{sorted}, {order}});
    return success();
  }

  /// The top bit of `key`'s type, a constant.
  static Value topBit(OpBuilder &builder, Location loc, Type key) {
    unsigned width = key.getIntOrFloatBitWidth();
    return arith::ConstantOp::create(
        builder, loc, builder.getIntegerAttr(key, APInt::getSignMask(width)));
  }

  static Value toKey(OpBuilder &builder, Location loc, Value value, Type key,
                     Type element) {
    bool isUnsigned = element.isUnsignedInteger();
    if (isUnsigned && value.getType() == key)
      return arith::XOrIOp::create(builder, loc, value,
                                   topBit(builder, loc, key));
    if (value.getType() == key)
      return value;
    if (isa<FloatType>(key))
      return arith::ExtFOp::create(builder, loc, key, value);
    if (isUnsigned)
      return arith::ExtUIOp::create(builder, loc, key, value);
    return arith::ExtSIOp::create(builder, loc, key, value);
  }

  static Value fromKey(OpBuilder &builder, Location loc, Value key,
                       Type element) {
    Type scalar = scalarType(element);
    if (element.isUnsignedInteger() && key.getType() == scalar)
      return arith::XOrIOp::create(builder, loc, key,
                                   topBit(builder, loc, scalar));
    if (key.getType() == scalar)
      return key;
    if (isa<FloatType>(element))
      return arith::TruncFOp::create(builder, loc, element, key);
    return arith::TruncIOp::create(builder, loc, scalar, key);
  }

  /// One compare-and-exchange step at `2^distanceBits` along the axis
  /// within blocks of `block`: pair q of the line's elements is the element
  /// whose position has that bit clear, and its partner. Blocks alternate
  /// ascending and descending, all ascending in the last merge.
  template <class KeyAt, class IndexAt>
  static void exchangeStep(OpBuilder &builder, Location loc, Value thread,
                           int64_t threads, int64_t elements,
                           int64_t strideBits, int64_t distanceBits,
                           int64_t block, int64_t extent, Type key, KeyAt keyAt,
                           IndexAt indexAt) {
    Type i32 = builder.getI32Type();
    int64_t bit = strideBits + distanceBits;
    scf::ForOp::create(
        builder, loc, thread, constantI32(builder, loc, elements / 2),
        constantI32(builder, loc, threads), ValueRange{},
        [&](OpBuilder &b, Location loc, Value pair, ValueRange) {
          // The pair's first element: a zero bit inserted at `bit`. (One op
          // per statement, for an IR order that does not depend on the
          // order the C++ compiler evaluates arguments in.)
          Value above =
              arith::ShRUIOp::create(b, loc, pair, constantI32(b, loc, bit));
          Value high = arith::ShLIOp::create(b, loc, above,
                                             constantI32(b, loc, bit + 1));
          Value low = arith::AndIOp::create(
              b, loc, pair, constantI32(b, loc, (int64_t(1) << bit) - 1));
          Value first = arith::OrIOp::create(b, loc, high, low);
          Value second = arith::OrIOp::create(
              b, loc, first, constantI32(b, loc, int64_t(1) << bit));
          Value shifted = arith::ShRUIOp::create(
              b, loc, first, constantI32(b, loc, strideBits));
          Value along = arith::AndIOp::create(b, loc, shifted,
                                              constantI32(b, loc, extent - 1));
          Value inBlock =
              arith::AndIOp::create(b, loc, along, constantI32(b, loc, block));
          Value descending =
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, inBlock,
                                    constantI32(b, loc, 0));
          Value k1 = LLVM::LoadOp::create(b, loc, key, keyAt(b, first));
          Value k2 = LLVM::LoadOp::create(b, loc, key, keyAt(b, second));
          Value i1 = LLVM::LoadOp::create(b, loc, i32, indexAt(b, first));
          Value i2 = LLVM::LoadOp::create(b, loc, i32, indexAt(b, second));
          // Out of order: the second before the first where the block
          // ascends, the first before the second where it descends; no
          // two entries tie, so the one comparison decides both.
          Value secondFirst = entryBefore(b, loc, k2, i2, k1, i1);
          Value swap = arith::XOrIOp::create(b, loc, secondFirst, descending);
          scf::IfOp::create(b, loc, swap, [&](OpBuilder &b, Location loc) {
            LLVM::StoreOp::create(b, loc, k2, keyAt(b, first));
            LLVM::StoreOp::create(b, loc, k1, keyAt(b, second));
            LLVM::StoreOp::create(b, loc, i2, indexAt(b, first));
            LLVM::StoreOp::create(b, loc, i1, indexAt(b, second));
            scf::YieldOp::create(b, loc);
          });
          scf::YieldOp::create(b, loc);
        });
  }
};

} // namespace

void mlir::tile::populateSortToGPUPatterns(TileToGPUTypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<SortLowering>(converter, patterns.getContext());
}
