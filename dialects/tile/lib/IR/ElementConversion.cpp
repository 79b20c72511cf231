//===- ElementConversion.cpp - The kernel language's cast rules -----------===//

#include "tile/IR/ElementConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

Value mlir::tile::convertElements(OpBuilder &builder, Location loc, Value value,
                                  Type target) {
  Type source = value.getType();
  Type from = getElementTypeOrSelf(source), to = getElementTypeOrSelf(target);
  if (from == to)
    return value;
  if (to.isInteger(1)) {
    Value zero =
        arith::ConstantOp::create(builder, loc, builder.getZeroAttr(source));
    if (isa<FloatType>(from))
      return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNE,
                                   value, zero);
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, value,
                                 zero);
  }
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  unsigned toWidth = to.getIntOrFloatBitWidth();
  if (isa<FloatType>(from) && isa<FloatType>(to)) {
    if (fromWidth < toWidth)
      return arith::ExtFOp::create(builder, loc, target, value);
    if (fromWidth > toWidth)
      return arith::TruncFOp::create(builder, loc, target, value);
    // f16 <-> bf16 goes through f32, which holds both exactly.
    Type wide = builder.getF32Type();
    if (auto shaped = dyn_cast<ShapedType>(source))
      wide = shaped.clone(wide);
    Value widened = arith::ExtFOp::create(builder, loc, wide, value);
    return arith::TruncFOp::create(builder, loc, target, widened);
  }
  if (isa<FloatType>(to)) {
    if (from.isInteger(1))
      return arith::UIToFPOp::create(builder, loc, target, value);
    return arith::SIToFPOp::create(builder, loc, target, value);
  }
  if (isa<FloatType>(from))
    return arith::FPToSIOp::create(builder, loc, target, value);
  if (from.isInteger(1))
    return arith::ExtUIOp::create(builder, loc, target, value);
  if (fromWidth < toWidth)
    return arith::ExtSIOp::create(builder, loc, target, value);
  return arith::TruncIOp::create(builder, loc, target, value);
}
