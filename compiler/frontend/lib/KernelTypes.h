//===- KernelTypes.h - Kernel-language types as tile types ------*- C++ -*-===//

#ifndef TILE_FRONTEND_KERNELTYPES_H
#define TILE_FRONTEND_KERNELTYPES_H

#include "mlir/IR/Types.h"
#include "clang/AST/Type.h"

namespace tile::frontend {

/// The tile-dialect type of a kernel-language C++ type: `float`, `double`,
/// `int`, `int64_t`, the unsigned integers (signless: the emitter picks
/// unsigned operations from the C++ type), `bool`, `tile::f16`, `tile::bf16`
/// as scalars, and `tile::Tile<T, S...>`, `tile::Piece<T, S...>` (an input
/// piece when T is const), `tile::View<T, R>` and `tile::Atomic<T, R>`, whose
/// unsigned elements are ui8 ... ui64. Returns a null type for anything else.
mlir::Type convertKernelType(mlir::MLIRContext &context, clang::QualType type);

} // namespace tile::frontend

#endif // TILE_FRONTEND_KERNELTYPES_H
