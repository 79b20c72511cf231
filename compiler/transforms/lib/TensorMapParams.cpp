//===- TensorMapParams.cpp - Tensor maps passed by value ------------------===//

#include "tile/IR/TileDialect.h"
#include "tile/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILETENSORMAPPARAMS
#include "tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

struct TileTensorMapParamsPass
    : tile::impl::TileTensorMapParamsBase<TileTensorMapParamsPass> {
  void runOnOperation() override {
    getOperation().walk([](LLVM::LLVMFuncOp func) {
      auto maps = func->getAttrOfType<ArrayAttr>(kTensorMapsAttrName);
      if (!maps || maps.empty())
        return;
      MLIRContext *context = func.getContext();
      Builder builder(context);
      auto bytes =
          LLVM::LLVMArrayType::get(builder.getI8Type(), kTensorMapBytes);
      unsigned first = func.getNumArguments() - maps.size();
      for (unsigned i = first; i < func.getNumArguments(); ++i) {
        func.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                        TypeAttr::get(bytes));
        func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                        builder.getI64IntegerAttr(kTensorMapAlignment));
        func.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                        builder.getUnitAttr());
      }
    });
  }
};

} // namespace
