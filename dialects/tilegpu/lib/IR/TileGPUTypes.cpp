//===- TileGPUTypes.cpp - Types of the tilegpu dialect --------------------===//

#include "tilegpu/IR/TileGPUTypes.h"
#include "tilegpu/IR/TileGPUDialect.h"

#include "tile/IR/ThreadLayouts.h"
#include "tile/IR/TileTypes.h"
#include "tile/IR/WgmmaLayouts.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilegpu;

#define GET_TYPEDEF_CLASSES
#include "tilegpu/IR/TileGPUTypes.cpp.inc"

void TileGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilegpu/IR/TileGPUTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// StagesType
//===----------------------------------------------------------------------===//

LogicalResult StagesType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 int64_t numStages, ArrayRef<int64_t> tileShape,
                                 Type elementType) {
  if (numStages < 1)
    return emitError() << "stages must number at least one, found "
                       << numStages;
  if (tileShape.size() != 2)
    return emitError() << "stages hold matrices (rank 2), found rank "
                       << tileShape.size();
  if (!elementType.isF16() && !elementType.isBF16() && !isFloat8(elementType) &&
      !elementType.isInteger(8))
    return emitError() << "stages hold f16, bf16 or 8-bit operands, found "
                       << elementType;
  for (int64_t size : tileShape)
    if (size <= 0 || !llvm::isPowerOf2_64(size))
      return emitError() << "stage dimensions must be powers of two, found "
                         << formatShape(tileShape);
  return verifyStaticShape(emitError, "stage", tileShape, elementType);
}

Type StagesType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  SMLoc loc = parser.getCurrentLocation();
  if (parseStaticShape(parser, shape, elementType) || parser.parseGreater())
    return {};
  if (shape.size() != 3) {
    parser.emitError(loc, "stages are written <STAGESxROWSxCOLUMNSxTYPE>, "
                          "found ")
        << formatShape(shape);
    return {};
  }
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    shape[0], ArrayRef<int64_t>(shape).drop_front(),
                    elementType);
}

void StagesType::print(AsmPrinter &printer) const {
  SmallVector<int64_t> shape = {getNumStages()};
  llvm::append_range(shape, getTileShape());
  printStaticShape(printer, shape, getElementType());
  printer << '>';
}

int64_t StagesType::getTileBytes() const {
  int64_t bytes = getElementType().getIntOrFloatBitWidth() / 8;
  for (int64_t size : getTileShape())
    bytes *= size;
  return bytes;
}

int64_t StagesType::getLineBytes() const {
  int64_t bytes = storageBytes(getElementType());
  return kMajorPanelWidth(getTileShape()[1], bytes) * bytes;
}

//===----------------------------------------------------------------------===//
// BarriersType
//===----------------------------------------------------------------------===//

LogicalResult BarriersType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   int64_t count) {
  if (count < 1)
    return emitError() << "barriers must number at least one, found " << count;
  return success();
}
