//===- TileOps.cpp - Operations of the tile dialect -----------------------===//
//
// Verifiers say what was expected and what was found; folders cover the
// identities that the frontend produces on the way (casts to the same type,
// broadcasts and reshapes that change nothing, arithmetic on splat
// constants).
//
//===----------------------------------------------------------------------===//

#include "tile/IR/TileOps.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tile;

static TileType tileOf(Value value) { return cast<TileType>(value.getType()); }

//===----------------------------------------------------------------------===//
// Tensor queries
//===----------------------------------------------------------------------===//

unsigned SizeOp::tensorRank(Type type) {
  if (auto view = dyn_cast<ViewType>(type))
    return view.getRank();
  if (auto atomic = dyn_cast<AtomicType>(type))
    return atomic.getRank();
  return cast<PieceType>(type).getRank();
}

LogicalResult SizeOp::verify() {
  unsigned rank = tensorRank(getTensor().getType());
  if (static_cast<uint32_t>(getDim()) >= rank)
    return emitOpError("expects a dimension below the tensor's rank ")
           << rank << ", found " << getDim();
  return success();
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

/// A tile read from `view` has the view's rank and element type.
static LogicalResult verifyTileOfView(Operation *op, ViewType view,
                                      TileType tile) {
  if (tile.getRank() != view.getRank())
    return op->emitOpError("expects a tile of the view's rank ")
           << view.getRank() << ", found rank " << tile.getRank();
  if (tile.getElementType() != view.getElementType())
    return op->emitOpError("expects a tile of the view's element type ")
           << view.getElementType() << ", found " << tile.getElementType();
  return success();
}

LogicalResult LoadOp::verify() {
  ViewType view = getView().getType();
  TileType result = getResult().getType();
  if (getIndices().size() != view.getRank())
    return emitOpError("expects one tile index per view dimension (")
           << view.getRank() << "), found " << getIndices().size();
  if (failed(verifyTileOfView(*this, view, result)))
    return failure();
  if (auto padding = getPaddingAttr())
    if (padding.getType() != view.getElementType())
      return emitOpError("expects padding of type ")
             << view.getElementType() << ", found " << padding.getType();
  return success();
}

LogicalResult LoadAtOp::verify() {
  ViewType view = getView().getType();
  TileType result = getResult().getType();
  if (getOffsets().size() != view.getRank())
    return emitOpError("expects one element offset per view dimension (")
           << view.getRank() << "), found " << getOffsets().size();
  return verifyTileOfView(*this, view, result);
}

LogicalResult LoadScalarOp::verify() {
  ViewType view = getView().getType();
  if (getIndices().size() != view.getRank())
    return emitOpError("expects one index per view dimension (")
           << view.getRank() << "), found " << getIndices().size();
  if (getResult().getType() != scalarType(view.getElementType()))
    return emitOpError("expects a result of the view's element type ")
           << scalarType(view.getElementType()) << ", found "
           << getResult().getType();
  return success();
}

LogicalResult PrefetchOp::verify() {
  ViewType view = getView().getType();
  if (getIndices().size() != view.getRank())
    return emitOpError("expects one tile index per view dimension (")
           << view.getRank() << "), found " << getIndices().size();
  if (getShape().size() != view.getRank())
    return emitOpError("expects a shape of the view's rank ")
           << view.getRank() << ", found rank " << getShape().size();
  if (llvm::any_of(getShape(), [](int64_t size) { return size < 1; }))
    return emitOpError("expects a shape of positive sizes, found ")
           << formatShape(getShape());
  return success();
}

LogicalResult LoadPieceOp::verify() {
  TileType expected = getPiece().getType().getTileType();
  TileType result = getResult().getType();
  if (result.withEncoding({}) != expected)
    return emitOpError("expects the piece's tile type ")
           << expected << ", found " << result;
  return success();
}

/// Stores go into output pieces only.
static LogicalResult verifyOutputPiece(Operation *op, PieceType piece) {
  if (piece.getInput())
    return op->emitOpError("stores into an input piece, which is only read");
  return success();
}

/// The index tiles and optional mask that say where the elements of
/// `values` go in a tensor (or piece) of rank `rank`, `target` naming it:
/// one i32 or i64 tile per dimension and a mask, all of the values' shape.
static LogicalResult verifyIndexedElements(Operation *op, StringRef target,
                                           unsigned rank, ValueRange indices,
                                           TileType values, Value mask) {
  if (indices.size() != rank)
    return op->emitOpError("expects one index tile per dimension of ")
           << target << " (" << rank << "), found " << indices.size();
  for (Value index : indices) {
    auto type = cast<TileType>(index.getType());
    if (!type.getElementType().isInteger(32) &&
        !type.getElementType().isInteger(64))
      return op->emitOpError("expects i32 or i64 index tiles, found ")
             << type.getElementType();
    if (type.getShape() != values.getShape())
      return op->emitOpError("expects index tiles of the values' shape ")
             << formatShape(values.getShape()) << ", found "
             << formatShape(type.getShape());
  }
  if (mask && cast<TileType>(mask.getType()).getShape() != values.getShape())
    return op->emitOpError("expects a mask of the values' shape ")
           << formatShape(values.getShape()) << ", found "
           << formatShape(cast<TileType>(mask.getType()).getShape());
  return success();
}

LogicalResult StoreOp::verify() {
  PieceType piece = getPiece().getType();
  TileType value = getValue().getType();
  if (failed(verifyOutputPiece(*this, piece)))
    return failure();
  if (value.getShape() != piece.getShape())
    return emitOpError("stored tile has shape ")
           << formatShape(value.getShape()) << " but the piece has shape "
           << formatShape(piece.getShape());
  if (value.getElementType() != piece.getElementType())
    return emitOpError("stored tile has element type ")
           << value.getElementType() << " but the piece holds "
           << piece.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// StoreAtOp
//===----------------------------------------------------------------------===//

LogicalResult StoreAtOp::verify() {
  PieceType piece = getPiece().getType();
  TileType value = getValue().getType();
  if (failed(verifyOutputPiece(*this, piece)))
    return failure();
  if (value.getElementType() != piece.getElementType())
    return emitOpError("stored tile has element type ")
           << value.getElementType() << " but the piece holds "
           << piece.getElementType();
  if (value.getRank() != piece.getRank() ||
      getIndices().size() != piece.getRank())
    return emitOpError("expects a tile and ")
           << piece.getRank() << " indices for a piece of rank "
           << piece.getRank() << ", found a tile of rank " << value.getRank()
           << " and " << getIndices().size() << " indices";
  for (auto [d, sizes] :
       llvm::enumerate(llvm::zip(value.getShape(), piece.getShape()))) {
    auto [tileSize, pieceSize] = sizes;
    if (pieceSize % tileSize != 0)
      return emitOpError("stored tile has shape ")
             << formatShape(value.getShape())
             << ", which does not divide the piece's shape "
             << formatShape(piece.getShape()) << " in dimension " << d;
    llvm::APInt index;
    if (matchPattern(getIndices()[d], m_ConstantInt(&index)) &&
        (index.isNegative() || index.getSExtValue() >= pieceSize / tileSize))
      return emitOpError("index ") << index.getSExtValue() << " of dimension "
                                   << d << " lies outside the piece's "
                                   << pieceSize / tileSize << " sub-tiles";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// AtomicUpdateOp
//===----------------------------------------------------------------------===//

LogicalResult AtomicUpdateOp::verify() {
  AtomicType target = getTarget().getType();
  TileType values = getValues().getType();
  if (values.getElementType() != target.getElementType())
    return emitOpError("updates an atomic output of ")
           << target.getElementType() << " with values of "
           << values.getElementType();
  if (failed(verifyIndexedElements(*this, "the atomic output", target.getRank(),
                                   getIndices(), values, getMask())))
    return failure();
  bool bitwise = getKind() == AtomicKind::And || getKind() == AtomicKind::Or ||
                 getKind() == AtomicKind::Xor;
  if (bitwise && !values.getElementType().isInteger())
    return emitOpError("'")
           << stringifyAtomicKind(getKind())
           << "' updates integers only, found " << values.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// ScatterOp
//===----------------------------------------------------------------------===//

LogicalResult ScatterOp::verify() {
  PieceType piece = getPiece().getType();
  TileType values = getValues().getType();
  if (failed(verifyOutputPiece(*this, piece)))
    return failure();
  if (values.getElementType() != piece.getElementType())
    return emitOpError("scatters elements of type ")
           << values.getElementType() << " into a piece of "
           << piece.getElementType();
  if (failed(verifyIndexedElements(*this, "the piece", piece.getRank(),
                                   getIndices(), values, getMask())))
    return failure();
  int64_t elements = piece.getTileType().getNumElements();
  if (elements > kMaxPieceElements)
    return emitOpError("scatters into a piece of ")
           << elements << " elements; at most " << kMaxPieceElements
           << " are supported";
  return success();
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

void ConstantOp::build(OpBuilder &builder, OperationState &state, TileType type,
                       Attribute scalar) {
  build(builder, state, type, DenseElementsAttr::get(type, scalar));
}

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  ElementsAttr value;
  if (parser.parseAttribute(value, "value", result.attributes) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addTypes(value.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getValue();
  printer.printOptionalAttrDict((*this)->getAttrs(), {"value"});
}

LogicalResult ConstantOp::verify() {
  if (getValue().getType() != getResult().getType())
    return emitOpError("value of type ")
           << getValue().getType() << " does not match the result type "
           << getResult().getType();
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// SplatOp, IotaOp
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  Type element = scalarType(getResult().getType().getElementType());
  if (getInput().getType() != element)
    return emitOpError("expects a scalar of the tile's element type ")
           << element << ", found " << getInput().getType();
  return success();
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  if (!isa_and_nonnull<FloatAttr, IntegerAttr>(adaptor.getInput()))
    return {};
  Attribute input = adaptor.getInput();
  // An unsigned tile's elements are attributes of its own element type.
  if (auto integer = dyn_cast<IntegerAttr>(input))
    input = IntegerAttr::get(getResult().getType().getElementType(),
                             integer.getValue());
  return DenseElementsAttr::get(getResult().getType(), input);
}

LogicalResult ItemOp::verify() {
  TileType input = getInput().getType();
  if (input.getNumElements() != 1)
    return emitOpError("expects a tile of one element, found ")
           << input.getNumElements();
  if (getResult().getType() != scalarType(input.getElementType()))
    return emitOpError("expects a scalar of the tile's element type ")
           << scalarType(input.getElementType()) << ", found "
           << getResult().getType();
  return success();
}

OpFoldResult ItemOp::fold(FoldAdaptor) {
  if (auto splat = getInput().getDefiningOp<SplatOp>())
    return splat.getInput();
  return {};
}

LogicalResult IotaOp::verify() {
  if (getResult().getType().getRank() != 1)
    return emitOpError("expects a tile of rank 1, found rank ")
           << getResult().getType().getRank();
  return success();
}

//===----------------------------------------------------------------------===//
// Element-wise arithmetic
//===----------------------------------------------------------------------===//

/// Whether `attr` is a splat constant equal to `value` (for floats, bit for
/// bit: -0.0 is not 0.0).
static bool isSplatOf(Attribute attr, double value) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(attr);
  if (!splat)
    return false;
  Type element = splat.getElementType();
  if (isa<FloatType>(element))
    return splat.getSplatValue<APFloat>().isExactlyValue(value);
  return splat.getSplatValue<APInt>().getSExtValue() ==
         static_cast<int64_t>(value);
}

/// Folds a binary op on splat constants with the float or integer rule.
template <typename FloatFn, typename IntFn>
static Attribute foldBinary(Type type, ArrayRef<Attribute> operands,
                            FloatFn floatFn, IntFn intFn) {
  if (isa<FloatType>(cast<TileType>(type).getElementType()))
    return constFoldBinaryOp<FloatAttr, APFloat, void>(operands, floatFn);
  return constFoldBinaryOp<IntegerAttr, APInt, void>(operands, intFn);
}

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  // x + (-0.0) is x for every float x, while x + 0.0 turns -0.0 into 0.0.
  double zero = isa<FloatType>(getType().getElementType()) ? -0.0 : 0.0;
  if (isSplatOf(adaptor.getRhs(), zero))
    return getLhs();
  if (isSplatOf(adaptor.getLhs(), zero))
    return getRhs();
  return foldBinary(
      getType(), adaptor.getOperands(),
      [](const APFloat &a, const APFloat &b) { return a + b; },
      [](const APInt &a, const APInt &b) { return a + b; });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  return foldBinary(
      getType(), adaptor.getOperands(),
      [](const APFloat &a, const APFloat &b) { return a - b; },
      [](const APInt &a, const APInt &b) { return a - b; });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1))
    return getLhs();
  if (isSplatOf(adaptor.getLhs(), 1))
    return getRhs();
  return foldBinary(
      getType(), adaptor.getOperands(),
      [](const APFloat &a, const APFloat &b) { return a * b; },
      [](const APInt &a, const APInt &b) { return a * b; });
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1))
    return getLhs();
  if (isa<FloatType>(getType().getElementType()))
    return constFoldBinaryOp<FloatAttr, APFloat, void>(
        adaptor.getOperands(),
        [](const APFloat &a, const APFloat &b) { return a / b; });
  // Division by zero and the overflowing MIN / -1 are left for run time.
  bool isUnsigned = getType().getElementType().isUnsignedInteger();
  return constFoldBinaryOpConditional<IntegerAttr, APInt, void>(
      adaptor.getOperands(),
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        bool overflow = false;
        if (b.isZero())
          return std::nullopt;
        if (isUnsigned)
          return a.udiv(b);
        APInt quotient = a.sdiv_ov(b, overflow);
        if (overflow)
          return std::nullopt;
        return quotient;
      });
}

