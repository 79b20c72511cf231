//===- TileTypes.h - Types of the tile dialect ------------------*- C++ -*-===//

#ifndef TILE_IR_TILETYPES_H
#define TILE_IR_TILETYPES_H

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/Types.h"
#include "llvm/Support/MathExtras.h"

#include <string>

#define GET_TYPEDEF_CLASSES
#include "tile/IR/TileTypes.h.inc"

namespace mlir::tile {
/// Whether `type` may be the element type of a tile, view or piece.
bool isTileElementType(Type type);

/// The type a scalar of element type `element` has: the signless integer of
/// its width for the unsigned integers (arith computes on signless integers
/// only), `element` itself otherwise.
Type scalarType(Type element);

/// Whether `type` (or its element type) is an 8-bit float, f8E4M3FN or
/// f8E5M2: a storage type, which LLVM has no type for.
bool isFloat8(Type type);

/// A shape as types write it, for diagnostics: 64x32, '?' for dynamic sizes.
std::string formatShape(ArrayRef<int64_t> shape);

/// Checks what tiles, pieces and stages share: static rank 1 to 3, positive
/// sizes, a supported element type; `what` names the type in errors.
LogicalResult verifyStaticShape(function_ref<InFlightDiagnostic()> emitError,
                                StringRef what, ArrayRef<int64_t> shape,
                                Type elementType);

/// Parses `<SHAPExTYPE`, what tiles, pieces and stages start with.
ParseResult parseStaticShape(AsmParser &parser, SmallVectorImpl<int64_t> &shape,
                             Type &elementType);

/// Prints `<SHAPExTYPE`.
void printStaticShape(AsmPrinter &printer, ArrayRef<int64_t> shape,
                      Type elementType);
} // namespace mlir::tile

#endif // TILE_IR_TILETYPES_H
