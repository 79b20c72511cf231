//===- TensorCopiesToNVVM.cpp - Copy-engine copies and their barriers ----===//
//
// Operand stages filled by the tensor copy engine (TMA): one thread starts
// each copy, naming the kernel's tensor map parameter for the view, and the
// copy's bytes complete on an mbarrier in shared memory, which the threads
// that read the stage wait on. A second ring of mbarriers, at which each
// warpgroup arrives once its products have read a stage, tells the copying
// thread that the stage is free again.
//
//===----------------------------------------------------------------------===//

#include "SharedTiles.h"
#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"
#include "tile/IR/WgmmaLayouts.h"
#include "tilegpu/IR/TileGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

namespace {

/// NVPTX's address space of the cluster's shared memory.
constexpr unsigned kSharedClusterAddressSpace = 7;

/// How long one try of a barrier wait may suspend the thread, in
/// nanoseconds, before it tries again.
constexpr int64_t kWaitTicks = 10'000'000;

/// Builds `body` where only the first thread of each group of
/// `groupThreads` (a power of two; 0 for the whole program) runs it.
template <typename Body>
void onFirstOf(int64_t groupThreads, OpBuilder &builder, Location loc,
               Body body) {
  Value thread = ThreadPosition::current(builder, loc).thread;
  if (groupThreads > 0)
    thread = arith::AndIOp::create(builder, loc, thread,
                                   constantI32(builder, loc, groupThreads - 1));
  Value first = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                      thread, constantI32(builder, loc, 0));
  scf::IfOp::create(builder, loc, first, [&](OpBuilder &nested, Location loc) {
    body(nested, loc);
    scf::YieldOp::create(nested, loc);
  });
}

/// Builds `body` where only the program's first thread runs it: the one
/// that initializes barriers and starts copies.
template <typename Body>
void onFirstThread(OpBuilder &builder, Location loc, Body body) {
  onFirstOf(0, builder, loc, body);
}

/// Arrivals that order memory for the program's threads.
NVVM::MemScopeKindAttr ctaScope(MLIRContext *context) {
  return NVVM::MemScopeKindAttr::get(context, NVVM::MemScopeKind::CTA);
}

/// The address of barrier `index` (i32) of the barriers at `base`.
Value barrierAddress(OpBuilder &builder, Location loc, Value base,
                     Value index) {
  return LLVM::GEPOp::create(builder, loc, base.getType(), builder.getI64Type(),
                             base, ValueRange{index});
}

/// One thread initializes every barrier, then the initializations are made
/// visible to the copy engine and every thread meets.
struct BarrierAllocLowering : OpConversionPattern<BarrierAllocOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BarrierAllocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto &converter = *getTypeConverter<TileToGPUTypeConverter>();
    Location loc = op.getLoc();
    Value base = converter.sharedMemoryAt(rewriter, loc, op.getOffset());
    onFirstThread(rewriter, loc, [&](OpBuilder &builder, Location loc) {
      Value arrivals = constantI32(builder, loc, op.getArrivals());
      for (int64_t i = 0; i < op.getType().getCount(); ++i)
        NVVM::MBarrierInitOp::create(
            builder, loc,
            barrierAddress(builder, loc, base, constantI32(builder, loc, i)),
            arrivals, /*predicate=*/Value());
      NVVM::FenceMbarrierInitOp::create(builder, loc);
    });
    gpu::BarrierOp::create(rewriter, loc);
    rewriter.replaceOp(op, base);
    return success();
  }
};

/// One thread invalidates every barrier, then every thread meets.
struct BarrierInvalLowering : OpConversionPattern<BarrierInvalOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BarrierInvalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t count = op.getBarriers().getType().getCount();
    onFirstThread(rewriter, loc, [&](OpBuilder &builder, Location loc) {
      for (int64_t i = 0; i < count; ++i) {
        Value index = constantI32(builder, loc, i);
        Value address =
            barrierAddress(builder, loc, adaptor.getBarriers(), index);
        NVVM::MBarrierInvalOp::create(builder, loc, address);
      }
    });
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return success();
  }
};

