//===- TileTypes.cpp - Types of the tile dialect --------------------------===//

#include "tile/IR/TileTypes.h"
#include "tile/IR/TileAttrs.h"
#include "tile/IR/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

#define GET_TYPEDEF_CLASSES
#include "tile/IR/TileTypes.cpp.inc"

void TileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tile/IR/TileTypes.cpp.inc"
      >();
}

/// Tiles, views and pieces have one to three dimensions.
static constexpr unsigned kMaxRank = 3;
/// A tile is held by one program, in registers and shared memory: 2^24
/// elements is far beyond what fits, and keeps element counts exact.
static constexpr int64_t kMaxElements = int64_t(1) << 24;

bool mlir::tile::isTileElementType(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64() ||
         isFloat8(type) || type.isSignlessInteger(1) ||
         type.isSignlessInteger(8) || type.isSignlessInteger(16) ||
         type.isSignlessInteger(32) || type.isSignlessInteger(64) ||
         type.isUnsignedInteger(8) || type.isUnsignedInteger(16) ||
         type.isUnsignedInteger(32) || type.isUnsignedInteger(64);
}

Type mlir::tile::scalarType(Type element) {
  if (element.isUnsignedInteger())
    return IntegerType::get(element.getContext(),
                            element.getIntOrFloatBitWidth());
  return element;
}

bool mlir::tile::isFloat8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(getElementTypeOrSelf(type));
}

std::string mlir::tile::formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(
      shape, os,
      [&](int64_t size) {
        if (ShapedType::isDynamic(size))
          os << '?';
        else
          os << size;
      },
      "x");
  return text;
}

LogicalResult
mlir::tile::verifyStaticShape(function_ref<InFlightDiagnostic()> emitError,
                              StringRef what, ArrayRef<int64_t> shape,
                              Type elementType) {
  if (shape.empty() || shape.size() > kMaxRank)
    return emitError() << what << " must have rank 1 to " << kMaxRank
                       << ", found rank " << shape.size();
  int64_t count = 1;
  for (int64_t size : shape) {
    if (size <= 0)
      return emitError() << what << " dimensions must be positive, found "
                         << formatShape(shape);
    if (size > kMaxElements || count * size > kMaxElements)
      return emitError() << what << " " << formatShape(shape)
                         << " has more than " << kMaxElements
                         << " elements, the most one program can hold";
    count *= size;
  }
  if (!isTileElementType(elementType))
    return emitError()
           << what
           << " element type must be f16, bf16, f32, f64, f8E4M3FN, "
              "f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found "
           << elementType;
  return success();
}

ParseResult mlir::tile::parseStaticShape(AsmParser &parser,
                                         SmallVectorImpl<int64_t> &shape,
                                         Type &elementType) {
  return failure(parser.parseLess() ||
                 parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                           /*withTrailingX=*/true) ||
                 parser.parseType(elementType));
}

void mlir::tile::printStaticShape(AsmPrinter &printer, ArrayRef<int64_t> shape,
                                  Type elementType) {
  printer << '<';
  for (int64_t size : shape)
    printer << size << 'x';
  printer << elementType;
}

//===----------------------------------------------------------------------===//
// TileType
//===----------------------------------------------------------------------===//

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType,
                               Attribute encoding) {
  if (failed(verifyStaticShape(emitError, "tile", shape, elementType)))
    return failure();
  if (!encoding)
    return success();
  auto layout = dyn_cast<LinearLayoutAttr>(encoding);
  if (!layout)
    return emitError() << "tile encoding must be a #tile.layout, found "
                       << encoding;
  int64_t bits = 0;
  for (int64_t size : shape) {
    if (!llvm::isPowerOf2_64(size))
      return emitError() << "a tile with a layout has dimensions that are "
                            "powers of two, found "
                         << formatShape(shape);
    bits += llvm::Log2_64(size);
  }
  if (layout.getNumElementBits() != bits)
    return emitError() << "layout places " << layout.getNumElementBits()
                       << " element bits but the tile " << formatShape(shape)
                       << " has " << bits;
  return success();
}

