//===- KernelToGPUFunc.cpp - Tile kernels become gpu.func kernels ---------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileDialect.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Rewrites a kernel's signature to the flattened ABI and moves its body
/// into a gpu.func launched with the layout's thread count.
struct KernelFuncLowering : OpConversionPattern<func::FuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(func::FuncOp func, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    if (func.getNumResults() != 0)
      return rewriter.notifyMatchFailure(func, "kernels return nothing");
    TypeConverter::SignatureConversion signature(func.getNumArguments());
    for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
      SmallVector<Type> converted;
      if (failed(converter.convertType(type, converted)))
        return rewriter.notifyMatchFailure(func, "unsupported parameter");
      signature.addInputs(index, converted);
    }
    auto gpuFunc = gpu::GPUFuncOp::create(
        rewriter, func.getLoc(), func.getName(),
        rewriter.getFunctionType(signature.getConvertedTypes(), {}));
    gpuFunc->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                     rewriter.getUnitAttr());
    auto warps = func->getAttrOfType<IntegerAttr>(kNumWarpsAttrName);
    if (!warps)
      return rewriter.notifyMatchFailure(func, "the kernel has no layouts");
    int32_t threads = warps.getInt() * kWarpSize;
    gpuFunc.setKnownBlockSizeAttr(
        rewriter.getDenseI32ArrayAttr({threads, 1, 1}));
    // ptxas reads the occupancy hint as .minnctapersm.
    if (auto blocks = func->getAttrOfType<IntegerAttr>(kMinBlocksPerSMAttrName))
      gpuFunc->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                       rewriter.getI32IntegerAttr(blocks.getInt()));
    for (NamedAttribute attr : func->getDiscardableAttrs())
      if (attr.getName() != kNumWarpsAttrName &&
          attr.getName() != kMinBlocksPerSMAttrName &&
          attr.getName() != kMaxThreadsAttrName &&
          attr.getName() != kStagesAttrName)
        gpuFunc->setAttr(attr.getName(), attr.getValue());

    // gpu.func comes with an entry block of its own; the kernel's replaces it.
    Block *placeholder = &gpuFunc.getBody().front();
    rewriter.inlineRegionBefore(func.getBody(), gpuFunc.getBody(),
                                gpuFunc.getBody().end());
    rewriter.eraseBlock(placeholder);
    if (failed(rewriter.convertRegionTypes(&gpuFunc.getBody(), converter,
                                           &signature)))
      return failure();
    rewriter.eraseOp(func);
    return success();
  }
};

struct ReturnLowering : OpConversionPattern<func::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(func::ReturnOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<gpu::ReturnOp>(op);
    return success();
  }
};

} // namespace

void mlir::tile::populateKernelToGPUFuncPatterns(
    TileToGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<KernelFuncLowering, ReturnLowering>(converter,
                                                   patterns.getContext());
}
