//===- ReductionsToGPU.cpp - Reductions and argmax over threads -----------===//
//
// A reduction folds in three steps, following where the reduced axis lives
// in the input's layout: registers of one thread fold in index order; lanes
// of a warp fold with butterfly shuffles, after which every lane holds the
// result; warps exchange their partial results through shared memory.
// f16 and bf16 fold in f32 and round once, as host mode does.
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

/// The type a reduction folds in.
static Type computeType(Type element) {
  if (isa<FloatType>(element))
    return Float32Type::get(element.getContext());
  return element;
}

namespace {

/// A partial result: the folded value and, for argmax, its index.
struct Partial {
  Value value;
  Value index;
};

/// Folds one tile along one axis; `combine` merges two partials and must
/// not depend on their order.
class AxisFolder {
public:
  AxisFolder(OpBuilder &builder, Location loc, TileType input, int64_t axis,
             TileType result, function_ref<Partial(Partial, Partial)> combine)
      : builder(builder), loc(loc), input(input), result(result),
        in(layoutOf(input)), out(layoutOf(result)), combine(combine) {
    low = dimensionBitOffsets(input.getShape())[axis];
    width = llvm::Log2_64(input.getShape()[axis]);
  }

  bool isAxisBit(int32_t bit) const { return bit >= low && bit < low + width; }

  /// The axis coordinate of the element register `reg` of this thread holds.
  Value axisIndex(int64_t reg, Value threadOffset) {
    Value element = arith::OrIOp::create(
        builder, loc, threadOffset,
        constantI32(builder, loc, registerElement(in, reg)));
    Value shifted = arith::ShRUIOp::create(builder, loc, element,
                                           constantI32(builder, loc, low));
    return arith::AndIOp::create(builder, loc, shifted,
                                 constantI32(builder, loc, (1 << width) - 1));
  }

  /// Folds the thread's registers: partials[o] for output register o.
  SmallVector<Partial> foldRegisters(Value fragment, bool withIndex,
                                     Value threadOffset) {
    SmallVector<Partial> partials(out.getElementsPerThread());
    Type compute = computeType(input.getElementType());
    for (int64_t r = 0; r < in.getElementsPerThread(); ++r) {
      Value value = vector::ExtractOp::create(builder, loc, fragment, r);
      if (value.getType() != compute)
        value = arith::ExtFOp::create(builder, loc, compute, value);
      Partial next{value, withIndex ? axisIndex(r, threadOffset) : Value()};
      // The output register: the input register's bits off the axis.
      int64_t o = 0, bit = 0;
      for (auto [i, element] : llvm::enumerate(in.getRegisters()))
        if (!isAxisBit(element))
          o |= (r >> i & 1) << bit++;
      partials[o] = partials[o].value ? combine(partials[o], next) : next;
    }
    return partials;
  }

  /// Folds across the lanes that span the axis.
  void foldLanes(MutableArrayRef<Partial> partials) {
    for (auto [j, bit] : llvm::enumerate(in.getLanes())) {
      if (!isAxisBit(bit))
        continue;
      Value offset = constantI32(builder, loc, 1 << j);
      Value size = constantI32(builder, loc, kWarpSize);
      for (Partial &partial : partials) {
        Partial other;
        other.value =
            gpu::ShuffleOp::create(builder, loc, partial.value, offset, size,
                                   gpu::ShuffleMode::XOR)
                .getShuffleResult();
        if (partial.index)
          other.index =
              gpu::ShuffleOp::create(builder, loc, partial.index, offset, size,
                                     gpu::ShuffleMode::XOR)
                  .getShuffleResult();
        // Both lanes of a pair fold the same two partials; the combiners
        // are commutative, so both end with the same bits.
        partial = combine(partial, other);
      }
    }
  }

  /// Whether the warps span the axis, so that they must exchange partials.
  bool spansWarps() const {
    return llvm::any_of(in.getWarps(),
                        [&](int32_t bit) { return isAxisBit(bit); });
  }

