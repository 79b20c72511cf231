//===- TileGPUDialect.h - The tilegpu dialect -------------------*- C++ -*-===//

#ifndef TILEGPU_IR_TILEGPUDIALECT_H
#define TILEGPU_IR_TILEGPUDIALECT_H

#include "tile/IR/TileDialect.h"

#include "mlir/IR/Dialect.h"

#include "tilegpu/IR/TileGPUDialect.h.inc"

#endif // TILEGPU_IR_TILEGPUDIALECT_H
