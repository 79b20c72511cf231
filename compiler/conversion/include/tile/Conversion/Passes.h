//===- Passes.h - Conversions of the tile dialect ---------------*- C++ -*-===//

#ifndef TILE_CONVERSION_PASSES_H
#define TILE_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tile {

/// The most shared memory a kernel may declare statically.
inline constexpr int64_t kMaxStaticSharedBytes = 48 * 1024;

/// On a kernel's shared buffer that `convert-tile-to-gpu` declared dynamic
/// (external, of no size: more than kMaxStaticSharedBytes): the bytes each
/// launch must give the kernel.
inline constexpr llvm::StringLiteral kDynamicSharedBytesAttrName =
    "tile.dynamic_shared_bytes";

#define GEN_PASS_DECL
#include "tile/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Conversion/Passes.h.inc"

} // namespace mlir::tile

#endif // TILE_CONVERSION_PASSES_H
