//===- TensorQueriesToGPU.cpp - Tensor extents are kernel parameters ------===//
//
// A view or a piece reaches the kernel as its pointer, extents and strides
// (docs/abi.md), so the extent along a dimension is one of the converted
// operands: nothing is computed or loaded.
//
//===----------------------------------------------------------------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

struct SizeLowering : OpConversionPattern<SizeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SizeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TensorOperands tensor = TensorOperands::unpack(adaptor.getTensor());
    rewriter.replaceOp(op, tensor.shape[op.getDim()]);
    return success();
  }
};

} // namespace

void mlir::tile::populateTensorQueriesToGPUPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<SizeLowering>(converter, patterns.getContext());
}
