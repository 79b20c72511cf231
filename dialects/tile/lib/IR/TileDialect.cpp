//===- TileDialect.cpp - The tile dialect ---------------------------------===//

#include "tile/IR/TileDialect.h"
#include "tile/IR/TileOps.h"
#include "tile/IR/TileTypes.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallBitVector.h"
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

//===----------------------------------------------------------------------===//
// LinearLayoutAttr
//===----------------------------------------------------------------------===//

/// Parses `NAME = [b0, b1, ...]`; the list may be empty.
static ParseResult parseBitList(AsmParser &parser, StringRef name,
                                SmallVectorImpl<int32_t> &bits) {
  return failure(
      parser.parseKeyword(name) || parser.parseEqual() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parser.parseInteger(bits.emplace_back());
      }));
}

Attribute LinearLayoutAttr::parse(AsmParser &parser, Type) {
  SmallVector<int32_t> registers, lanes, warps;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parseBitList(parser, "registers", registers) ||
      parser.parseComma() || parseBitList(parser, "lanes", lanes) ||
      parser.parseComma() || parseBitList(parser, "warps", warps) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    registers, lanes, warps);
}

void LinearLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<registers = [" << getRegisters() << "], lanes = [" << getLanes()
          << "], warps = [" << getWarps() << "]>";
}

/// Lanes of a warp.
static constexpr size_t kLaneBits = 5;

LogicalResult
LinearLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         ArrayRef<int32_t> registers, ArrayRef<int32_t> lanes,
                         ArrayRef<int32_t> warps) {
  if (lanes.size() != kLaneBits)
    return emitError() << "layout names " << kLaneBits
                       << " lane bits (32 lanes), found " << lanes.size();
  int64_t placed = registers.size();
  for (int32_t bit : llvm::concat<const int32_t>(lanes, warps))
    placed += bit >= 0;
  llvm::SmallBitVector seen(placed);
  for (int32_t bit : registers)
    if (bit < 0)
      return emitError() << "every register bit selects an element bit, "
                            "found "
                         << bit;
  for (int32_t bit : llvm::concat<const int32_t>(registers, lanes, warps)) {
    if (bit < -1 || bit >= placed)
      return emitError() << "element bit " << bit << " is out of range 0.."
                         << placed - 1 << " (or -1 for replicas)";
    if (bit >= 0 && seen.test(bit))
      return emitError() << "element bit " << bit << " is placed twice";
    if (bit >= 0)
      seen.set(bit);
  }
  return success();
}

int64_t LinearLayoutAttr::getNumElementBits() const {
  int64_t placed = getRegisters().size();
  for (int32_t bit : llvm::concat<const int32_t>(getLanes(), getWarps()))
    placed += bit >= 0;
  return placed;
}
