//===- TileToGPUTypeConverter.cpp - Tile types on the GPU -----------------===//

#include "TileToGPUPatterns.h"
#include "tile/Conversion/WgmmaLayouts.h"
#include "tile/IR/TileOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

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
                           type.getElementType());
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

int64_t mlir::tile::sharedMemoryBytes(Operation *op) {
  if (auto alloc = dyn_cast<SharedAllocOp>(op))
    return alloc.getOffset() + alloc.getType().getBytes();
  if (auto alloc = dyn_cast<BarrierAllocOp>(op))
    return alloc.getOffset() + alloc.getType().getBytes();
  if (auto dot = dyn_cast<DotOp>(op); dot && dot->hasAttr(kWgmmaAttrName)) {
    ArrayRef<int64_t> acc = dot.getAcc().getType().getShape();
    int64_t k = dot.getA().getType().getShape()[1];
    int64_t bytes = storageBytes(dot.getA().getType().getElementType());
    // A chained dot alternates between two sets of operands.
    if (dot->hasAttr(kWgmmaChainedAttrName))
      return 2 * wgmmaSharedStride(acc[0], acc[1], k, bytes);
    return wgmmaSharedBytes(acc[0], acc[1], k, bytes);
  }
  if (auto convert = dyn_cast<ConvertLayoutOp>(op))
    return convert.getType().getNumElements() *
           storageBytes(convert.getType().getElementType());
  if (!isa<ReduceOp, ArgMaxOp>(op))
    return 0;
  // Warps spanning the reduced axis exchange one partial each per result
  // element: a value of the fold's type (4 or 8 bytes), and for argmax an
  // index.
  auto input = cast<TileType>(op->getOperand(0).getType());
  auto result = cast<TileType>(op->getResult(0).getType());
  auto axis = op->getAttrOfType<IntegerAttr>("axis").getInt();
  int32_t low = dimensionBitOffsets(input.getShape())[axis];
  int32_t high = low + llvm::Log2_64(input.getShape()[axis]);
  int64_t slots = 1;
  for (int32_t bit : layoutOf(input).getWarps())
    if (bit >= low && bit < high)
      slots *= 2;
  if (slots == 1)
    return 0;
  int64_t valueBytes =
      std::max<int64_t>(4, input.getElementType().getIntOrFloatBitWidth() / 8);
  int64_t indexBytes = isa<ArgMaxOp>(op) ? 4 : 0;
  return result.getNumElements() * slots * (valueBytes + indexBytes);
}
