//===- TileDialect.h - The tile dialect -------------------------*- C++ -*-===//

#ifndef TILE_IR_TILEDIALECT_H
#define TILE_IR_TILEDIALECT_H

#include "mlir/IR/Dialect.h"

#include "tile/IR/TileDialect.h.inc"

#endif // TILE_IR_TILEDIALECT_H
