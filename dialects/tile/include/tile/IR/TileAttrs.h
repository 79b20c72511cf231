//===- TileAttrs.h - Attributes of the tile dialect -------------*- C++ -*-===//

#ifndef TILE_IR_TILEATTRS_H
#define TILE_IR_TILEATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "tile/IR/TileDialect.h"

#include "tile/IR/TileAttrs.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/IR/TileAttrDefs.h.inc"

namespace mlir::tile {
/// The largest extent of a tensor map's box: the rows one copy of the
/// tensor copy engine moves at most.
inline constexpr int64_t kMaxTensorMapBox = 256;
/// The most dimensions a tensor map describes.
inline constexpr int64_t kMaxTensorMapRank = 5;
} // namespace mlir::tile

#endif // TILE_IR_TILEATTRS_H
