//===- SharedTiles.cpp - Tiles written to shared memory -------------------===//

#include "SharedTiles.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tile;

void mlir::tile::writeTileToShared(OpBuilder &builder, Location loc, Value base,
                                   const ThreadPosition &position,
                                   LinearLayoutAttr layout,
                                   const SharedSwizzle &swizzle, Value values,
                                   Type element) {
  Type memoryType = memoryElementType(element);
  int64_t bytes = storageBytes(element);
  OpBuilder::InsertionGuard guard(builder);
  if (Value writer = position.isFirstAmong(builder, loc, replicaBits(layout))) {
    auto branch = scf::IfOp::create(builder, loc, writer);
    builder.setInsertionPointToStart(branch.thenBlock());
  }
  Value offset =
      swizzle.apply(builder, loc, position.elementOffset(builder, loc, layout));
  RegisterRuns writes(layout, bytes);
  for (int64_t run = 0; run < writes.count; ++run) {
    Value value = vector::ExtractStridedSliceOp::create(
        builder, loc, values, ArrayRef<int64_t>{run * writes.width},
        ArrayRef<int64_t>{writes.width}, ArrayRef<int64_t>{1});
    value = toMemory(builder, loc, value);
    Value address = sharedAddress(
        builder, loc, base, memoryType, offset,
        swizzle.apply(registerElement(layout, run * writes.width)));
    LLVM::StoreOp::create(builder, loc, value, address, writes.width * bytes);
  }
}