/// Folds a bit operation on integer or bool splat constants.
template <typename Fn>
static Attribute foldBits(ArrayRef<Attribute> operands, Fn fn) {
  return constFoldBinaryOp<IntegerAttr, APInt, void>(operands, fn);
}

OpFoldResult AndOp::fold(FoldAdaptor adaptor) {
  // x & x is x, and x & ~0 is x (a mask and true).
  if (getLhs() == getRhs() || isSplatOf(adaptor.getRhs(), -1))
    return getLhs();
  if (isSplatOf(adaptor.getLhs(), -1))
    return getRhs();
  return foldBits(adaptor.getOperands(),
                  [](const APInt &a, const APInt &b) { return a & b; });
}

OpFoldResult OrOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs() || isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  if (isSplatOf(adaptor.getLhs(), 0))
    return getRhs();
  return foldBits(adaptor.getOperands(),
                  [](const APInt &a, const APInt &b) { return a | b; });
}

OpFoldResult XorOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  if (isSplatOf(adaptor.getLhs(), 0))
    return getRhs();
  return foldBits(adaptor.getOperands(),
                  [](const APInt &a, const APInt &b) { return a ^ b; });
}

/// A shift count as the unsigned number the GPU reads, clamped to the width.
static unsigned shiftCount(const APInt &count) {
  return count.uge(count.getBitWidth()) ? count.getBitWidth()
                                        : count.getZExtValue();
}

