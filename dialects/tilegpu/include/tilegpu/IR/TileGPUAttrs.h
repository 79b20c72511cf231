//===- TileGPUAttrs.h - Attributes of the tilegpu dialect -------*- C++ -*-===//

#ifndef TILEGPU_IR_TILEGPUATTRS_H
#define TILEGPU_IR_TILEGPUATTRS_H

#include "tilegpu/IR/TileGPUDialect.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

#define GET_ATTRDEF_CLASSES
#include "tilegpu/IR/TileGPUAttrDefs.h.inc"

namespace mlir::tilegpu {
/// The largest extent of a tensor map's box: the rows one copy of the
/// tensor copy engine moves at most.
inline constexpr int64_t kMaxTensorMapBox = 256;
/// The most dimensions a tensor map describes.
inline constexpr int64_t kMaxTensorMapRank = 5;
} // namespace mlir::tilegpu

#endif // TILEGPU_IR_TILEGPUATTRS_H
