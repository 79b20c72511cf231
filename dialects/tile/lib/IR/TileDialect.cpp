//===- TileDialect.cpp - The tile dialect ---------------------------------===//

#include "tile/IR/TileDialect.h"
#include "tile/IR/TileOps.h"
#include "tile/IR/TileTypes.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile;

#include "tile/IR/TileDialect.cpp.inc"

#include "tile/IR/TileAttrs.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/IR/TileAttrDefs.cpp.inc"

void TileDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tile/IR/TileOps.cpp.inc"
      >();
  registerTypes();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tile/IR/TileAttrDefs.cpp.inc"
      >();
}

Operation *TileDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type || !isa<TileType>(type))
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}
