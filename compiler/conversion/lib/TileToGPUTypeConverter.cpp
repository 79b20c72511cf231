//===- TileToGPUTypeConverter.cpp - Tile types on the GPU -----------------===//

#include "TileToGPUPatterns.h"
#include "tile/IR/TileOps.h"
#include "tile/IR/WgmmaLayouts.h"
#include "tilegpu/IR/TileGPUOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

/// NVPTX's global and shared address spaces.
static constexpr unsigned kGlobalAddressSpace = 1;
static constexpr unsigned kSharedAddressSpace = 3;

static void appendTensorTypes(MLIRContext *context, unsigned rank,
                              SmallVectorImpl<Type> &results) {
  results.push_back(LLVM::LLVMPointerType::get(context, kGlobalAddressSpace));
  results.append(2 * rank, IntegerType::get(context, 64));
}

TileToGPUTypeConverter::TileToGPUTypeConverter(MLIRContext *context,
                                               StringRef sharedBuffer)
    : sharedBuffer(sharedBuffer) {
  addConversion([](Type type) { return type; });
  addConversion([](TileType type) -> std::optional<Type> {
    auto layout = dyn_cast_or_null<LinearLayoutAttr>(type.getEncoding());
    if (!layout)
      return std::nullopt;
    return VectorType::get({layout.getElementsPerThread()},
                           scalarType(type.getElementType()));
  });
  addConversion([context](PieceType type, SmallVectorImpl<Type> &results) {
    appendTensorTypes(context, type.getRank(), results);
    return success();
  });
  // Operand stages are addressed from their start in shared memory.
  addConversion([context](StagesType) -> Type {
    return LLVM::LLVMPointerType::get(context, kSharedAddressSpace);
  });
  // Barriers are addressed from the first; a tensor map is the address of
  // its kernel parameter.
  addConversion([context](BarriersType) -> Type {
    return LLVM::LLVMPointerType::get(context, kSharedAddressSpace);
  });
  addConversion([context](TensorMapType) -> Type {
    return LLVM::LLVMPointerType::get(context);
  });
  addConversion([context](ViewType type, SmallVectorImpl<Type> &results) {
    appendTensorTypes(context, type.getRank(), results);
    return success();
  });
  addConversion([context](AtomicType type, SmallVectorImpl<Type> &results) {
    appendTensorTypes(context, type.getRank(), results);
    return success();
  });
}

Value TileToGPUTypeConverter::sharedMemory(OpBuilder &builder,
                                           Location loc) const {
  return LLVM::AddressOfOp::create(
      builder, loc,
      LLVM::LLVMPointerType::get(builder.getContext(), kSharedAddressSpace),
      sharedBuffer);
}

Value TileToGPUTypeConverter::sharedMemoryAt(OpBuilder &builder, Location loc,
                                             int64_t offset) const {
  Value base = sharedMemory(builder, loc);
  return LLVM::GEPOp::create(builder, loc, base.getType(), builder.getI8Type(),
                             base, ArrayRef<LLVM::GEPArg>{int32_t(offset)});
}

TensorOperands TensorOperands::unpack(ValueRange converted) {
  unsigned rank = (converted.size() - 1) / 2;
  return {converted.front(), converted.slice(1, rank),
          converted.slice(1 + rank, rank)};
}