OpFoldResult ShlOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  return foldBits(adaptor.getOperands(), [](const APInt &a, const APInt &b) {
    unsigned count = shiftCount(b);
    return count == a.getBitWidth() ? APInt::getZero(a.getBitWidth())
                                    : a.shl(count);
  });
}

OpFoldResult ShrOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  // Unsigned elements shift in zeros: every bit out for a count past the
  // width.
  if (getType().getElementType().isUnsignedInteger())
    return foldBits(adaptor.getOperands(), [](const APInt &a, const APInt &b) {
      unsigned count = shiftCount(b);
      return count == a.getBitWidth() ? APInt::getZero(a.getBitWidth())
                                      : a.lshr(count);
    });
  return foldBits(adaptor.getOperands(), [](const APInt &a, const APInt &b) {
    return a.ashr(std::min(shiftCount(b), a.getBitWidth() - 1));
  });
}

OpFoldResult NotOp::fold(FoldAdaptor adaptor) {
  if (auto inner = getInput().getDefiningOp<NotOp>())
    return inner.getInput();
  return constFoldUnaryOp<IntegerAttr, APInt, void>(
      adaptor.getOperands(), [](const APInt &a) { return ~a; });
}

OpFoldResult NegOp::fold(FoldAdaptor) {
  if (auto inner = getInput().getDefiningOp<NegOp>())
    return inner.getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// CmpOp, SelectOp, CastOp
//===----------------------------------------------------------------------===//

LogicalResult CmpOp::verify() {
  TileType operand = tileOf(getLhs());
  if (getResult().getType().getShape() != operand.getShape())
    return emitOpError("result has shape ")
           << formatShape(getResult().getType().getShape())
           << " but the operands have shape "
           << formatShape(operand.getShape());
  return success();
}

LogicalResult SelectOp::verify() {
  TileType condition = getCondition().getType();
  if (condition.getShape() != getResult().getType().getShape())
    return emitOpError("condition has shape ")
           << formatShape(condition.getShape()) << " but the values have shape "
           << formatShape(getResult().getType().getShape());
  return success();
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  if (getTrueValue() == getFalseValue())
    return getTrueValue();
  auto condition = dyn_cast_or_null<SplatElementsAttr>(adaptor.getCondition());
  if (!condition)
    return {};
  return condition.getSplatValue<bool>() ? getTrueValue() : getFalseValue();
}

LogicalResult CastOp::verify() {
  if (getInput().getType().getShape() != getResult().getType().getShape())
    return emitOpError("changes the shape from ")
           << formatShape(getInput().getType().getShape()) << " to "
           << formatShape(getResult().getType().getShape())
           << "; a cast changes only the element type";
  return success();
}

OpFoldResult CastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getResult().getType())
    return getInput();
  return {};
}

