//===- TileToGPUTypeConverter.cpp - Tile types on the GPU -----------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"

using namespace mlir;
using namespace mlir::tile;

/// NVPTX's global address space.
static constexpr unsigned kGlobalAddressSpace = 1;

static void appendTensorTypes(MLIRContext *context, unsigned rank,
                              SmallVectorImpl<Type> &results) {
  results.push_back(LLVM::LLVMPointerType::get(context, kGlobalAddressSpace));
  results.append(2 * rank, IntegerType::get(context, 64));
}

TileToGPUTypeConverter::TileToGPUTypeConverter(MLIRContext *context,
                                               BlockedLayout layout)
    : layout(layout) {
  addConversion([](Type type) { return type; });
  addConversion([this](TileType type) -> Type {
    return VectorType::get({this->layout.elementsPerThread()},
                           type.getElementType());
  });
  addConversion([context](PieceType type, SmallVectorImpl<Type> &results) {
    appendTensorTypes(context, type.getRank(), results);
    return success();
  });
  addConversion([context](ViewType type, SmallVectorImpl<Type> &results) {
    appendTensorTypes(context, type.getRank(), results);
    return success();
  });
}

TensorOperands TensorOperands::unpack(ValueRange converted) {
  unsigned rank = (converted.size() - 1) / 2;
  return {converted.front(), converted.slice(1, rank),
          converted.slice(1 + rank, rank)};
}
