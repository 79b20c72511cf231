//===- LayoutOpsToGPU.cpp - Moving tile elements between threads ----------===//
//
// Reshapes, permutations and broadcasts keep every element with the thread
// that holds it (the layouts were chosen so); at most registers are
// reordered. A layout conversion writes the tile to shared memory in its old
// layout and reads it back in the new one.
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

/// The widest shared memory access a thread issues.
static constexpr int64_t kMaxAccessBytes = 16;

namespace {

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

/// The address in the shared buffer of element `offset + constant`.
Value sharedAddress(OpBuilder &builder, Location loc, Value base,
                    Type memoryType, Value offset, int64_t constant) {
  Value index = arith::OrIOp::create(builder, loc, offset,
                                     constantI32(builder, loc, constant));
  return LLVM::GEPOp::create(builder, loc, base.getType(), memoryType, base,
                             ValueRange{index});
}

struct ConvertLayoutLowering : OpConversionPattern<ConvertLayoutOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto &converter = *getTypeConverter<TileToGPUTypeConverter>();
    Location loc = op.getLoc();
    LinearLayoutAttr from = layoutOf(op.getInput().getType());
    LinearLayoutAttr to = layoutOf(op.getType());
    Type element = op.getType().getElementType();
    Type memoryType = memoryElementType(element);
    int64_t bytes = storageBytes(element);
    Value base = converter.sharedMemory(rewriter, loc);
    ThreadPosition position = ThreadPosition::current(rewriter, loc);

    // Of the threads holding the same elements, only the first writes them.
    Value input = adaptor.getInput();
    Value writer = position.isFirstAmong(rewriter, loc, replicaBits(from));
    OpBuilder::InsertionGuard guard(rewriter);
    if (writer) {
      auto branch = scf::IfOp::create(rewriter, loc, writer);
      rewriter.setInsertionPointToStart(branch.thenBlock());
    }
    Value fromOffset = position.elementOffset(rewriter, loc, from);
    RegisterRuns writes(from, bytes);
    auto writeType = VectorType::get({writes.width}, memoryType);
    for (int64_t run = 0; run < writes.count; ++run) {
      Value value = vector::ExtractStridedSliceOp::create(
          rewriter, loc, input, ArrayRef<int64_t>{run * writes.width},
          ArrayRef<int64_t>{writes.width}, ArrayRef<int64_t>{1});
      if (memoryType != element)
        value = arith::ExtUIOp::create(rewriter, loc, writeType, value);
      Value address = sharedAddress(rewriter, loc, base, memoryType, fromOffset,
                                    registerElement(from, run * writes.width));
      LLVM::StoreOp::create(rewriter, loc, value, address,
                            writes.width * bytes);
    }
    rewriter.setInsertionPoint(op);
    gpu::BarrierOp::create(rewriter, loc);

    Value toOffset = position.elementOffset(rewriter, loc, to);
    auto resultType =
        cast<VectorType>(converter.convertType(op.getResult().getType()));
    Value result = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getZeroAttr(resultType));
    RegisterRuns reads(to, bytes);
    auto readType = VectorType::get({reads.width}, memoryType);
    for (int64_t run = 0; run < reads.count; ++run) {
      Value address = sharedAddress(rewriter, loc, base, memoryType, toOffset,
                                    registerElement(to, run * reads.width));
      Value value = LLVM::LoadOp::create(rewriter, loc, readType, address,
                                         reads.width * bytes);
      value = fromMemory(rewriter, loc, value, element);
      result = vector::InsertStridedSliceOp::create(
          rewriter, loc, value, result, ArrayRef<int64_t>{run * reads.width},
          ArrayRef<int64_t>{1});
    }
    // The buffer is free again only once every thread has read.
    gpu::BarrierOp::create(rewriter, loc);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Output register r takes the input register holding the same element
/// with the repeated dimensions left out.
struct BroadcastLowering : OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TileType from = op.getInput().getType(), to = op.getType();
    LinearLayoutAttr input = layoutOf(from), output = layoutOf(to);
    if (!isBroadcastInPlace(input, from.getShape(), output, to.getShape()))
      return rewriter.notifyMatchFailure(
          op, "the result layout needs elements of other threads");
    // An input element's flat index in the result's bit numbering.
    SmallVector<int32_t> fromOffsets = dimensionBitOffsets(from.getShape());
    SmallVector<int32_t> toOffsets = dimensionBitOffsets(to.getShape());
    auto inResult = [&](int64_t element) {
      int64_t mapped = 0;
      for (size_t d = 0; d < from.getRank(); ++d) {
        int64_t coordinate =
            element >> fromOffsets[d] & (from.getShape()[d] - 1);
        mapped |= coordinate << toOffsets[d];
      }
      return mapped;
    };
    int64_t keptMask = inResult(from.getNumElements() - 1);
    DenseMap<int64_t, int64_t> registerOf;
    for (int64_t r = 0; r < input.getElementsPerThread(); ++r)
      registerOf[inResult(registerElement(input, r))] = r;
    SmallVector<int64_t> picks;
    for (int64_t r = 0; r < output.getElementsPerThread(); ++r)
      picks.push_back(registerOf.lookup(registerElement(output, r) & keptMask));
    rewriter.replaceOpWithNewOp<vector::ShuffleOp>(op, adaptor.getInput(),
                                                   adaptor.getInput(), picks);
    return success();
  }
};

/// Reshapes and permutations whose result layout is the input's layout
/// renumbered move nothing.
template <typename Op> struct InPlaceLowering : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (layoutOf(op.getType()) != expectedLayout(op))
      return rewriter.notifyMatchFailure(
          op, "the result layout moves elements between threads");
    rewriter.replaceOp(op, adaptor.getInput());
    return success();
  }

  static LinearLayoutAttr expectedLayout(ReshapeOp op) {
    return layoutOf(op.getInput().getType());
  }
  static LinearLayoutAttr expectedLayout(PermuteOp op) {
    return permutedLayout(layoutOf(op.getInput().getType()),
                          op.getInput().getType().getShape(),
                          op.getPermutation());
  }
};

} // namespace

void mlir::tile::populateLayoutOpsToGPUPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutLowering, BroadcastLowering,
               InPlaceLowering<ReshapeOp>, InPlaceLowering<PermuteOp>>(
      converter, patterns.getContext());
}