LogicalResult BitcastOp::verify() {
  TileType input = getInput().getType(), result = getResult().getType();
  if (input.getShape() != result.getShape())
    return emitOpError("changes the shape from ")
           << formatShape(input.getShape()) << " to "
           << formatShape(result.getShape())
           << "; a bitcast changes only the element type";
  Type from = input.getElementType(), to = result.getElementType();
  if (from.isInteger(1) || to.isInteger(1))
    return emitOpError("reinterprets bool elements, which have no bit "
                       "layout of their own; compare or select instead");
  if (from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
    return emitOpError("changes the element width from ")
           << from.getIntOrFloatBitWidth() << " to "
           << to.getIntOrFloatBitWidth() << " bits";
  return success();
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getResult().getType())
    return getInput();
  // A bitcast there and back is the value it started from.
  if (auto inner = getInput().getDefiningOp<BitcastOp>();
      inner && inner.getInput().getType() == getResult().getType())
    return inner.getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

/// Reshapes a splat constant to another tile type of the same element type.
static Attribute reshapeSplat(Attribute input, TileType type) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(input);
  if (!splat)
    return {};
  return DenseElementsAttr::get(type, splat.getSplatValue<Attribute>());
}

LogicalResult BroadcastOp::verify() {
  TileType input = getInput().getType();
  TileType result = getResult().getType();
  if (input.getElementType() != result.getElementType())
    return emitOpError("changes the element type from ")
           << input.getElementType() << " to " << result.getElementType();
  if (input.getRank() != result.getRank())
    return emitOpError("expects a result of the input's rank ")
           << input.getRank() << ", found rank " << result.getRank();
  for (auto [dim, from, to] :
       llvm::enumerate(input.getShape(), result.getShape()))
    if (from != to && from != 1)
      return emitOpError("cannot broadcast dimension ")
             << dim << " of size " << from << " to " << to
             << "; only dimensions of size 1 are repeated";
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getResult().getType())
    return getInput();
  return reshapeSplat(adaptor.getInput(), getResult().getType());
}

