//===- PrefetchToNVVM.cpp - Prefetching a tile into the L2 cache ----------===//
//
// A prefetch holds no registers, so it is not spread over the threads by a
// layout: the tile's rows are cut into segments of one 128-byte cache line
// and the program's threads take the segments in turn, each issuing
// `prefetch.global.L2` (inline PTX) for the first element of its segments
// that lie inside the tensor.
//
//===----------------------------------------------------------------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileDialect.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

/// The bytes one prefetch brings in: an L2 cache line.
static constexpr int64_t kLineBytes = 128;

/// The threads of the program that runs `op`: the kernel's warps as layout
/// assignment chose them, read from the kernel before or after it becomes a
/// gpu.func.
static std::optional<int64_t> programThreads(Operation *op) {
  if (auto kernel = op->getParentOfType<func::FuncOp>())
    if (auto warps = kernel->getAttrOfType<IntegerAttr>(kNumWarpsAttrName))
      return warps.getInt() * kWarpSize;
  if (auto kernel = op->getParentOfType<gpu::GPUFuncOp>())
    if (std::optional<ArrayRef<int32_t>> block = kernel.getKnownBlockSize())
      return int64_t((*block)[0]) * (*block)[1] * (*block)[2];
  return std::nullopt;
}

namespace {

struct PrefetchLowering : OpConversionPattern<PrefetchOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PrefetchOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> threads = programThreads(op);
    if (!threads)
      return rewriter.notifyMatchFailure(op, "the kernel has no thread count");
    Location loc = op.getLoc();
    TensorOperands tensor = TensorOperands::unpack(adaptor.getView());
    ArrayRef<int64_t> shape = op.getShape();
    unsigned rank = shape.size();
    Type memoryType =
        memoryElementType(op.getView().getType().getElementType());
    int64_t lineElements = std::max<int64_t>(
        1, kLineBytes / storageBytes(op.getView().getType().getElementType()));
    int64_t segmentsPerRow = llvm::divideCeil(shape.back(), lineElements);
    int64_t rows = 1;
    for (int64_t size : shape.drop_back())
      rows *= size;
    int64_t segments = rows * segmentsPerRow;

    auto i64 = [&](int64_t value) {
      return arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getI64IntegerAttr(value));
    };
    SmallVector<Value> start;
    for (auto [d, converted] : llvm::enumerate(adaptor.getIndices()))
      start.push_back(arith::MulIOp::create(
          rewriter, loc,
          arith::ExtSIOp::create(rewriter, loc, rewriter.getI64Type(),
                                 converted.front()),
          i64(shape[d])));
    Value thread = arith::IndexCastUIOp::create(
        rewriter, loc, rewriter.getI64Type(),
        gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x));

    for (int64_t first = 0; first < segments; first += *threads) {
      Value segment = arith::AddIOp::create(rewriter, loc, thread, i64(first));
      // Only the last round has threads without a segment.
      Value inside =
          first + *threads <= segments
              ? Value(arith::ConstantOp::create(rewriter, loc,
                                                rewriter.getBoolAttr(true)))
              : Value(arith::CmpIOp::create(rewriter, loc,
                                            arith::CmpIPredicate::ult, segment,
                                            i64(segments)));
      // Coordinates of the segment's first element, innermost first.
      Value flat = segment;
      Value offset = i64(0);
      for (int d = rank - 1; d >= 0; --d) {
        int64_t count = d + 1 == int(rank) ? segmentsPerRow : shape[d];
        int64_t step = d + 1 == int(rank) ? lineElements : 1;
        Value coord = arith::MulIOp::create(
            rewriter, loc,
            arith::RemUIOp::create(rewriter, loc, flat, i64(count)), i64(step));
        flat = arith::DivUIOp::create(rewriter, loc, flat, i64(count));
        Value global = arith::AddIOp::create(rewriter, loc, start[d], coord);
        // Unsigned compares also reject negative coordinates.
        inside = arith::AndIOp::create(
            rewriter, loc, inside,
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                  global, tensor.shape[d]));
        // The innermost stride is 1 (docs/abi.md).
        offset = arith::AddIOp::create(
            rewriter, loc, offset,
            d + 1 == int(rank)
                ? global
                : Value(arith::MulIOp::create(rewriter, loc, global,
                                              tensor.strides[d])));
      }
      scf::IfOp::create(
          rewriter, loc, inside, [&](OpBuilder &builder, Location loc) {
            Value address = LLVM::GEPOp::create(
                builder, loc, tensor.pointer.getType(), memoryType,
                tensor.pointer, ValueRange{offset});
            // Inline PTX, not the NVVM intrinsic: LLVM's NVPTX backend
            // selects that one for sm_90 and later only, and the
            // instruction is as old as sm_20.
            LLVM::InlineAsmOp::create(
                builder, loc, /*res=*/Type(), ValueRange{address},
                "prefetch.global.L2 [$0];", "l", /*has_side_effects=*/true,
                /*is_align_stack=*/false,
                LLVM::tailcallkind::TailCallKind::None,
                /*asm_dialect=*/LLVM::AsmDialectAttr(),
                /*operand_attrs=*/ArrayAttr());
            scf::YieldOp::create(builder, loc);
          });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tile::populatePrefetchToNVVMPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<PrefetchLowering>(converter, patterns.getContext());
}
