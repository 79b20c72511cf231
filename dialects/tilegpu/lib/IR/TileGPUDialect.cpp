//===- TileGPUDialect.cpp - The tilegpu dialect ---------------------------===//

#include "tilegpu/IR/TileGPUDialect.h"
#include "tilegpu/IR/TileGPUAttrs.h"
#include "tilegpu/IR/TileGPUOps.h"
#include "tilegpu/IR/TileGPUTypes.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tilegpu;

#include "tilegpu/IR/TileGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tilegpu/IR/TileGPUAttrDefs.cpp.inc"

void TileGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tilegpu/IR/TileGPUOps.cpp.inc"
      >();
  registerTypes();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilegpu/IR/TileGPUAttrDefs.cpp.inc"
      >();
}

LogicalResult
TensorMapAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      int64_t view, ArrayRef<int64_t> box, int64_t swizzle) {
  if (view < 0)
    return emitError() << "a tensor map describes a view parameter, found "
                          "index "
                       << view;
  if (box.size() < 2 || box.size() > kMaxTensorMapRank)
    return emitError() << "a tensor map's box has one extent per view "
                          "dimension, 2 to "
                       << kMaxTensorMapRank << " of them, found " << box.size();
  for (int64_t extent : box)
    if (extent < 1 || extent > kMaxTensorMapBox)
      return emitError() << "a tensor map's box extents lie in [1, "
                         << kMaxTensorMapBox << "], found " << extent;
  if (swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "a tensor map's swizzle is 32, 64 or 128 bytes, "
                          "found "
                       << swizzle;
  return success();
}