LogicalResult ReshapeOp::verify() {
  TileType input = getInput().getType();
  TileType result = getResult().getType();
  if (input.getElementType() != result.getElementType())
    return emitOpError("changes the element type from ")
           << input.getElementType() << " to " << result.getElementType();
  if (input.getNumElements() != result.getNumElements())
    return emitOpError("expects the same number of elements: ")
           << formatShape(input.getShape()) << " has " << input.getNumElements()
           << ", " << formatShape(result.getShape()) << " has "
           << result.getNumElements();
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getResult().getType())
    return getInput();
  if (auto inner = getInput().getDefiningOp<ReshapeOp>()) {
    getInputMutable().assign(inner.getInput());
    return getResult();
  }
  return reshapeSplat(adaptor.getInput(), getResult().getType());
}

LogicalResult PermuteOp::verify() {
  TileType input = getInput().getType();
  TileType result = getResult().getType();
  ArrayRef<int64_t> permutation = getPermutation();
  if (permutation.size() != input.getRank())
    return emitOpError("expects a permutation of ")
           << input.getRank() << " dimensions, found " << permutation.size();
  SmallVector<bool> seen(permutation.size(), false);
  for (int64_t dim : permutation) {
    if (dim < 0 || dim >= static_cast<int64_t>(permutation.size()) || seen[dim])
      return emitOpError("expects a permutation of 0..")
             << permutation.size() - 1 << ", found [" << permutation << "]";
    seen[dim] = true;
  }
  SmallVector<int64_t> expected;
  for (int64_t dim : permutation)
    expected.push_back(input.getShape()[dim]);
  if (result.getShape() != ArrayRef<int64_t>(expected) ||
      result.getElementType() != input.getElementType())
    return emitOpError("expects a result of shape ")
           << formatShape(expected) << " and element type "
           << input.getElementType() << ", found " << result;
  return success();
}

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  TileType input = getInput().getType(), result = getResult().getType();
  if (input.withEncoding({}) != result.withEncoding({}))
    return emitOpError("changes only the layout, but ")
           << input << " and " << result << " differ in shape or element type";
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getResult().getType())
    return getInput();
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getInput()))
    return SplatElementsAttr::get(getResult().getType(),
                                  splat.getSplatValue<Attribute>());
  return {};
}

