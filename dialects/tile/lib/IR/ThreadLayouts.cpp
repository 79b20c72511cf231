//===- ThreadLayouts.cpp - Tile layouts over a program's threads ----------===//

#include "tile/IR/ThreadLayouts.h"
#include "tile/IR/TileTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

LinearLayoutAttr mlir::tile::layoutOf(Type tile) {
  return cast<LinearLayoutAttr>(cast<TileType>(tile).getEncoding());
}

Value mlir::tile::constantI32(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getI32IntegerAttr(value));
}

Value mlir::tile::constantI64(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getI64IntegerAttr(value));
}

Type mlir::tile::memoryElementType(Type element) {
  // LLVM has no 8-bit float type: such elements move as bytes; LLVM's
  // integers are signless.
  element = scalarType(element);
  if (element.isInteger(1) || isFloat8(element))
    return IntegerType::get(element.getContext(), 8);
  return element;
}

int64_t mlir::tile::storageBytes(Type element) {
  return memoryElementType(element).getIntOrFloatBitWidth() / 8;
}

Value mlir::tile::fromMemory(OpBuilder &builder, Location loc, Value loaded,
                             Type element) {
  element = scalarType(element);
  Type type = loaded.getType();
  if (getElementTypeOrSelf(type) == element)
    return loaded;
  if (!element.isInteger(1)) {
    Type result = element;
    if (auto shaped = dyn_cast<ShapedType>(type))
      result = shaped.clone(element);
    return arith::BitcastOp::create(builder, loc, result, loaded);
  }
  return arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ne, loaded,
      arith::ConstantOp::create(builder, loc, builder.getZeroAttr(type)));
}

Value mlir::tile::toMemory(OpBuilder &builder, Location loc, Value values) {
  Type type = values.getType();
  Type element = getElementTypeOrSelf(type);
  Type memory = memoryElementType(element);
  if (memory == element)
    return values;
  if (auto shaped = dyn_cast<ShapedType>(type))
    memory = shaped.clone(memory);
  if (element.isInteger(1))
    return arith::ExtUIOp::create(builder, loc, memory, values);
  return arith::BitcastOp::create(builder, loc, memory, values);
}

SmallVector<int32_t> mlir::tile::dimensionBitOffsets(ArrayRef<int64_t> shape) {
  SmallVector<int32_t> offsets(shape.size());
  int32_t bit = 0;
  for (size_t d = shape.size(); d-- > 0;) {
    offsets[d] = bit;
    bit += llvm::Log2_64(shape[d]);
  }
  return offsets;
}

static int32_t totalBits(ArrayRef<int64_t> shape) {
  int32_t bits = 0;
  for (int64_t size : shape)
    bits += llvm::Log2_64(size);
  return bits;
}

LinearLayoutAttr mlir::tile::blockedLayout(MLIRContext *context,
                                           ArrayRef<int64_t> shape,
                                           int64_t vectorWidth,
                                           int64_t numWarps) {
  int32_t elementBits = totalBits(shape);
  int32_t runBits = std::min<int32_t>(llvm::Log2_64(vectorWidth),
                                      llvm::Log2_64(shape.back()));
  int32_t next = 0;
  SmallVector<int32_t> registers, lanes, warps;
  for (; next < std::min(runBits, elementBits); ++next)
    registers.push_back(next);
  for (int64_t i = 0; i < kLaneBits; ++i)
    lanes.push_back(next < elementBits ? next++ : -1);
  for (int64_t i = 0, e = llvm::Log2_64(numWarps); i < e; ++i)
    warps.push_back(next < elementBits ? next++ : -1);
  for (; next < elementBits; ++next)
    registers.push_back(next);
  return LinearLayoutAttr::get(context, registers, lanes, warps);
}

/// Applies `map` to every placed bit of `layout`; bits it maps to -1 leave
/// registers and turn lanes and warps into replicas.
static LinearLayoutAttr mapBits(LinearLayoutAttr layout,
                                function_ref<int32_t(int32_t)> map) {
  SmallVector<int32_t> registers, lanes, warps;
  for (int32_t bit : layout.getRegisters())
    if (int32_t mapped = map(bit); mapped >= 0)
      registers.push_back(mapped);
  for (int32_t bit : layout.getLanes())
    lanes.push_back(bit < 0 ? -1 : map(bit));
  for (int32_t bit : layout.getWarps())
    warps.push_back(bit < 0 ? -1 : map(bit));
  return LinearLayoutAttr::get(layout.getContext(), registers, lanes, warps);
}

LinearLayoutAttr mlir::tile::reducedLayout(LinearLayoutAttr layout,
                                           ArrayRef<int64_t> shape,
                                           int64_t axis) {
  int32_t low = dimensionBitOffsets(shape)[axis];
  int32_t width = llvm::Log2_64(shape[axis]);
  return mapBits(layout, [&](int32_t bit) -> int32_t {
    if (bit < low)
      return bit;
    return bit < low + width ? -1 : bit - width;
  });
}

