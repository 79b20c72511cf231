//===- RearrangeOps.cpp - Concatenation, slices, padding, shifts ----------===//
//
// Verifiers and folders of the ops that put a tile's elements at other
// positions: tile.cat, tile.slice, tile.pad, tile.shift and tile.roll.
//
//===----------------------------------------------------------------------===//

#include "tile/IR/TileOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tile;

/// Checks that `input` and `result` have one element type and one rank.
static LogicalResult verifySameElementAndRank(Operation *op, TileType input,
                                              TileType result) {
  if (input.getElementType() != result.getElementType())
    return op->emitOpError("changes the element type from ")
           << input.getElementType() << " to " << result.getElementType();
  if (input.getRank() != result.getRank())
    return op->emitOpError("expects a result of the input's rank ")
           << input.getRank() << ", found rank " << result.getRank();
  return success();
}

/// Checks that `axis` names a dimension of `input`.
static LogicalResult verifyAxis(Operation *op, TileType input, int32_t axis) {
  if (axis < 0 || axis >= static_cast<int32_t>(input.getRank()))
    return op->emitOpError("axis ")
           << axis << " is out of range for a tile of rank " << input.getRank();
  return success();
}

/// Checks that `fill` is a scalar of `input`'s element type.
static LogicalResult verifyFill(Operation *op, TileType input, Value fill) {
  Type element = scalarType(input.getElementType());
  if (fill.getType() != element)
    return op->emitOpError("expects a fill of the element type ")
           << element << ", found " << fill.getType();
  return success();
}

/// Whether `attr` is the integer constant zero.
static bool isZero(Attribute attr) {
  auto integer = dyn_cast_or_null<IntegerAttr>(attr);
  return integer && integer.getValue().isZero();
}

LogicalResult CatOp::verify() {
  TileType input = getLhs().getType(), result = getResult().getType();
  if (failed(verifySameElementAndRank(*this, input, result)) ||
      failed(verifyAxis(*this, input, getAxis())))
    return failure();
  SmallVector<int64_t> expected(input.getShape());
  expected[getAxis()] *= 2;
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("expects result shape ")
           << formatShape(expected) << " (axis " << getAxis()
           << " twice as long), found " << formatShape(result.getShape());
  return success();
}

LogicalResult SliceOp::verify() {
  TileType input = getInput().getType(), result = getResult().getType();
  if (failed(verifySameElementAndRank(*this, input, result)))
    return failure();
  if (getOffsets().size() != input.getRank())
    return emitOpError("expects one offset per dimension (")
           << input.getRank() << "), found " << getOffsets().size();
  return success();
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getResult().getType() &&
      llvm::all_of(adaptor.getOffsets(), isZero))
    return getInput();
  return {};
}

LogicalResult PadOp::verify() {
  TileType input = getInput().getType(), result = getResult().getType();
  if (failed(verifySameElementAndRank(*this, input, result)) ||
      failed(verifyFill(*this, input, getFill())))
    return failure();
  for (auto [dim, from, to] :
       llvm::enumerate(input.getShape(), result.getShape()))
    if (to < from)
      return emitOpError("cannot pad dimension ")
             << dim << " of size " << from << " to the smaller " << to;
  return success();
}

OpFoldResult PadOp::fold(FoldAdaptor) {
  if (getInput().getType() == getResult().getType())
    return getInput();
  return {};
}

LogicalResult ShiftOp::verify() {
  TileType input = getInput().getType();
  if (failed(verifyAxis(*this, input, getAxis())))
    return failure();
  return verifyFill(*this, input, getFill());
}

OpFoldResult ShiftOp::fold(FoldAdaptor adaptor) {
  if (isZero(adaptor.getAmount()))
    return getInput();
  return {};
}

LogicalResult RollOp::verify() {
  return verifyAxis(*this, getInput().getType(), getAxis());
}

OpFoldResult RollOp::fold(FoldAdaptor adaptor) {
  // A whole number of turns, or a tile of one value, changes nothing.
  auto amount = dyn_cast_or_null<IntegerAttr>(adaptor.getAmount());
  int64_t extent = getInput().getType().getShape()[getAxis()];
  if ((amount && amount.getValue().getSExtValue() % extent == 0) ||
      isa_and_nonnull<SplatElementsAttr>(adaptor.getInput()))
    return getInput();
  return {};
}