struct BarrierWaitLowering : OpConversionPattern<BarrierWaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BarrierWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value address = barrierAddress(rewriter, loc, adaptor.getBarriers(),
                                   adaptor.getIndex());
    auto wait = [&](OpBuilder &builder, Location loc) {
      NVVM::MBarrierTryWaitParityOp::create(
          builder, loc, address, adaptor.getParity(),
          constantI32(builder, loc, kWaitTicks));
    };
    if (op.getCopier())
      onFirstThread(rewriter, loc, wait);
    else
      wait(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

/// The first thread of each warpgroup arrives.
struct BarrierArriveLowering : OpConversionPattern<BarrierArriveOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value address = barrierAddress(rewriter, loc, adaptor.getBarriers(),
                                   adaptor.getIndex());
    onFirstOf(kWarpgroupWarps * kWarpSize, rewriter, loc,
              [&](OpBuilder &builder, Location loc) {
                NVVM::MBarrierArriveOp::create(builder, loc, /*res=*/Type(),
                                               address, /*count=*/Value(),
                                               ctaScope(builder.getContext()));
              });
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierExpectLowering : OpConversionPattern<BarrierExpectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BarrierExpectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value address = barrierAddress(rewriter, loc, adaptor.getBarriers(),
                                   adaptor.getIndex());
    onFirstThread(rewriter, loc, [&](OpBuilder &builder, Location loc) {
      NVVM::MBarrierArriveExpectTxOp::create(
          builder, loc, /*res=*/Type(), address,
          constantI32(builder, loc, op.getBytes()),
          ctaScope(builder.getContext()), builder.getBoolAttr(false),
          /*predicate=*/Value());
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// One copy per panel of up to 128 bytes of the contiguous dimension
/// (the stage's K-major order), each of the stage's rows; the copy engine
/// swizzles the panel's lines as the tensor cores read them.
struct CopyTensorLowering : OpConversionPattern<CopyTensorOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CopyTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StagesType stages = op.getStages().getType();
    int64_t rows = stages.getTileShape()[0];
    int64_t columns = stages.getTileShape()[1];
    int64_t elementBytes = storageBytes(stages.getElementType());
    int64_t panel = kMajorPanelWidth(columns, elementBytes);
    Value stageBase = stageAddress(rewriter, loc, adaptor.getStages(),
                                   adaptor.getStage(), stages);
    Value barrier = barrierAddress(rewriter, loc, adaptor.getBarriers(),
                                   adaptor.getBarrier());
    // The stage's columns are the view's last dimension and its rows
    // another; the others have tiles of extent 1, whose coordinates are
    // their indices.
    ValueRange indices = adaptor.getIndices();
    size_t rank = indices.size();
    size_t rowDim = op.getRowDimension();
    Value row = arith::MulIOp::create(rewriter, loc, indices[rowDim],
                                      constantI32(rewriter, loc, rows));
    Value column = arith::MulIOp::create(rewriter, loc, indices[rank - 1],
                                         constantI32(rewriter, loc, columns));
    onFirstThread(rewriter, loc, [&](OpBuilder &builder, Location loc) {
      for (int64_t start = 0; start < columns; start += panel) {
        Value target = LLVM::GEPOp::create(
            builder, loc, stageBase.getType(), builder.getI8Type(), stageBase,
            ArrayRef<LLVM::GEPArg>{int32_t(start * rows * elementBytes)});
        // Coordinates go innermost first.
        SmallVector<Value> coordinates = {arith::AddIOp::create(
            builder, loc, column, constantI32(builder, loc, start))};
        for (size_t d = rank - 1; d-- > 0;)
          coordinates.push_back(d == rowDim ? row : indices[d]);
        // The program's own shared memory, as the cluster's window names it.
        Value clusterTarget = LLVM::AddrSpaceCastOp::create(
            builder, loc,
            LLVM::LLVMPointerType::get(builder.getContext(),
                                       kSharedClusterAddressSpace),
            target);
        NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
            builder, loc, clusterTarget, adaptor.getMap(), coordinates, barrier,
            /*im2colOffsets=*/ValueRange(),
            /*multicastMask=*/Value(), /*l2CacheHint=*/Value(),
            NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false,
            /*group=*/nullptr, /*predicate=*/Value());
      }
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tile::populateTensorCopiesToNVVMPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns
      .add<BarrierAllocLowering, BarrierInvalLowering, BarrierWaitLowering,
           BarrierArriveLowering, BarrierExpectLowering, CopyTensorLowering>(
          converter, patterns.getContext());
}
