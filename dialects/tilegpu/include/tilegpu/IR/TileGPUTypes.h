//===- TileGPUTypes.h - Types of the tilegpu dialect ------------*- C++ -*-===//

#ifndef TILEGPU_IR_TILEGPUTYPES_H
#define TILEGPU_IR_TILEGPUTYPES_H

#include "tile/IR/TileTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"
#include "llvm/Support/MathExtras.h"

#define GET_TYPEDEF_CLASSES
#include "tilegpu/IR/TileGPUTypes.h.inc"

#endif // TILEGPU_IR_TILEGPUTYPES_H
