//===- GridOpsToGPU.cpp - Program ids are CUDA block ids ------------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::tile;

static gpu::Dimension gridDimension(int32_t axis) {
  switch (axis) {
  case 0:
    return gpu::Dimension::x;
  case 1:
    return gpu::Dimension::y;
  default:
    return gpu::Dimension::z;
  }
}

namespace {

/// Grid axis d of the tile program is CUDA's block index along x, y or z.
template <typename SourceOp, typename GPUOp>
struct GridOpLowering : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value index =
        GPUOp::create(rewriter, op.getLoc(), gridDimension(op.getAxis()));
    rewriter.replaceOpWithNewOp<arith::IndexCastUIOp>(op, rewriter.getI32Type(),
                                                      index);
    return success();
  }
};

} // namespace

void mlir::tile::populateGridOpsToGPUPatterns(TileToGPUTypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<GridOpLowering<ProgramIdOp, gpu::BlockIdOp>,
               GridOpLowering<NumProgramsOp, gpu::GridDimOp>>(
      converter, patterns.getContext());
}
