//===- TileGPUOps.h - Operations of the tilegpu dialect ---------*- C++ -*-===//

#ifndef TILEGPU_IR_TILEGPUOPS_H
#define TILEGPU_IR_TILEGPUOPS_H

#include "tile/IR/TileAttrs.h"
#include "tile/IR/TileTypes.h"
#include "tilegpu/IR/TileGPUAttrs.h"
#include "tilegpu/IR/TileGPUDialect.h"
#include "tilegpu/IR/TileGPUTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "tilegpu/IR/TileGPUOps.h.inc"

#endif // TILEGPU_IR_TILEGPUOPS_H
