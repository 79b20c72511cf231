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

#endif // TILE_IR_TILEATTRS_H
