//===- ReductionsToGPU.cpp - Reductions and argmax over threads -----------===//
//
// A reduction folds in three steps, following where the reduced axis lives
// in the input's layout: registers of one thread fold in index order; lanes
// of a warp fold with butterfly shuffles, after which every lane holds the
// result; warps exchange their partial results through shared memory.
// f16 and bf16 fold in f32 and round once, as host mode does; f64 folds in
// f64.
//
//===----------------------------------------------------------------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

/// The type a reduction folds in: f32 for the 16-bit floats.
static Type computeType(Type element) {
  if (isa<FloatType>(element) && !element.isF64())
    return Float32Type::get(element.getContext());
  return scalarType(element);
}

/// `a` and `b` combined as `kind` says, both of the compute type.
/// `isUnsigned` says whether integers are unsigned (the tile's element
/// type tells; the values are signless).
static Value combineValues(OpBuilder &builder, Location loc, ReduceKind kind,
                           Value a, Value b, bool isUnsigned) {
  bool isFloat = isa<FloatType>(a.getType());
  switch (kind) {
  case ReduceKind::sum:
    return isFloat ? Value(arith::AddFOp::create(builder, loc, a, b))
                   : Value(arith::AddIOp::create(builder, loc, a, b));
  case ReduceKind::max:
    if (isFloat)
      return arith::MaximumFOp::create(builder, loc, a, b);
    return isUnsigned ? Value(arith::MaxUIOp::create(builder, loc, a, b))
                      : Value(arith::MaxSIOp::create(builder, loc, a, b));
  case ReduceKind::min:
    if (isFloat)
      return arith::MinimumFOp::create(builder, loc, a, b);
    return isUnsigned ? Value(arith::MinUIOp::create(builder, loc, a, b))
                      : Value(arith::MinSIOp::create(builder, loc, a, b));
  case ReduceKind::prod:
    return isFloat ? Value(arith::MulFOp::create(builder, loc, a, b))
                   : Value(arith::MulIOp::create(builder, loc, a, b));
  }
  llvm_unreachable("unknown reduction");
}

/// `a` and `b` combined by the combiner region of tile.reduce_with or
/// tile.scan_with, cloned in place.
static Value combineWithRegion(OpBuilder &builder, Region &combiner, Value a,
                               Value b) {
  Block &block = combiner.front();
  IRMapping mapping;
  mapping.map(block.getArgument(0), a);
  mapping.map(block.getArgument(1), b);
  for (Operation &op : block.without_terminator())
    builder.clone(op, mapping);
  return mapping.lookup(cast<YieldOp>(block.getTerminator()).getValue());
}

