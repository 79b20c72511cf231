//===- ConvertTileToGPU.cpp - The tile-to-GPU lowering pass ---------------===//

#include "TileToGPUPatterns.h"
#include "tile/Conversion/Passes.h"
#include "tile/IR/TileDialect.h"
#include "tile/IR/TileOps.h"
#include "tile/IR/WgmmaLayouts.h"
#include "tilegpu/IR/TileGPUOps.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

namespace mlir::tile {
#define GEN_PASS_DEF_CONVERTTILETOGPU
#include "tile/Conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

/// NVPTX's shared address space.
static constexpr unsigned kSharedAddressSpace = 3;
/// The alignment of a kernel's shared buffer: that of its widest access,
/// and with warpgroup products the span of the widest swizzle their matrix
/// descriptors describe (which XORs address bits 4-6 with bits 7-9).
static constexpr unsigned kSharedAlignment = 16;
static constexpr unsigned kWgmmaSharedAlignment = 1024;

namespace {

struct ConvertTileToGPUPass
    : tile::impl::ConvertTileToGPUBase<ConvertTileToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr("tile.kernel"))
        kernels.push_back(func);
    if (kernels.empty())
      return;

    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(context));
    OpBuilder builder(context);
    builder.setInsertionPointToEnd(module.getBody());
    auto gpuModule =
        gpu::GPUModuleOp::create(builder, module.getLoc(), moduleName);

    // The layout is chosen per kernel, so each kernel converts on its own.
    for (func::FuncOp kernel : kernels) {
      if (kernel.isExternal()) {
        kernel.emitOpError("is a kernel without a body; define it, or drop "
                           "its tile.kernel attribute");
        return signalPassFailure();
      }
      if (!kernel->hasAttr(kNumWarpsAttrName)) {
        kernel.emitOpError("has no thread layouts; run tile-assign-layouts "
                           "(or the tile-transforms pipeline) before "
                           "convert-tile-to-gpu");
        return signalPassFailure();
      }
      int64_t shared = 0;
      unsigned alignment = kSharedAlignment;
      kernel.walk([&](Operation *op) {
        shared = std::max(shared, sharedMemoryBytes(op));
        if (op->hasAttr(kWgmmaAttrName) || isa<SharedAllocOp>(op))
          alignment = kWgmmaSharedAlignment;
      });
      std::string sharedBuffer = (kernel.getName() + "_shared").str();
      if (shared > 0) {
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPointToEnd(gpuModule.getBody());
        // Past the static limit the buffer is the launch's dynamic shared
        // memory, which NVPTX names by an external array of no size.
        bool dynamic = shared > kMaxStaticSharedBytes;
        auto global = LLVM::GlobalOp::create(
            builder, kernel.getLoc(),
            LLVM::LLVMArrayType::get(builder.getI8Type(), dynamic ? 0 : shared),
            /*isConstant=*/false,
            dynamic ? LLVM::Linkage::External : LLVM::Linkage::Internal,
            sharedBuffer, Attribute(), alignment, kSharedAddressSpace);
        if (dynamic)
          global->setAttr(kDynamicSharedBytesAttrName,
                          builder.getI64IntegerAttr(shared));
      }
      kernel->moveBefore(gpuModule.getBody(), gpuModule.getBody()->end());

      TileToGPUTypeConverter converter(context, sharedBuffer);
      ConversionTarget target(*context);
      target.addLegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                             gpu::GPUDialect, LLVM::LLVMDialect,
                             math::MathDialect, NVVM::NVVMDialect,
                             scf::SCFDialect, vector::VectorDialect>();
      target.addIllegalDialect<TileDialect, TileGPUDialect>();
      target.addIllegalOp<func::FuncOp, func::ReturnOp>();
      RewritePatternSet patterns(context);
      scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                           target);
      populateKernelToGPUFuncPatterns(converter, patterns);
      populateGridOpsToGPUPatterns(converter, patterns);
      populateAssertionsToGPUPatterns(converter, patterns);
      populateTensorQueriesToGPUPatterns(converter, patterns);
      populateElementwiseToArithPatterns(converter, patterns);
      populateMemoryOpsToLLVMPatterns(converter, patterns);
      populateAtomicUpdatesToLLVMPatterns(converter, patterns);
      populateScatterToLLVMPatterns(converter, patterns);
      populateSortToGPUPatterns(converter, patterns);
      populateHistogramToGPUPatterns(converter, patterns);
      populateTensorCopiesToNVVMPatterns(converter, patterns);
      populatePrefetchToNVVMPatterns(converter, patterns);
      populateLayoutOpsToGPUPatterns(converter, patterns);
      populateRearrangeOpsToGPUPatterns(converter, patterns);
      populateReductionsToGPUPatterns(converter, patterns);
      populateDotToNVVMPatterns(converter, patterns);
      populateWarpgroupDotToNVVMPatterns(converter, patterns);
      if (failed(applyFullConversion(kernel.getOperation(), target,
                                     std::move(patterns))))
        return signalPassFailure();
    }
  }
};

} // namespace
