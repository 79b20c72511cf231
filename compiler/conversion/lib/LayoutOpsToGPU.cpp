//===- LayoutOpsToGPU.cpp - Moving tile elements between threads ----------===//
//
// Reshapes, permutations and broadcasts keep every element with the thread
// that holds it (the layouts were chosen so); at most registers are
// reordered. A layout conversion writes the tile to shared memory in its old
// layout and reads it back in the new one; into the operand fragments of a
// matrix product it reads with ldmatrix, from a swizzled buffer.
//
//===----------------------------------------------------------------------===//

#include "SharedTiles.h"
#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

/// How the threads read a tile of 16-bit elements in layout `to` with
/// ldmatrix, where they can: each 8x8 matrix it loads gives a thread one
/// 32-bit register, two neighbouring elements of a row (of a column with
/// .trans), which must be registers 2m and 2m + 1 of the layout, with the
/// lanes over the rest of the matrix as the instruction spreads them. Lane l
/// points at row l % 8 of matrix l / 8.
struct MatrixReads {
  bool transposed;
  /// Matrices per ldmatrix: 1, 2 or 4.
  int64_t matrices;
  /// Element bit set by each thread bit (lanes, then warps) in the start of
  /// the row a lane points at.
  SmallVector<int32_t> rowStartBits;

  static std::optional<MatrixReads> match(LinearLayoutAttr to,
                                          int64_t elementBytes) {
    ArrayRef<int32_t> registers = to.getRegisters(), lanes = to.getLanes();
    if (elementBytes != 2 || registers.empty() ||
        lanes.size() != size_t(kLaneBits))
      return std::nullopt;
    MatrixReads reads;
    // A matrix row is 8 elements in memory: element bits 0-2 come from the
    // register and the first two lane bits (one row per 4 lanes), or, for
    // the transposed read, from the last three lane bits.
    SmallVector<int32_t> rowBits;
    if (registers[0] == 0 && lanes[0] == 1 && lanes[1] == 2) {
      reads.transposed = false;
      rowBits = {lanes[2], lanes[3], lanes[4]};
    } else if (lanes[2] == 0 && lanes[3] == 1 && lanes[4] == 2) {
      reads.transposed = true;
      rowBits = {registers[0], lanes[0], lanes[1]};
    } else {
      return std::nullopt;
    }
    if (llvm::is_contained(rowBits, -1))
      return std::nullopt;
    // Register bits 1 and 2 pick the matrix among the four of one load.
    int64_t matrixBits = std::min<int64_t>(2, registers.size() - 1);
    reads.matrices = int64_t(1) << matrixBits;
    reads.rowStartBits = rowBits;
    for (int64_t bit = 0; bit < 2; ++bit)
      reads.rowStartBits.push_back(bit < matrixBits ? registers[1 + bit] : -1);
    llvm::append_range(reads.rowStartBits, to.getWarps());
    return reads;
  }
};

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

    std::optional<MatrixReads> matrixReads = MatrixReads::match(to, bytes);
    SharedSwizzle swizzle =
        matrixReads
            ? SharedSwizzle::forTile(op.getType().getNumElements(), bytes)
            : SharedSwizzle();

    writeTileToShared(rewriter, loc, base, position, from, swizzle,
                      adaptor.getInput(), element);
    gpu::BarrierOp::create(rewriter, loc);

    auto resultType =
        cast<VectorType>(converter.convertType(op.getResult().getType()));
    Value result = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getZeroAttr(resultType));
    if (matrixReads) {
      result = readMatrices(rewriter, loc, *matrixReads, swizzle, position,
                            base, to, element, result);
    } else {
      Value toOffset = position.elementOffset(rewriter, loc, to);
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
    }
    // The buffer is free again only once every thread has read.
    gpu::BarrierOp::create(rewriter, loc);
    rewriter.replaceOp(op, result);
    return success();
  }

  /// `result` with every register read from the buffer by ldmatrix.
  static Value readMatrices(OpBuilder &builder, Location loc,
                            const MatrixReads &reads,
                            const SharedSwizzle &swizzle,
                            const ThreadPosition &position, Value base,
                            LinearLayoutAttr to, Type element, Value result) {
    Value rowStart = swizzle.apply(
        builder, loc, position.elementOffset(builder, loc, reads.rowStartBits));
    Type i32 = builder.getI32Type();
    Type loaded =
        reads.matrices == 1
            ? i32
            : LLVM::LLVMStructType::getLiteral(
                  builder.getContext(), SmallVector<Type>(reads.matrices, i32));
    auto pairType = VectorType::get({2}, element);
    int64_t perLoad = 2 * reads.matrices;
    for (int64_t first = 0; first < to.getElementsPerThread();
         first += perLoad) {
      Value address = sharedAddress(builder, loc, base, element, rowStart,
                                    swizzle.apply(registerElement(to, first)));
      Value matrices = NVVM::LdMatrixOp::create(
          builder, loc, loaded, address, reads.matrices,
          reads.transposed ? NVVM::MMALayout::col : NVVM::MMALayout::row,
          NVVM::LdStMatrixShapeAttr::get(builder.getContext(), 8, 8),
          NVVM::LdStMatrixEltType::B16);
      for (int64_t m = 0; m < reads.matrices; ++m) {
        Value pair =
            reads.matrices == 1
                ? matrices
                : LLVM::ExtractValueOp::create(builder, loc, matrices, m);
        pair = LLVM::BitcastOp::create(builder, loc, pairType, pair);
        result = vector::InsertStridedSliceOp::create(
            builder, loc, pair, result, ArrayRef<int64_t>{first + 2 * m},
            ArrayRef<int64_t>{1});
      }
    }
    return result;
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

/// Every thread's registers of a one-element tile hold that element.
struct ItemLowering : OpConversionPattern<ItemOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ItemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<vector::ExtractOp>(op, adaptor.getInput(),
                                                   ArrayRef<int64_t>{0});
    return success();
  }
};

} // namespace

void mlir::tile::populateLayoutOpsToGPUPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutLowering, BroadcastLowering, ItemLowering,
               InPlaceLowering<ReshapeOp>, InPlaceLowering<PermuteOp>>(
      converter, patterns.getContext());
}
