//===- ElementConversion.h - The kernel language's cast rules ---*- C++ -*-===//

#ifndef TILE_IR_ELEMENTCONVERSION_H
#define TILE_IR_ELEMENTCONVERSION_H

#include "mlir/IR/Builders.h"

namespace mlir::tile {

/// Converts `value`, a scalar or a vector, to `target` (of the same shape)
/// with arith ops, by the cast rules of the kernel language: floats round
/// to nearest even (f16 <-> bf16 through f32), float to integer truncates
/// and saturates at the integer's range (NaN to 0), i1 converts to 0 or 1
/// and anything to i1 compares with zero. Integers are signed unless
/// `fromUnsigned` (the source) or `toUnsigned` (the target) say otherwise:
/// arith's integers are signless, so the caller, who knows the C++ type or
/// the tile's element type, says which. Used by the frontend for scalars and
/// by the lowering for the per-thread vectors of tiles, so both sides
/// convert alike.
Value convertElements(OpBuilder &builder, Location loc, Value value,
                      Type target, bool fromUnsigned = false,
                      bool toUnsigned = false);

} // namespace mlir::tile

#endif // TILE_IR_ELEMENTCONVERSION_H