  /// Folds across warps through the shared buffer at `base`.
  void foldWarps(MutableArrayRef<Partial> partials, Value base) {
    ThreadPosition position = ThreadPosition::current(builder, loc);
    SmallVector<int64_t> axisWarps;
    for (auto [j, bit] : llvm::enumerate(in.getWarps()))
      if (isAxisBit(bit))
        axisWarps.push_back(j);
    int64_t slots = int64_t(1) << axisWarps.size();
    Value slot = constantI32(builder, loc, 0);
    for (auto [k, j] : llvm::enumerate(axisWarps)) {
      Value bit = arith::AndIOp::create(
          builder, loc,
          arith::ShRUIOp::create(builder, loc, position.warp,
                                 constantI32(builder, loc, j)),
          constantI32(builder, loc, 1));
      slot = arith::OrIOp::create(
          builder, loc, slot,
          arith::ShLIOp::create(builder, loc, bit,
                                constantI32(builder, loc, k)));
    }
    Type compute = computeType(input.getElementType());
    // Shared memory is far below 2^31 bytes, so offsets fit in an i32.
    auto valueBytes = static_cast<int32_t>(result.getNumElements() * slots *
                                           compute.getIntOrFloatBitWidth() / 8);
    Value indexBase =
        LLVM::GEPOp::create(builder, loc, base.getType(), builder.getI8Type(),
                            base, ArrayRef<LLVM::GEPArg>{valueBytes});
    Value outOffset = position.elementOffset(builder, loc, out);
    auto address = [&](Value buffer, Type type, int64_t reg, Value which) {
      Value element = arith::OrIOp::create(
          builder, loc, outOffset,
          constantI32(builder, loc, registerElement(out, reg)));
      Value index = arith::AddIOp::create(
          builder, loc,
          arith::MulIOp::create(builder, loc, element,
                                constantI32(builder, loc, slots)),
          which);
      return LLVM::GEPOp::create(builder, loc, buffer.getType(), type, buffer,
                                 ValueRange{index});
    };

    // One writer per warp slot: the first of the lanes that agree and of
    // the warps that hold replicas.
    SmallVector<bool> ignored;
    for (int32_t bit : in.getLanes())
      ignored.push_back(bit < 0 || isAxisBit(bit));
    for (int32_t bit : in.getWarps())
      ignored.push_back(bit < 0);
    {
      OpBuilder::InsertionGuard guard(builder);
      if (Value writer = position.isFirstAmong(builder, loc, ignored)) {
        auto branch = scf::IfOp::create(builder, loc, writer);
        builder.setInsertionPointToStart(branch.thenBlock());
      }
      for (auto [reg, partial] : llvm::enumerate(partials)) {
        LLVM::StoreOp::create(builder, loc, partial.value,
                              address(base, compute, reg, slot));
        if (partial.index)
          LLVM::StoreOp::create(
              builder, loc, partial.index,
              address(indexBase, builder.getI32Type(), reg, slot));
      }
    }
    gpu::BarrierOp::create(builder, loc);
    for (auto [reg, partial] : llvm::enumerate(partials)) {
      bool withIndex = static_cast<bool>(partial.index);
      for (int64_t s = 0; s < slots; ++s) {
        Value which = constantI32(builder, loc, s);
        Partial next;
        next.value = LLVM::LoadOp::create(builder, loc, compute,
                                          address(base, compute, reg, which));
        if (withIndex)
          next.index = LLVM::LoadOp::create(
              builder, loc, builder.getI32Type(),
              address(indexBase, builder.getI32Type(), reg, which));
        partial = s == 0 ? next : combine(partial, next);
      }
    }
    // The buffer is free again only once every thread has read.
    gpu::BarrierOp::create(builder, loc);
  }

  /// Folds everything; returns one partial per output register.
  SmallVector<Partial> fold(Value fragment, bool withIndex,
                            const TileToGPUTypeConverter &converter) {
    Value threadOffset;
    if (withIndex)
      threadOffset =
          ThreadPosition::current(builder, loc).elementOffset(builder, loc, in);
    SmallVector<Partial> partials =
        foldRegisters(fragment, withIndex, threadOffset);
    foldLanes(partials);
    if (spansWarps())
      foldWarps(partials, converter.sharedMemory(builder, loc));
    return partials;
  }

private:
  OpBuilder &builder;
  Location loc;
  TileType input, result;
  LinearLayoutAttr in, out;
  function_ref<Partial(Partial, Partial)> combine;
  int32_t low = 0, width = 0;
};

/// Packs one value per output register into the result vector.
Value packResult(OpBuilder &builder, Location loc, VectorType type,
                 ArrayRef<Value> values) {
  Value vector =
      arith::ConstantOp::create(builder, loc, builder.getZeroAttr(type));
  for (auto [i, value] : llvm::enumerate(values)) {
    Value element = value;
    if (element.getType() != type.getElementType())
      element =
          arith::TruncFOp::create(builder, loc, type.getElementType(), element);
    vector = vector::InsertOp::create(builder, loc, element, vector, i);
  }
  return vector;
}

/// Folds the input of the reduction `op` (its converted value `fragment`)
/// along `axis` into one partial per result register; fails when the
/// result's layout is not the reduced input layout.
FailureOr<SmallVector<Partial>>
foldAlongAxis(Operation *op, Value fragment, int64_t axis, bool withIndex,
              function_ref<Partial(Partial, Partial)> combine,
              const TileToGPUTypeConverter &converter,
              ConversionPatternRewriter &rewriter) {
  auto input = cast<TileType>(op->getOperand(0).getType());
  auto result = cast<TileType>(op->getResult(0).getType());
  if (layoutOf(result) !=
      reducedLayout(layoutOf(input), input.getShape(), axis))
    return rewriter.notifyMatchFailure(
        op, "the result layout is not the reduced input layout");
  AxisFolder folder(rewriter, op->getLoc(), input, axis, result, combine);
  return folder.fold(fragment, withIndex, converter);
}

struct ReduceLowering : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool isFloat = isa<FloatType>(op.getInput().getType().getElementType());
    ReduceKind kind = op.getKind();
    auto combine = [&](Partial a, Partial b) -> Partial {
      switch (kind) {
      case ReduceKind::sum:
        return {
            isFloat
                ? Value(arith::AddFOp::create(rewriter, loc, a.value, b.value))
                : Value(arith::AddIOp::create(rewriter, loc, a.value, b.value)),
            {}};
      case ReduceKind::max:
        return {isFloat ? Value(arith::MaximumFOp::create(rewriter, loc,
                                                          a.value, b.value))
                        : Value(arith::MaxSIOp::create(rewriter, loc, a.value,
                                                       b.value)),
                {}};
      case ReduceKind::min:
        return {isFloat ? Value(arith::MinimumFOp::create(rewriter, loc,
                                                          a.value, b.value))
                        : Value(arith::MinSIOp::create(rewriter, loc, a.value,
                                                       b.value)),
                {}};
      }
      llvm_unreachable("unknown reduction");
    };
    FailureOr<SmallVector<Partial>> partials = foldAlongAxis(
        op, adaptor.getInput(), op.getAxis(), /*withIndex=*/false, combine,
        *getTypeConverter<TileToGPUTypeConverter>(), rewriter);
    if (failed(partials))
      return failure();
    SmallVector<Value> values;
    for (Partial &partial : *partials)
      values.push_back(partial.value);
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOp(op, packResult(rewriter, loc, type, values));
    return success();
  }
};