Type TileType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding;
  SMLoc loc = parser.getCurrentLocation();
  if (parseStaticShape(parser, shape, elementType) ||
      (succeeded(parser.parseOptionalComma()) &&
       parser.parseAttribute(encoding)) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    shape, elementType, encoding);
}

void TileType::print(AsmPrinter &printer) const {
  printStaticShape(printer, getShape(), getElementType());
  if (getEncoding())
    printer << ", " << getEncoding();
  printer << '>';
}

TileType TileType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                             Type elementType) const {
  return TileType::get(getContext(), shape ? *shape : getShape(),
                       elementType ? elementType : getElementType(),
                       getEncoding());
}

TileType TileType::withEncoding(Attribute encoding) const {
  return TileType::get(getContext(), getShape(), getElementType(), encoding);
}

int64_t TileType::getNumElements() const {
  int64_t count = 1;
  for (int64_t size : getShape())
    count *= size;
  return count;
}

//===----------------------------------------------------------------------===//
// ViewType and AtomicType: whole tensors of dynamic shape
//===----------------------------------------------------------------------===//

/// Checks a whole-tensor type (`what`: "view", "atomic output").
static LogicalResult
verifyWholeTensor(function_ref<InFlightDiagnostic()> emitError, StringRef what,
                  unsigned rank, Type elementType) {
  if (rank == 0 || rank > kMaxRank)
    return emitError() << what << " must have rank 1 to " << kMaxRank
                       << ", found rank " << rank;
  if (!isTileElementType(elementType))
    return emitError()
           << what
           << " element type must be f16, bf16, f32, f64, f8E4M3FN, "
              "f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found "
           << elementType;
  return success();
}

/// Parses `<?x...xT>` of a whole-tensor type into its rank and element type.
static ParseResult parseWholeTensor(AsmParser &parser, StringRef what,
                                    unsigned &rank, Type &elementType) {
  SmallVector<int64_t> shape;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseGreater())
    return failure();
  if (!llvm::all_of(shape, ShapedType::isDynamic))
    return parser.emitError(loc)
           << what << " dimensions are dynamic and written '?', found "
           << formatShape(shape);
  rank = shape.size();
  return success();
}

static void printWholeTensor(AsmPrinter &printer, unsigned rank,
                             Type elementType) {
  printer << '<';
  for (unsigned i = 0; i < rank; ++i)
    printer << "?x";
  printer << elementType << '>';
}

LogicalResult ViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned rank, Type elementType) {
  return verifyWholeTensor(emitError, "view", rank, elementType);
}

Type ViewType::parse(AsmParser &parser) {
  unsigned rank;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parseWholeTensor(parser, "view", rank, elementType)))
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    rank, elementType);
}

void ViewType::print(AsmPrinter &printer) const {
  printWholeTensor(printer, getRank(), getElementType());
}

LogicalResult AtomicType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned rank, Type elementType) {
  if (failed(verifyWholeTensor(emitError, "atomic output", rank, elementType)))
    return failure();
  if (elementType.getIntOrFloatBitWidth() < 16 || elementType.isInteger(16))
    return emitError() << "atomic output element type must be f16, bf16, "
                          "f32, f64, i32, i64, ui32 or ui64, found "
                       << elementType;
  return success();
}

Type AtomicType::parse(AsmParser &parser) {
  unsigned rank;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parseWholeTensor(parser, "atomic output", rank, elementType)))
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    rank, elementType);
}

void AtomicType::print(AsmPrinter &printer) const {
  printWholeTensor(printer, getRank(), getElementType());
}

//===----------------------------------------------------------------------===//
// PieceType
//===----------------------------------------------------------------------===//

LogicalResult PieceType::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> shape, Type elementType,
                                bool) {
  return verifyStaticShape(emitError, "piece", shape, elementType);
}

Type PieceType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (parseStaticShape(parser, shape, elementType))
    return {};
  bool input = succeeded(parser.parseOptionalComma());
  if ((input && parser.parseKeyword("input")) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    shape, elementType, input);
}

void PieceType::print(AsmPrinter &printer) const {
  printStaticShape(printer, getShape(), getElementType());
  if (getInput())
    printer << ", input";
  printer << '>';
}

TileType PieceType::getTileType() const {
  return TileType::get(getContext(), getShape(), getElementType());
}