OpFoldResult PermuteOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int64_t> permutation = getPermutation();
  bool identity = llvm::all_of(llvm::enumerate(permutation), [](auto entry) {
    return static_cast<int64_t>(entry.index()) == entry.value();
  });
  if (identity)
    return getInput();
  return reshapeSplat(adaptor.getInput(), getResult().getType());
}

//===----------------------------------------------------------------------===//
// Reductions and products
//===----------------------------------------------------------------------===//

/// Checks the axis and the kept-dimension result shape of a reduction.
static LogicalResult verifyReduction(Operation *op, TileType input,
                                     TileType result, int32_t axis) {
  if (axis < 0 || axis >= static_cast<int32_t>(input.getRank()))
    return op->emitOpError("axis ")
           << axis << " is out of range for a tile of rank " << input.getRank();
  SmallVector<int64_t> expected(input.getShape());
  expected[axis] = 1;
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return op->emitOpError("expects result shape ")
           << formatShape(expected) << " (axis " << axis
           << " kept with size 1), found " << formatShape(result.getShape());
  return success();
}

LogicalResult ReduceOp::verify() {
  if (getInput().getType().getElementType() !=
      getResult().getType().getElementType())
    return emitOpError("changes the element type from ")
           << getInput().getType().getElementType() << " to "
           << getResult().getType().getElementType();
  return verifyReduction(*this, getInput().getType(), getResult().getType(),
                         getAxis());
}

void SortOp::build(OpBuilder &builder, OperationState &state, Value input,
                   int32_t axis) {
  auto type = cast<TileType>(input.getType());
  build(builder, state, type,
        TileType::get(type.getShape(), builder.getI32Type()), input,
        builder.getI32IntegerAttr(axis));
}

LogicalResult SortOp::verify() {
  TileType input = getInput().getType();
  TileType indices = getIndices().getType();
  if (getAxis() < 0 || getAxis() >= static_cast<int32_t>(input.getRank()))
    return emitOpError("axis ")
           << getAxis() << " is out of range for a tile of rank "
           << input.getRank();
  if (!indices.getElementType().isInteger(32) ||
      indices.getShape() != input.getShape())
    return emitOpError("expects i32 indices of the input's shape ")
           << formatShape(input.getShape()) << ", found " << indices;
  if (input.getNumElements() > kMaxElements)
    return emitOpError("sorts a tile of ")
           << input.getNumElements() << " elements; at most " << kMaxElements
           << " are supported";
  return success();
}

LogicalResult HistogramOp::verify() {
  TileType values = getValues().getType();
  TileType result = getResult().getType();
  if (result.getRank() != 1 || !result.getElementType().isInteger(32))
    return emitOpError("expects a one-dimensional i32 result, found ")
           << result;
  if (result.getNumElements() > kMaxBins)
    return emitOpError("counts into ")
           << result.getNumElements() << " bins; at most " << kMaxBins
           << " are supported";
  if (getMask() && getMask().getType().getShape() != values.getShape())
    return emitOpError("expects a mask of the values' shape ")
           << formatShape(values.getShape()) << ", found "
           << getMask().getType();
  return success();
}

LogicalResult ArgMaxOp::verify() {
  return verifyReduction(*this, getInput().getType(), getResult().getType(),
                         getAxis());
}

LogicalResult ArgMinOp::verify() {
  return verifyReduction(*this, getInput().getType(), getResult().getType(),
                         getAxis());
}