/// `a` and `b` combined as the reduction or scan `op` says: by its kind
/// (tile.reduce, tile.scan) or its combiner region (tile.reduce_with,
/// tile.scan_with).
static Value combine(Operation *op, OpBuilder &builder, Value a, Value b) {
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return combineValues(
        builder, op->getLoc(), reduce.getKind(), a, b,
        reduce.getInput().getType().getElementType().isUnsignedInteger());
  if (auto scan = dyn_cast<ScanOp>(op))
    return combineValues(
        builder, op->getLoc(), scan.getKind(), a, b,
        scan.getInput().getType().getElementType().isUnsignedInteger());
  return combineWithRegion(builder, op->getRegion(0), a, b);
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

/// tile.reduce by its kind, tile.reduce_with by its combiner region.
template <class Op> struct ReduceLowering : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  using OpAdaptor = typename Op::Adaptor;

  static Value combine(ReduceOp op, OpBuilder &builder, Value a, Value b) {
    return combineValues(
        builder, op.getLoc(), op.getKind(), a, b,
        op.getInput().getType().getElementType().isUnsignedInteger());
  }
  static Value combine(ReduceWithOp op, OpBuilder &builder, Value a, Value b) {
    return combineWithRegion(builder, op.getCombiner(), a, b);
  }

  LogicalResult
  matchAndRewrite(Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto combinePartials = [&](Partial a, Partial b) -> Partial {
      return {combine(op, rewriter, a.value, b.value), {}};
    };
    FailureOr<SmallVector<Partial>> partials = foldAlongAxis(
        op, adaptor.getInput(), op.getAxis(), /*withIndex=*/false,
        combinePartials,
        *this->template getTypeConverter<TileToGPUTypeConverter>(), rewriter);
    if (failed(partials))
      return failure();
    SmallVector<Value> values;
    for (Partial &partial : *partials)
      values.push_back(partial.value);
    auto type =
        cast<VectorType>(this->getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOp(op, packResult(rewriter, loc, type, values));
    return success();
  }
};

/// For argmax the larger value wins, for argmin the smaller, and NaN beats
/// every number in both; among equals (NaNs included) the lower index, so
/// the first largest or smallest element wins.
template <class ArgOp, bool Smallest>
struct ArgExtremeLowering : OpConversionPattern<ArgOp> {
  using OpConversionPattern<ArgOp>::OpConversionPattern;
  using OpAdaptor = typename ArgOp::Adaptor;

  LogicalResult
  matchAndRewrite(ArgOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = op.getInput().getType().getElementType();
    bool isFloat = isa<FloatType>(element);
    bool isUnsigned = element.isUnsignedInteger();
    auto combine = [&](Partial a, Partial b) -> Partial {
      Value lowerIndex = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::slt, b.index, a.index);
      Value takeB;
      if (isFloat) {
        Value aNaN = arith::CmpFOp::create(
            rewriter, loc, arith::CmpFPredicate::UNO, a.value, a.value);
        Value bNaN = arith::CmpFOp::create(
            rewriter, loc, arith::CmpFPredicate::UNO, b.value, b.value);
        Value beyond = arith::CmpFOp::create(
            rewriter, loc,
            Smallest ? arith::CmpFPredicate::OLT : arith::CmpFPredicate::OGT,
            b.value, a.value);
        Value equal = arith::CmpFOp::create(
            rewriter, loc, arith::CmpFPredicate::OEQ, b.value, a.value);
        Value same = arith::OrIOp::create(
            rewriter, loc, equal,
            arith::AndIOp::create(rewriter, loc, aNaN, bNaN));
        Value better = arith::OrIOp::create(
            rewriter, loc, beyond,
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
        Value beyond = arith::CmpIOp::create(
            rewriter, loc,
            Smallest ? (isUnsigned ? arith::CmpIPredicate::ult
                                   : arith::CmpIPredicate::slt)
                     : (isUnsigned ? arith::CmpIPredicate::ugt
                                   : arith::CmpIPredicate::sgt),
            b.value, a.value);
        Value equal = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq, b.value, a.value);
        takeB = arith::OrIOp::create(
            rewriter, loc, beyond,
            arith::AndIOp::create(rewriter, loc, equal, lowerIndex));
      }
      return {arith::SelectOp::create(rewriter, loc, takeB, b.value, a.value),
              arith::SelectOp::create(rewriter, loc, takeB, b.index, a.index)};
    };
    FailureOr<SmallVector<Partial>> partials = foldAlongAxis(
        op, adaptor.getInput(), op.getAxis(), /*withIndex=*/true, combine,
        *this->template getTypeConverter<TileToGPUTypeConverter>(), rewriter);
    if (failed(partials))
      return failure();
    auto type =
        cast<VectorType>(this->getTypeConverter()->convertType(op.getType()));
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

/// A scan walks the bits of the scanned axis from the lowest: at bit k,
/// each element holds the combination of its block of 2^k elements along
/// the axis (`total`) and its prefix within that block; it takes the total
/// of the partner block (the element with bit k flipped), and an element in
/// the upper block puts it before its prefix. The partner is another
/// register of the thread, a lane (a shuffle) or a warp (shared memory),
/// as the layout places bit k; no thread waits for another's whole row.
/// tile.scan by its kind, tile.scan_with by its combiner region.
template <class Op> struct ScanLowering : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  using OpAdaptor = typename Op::Adaptor;

  static bool exclusive(ScanOp op) { return op.getExclusive(); }
  static bool exclusive(ScanWithOp) { return false; }

  LogicalResult
  matchAndRewrite(Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TileType input = op.getInput().getType();
    LinearLayoutAttr layout = layoutOf(input);
    if (layoutOf(op.getType()) != layout)
      return rewriter.notifyMatchFailure(op, "the scan changes the layout");
    Type compute = computeType(input.getElementType());
    int32_t low = dimensionBitOffsets(input.getShape())[op.getAxis()];
    int32_t width = llvm::Log2_64(input.getShape()[op.getAxis()]);
    int64_t registers = layout.getElementsPerThread();

    SmallVector<Value> totals, prefixes;
    Value zero =
        arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(compute));
    for (int64_t r = 0; r < registers; ++r) {
      Value value =
          vector::ExtractOp::create(rewriter, loc, adaptor.getInput(), r);
      if (value.getType() != compute)
        value = arith::ExtFOp::create(rewriter, loc, compute, value);
      totals.push_back(value);
      prefixes.push_back(exclusive(op) ? zero : value);
    }
    ThreadPosition position = ThreadPosition::current(rewriter, loc);
    Value threadOffset;
    ArrayRef<int32_t> regBits = layout.getRegisters();
    ArrayRef<int32_t> laneBits = layout.getLanes();
    ArrayRef<int32_t> warpBits = layout.getWarps();
    for (int32_t k = 0; k < width; ++k) {
      int32_t bit = low + k;
      SmallVector<Value> partners(registers);
      // Whether each register's element lies in the upper block (i1).
      SmallVector<Value> upper(registers);
      int64_t inRegisters = llvm::find(regBits, bit) - regBits.begin();
      int64_t inLanes = llvm::find(laneBits, bit) - laneBits.begin();
      int64_t inWarps = llvm::find(warpBits, bit) - warpBits.begin();
      if (inRegisters < int64_t(regBits.size())) {
        int64_t flip = int64_t(1) << inRegisters;
        for (int64_t r = 0; r < registers; ++r) {
          partners[r] = totals[r ^ flip];
          upper[r] = arith::ConstantOp::create(
              rewriter, loc, rewriter.getBoolAttr((r & flip) != 0));
        }
      } else if (inLanes < int64_t(laneBits.size())) {
        Value isUpper = threadBit(rewriter, loc, position.lane, inLanes);
        // Registers whose blocks were merged share one total: one shuffle.
        llvm::SmallDenseMap<Value, Value> shuffled;
        for (int64_t r = 0; r < registers; ++r) {
          Value &partner = shuffled[totals[r]];
          if (!partner)
            partner =
                gpu::ShuffleOp::create(rewriter, loc, totals[r],
                                       constantI32(rewriter, loc, 1 << inLanes),
                                       constantI32(rewriter, loc, kWarpSize),
                                       gpu::ShuffleMode::XOR)
                    .getShuffleResult();
          partners[r] = partner;
          upper[r] = isUpper;
        }
      } else if (inWarps < int64_t(warpBits.size())) {
        Value isUpper = threadBit(rewriter, loc, position.warp, inWarps);
        if (!threadOffset)
          threadOffset = position.elementOffset(rewriter, loc, layout);
        partners = exchangeThroughShared(rewriter, loc, totals, layout,
                                         threadOffset, bit);
        for (int64_t r = 0; r < registers; ++r)
          upper[r] = isUpper;
      } else {
        return rewriter.notifyMatchFailure(
            op, "the layout places no thread or register on an axis bit");
      }
      for (int64_t r = 0; r < registers; ++r) {
        Value before = combine(op, rewriter, partners[r], prefixes[r]);
        prefixes[r] = arith::SelectOp::create(rewriter, loc, upper[r], before,
                                              prefixes[r]);
      }
      // The combiners are commutative, so both blocks get the same bits;
      // within a thread, both registers of a pair take one value.
      llvm::SmallDenseMap<std::pair<Value, Value>, Value> merged;
      SmallVector<Value> previous = totals;
      for (int64_t r = 0; r < registers; ++r) {
        // A pair of registers in the order of their indices, so that the
        // IR does not depend on which comes first here.
        Value a = previous[r], b = partners[r];
        if (inRegisters < int64_t(regBits.size()) &&
            (r >> inRegisters & 1) != 0)
          std::swap(a, b);
        Value &total = merged[{a, b}];
        if (!total)
          total = combine(op, rewriter, a, b);
        totals[r] = total;
      }
    }
    auto type =
        cast<VectorType>(this->getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOp(op, packResult(rewriter, loc, type, prefixes));
    return success();
  }

private:
  /// Bit `j` of `index` (i32) as an i1.
  static Value threadBit(OpBuilder &builder, Location loc, Value index,
                         int64_t j) {
    Value shifted = arith::ShRUIOp::create(builder, loc, index,
                                           constantI32(builder, loc, j));
    Value bit = arith::AndIOp::create(builder, loc, shifted,
                                      constantI32(builder, loc, 1));
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, bit,
                                 constantI32(builder, loc, 0));
  }

  /// Every register's `values` written at its element's slot of the
  /// kernel's shared buffer, and read back at the element with `bit`
  /// flipped. Registers that share a value write and read it once, at the
  /// first one's slot: every thread shares the same registers, so the
  /// partner wrote there too. Replicas write the same value to one slot.
  SmallVector<Value> exchangeThroughShared(OpBuilder &builder, Location loc,
                                           ArrayRef<Value> values,
                                           LinearLayoutAttr layout,
                                           Value threadOffset,
                                           int32_t bit) const {
    auto &converter =
        *this->template getTypeConverter<TileToGPUTypeConverter>();
    Value base = converter.sharedMemory(builder, loc);
    Type type = values.front().getType();
    auto address = [&](Value element) {
      return LLVM::GEPOp::create(builder, loc, base.getType(), type, base,
                                 ValueRange{element});
    };
    llvm::MapVector<Value, Value> slots;
    for (auto [r, value] : llvm::enumerate(values)) {
      if (slots.count(value))
        continue;
      Value element = arith::OrIOp::create(
          builder, loc, threadOffset,
          constantI32(builder, loc, registerElement(layout, r)));
      slots[value] = element;
      LLVM::StoreOp::create(builder, loc, value, address(element));
    }
    gpu::BarrierOp::create(builder, loc);
    Value flip = constantI32(builder, loc, int64_t(1) << bit);
    llvm::SmallDenseMap<Value, Value> read;
    for (auto [value, element] : slots) {
      Value partner = arith::XOrIOp::create(builder, loc, element, flip);
      read[value] = LLVM::LoadOp::create(builder, loc, type, address(partner));
    }
    SmallVector<Value> partners;
    for (Value value : values)
      partners.push_back(read.lookup(value));
    // The buffer is free again only once every thread has read.
    gpu::BarrierOp::create(builder, loc);
    return partners;
  }
};

} // namespace

void mlir::tile::populateReductionsToGPUPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ReduceLowering<ReduceOp>, ReduceLowering<ReduceWithOp>,
               ArgExtremeLowering<ArgMaxOp, false>,
               ArgExtremeLowering<ArgMinOp, true>, ScanLowering<ScanOp>,
               ScanLowering<ScanWithOp>>(converter, patterns.getContext());
}