/// The larger value wins, NaN above everything; among equals (NaNs
/// included) the lower index, so the first largest element wins.
struct ArgMaxLowering : OpConversionPattern<ArgMaxOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ArgMaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool isFloat = isa<FloatType>(op.getInput().getType().getElementType());
    auto combine = [&](Partial a, Partial b) -> Partial {
      Value lowerIndex = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::slt, b.index, a.index);
      Value takeB;
      if (isFloat) {
        Value aNaN = arith::CmpFOp::create(
            rewriter, loc, arith::CmpFPredicate::UNO, a.value, a.value);
        Value bNaN = arith::CmpFOp::create(
            rewriter, loc, arith::CmpFPredicate::UNO, b.value, b.value);
        Value greater = arith::CmpFOp::create(
            rewriter, loc, arith::CmpFPredicate::OGT, b.value, a.value);
        Value equal = arith::CmpFOp::create(
            rewriter, loc, arith::CmpFPredicate::OEQ, b.value, a.value);
        Value same = arith::OrIOp::create(
            rewriter, loc, equal,
            arith::AndIOp::create(rewriter, loc, aNaN, bNaN));
        Value better = arith::OrIOp::create(
            rewriter, loc, greater,
            arith::AndIOp::create(
                rewriter, loc, bNaN,
                arith::XOrIOp::create(
                    rewriter, loc, aNaN,
                    arith::ConstantOp::create(rewriter, loc,
                                              rewriter.getBoolAttr(true)))));
        takeB = arith::OrIOp::create(
            rewriter, loc, better,
            arith::AndIOp::create(rewriter, loc, same, lowerIndex));
      } else {
        Value greater = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::sgt, b.value, a.value);
        Value equal = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq, b.value, a.value);
        takeB = arith::OrIOp::create(
            rewriter, loc, greater,
            arith::AndIOp::create(rewriter, loc, equal, lowerIndex));
      }
      return {arith::SelectOp::create(rewriter, loc, takeB, b.value, a.value),
              arith::SelectOp::create(rewriter, loc, takeB, b.index, a.index)};
    };
    FailureOr<SmallVector<Partial>> partials = foldAlongAxis(
        op, adaptor.getInput(), op.getAxis(), /*withIndex=*/true, combine,
        *getTypeConverter<TileToGPUTypeConverter>(), rewriter);
    if (failed(partials))
      return failure();
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    SmallVector<Value> indices;
    for (Partial &partial : *partials) {
      Value index = partial.index;
      if (type.getElementType() != index.getType())
        index =
            arith::ExtUIOp::create(rewriter, loc, type.getElementType(), index);
      indices.push_back(index);
    }
    rewriter.replaceOp(op, packResult(rewriter, loc, type, indices));
    return success();
  }
};

} // namespace

void mlir::tile::populateReductionsToGPUPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ReduceLowering, ArgMaxLowering>(converter,
                                               patterns.getContext());
}