/// Checks a combiner region: one block of two arguments of `element`, scalar
/// code without memory effects, ending in a tile.yield of an `element`
/// (the signless integer of an unsigned element: combiners are scalar code).
static LogicalResult verifyCombiner(Operation *op, Region &combiner,
                                    Type element) {
  element = scalarType(element);
  Block &block = combiner.front();
  if (block.getNumArguments() != 2 ||
      llvm::any_of(block.getArgumentTypes(),
                   [&](Type type) { return type != element; }))
    return op->emitOpError("expects a combiner of two ")
           << element << " arguments";
  auto yield = block.empty() ? YieldOp() : dyn_cast<YieldOp>(block.back());
  if (!yield)
    return op->emitOpError("expects the combiner to end in tile.yield");
  if (yield.getValue().getType() != element)
    return op->emitOpError("expects the combiner to yield a ")
           << element << ", found " << yield.getValue().getType();
  WalkResult scalar = combiner.walk([&](Operation *inner) {
    if (!isMemoryEffectFree(inner) ||
        llvm::any_of(inner->getResultTypes(), llvm::IsaPred<TileType>))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (scalar.wasInterrupted())
    return op->emitOpError(
        "expects a combiner that computes with scalars only, without memory "
        "effects");
  return success();
}

/// Combiners compute in the element type itself: f32, f64 and the integers.
static LogicalResult verifyCombinedElement(Operation *op, Type element) {
  if (!element.isF32() && !element.isF64() && !element.isInteger())
    return op->emitOpError("combines f32, f64 and integer elements, found ")
           << element;
  return success();
}

LogicalResult ReduceWithOp::verify() {
  Type element = getInput().getType().getElementType();
  if (element != getResult().getType().getElementType())
    return emitOpError("changes the element type from ")
           << element << " to " << getResult().getType().getElementType();
  if (failed(verifyCombinedElement(*this, element)) ||
      failed(verifyReduction(*this, getInput().getType(), getResult().getType(),
                             getAxis())))
    return failure();
  return verifyCombiner(*this, getCombiner(), element);
}

LogicalResult ScanWithOp::verify() {
  TileType input = getInput().getType();
  auto axis = static_cast<int32_t>(getAxis());
  if (axis < 0 || axis >= static_cast<int32_t>(input.getRank()))
    return emitOpError("axis ")
           << axis << " is out of range for a tile of rank " << input.getRank();
  if (failed(verifyCombinedElement(*this, input.getElementType())))
    return failure();
  return verifyCombiner(*this, getCombiner(), input.getElementType());
}

LogicalResult ScanOp::verify() {
  TileType input = getInput().getType();
  auto axis = static_cast<int32_t>(getAxis());
  if (axis < 0 || axis >= static_cast<int32_t>(input.getRank()))
    return emitOpError("axis ")
           << axis << " is out of range for a tile of rank " << input.getRank();
  if (getExclusive() && getKind() != ReduceKind::sum)
    return emitOpError("is exclusive only as a sum (a maximum or minimum "
                       "has no first element to start from)");
  return success();
}

LogicalResult DotOp::verify() {
  TileType a = getA().getType(), b = getB().getType(), acc = getAcc().getType();
  if (a.getRank() != 2 || b.getRank() != 2 || acc.getRank() != 2)
    return emitOpError("expects matrices (rank 2), found ranks ")
           << a.getRank() << ", " << b.getRank() << " and " << acc.getRank();
  if (a.getShape()[1] != b.getShape()[0])
    return emitOpError("inner dimensions differ: a is ")
           << formatShape(a.getShape()) << ", b is "
           << formatShape(b.getShape());
  if (acc.getShape()[0] != a.getShape()[0] ||
      acc.getShape()[1] != b.getShape()[1])
    return emitOpError("expects an accumulator of shape ")
           << a.getShape()[0] << "x" << b.getShape()[1] << ", found "
           << formatShape(acc.getShape());
  if (a.getElementType() != b.getElementType())
    return emitOpError("operands have different element types ")
           << a.getElementType() << " and " << b.getElementType();
  if (isa<FloatType>(a.getElementType()) !=
      isa<FloatType>(acc.getElementType()))
    return emitOpError("accumulator type ")
           << acc.getElementType() << " does not suit operands of type "
           << a.getElementType();
  if (isFloat8(a.getElementType()) && !acc.getElementType().isF32())
    return emitOpError("accumulates 8-bit floats into ")
           << acc.getElementType() << "; they accumulate into f32";
  return success();
}

#define GET_OP_CLASSES
#include "tile/IR/TileOps.cpp.inc"
