//===- TileOps.h - Operations of the tile dialect ---------------*- C++ -*-===//

#ifndef TILE_IR_TILEOPS_H
#define TILE_IR_TILEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "tile/IR/TileAttrs.h"
#include "tile/IR/TileDialect.h"
#include "tile/IR/TileTypes.h"

#define GET_OP_CLASSES
#include "tile/IR/TileOps.h.inc"

#endif // TILE_IR_TILEOPS_H
