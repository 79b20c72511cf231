//===- SharedMemory.h - The shared memory an op needs -----------*- C++ -*-===//

#ifndef TILEGPU_IR_SHAREDMEMORY_H
#define TILEGPU_IR_SHAREDMEMORY_H

#include "mlir/IR/Operation.h"

namespace mlir::tilegpu {

/// Bytes of shared memory `op`, with its layouts, needs on the GPU while it
/// runs, zero for most ops: stages and barriers where they are allocated,
/// warpgroup products' operands, layout conversions, and reductions across
/// warps. The conversion sizes a kernel's buffer by it; the pipelines ask it
/// whether anything else in a loop uses shared memory.
int64_t sharedMemoryBytes(Operation *op);

} // namespace mlir::tilegpu

#endif // TILEGPU_IR_SHAREDMEMORY_H
