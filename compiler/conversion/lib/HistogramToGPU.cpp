//===- HistogramToGPU.cpp - Counting a tile's values in shared memory -----===//
//
// The program's threads clear one i32 counter per bin in the shared buffer,
// then each adds 1 to the counter of every value it holds (the first of its
// replicas, where the mask holds, values in [0, bins) only) with a shared
// atomic add, then each reads its elements of the result back. Barriers
// separate the three steps and end the op, so that the buffer is free for
// what follows.
//
//===----------------------------------------------------------------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

struct HistogramLowering : OpConversionPattern<HistogramOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(HistogramOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TileType valuesType = op.getValues().getType();
    TileType countsType = op.getResult().getType();
    auto layout = dyn_cast_or_null<LinearLayoutAttr>(valuesType.getEncoding());
    auto countsLayout =
        dyn_cast_or_null<LinearLayoutAttr>(countsType.getEncoding());
    if (!layout || !countsLayout)
      return rewriter.notifyMatchFailure(op, "the tiles have no layouts");
    const auto &converter = *getTypeConverter<TileToGPUTypeConverter>();
    Type i32 = rewriter.getI32Type();
    Type i64 = rewriter.getI64Type();
    int64_t bins = countsType.getNumElements();
    int64_t threads = kWarpSize * layout.getNumWarps();

    Value counters = converter.sharedMemory(rewriter, loc);
    auto counterAt = [&](OpBuilder &b, Value bin) {
      return LLVM::GEPOp::create(b, loc, counters.getType(), i32, counters,
                                 ValueRange{bin});
    };
    ThreadPosition position = ThreadPosition::current(rewriter, loc);
    Value zero = constantI32(rewriter, loc, 0);
    Value end = constantI32(rewriter, loc, bins);
    Value step = constantI32(rewriter, loc, threads);
    scf::ForOp::create(rewriter, loc, position.thread, end, step, ValueRange{},
                       [&](OpBuilder &b, Location loc, Value bin, ValueRange) {
                         LLVM::StoreOp::create(b, loc, zero, counterAt(b, bin));
                         scf::YieldOp::create(b, loc);
                       });
    gpu::BarrierOp::create(rewriter, loc);

    // Each element once: by the first of its replicas.
    Value values = adaptor.getValues().front();
    Value mask = op.getMask() ? adaptor.getMask().front() : Value();
    Value writer = position.isFirstAmong(rewriter, loc, replicaBits(layout));
    Value one = constantI32(rewriter, loc, 1);
    Value binCount = constantI64(rewriter, loc, bins);
    bool unsignedValues = valuesType.getElementType().isUnsignedInteger();
    for (int64_t r = 0; r < layout.getElementsPerThread(); ++r) {
      Value value = vector::ExtractOp::create(rewriter, loc, values, r);
      if (value.getType() != i64 && unsignedValues)
        value = arith::ExtUIOp::create(rewriter, loc, i64, value);
      else if (value.getType() != i64)
        value = arith::ExtSIOp::create(rewriter, loc, i64, value);
      // Unsigned, so that negative values fall outside too.
      Value counted = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, value, binCount);
      if (mask) {
        Value held = vector::ExtractOp::create(rewriter, loc, mask, r);
        counted = arith::AndIOp::create(rewriter, loc, counted, held);
      }
      if (writer)
        counted = arith::AndIOp::create(rewriter, loc, counted, writer);
      scf::IfOp::create(
          rewriter, loc, counted, [&](OpBuilder &b, Location loc) {
            Value bin = arith::TruncIOp::create(b, loc, i32, value);
            LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::add,
                                      counterAt(b, bin), one,
                                      LLVM::AtomicOrdering::monotonic);
            scf::YieldOp::create(b, loc);
          });
    }
    gpu::BarrierOp::create(rewriter, loc);

    auto vectorType = cast<VectorType>(converter.convertType(countsType));
    Value counts = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getZeroAttr(vectorType));
    SmallVector<Value> countedBins =
        position.registerElements(rewriter, loc, countsLayout);
    for (auto [r, bin] : llvm::enumerate(countedBins)) {
      Value count =
          LLVM::LoadOp::create(rewriter, loc, i32, counterAt(rewriter, bin));
      counts = vector::InsertOp::create(rewriter, loc, count, counts,
                                        ArrayRef<int64_t>{int64_t(r)});
    }
    // The buffer is free again once every thread has read.
    gpu::BarrierOp::create(rewriter, loc);
    rewriter.replaceOp(op, counts);
    return success();
  }
};

} // namespace

void mlir::tile::populateHistogramToGPUPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<HistogramLowering>(converter, patterns.getContext());
}