LinearLayoutAttr mlir::tile::permutedLayout(LinearLayoutAttr layout,
                                            ArrayRef<int64_t> shape,
                                            ArrayRef<int64_t> permutation) {
  SmallVector<int64_t> resultShape;
  for (int64_t dim : permutation)
    resultShape.push_back(shape[dim]);
  SmallVector<int32_t> from = dimensionBitOffsets(shape);
  SmallVector<int32_t> to = dimensionBitOffsets(resultShape);
  SmallVector<int32_t> bitMap(totalBits(shape));
  for (auto [resultDim, inputDim] : llvm::enumerate(permutation))
    for (int32_t k = 0, e = llvm::Log2_64(shape[inputDim]); k < e; ++k)
      bitMap[from[inputDim] + k] = to[resultDim] + k;
  return mapBits(layout, [&](int32_t bit) { return bitMap[bit]; });
}

LinearLayoutAttr mlir::tile::joinedLayout(LinearLayoutAttr layout,
                                          ArrayRef<int64_t> shape,
                                          int64_t axis) {
  // The bits above the axis's move up to make room for its new top bit.
  int32_t joinBit =
      dimensionBitOffsets(shape)[axis] + llvm::Log2_64(shape[axis]);
  LinearLayoutAttr mapped = mapBits(
      layout, [&](int32_t bit) { return bit >= joinBit ? bit + 1 : bit; });
  SmallVector<int32_t> registers(mapped.getRegisters());
  SmallVector<int32_t> lanes(mapped.getLanes()), warps(mapped.getWarps());
  auto lanesAndWarps = llvm::concat<int32_t>(lanes, warps);
  auto replica = llvm::find(lanesAndWarps, -1);
  if (replica != lanesAndWarps.end())
    *replica = joinBit;
  else
    registers.push_back(joinBit);
  return LinearLayoutAttr::get(layout.getContext(), registers, lanes, warps);
}

/// Where each bit of the input of a broadcast lands in its result.
static SmallVector<int32_t> broadcastBitMap(ArrayRef<int64_t> from,
                                            ArrayRef<int64_t> to) {
  SmallVector<int32_t> fromOffsets = dimensionBitOffsets(from);
  SmallVector<int32_t> toOffsets = dimensionBitOffsets(to);
  SmallVector<int32_t> bitMap(totalBits(from));
  for (size_t d = 0; d < from.size(); ++d)
    for (int32_t k = 0, e = llvm::Log2_64(from[d]); k < e; ++k)
      bitMap[fromOffsets[d] + k] = toOffsets[d] + k;
  return bitMap;
}

LinearLayoutAttr mlir::tile::broadcastLayout(LinearLayoutAttr layout,
                                             ArrayRef<int64_t> from,
                                             ArrayRef<int64_t> to) {
  SmallVector<int32_t> bitMap = broadcastBitMap(from, to);
  LinearLayoutAttr mapped =
      mapBits(layout, [&](int32_t bit) { return bitMap[bit]; });
  SmallVector<int32_t> newBits;
  SmallVector<int32_t> toOffsets = dimensionBitOffsets(to);
  for (size_t d = 0; d < to.size(); ++d)
    if (from[d] != to[d])
      for (int32_t k = 0, e = llvm::Log2_64(to[d]); k < e; ++k)
        newBits.push_back(toOffsets[d] + k);
  llvm::sort(newBits);
  auto *next = newBits.begin();
  SmallVector<int32_t> lanes(mapped.getLanes()), warps(mapped.getWarps());
  for (int32_t &slot : llvm::concat<int32_t>(lanes, warps))
    if (slot < 0 && next != newBits.end())
      slot = *next++;
  SmallVector<int32_t> registers(mapped.getRegisters());
  registers.append(next, newBits.end());
  return LinearLayoutAttr::get(layout.getContext(), registers, lanes, warps);
}

bool mlir::tile::isBroadcastInPlace(LinearLayoutAttr input,
                                    ArrayRef<int64_t> from,
                                    LinearLayoutAttr output,
                                    ArrayRef<int64_t> to) {
  SmallVector<int32_t> bitMap = broadcastBitMap(from, to);
  LinearLayoutAttr mapped =
      mapBits(input, [&](int32_t bit) { return bitMap[bit]; });
  // Output bits that come from no input bit are the repeated ones.
  llvm::SmallBitVector kept(totalBits(to));
  for (int32_t bit : bitMap)
    kept.set(bit);
  auto keptOrReplica = [&](int32_t bit) {
    return bit >= 0 && kept.test(bit) ? bit : -1;
  };
  for (auto [want, have] : llvm::zip_equal(
           llvm::concat<const int32_t>(output.getLanes(), output.getWarps()),
           llvm::concat<const int32_t>(mapped.getLanes(), mapped.getWarps())))
    if (keptOrReplica(want) != have)
      return false;
  SmallVector<int32_t> wanted, held(mapped.getRegisters());
  for (int32_t bit : output.getRegisters())
    if (kept.test(bit))
      wanted.push_back(bit);
  llvm::sort(wanted);
  llvm::sort(held);
  return wanted == held;
}

int64_t mlir::tile::registerElement(LinearLayoutAttr layout, int64_t reg) {
  int64_t element = 0;
  for (auto [i, bit] : llvm::enumerate(layout.getRegisters()))
    if (reg >> i & 1)
      element |= int64_t(1) << bit;
  return element;
}

int64_t mlir::tile::contiguousRegisterBits(LinearLayoutAttr layout) {
  int64_t bits = 0;
  for (int32_t bit : layout.getRegisters()) {
    if (bit != bits)
      break;
    ++bits;
  }
  return bits;
}
