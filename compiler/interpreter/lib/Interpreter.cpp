//===- Interpreter.cpp - Tile IR run on the CPU ---------------------------===//
//
// A direct walk over the operations of one program: each SSA value maps to
// a scalar, a tile (row-major elements) or a piece (a window of a tensor).
// Integers are kept sign-extended in 64 bits and wrapped to their type's
// width after each operation, as the GPU computes them; floats are computed
// in double and rounded to their type.
//
//===----------------------------------------------------------------------===//

#include "tile/Interpreter/Interpreter.h"

#include "tile/IR/TileOps.h"
#include "tile/IR/TileTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <optional>
#include <variant>

using namespace tile::interpreter;
using mlir::Operation;
using mlir::Value;

namespace {

/// A tile value: row-major elements of a static shape.
struct TileValue {
  llvm::SmallVector<int64_t> shape;
  std::vector<Scalar> elements;
};

/// A program's piece of a tensor: the window at `origin` of `shape`.
struct PieceRef {
  Tensor *tensor;
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<int64_t> origin;
};

using RuntimeValue = std::variant<Scalar, TileValue, PieceRef>;

llvm::Error unsupported(Operation *op, const llvm::Twine &why) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto at = llvm::dyn_cast<mlir::FileLineColLoc>(op->getLoc()))
    os << at.getFilename().getValue() << ":" << at.getLine() << ":"
       << at.getColumn() << ": ";
  os << op->getName() << ": " << why;
  return llvm::createStringError(llvm::inconvertibleErrorCode(), text);
}

/// The width of an integer or index type (index: 64).
unsigned widthOf(mlir::Type type) {
  if (auto integer = llvm::dyn_cast<mlir::IntegerType>(type))
    return integer.getWidth();
  return 64;
}

/// The lines along `axis` of a row-major tile of `shape`: element k of line
/// `line` is at first(line) + k * stride.
struct AxisLines {
  AxisLines(llvm::ArrayRef<int64_t> shape, int64_t axis)
      : extent(shape[axis]), count(1) {
    for (int64_t d = axis + 1; d < int64_t(shape.size()); ++d)
      stride *= shape[d];
    for (int64_t size : shape)
      count *= size;
    count /= extent;
  }
  int64_t first(int64_t line) const {
    return line / stride * stride * extent + line % stride;
  }
  int64_t stride = 1, extent, count;
};

/// The low `width` bits of `value`: an unsigned element's value. (Integers
/// of every signedness are held sign-extended; unsigned ops read them so.)
uint64_t unsignedOf(int64_t value, unsigned width) {
  return width >= 64 ? uint64_t(value)
                     : uint64_t(value) & ((uint64_t(1) << width) - 1);
}

/// `value` wrapped to `width` bits, sign-extended (i1: 0 or 1).
int64_t wrap(uint64_t value, unsigned width) {
  if (width == 1)
    return value & 1;
  return width >= 64 ? static_cast<int64_t>(value)
                     : llvm::SignExtend64(value, width);
}

/// `value` rounded to the float type `type`; the 8-bit floats saturate at
/// their largest finite value (infinities too), as the language's casts do.
double roundTo(double value, mlir::Type type) {
  if (type.isF64())
    return value;
  if (type.isF32())
    return static_cast<float>(value);
  const llvm::fltSemantics &semantics =
      llvm::cast<mlir::FloatType>(type).getFloatSemantics();
  llvm::APFloat converted(value);
  bool lost = false;
  converted.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &lost);
  if (mlir::tile::isFloat8(type) && !std::isnan(value) &&
      (converted.isInfinity() || converted.isNaN()))
    converted = llvm::APFloat::getLargest(semantics, std::signbit(value));
  converted.convert(llvm::APFloat::IEEEdouble(),
                    llvm::APFloat::rmNearestTiesToEven, &lost);
  return converted.convertToDouble();
}

/// The element type of a scalar or tile type.
mlir::Type elementOf(mlir::Type type) {
  if (auto tile = llvm::dyn_cast<mlir::tile::TileType>(type))
    return tile.getElementType();
  return type;
}

class Program {
public:
  Program(llvm::ArrayRef<int64_t> position, llvm::ArrayRef<int64_t> grid)
      : position(position), grid(grid) {}

  llvm::Error run(mlir::func::FuncOp kernel, const std::vector<Argument> &args);

private:
  /// Runs `block` with its arguments bound to `inputs`; the operands of its
  /// terminator (a yield or a return) go to `results`.
  llvm::Error runBlock(mlir::Block &block, llvm::ArrayRef<RuntimeValue> inputs,
                       std::vector<RuntimeValue> &results);
  llvm::Error step(Operation *op);
  llvm::Error stepArith(Operation *op);
  llvm::Error stepTile(Operation *op);
  llvm::Error stepRearrange(Operation *op);
  llvm::Error stepFor(mlir::scf::ForOp loop);
  llvm::Error stepIf(mlir::scf::IfOp branch);
  llvm::Error stepWhile(mlir::scf::WhileOp loop);

  /// A scalar operation of `op` on scalars or, element by element, tiles.
  llvm::Error
  elementwise(Operation *op,
              llvm::function_ref<llvm::Expected<Scalar>(llvm::ArrayRef<Scalar>,
                                                        mlir::Type)>
                  compute);
  llvm::Expected<Scalar> binary(llvm::StringRef name,
                                llvm::ArrayRef<Scalar> operands,
                                mlir::Type type, Operation *op);
  /// tile.reduce and tile.scan: each line along the axis folded in order.
  llvm::Error stepFold(Operation *op);
  llvm::Error storeTile(Operation *op, const TileValue &tile,
                        const PieceRef &piece,
                        llvm::ArrayRef<int64_t> elementOffset);

  const Scalar &scalar(Value value) {
    return std::get<Scalar>(values.find(value)->second);
  }

  llvm::ArrayRef<int64_t> position, grid;
  llvm::DenseMap<Value, RuntimeValue> values;
};

llvm::Error Program::run(mlir::func::FuncOp kernel,
                         const std::vector<Argument> &args) {
  mlir::Block &entry = kernel.getBody().front();
  if (args.size() != entry.getNumArguments())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "kernel '%s' takes %u arguments, %zu given",
                                   kernel.getSymName().str().c_str(),
                                   entry.getNumArguments(), args.size());
  std::vector<RuntimeValue> inputs;
  for (auto [arg, given] : llvm::zip(entry.getArguments(), args)) {
    if (auto piece = llvm::dyn_cast<mlir::tile::PieceType>(arg.getType())) {
      if (!given.tensor ||
          given.tensor->shape.size() != piece.getShape().size())
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "a piece parameter needs a tensor of "
                                       "its rank");
      PieceRef ref{given.tensor, llvm::to_vector(piece.getShape()), {}};
      for (auto [d, extent] : llvm::enumerate(piece.getShape()))
        ref.origin.push_back((d < position.size() ? position[d] : 0) * extent);
      inputs.push_back(ref);
      continue;
    }
    if (!arg.getType().isIntOrIndexOrFloat())
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "the interpreter takes pieces and "
                                     "scalars as parameters");
    Scalar value = given.scalar;
    if (value.isFloat != llvm::isa<mlir::FloatType>(arg.getType()))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "a scalar argument of the wrong kind");
    inputs.push_back(value);
  }
  std::vector<RuntimeValue> results;
  return runBlock(entry, inputs, results);
}

llvm::Error Program::runBlock(mlir::Block &block,
                              llvm::ArrayRef<RuntimeValue> inputs,
                              std::vector<RuntimeValue> &results) {
  for (auto [arg, input] : llvm::zip(block.getArguments(), inputs))
    values[arg] = input;
  for (Operation &op : block.without_terminator())
    if (llvm::Error error = step(&op))
      return error;
  results.clear();
  for (Value operand : block.getTerminator()->getOperands())
    results.push_back(values.find(operand)->second);
  return llvm::Error::success();
}

llvm::Error Program::step(Operation *op) {
  if (auto loop = llvm::dyn_cast<mlir::scf::ForOp>(op))
    return stepFor(loop);
  if (auto branch = llvm::dyn_cast<mlir::scf::IfOp>(op))
    return stepIf(branch);
  if (auto loop = llvm::dyn_cast<mlir::scf::WhileOp>(op))
    return stepWhile(loop);
  if (llvm::isa<mlir::arith::ArithDialect>(op->getDialect()))
    return stepArith(op);
  if (llvm::isa<mlir::tile::TileDialect>(op->getDialect()))
    return stepTile(op);
  return unsupported(op, "not an operation the interpreter runs");
}

llvm::Error Program::stepFor(mlir::scf::ForOp loop) {
  int64_t lower = scalar(loop.getLowerBound()).integer;
  int64_t upper = scalar(loop.getUpperBound()).integer;
  int64_t stride = scalar(loop.getStep()).integer;
  if (stride <= 0)
    return unsupported(loop, "a loop step must be positive");
  std::vector<RuntimeValue> carried;
  for (Value init : loop.getInitArgs())
    carried.push_back(values.find(init)->second);
  for (int64_t i = lower; i < upper; i += stride) {
    std::vector<RuntimeValue> inputs = {Scalar::ofInt(i)};
    llvm::append_range(inputs, carried);
    if (llvm::Error error = runBlock(*loop.getBody(), inputs, carried))
      return error;
  }
  for (auto [result, value] : llvm::zip(loop.getResults(), carried))
    values[result] = value;
  return llvm::Error::success();
}

llvm::Error Program::stepWhile(mlir::scf::WhileOp loop) {
  std::vector<RuntimeValue> carried;
  for (Value init : loop.getInits())
    carried.push_back(values.find(init)->second);
  while (true) {
    // The before region ends in scf.condition(test, values...).
    std::vector<RuntimeValue> tested;
    if (llvm::Error error = runBlock(loop.getBefore().front(), carried, tested))
      return error;
    bool goesOn = std::get<Scalar>(tested.front()).integer != 0;
    carried.assign(tested.begin() + 1, tested.end());
    if (!goesOn)
      break;
    if (llvm::Error error =
            runBlock(loop.getAfter().front(), std::vector(carried), carried))
      return error;
  }
  for (auto [result, value] : llvm::zip(loop.getResults(), carried))
    values[result] = value;
  return llvm::Error::success();
}

llvm::Error Program::stepIf(mlir::scf::IfOp branch) {
  bool taken = scalar(branch.getCondition()).integer != 0;
  mlir::Region &region =
      taken ? branch.getThenRegion() : branch.getElseRegion();
  if (region.empty())
    return llvm::Error::success();
  std::vector<RuntimeValue> results;
  if (llvm::Error error = runBlock(region.front(), {}, results))
    return error;
  for (auto [result, value] : llvm::zip(branch.getResults(), results))
    values[result] = value;
  return llvm::Error::success();
}

llvm::Error Program::elementwise(Operation *op,
                                 llvm::function_ref<llvm::Expected<Scalar>(
                                     llvm::ArrayRef<Scalar>, mlir::Type)>
                                     compute) {
  mlir::Type type = elementOf(op->getResult(0).getType());
  const TileValue *shapeOf = nullptr;
  for (Value operand : op->getOperands())
    if (auto *tile = std::get_if<TileValue>(&values.find(operand)->second))
      shapeOf = tile;
  if (!shapeOf) {
    llvm::SmallVector<Scalar> operands;
    for (Value operand : op->getOperands())
      operands.push_back(scalar(operand));
    llvm::Expected<Scalar> result = compute(operands, type);
    if (!result)
      return result.takeError();
    values[op->getResult(0)] = *result;
    return llvm::Error::success();
  }
  TileValue result{shapeOf->shape, {}};
  for (size_t i = 0; i < shapeOf->elements.size(); ++i) {
    llvm::SmallVector<Scalar> operands;
    for (Value operand : op->getOperands())
      operands.push_back(
          std::get<TileValue>(values.find(operand)->second).elements[i]);
    llvm::Expected<Scalar> element = compute(operands, type);
    if (!element)
      return element.takeError();
    result.elements.push_back(*element);
  }
  values[op->getResult(0)] = std::move(result);
  return llvm::Error::success();
}

llvm::Expected<Scalar> Program::binary(llvm::StringRef name,
                                       llvm::ArrayRef<Scalar> operands,
                                       mlir::Type type, Operation *op) {
  const Scalar &a = operands[0], &b = operands[1];
  if (llvm::isa<mlir::FloatType>(type)) {
    double value;
    if (name == "add")
      value = a.real + b.real;
    else if (name == "sub")
      value = a.real - b.real;
    else if (name == "mul")
      value = a.real * b.real;
    else if (name == "div")
      value = a.real / b.real;
    else if (name == "rem")
      value = std::fmod(a.real, b.real);
    else if (name == "max")
      value = std::fmax(a.real, b.real);
    else if (name == "min")
      value = std::fmin(a.real, b.real);
    else
      return unsupported(op, "no such float operation");
    return Scalar::ofFloat(roundTo(value, type));
  }
  unsigned width = widthOf(type);
  uint64_t x = a.integer, y = b.integer;
  if ((name == "div" || name == "rem") && b.integer == 0)
    return unsupported(op, "division by zero");
  // Unsigned elements (ui8 ... ui64) or arith's unsigned ops (divui ...,
  // named udiv ... here).
  bool isUnsigned = type.isUnsignedInteger() || name.starts_with("u");
  if (isUnsigned) {
    llvm::StringRef base = name.starts_with("u") ? name.drop_front() : name;
    uint64_t ux = unsignedOf(a.integer, width),
             uy = unsignedOf(b.integer, width);
    if ((base == "div" || base == "rem") && uy == 0)
      return unsupported(op, "division by zero");
    if (base == "div")
      return Scalar::ofInt(wrap(ux / uy, width));
    if (base == "rem")
      return Scalar::ofInt(wrap(ux % uy, width));
    if (base == "max")
      return Scalar::ofInt(wrap(std::max(ux, uy), width));
    if (base == "min")
      return Scalar::ofInt(wrap(std::min(ux, uy), width));
    if (base == "shr") {
      if (uy >= width)
        return unsupported(op, "shift by " + llvm::Twine(uy) +
                                   ", outside the type's width");
      return Scalar::ofInt(wrap(ux >> uy, width));
    }
  }
  if (name == "add")
    return Scalar::ofInt(wrap(x + y, width));
  if (name == "sub")
    return Scalar::ofInt(wrap(x - y, width));
  if (name == "mul")
    return Scalar::ofInt(wrap(x * y, width));
  // The one quotient past the type, INT_MIN / -1, wraps.
  if (name == "div")
    return Scalar::ofInt(b.integer == -1 ? wrap(0 - x, width)
                                         : a.integer / b.integer);
  if (name == "rem")
    return Scalar::ofInt(b.integer == -1 ? 0 : a.integer % b.integer);
  if (name == "max")
    return Scalar::ofInt(std::max(a.integer, b.integer));
  if (name == "min")
    return Scalar::ofInt(std::min(a.integer, b.integer));
  if (name == "and")
    return Scalar::ofInt(wrap(x & y, width));
  if (name == "or")
    return Scalar::ofInt(wrap(x | y, width));
  if (name == "xor")
    return Scalar::ofInt(wrap(x ^ y, width));
  if (name == "shl" || name == "shr") {
    if (b.integer < 0 || b.integer >= width)
      return unsupported(op, "shift by " + llvm::Twine(b.integer) +
                                 ", outside the type's width");
    return Scalar::ofInt(name == "shl" ? wrap(x << y, width)
                                       : a.integer >> b.integer);
  }
  return unsupported(op, "no such integer operation");
}

/// Whether the ordering `predicate` (eq, ne, lt, le, gt, ge) holds.
template <typename T> bool ordered(llvm::StringRef predicate, T x, T y) {
  return predicate == "eq"   ? x == y
         : predicate == "ne" ? x != y
         : predicate == "lt" ? x < y
         : predicate == "le" ? x <= y
         : predicate == "gt" ? x > y
                             : x >= y;
}

/// Whether `predicate` (an arith or tile comparison) holds between `a` and
/// `b`; ordered compares of floats are false for NaN.
bool compare(llvm::StringRef predicate, const Scalar &a, const Scalar &b,
             unsigned width) {
  if (a.isFloat) {
    if (std::isnan(a.real) || std::isnan(b.real))
      return predicate.ends_with("ne");
    // oeq, une ... name the ordering after one letter.
    return ordered(predicate.size() == 3 ? predicate.drop_front(1) : predicate,
                   a.real, b.real);
  }
  if (predicate.size() == 3 && predicate.starts_with("u")) {
    uint64_t mask = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
    return ordered<uint64_t>(predicate.drop_front(1), a.integer & mask,
                             b.integer & mask);
  }
  return ordered(predicate.size() == 3 ? predicate.drop_front(1) : predicate,
                 a.integer, b.integer);
}

/// `value` converted to the element type `to`, as the arith and tile casts
/// convert (float to integer toward zero).
Scalar convert(const Scalar &value, mlir::Type to, bool fromUnsigned = false,
               bool toUnsigned = false, unsigned fromWidth = 64) {
  toUnsigned = toUnsigned || to.isUnsignedInteger();
  if (llvm::isa<mlir::FloatType>(to)) {
    double real = value.isFloat ? value.real : double(value.integer);
    if (!value.isFloat && fromUnsigned)
      real = double(unsignedOf(value.integer, fromWidth));
    // The 8-bit floats are reached through f32, as on the GPU.
    if (mlir::tile::isFloat8(to))
      real = roundTo(real, mlir::Float32Type::get(to.getContext()));
    return Scalar::ofFloat(roundTo(real, to));
  }
  if (!value.isFloat)
    return Scalar::ofInt(wrap(value.integer, widthOf(to)));
  // To bool: value != 0 (NaN is true). To other integers: toward zero,
  // saturating at the integer's range, NaN to 0.
  unsigned width = widthOf(to);
  if (width == 1)
    return Scalar::ofInt(value.real != 0 ? 1 : 0);
  if (std::isnan(value.real))
    return Scalar::ofInt(0);
  if (toUnsigned) {
    double top = std::ldexp(1.0, int(width));
    if (value.real >= top)
      return Scalar::ofInt(wrap(llvm::maxUIntN(width), width));
    if (value.real <= 0)
      return Scalar::ofInt(0);
    return Scalar::ofInt(
        wrap(static_cast<uint64_t>(std::trunc(value.real)), width));
  }
  double limit = std::ldexp(1.0, int(width) - 1);
  if (value.real >= limit)
    return Scalar::ofInt(llvm::maxIntN(width));
  if (value.real <= -limit)
    return Scalar::ofInt(llvm::minIntN(width));
  return Scalar::ofInt(static_cast<int64_t>(std::trunc(value.real)));
}

llvm::Error Program::stepArith(Operation *op) {
  namespace arith = mlir::arith;
  if (auto constant = llvm::dyn_cast<arith::ConstantOp>(op)) {
    mlir::Attribute value = constant.getValue();
    if (auto integer = llvm::dyn_cast<mlir::IntegerAttr>(value))
      values[op->getResult(0)] = Scalar::ofInt(
          wrap(integer.getValue().getSExtValue(), widthOf(integer.getType())));
    else if (auto real = llvm::dyn_cast<mlir::FloatAttr>(value))
      values[op->getResult(0)] = Scalar::ofFloat(real.getValueAsDouble());
    else
      return unsupported(op, "a constant of another kind");
    return llvm::Error::success();
  }
  llvm::StringRef name = op->getName().stripDialect();
  auto run = [&](llvm::StringRef as) {
    return elementwise(op,
                       [&](llvm::ArrayRef<Scalar> operands, mlir::Type type) {
                         return binary(as, operands, type, op);
                       });
  };
  static const std::pair<llvm::StringLiteral, llvm::StringLiteral> kBinary[] = {
      {"addi", "add"},     {"subi", "sub"},   {"muli", "mul"},
      {"divsi", "div"},    {"remsi", "rem"},  {"andi", "and"},
      {"ori", "or"},       {"xori", "xor"},   {"shli", "shl"},
      {"shrsi", "shr"},    {"addf", "add"},   {"subf", "sub"},
      {"mulf", "mul"},     {"divf", "div"},   {"remf", "rem"},
      {"maxsi", "max"},    {"minsi", "min"},  {"maximumf", "max"},
      {"minimumf", "min"}, {"divui", "udiv"}, {"remui", "urem"},
      {"maxui", "umax"},   {"minui", "umin"}, {"shrui", "ushr"}};
  for (auto [arithName, as] : kBinary)
    if (name == arithName)
      return run(as);
  if (auto cmp = llvm::dyn_cast<arith::CmpIOp>(op)) {
    unsigned width = widthOf(cmp.getLhs().getType());
    bool holds = compare(arith::stringifyCmpIPredicate(cmp.getPredicate()),
                         scalar(cmp.getLhs()), scalar(cmp.getRhs()), width);
    values[op->getResult(0)] = Scalar::ofInt(holds);
    return llvm::Error::success();
  }
  if (auto cmp = llvm::dyn_cast<arith::CmpFOp>(op)) {
    bool holds = compare(arith::stringifyCmpFPredicate(cmp.getPredicate()),
                         scalar(cmp.getLhs()), scalar(cmp.getRhs()), 64);
    values[op->getResult(0)] = Scalar::ofInt(holds);
    return llvm::Error::success();
  }
  if (auto select = llvm::dyn_cast<arith::SelectOp>(op)) {
    // A copy first: inserting the result may move the map's entries.
    RuntimeValue chosen = values
                              .find(scalar(select.getCondition()).integer != 0
                                        ? select.getTrueValue()
                                        : select.getFalseValue())
                              ->second;
    values[op->getResult(0)] = std::move(chosen);
    return llvm::Error::success();
  }
  if (name == "negf")
    return elementwise(op,
                       [](llvm::ArrayRef<Scalar> operands,
                          mlir::Type) -> llvm::Expected<Scalar> {
                         return Scalar::ofFloat(-operands[0].real);
                       });
  if (name == "extui") {
    unsigned from = widthOf(op->getOperand(0).getType());
    uint64_t mask = from >= 64 ? ~uint64_t(0) : (uint64_t(1) << from) - 1;
    values[op->getResult(0)] =
        Scalar::ofInt(scalar(op->getOperand(0)).integer & mask);
    return llvm::Error::success();
  }
  if (name == "uitofp" || name == "fptoui" || name == "index_castui") {
    unsigned from = widthOf(op->getOperand(0).getType());
    bool toUnsigned = name == "fptoui";
    if (name == "index_castui") {
      values[op->getResult(0)] = Scalar::ofInt(
          wrap(unsignedOf(scalar(op->getOperand(0)).integer, from),
               widthOf(op->getResult(0).getType())));
      return llvm::Error::success();
    }
    return elementwise(op,
                       [&](llvm::ArrayRef<Scalar> operands,
                           mlir::Type type) -> llvm::Expected<Scalar> {
                         return convert(operands[0], type, !toUnsigned,
                                        toUnsigned, from);
                       });
  }
  if (llvm::is_contained({"extsi", "trunci", "index_cast", "sitofp", "fptosi",
                          "extf", "truncf"},
                         name))
    return elementwise(op,
                       [](llvm::ArrayRef<Scalar> operands,
                          mlir::Type type) -> llvm::Expected<Scalar> {
                         return convert(operands[0], type);
                       });
  return unsupported(op, "not an arith operation the interpreter runs");
}

llvm::Error Program::storeTile(Operation *op, const TileValue &tile,
                               const PieceRef &piece,
                               llvm::ArrayRef<int64_t> elementOffset) {
  Tensor &tensor = *piece.tensor;
  size_t rank = piece.shape.size();
  for (size_t linear = 0; linear < tile.elements.size(); ++linear) {
    // The element's place in the tensor, row-major.
    int64_t rest = linear, flat = 0;
    bool inside = true;
    llvm::SmallVector<int64_t> index(rank);
    for (size_t d = rank; d-- > 0;) {
      index[d] = rest % tile.shape[d];
      rest /= tile.shape[d];
    }
    for (size_t d = 0; d < rank; ++d) {
      int64_t withinPiece = elementOffset[d] + index[d];
      if (withinPiece < 0 || withinPiece >= piece.shape[d])
        return unsupported(op, "a store outside the program's piece");
      int64_t at = piece.origin[d] + withinPiece;
      inside = inside && at < tensor.shape[d];
      flat = flat * tensor.shape[d] + at;
    }
    // Past the tensor's edge a store drops its elements.
    if (inside)
      tensor.elements[flat] = tile.elements[linear];
  }
  return llvm::Error::success();
}

/// The row-major coordinates of element `index` of a tile of `shape`.
llvm::SmallVector<int64_t> coordinatesOf(int64_t index,
                                         llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t> coordinates(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    coordinates[d] = index % shape[d];
    index /= shape[d];
  }
  return coordinates;
}

/// The row-major index of `coordinates` in a tile of `shape`, or none where
/// they lie outside it.
std::optional<int64_t> flatIndexOf(llvm::ArrayRef<int64_t> coordinates,
                                   llvm::ArrayRef<int64_t> shape) {
  int64_t index = 0;
  for (auto [coordinate, extent] : llvm::zip(coordinates, shape)) {
    if (coordinate < 0 || coordinate >= extent)
      return std::nullopt;
    index = index * extent + coordinate;
  }
  return index;
}

llvm::Error Program::stepRearrange(Operation *op) {
  namespace tile = mlir::tile;
  auto resultType = llvm::cast<tile::TileType>(op->getResult(0).getType());
  auto tileOf = [&](Value value) -> const TileValue & {
    return std::get<TileValue>(values.find(value)->second);
  };
  const TileValue &input = tileOf(op->getOperand(0));
  // Where a result element comes from: the tile and its coordinates there.
  std::function<std::pair<const TileValue *, llvm::SmallVector<int64_t>>(
      llvm::SmallVector<int64_t>)>
      sourceOf;
  Scalar fill = llvm::isa<mlir::FloatType>(resultType.getElementType())
                    ? Scalar::ofFloat(0)
                    : Scalar::ofInt(0);
  if (auto cat = llvm::dyn_cast<tile::CatOp>(op)) {
    const TileValue &second = tileOf(cat.getRhs());
    unsigned axis = cat.getAxis();
    sourceOf = [&, axis](llvm::SmallVector<int64_t> at) {
      int64_t extent = input.shape[axis];
      if (at[axis] < extent)
        return std::make_pair(&input, at);
      at[axis] -= extent;
      return std::make_pair(&second, at);
    };
  } else if (auto slice = llvm::dyn_cast<tile::SliceOp>(op)) {
    // Offsets beyond the extents mean the same as those just past them,
    // and clamped they cannot overflow; so with shifts.
    llvm::SmallVector<int64_t> starts;
    for (auto [offset, extent] : llvm::zip(slice.getOffsets(), input.shape))
      starts.push_back(std::clamp(scalar(offset).integer,
                                  -resultType.getShape()[starts.size()],
                                  extent));
    sourceOf = [&, starts](llvm::SmallVector<int64_t> at) {
      for (auto [coordinate, start] : llvm::zip(at, starts))
        coordinate += start;
      return std::make_pair(&input, at);
    };
  } else if (auto pad = llvm::dyn_cast<tile::PadOp>(op)) {
    fill = scalar(pad.getFill());
    sourceOf = [&](llvm::SmallVector<int64_t> at) {
      return std::make_pair(&input, at);
    };
  } else if (auto shift = llvm::dyn_cast<tile::ShiftOp>(op)) {
    fill = scalar(shift.getFill());
    unsigned axis = shift.getAxis();
    int64_t extent = input.shape[axis];
    int64_t by = std::clamp(scalar(shift.getAmount()).integer, -extent, extent);
    sourceOf = [&, axis, by](llvm::SmallVector<int64_t> at) {
      at[axis] -= by;
      return std::make_pair(&input, at);
    };
  } else {
    auto roll = llvm::cast<tile::RollOp>(op);
    unsigned axis = roll.getAxis();
    // Extents are powers of two: the low bits are the remainder.
    uint64_t by = scalar(roll.getAmount()).integer;
    sourceOf = [&, axis, by](llvm::SmallVector<int64_t> at) {
      at[axis] = (uint64_t(at[axis]) - by) & (input.shape[axis] - 1);
      return std::make_pair(&input, at);
    };
  }
  TileValue result{llvm::to_vector(resultType.getShape()), {}};
  for (int64_t i = 0; i < resultType.getNumElements(); ++i) {
    auto [from, at] = sourceOf(coordinatesOf(i, result.shape));
    std::optional<int64_t> index = flatIndexOf(at, from->shape);
    result.elements.push_back(index ? from->elements[*index] : fill);
  }
  values[op->getResult(0)] = std::move(result);
  return llvm::Error::success();
}

llvm::Error Program::stepFold(Operation *op) {
  namespace tile = mlir::tile;
  static constexpr llvm::StringLiteral kCombine[] = {"add", "max", "min",
                                                     "mul"};
  auto reduce = llvm::dyn_cast<tile::ReduceOp>(op);
  auto scan = llvm::dyn_cast<tile::ScanOp>(op);
  tile::ReduceKind kind = reduce ? reduce.getKind() : scan.getKind();
  llvm::StringRef combine = kCombine[static_cast<int>(kind)];
  const auto &input =
      std::get<TileValue>(values.find(op->getOperand(0))->second);
  auto type = llvm::cast<tile::TileType>(op->getResult(0).getType());
  mlir::Type element = type.getElementType();
  // 16-bit floats fold in f32 and round each result once, as on the GPU.
  mlir::Type fold = element.isF16() || element.isBF16()
                        ? mlir::Float32Type::get(op->getContext())
                        : element;
  AxisLines lines(input.shape, reduce ? reduce.getAxis() : scan.getAxis());
  int64_t stride = lines.stride, extent = lines.extent;
  TileValue result{llvm::to_vector(type.getShape()), {}};
  result.elements.resize(type.getNumElements());
  for (int64_t line = 0; line < lines.count; ++line) {
    int64_t first = lines.first(line);
    Scalar folded = convert(input.elements[first], fold);
    if (scan)
      result.elements[first] = scan.getExclusive()
                                   ? convert(Scalar::ofInt(0), element)
                                   : convert(folded, element);
    for (int64_t k = 1; k < extent; ++k) {
      Scalar next = convert(input.elements[first + k * stride], fold);
      if (scan && scan.getExclusive())
        result.elements[first + k * stride] = convert(folded, element);
      llvm::Expected<Scalar> combined =
          binary(combine, {folded, next}, fold, op);
      if (!combined)
        return combined.takeError();
      folded = *combined;
      if (scan && !scan.getExclusive())
        result.elements[first + k * stride] = convert(folded, element);
    }
    // A reduction keeps the axis with size 1: line `line` is its element.
    if (reduce)
      result.elements[line] = convert(folded, element);
  }
  values[op->getResult(0)] = std::move(result);
  return llvm::Error::success();
}

llvm::Error Program::stepTile(Operation *op) {
  namespace tile = mlir::tile;
  if (llvm::isa<tile::CatOp, tile::SliceOp, tile::PadOp, tile::ShiftOp,
                tile::RollOp>(op))
    return stepRearrange(op);
  if (auto id = llvm::dyn_cast<tile::ProgramIdOp>(op)) {
    unsigned axis = id.getAxis();
    values[op->getResult(0)] =
        Scalar::ofInt(axis < position.size() ? position[axis] : 0);
    return llvm::Error::success();
  }
  if (auto count = llvm::dyn_cast<tile::NumProgramsOp>(op)) {
    unsigned axis = count.getAxis();
    values[op->getResult(0)] =
        Scalar::ofInt(axis < grid.size() ? grid[axis] : 1);
    return llvm::Error::success();
  }
  auto resultType =
      op->getNumResults() == 1
          ? llvm::dyn_cast<tile::TileType>(op->getResult(0).getType())
          : tile::TileType();
  if (auto print = llvm::dyn_cast<tile::PrintOp>(op)) {
    Scalar value = scalar(print.getValue());
    llvm::outs() << print.getLabel() << " ";
    if (llvm::isa<mlir::FloatType>(print.getValue().getType()))
      llvm::outs() << llvm::format("%g", value.real);
    else if (print.getIsUnsigned())
      llvm::outs() << unsignedOf(value.integer,
                                 widthOf(print.getValue().getType()));
    else
      llvm::outs() << value.integer;
    llvm::outs() << " (program";
    for (unsigned axis = 0; axis < 3; ++axis)
      llvm::outs() << (axis ? ", " : " ")
                   << (axis < position.size() ? position[axis] : 0);
    llvm::outs() << ")\n";
    return llvm::Error::success();
  }
  if (auto check = llvm::dyn_cast<tile::AssertOp>(op)) {
    if (scalar(check.getCondition()).integer == 0)
      return unsupported(op, "kernel assertion `" + check.getText() +
                                 "` failed: " + check.getMessage());
    return llvm::Error::success();
  }
  if (auto item = llvm::dyn_cast<tile::ItemOp>(op)) {
    values[op->getResult(0)] =
        std::get<TileValue>(values.find(item.getInput())->second).elements[0];
    return llvm::Error::success();
  }
  if (auto splat = llvm::dyn_cast<tile::SplatOp>(op)) {
    TileValue value{llvm::to_vector(resultType.getShape()), {}};
    value.elements.assign(resultType.getNumElements(),
                          scalar(splat.getInput()));
    values[op->getResult(0)] = std::move(value);
    return llvm::Error::success();
  }
  if (auto constant = llvm::dyn_cast<tile::ConstantOp>(op)) {
    auto dense = llvm::dyn_cast<mlir::DenseElementsAttr>(constant.getValue());
    if (!dense)
      return unsupported(op, "a constant that is not dense");
    TileValue value{llvm::to_vector(resultType.getShape()), {}};
    mlir::Type element = resultType.getElementType();
    for (int64_t i = 0; i < resultType.getNumElements(); ++i) {
      int64_t at = dense.isSplat() ? 0 : i;
      if (llvm::isa<mlir::FloatType>(element)) {
        llvm::APFloat real = *(dense.getValues<llvm::APFloat>().begin() + at);
        bool lost = false;
        real.convert(llvm::APFloat::IEEEdouble(),
                     llvm::APFloat::rmNearestTiesToEven, &lost);
        value.elements.push_back(Scalar::ofFloat(real.convertToDouble()));
      } else {
        llvm::APInt integer = *(dense.getValues<llvm::APInt>().begin() + at);
        value.elements.push_back(
            Scalar::ofInt(wrap(integer.getSExtValue(), widthOf(element))));
      }
    }
    values[op->getResult(0)] = std::move(value);
    return llvm::Error::success();
  }
  if (llvm::isa<tile::IotaOp>(op)) {
    TileValue value{llvm::to_vector(resultType.getShape()), {}};
    for (int64_t i = 0; i < resultType.getNumElements(); ++i)
      value.elements.push_back(Scalar::ofInt(i));
    values[op->getResult(0)] = std::move(value);
    return llvm::Error::success();
  }
  if (auto store = llvm::dyn_cast<tile::StoreOp>(op)) {
    const auto &piece =
        std::get<PieceRef>(values.find(store.getPiece())->second);
    return storeTile(op,
                     std::get<TileValue>(values.find(store.getValue())->second),
                     piece, llvm::SmallVector<int64_t>(piece.shape.size(), 0));
  }
  if (auto store = llvm::dyn_cast<tile::StoreAtOp>(op)) {
    const auto &piece =
        std::get<PieceRef>(values.find(store.getPiece())->second);
    const auto &value =
        std::get<TileValue>(values.find(store.getValue())->second);
    llvm::SmallVector<int64_t> offset;
    for (auto [index, extent] : llvm::zip(store.getIndices(), value.shape))
      offset.push_back(scalar(index).integer * extent);
    return storeTile(op, value, piece, offset);
  }
  // Row-major elements keep their order under a reshape.
  if (auto reshape = llvm::dyn_cast<tile::ReshapeOp>(op)) {
    TileValue value =
        std::get<TileValue>(values.find(reshape->getOperand(0))->second);
    value.shape = llvm::to_vector(resultType.getShape());
    values[op->getResult(0)] = std::move(value);
    return llvm::Error::success();
  }
  if (llvm::isa<tile::ReduceOp, tile::ScanOp>(op))
    return stepFold(op);
  if (auto histogram = llvm::dyn_cast<tile::HistogramOp>(op)) {
    const auto &input =
        std::get<TileValue>(values.find(histogram.getValues())->second);
    const TileValue *mask =
        histogram.getMask()
            ? &std::get<TileValue>(values.find(histogram.getMask())->second)
            : nullptr;
    int64_t bins = histogram.getResult().getType().getNumElements();
    mlir::Type element = histogram.getValues().getType().getElementType();
    TileValue counts{{bins}, std::vector<Scalar>(bins, Scalar::ofInt(0))};
    for (size_t i = 0; i < input.elements.size(); ++i) {
      // Negative values, as unsigned, lie past every bin.
      uint64_t value =
          element.isUnsignedInteger()
              ? unsignedOf(input.elements[i].integer, widthOf(element))
              : uint64_t(input.elements[i].integer);
      if ((!mask || mask->elements[i].integer != 0) && value < uint64_t(bins))
        ++counts.elements[value].integer;
    }
    values[histogram.getResult()] = std::move(counts);
    return llvm::Error::success();
  }
  if (auto sort = llvm::dyn_cast<tile::SortOp>(op)) {
    const auto &input =
        std::get<TileValue>(values.find(sort.getInput())->second);
    mlir::Type element = sort.getInput().getType().getElementType();
    bool isFloat = llvm::isa<mlir::FloatType>(element);
    bool isUnsigned = element.isUnsignedInteger();
    unsigned width = isFloat ? 64 : widthOf(element);
    // Smaller first (unsigned elements in unsigned order), NaN after any
    // number; stable.
    auto before = [&](const Scalar &a, const Scalar &b) {
      if (isUnsigned)
        return unsignedOf(a.integer, width) < unsignedOf(b.integer, width);
      if (!isFloat)
        return a.integer < b.integer;
      return !std::isnan(a.real) && (std::isnan(b.real) || a.real < b.real);
    };
    AxisLines lines(input.shape, sort.getAxis());
    int64_t stride = lines.stride, extent = lines.extent;
    TileValue sorted = input, order = input;
    for (int64_t line = 0; line < lines.count; ++line) {
      int64_t first = lines.first(line);
      llvm::SmallVector<int64_t> from(extent);
      std::iota(from.begin(), from.end(), 0);
      std::stable_sort(from.begin(), from.end(), [&](int64_t x, int64_t y) {
        return before(input.elements[first + x * stride],
                      input.elements[first + y * stride]);
      });
      for (int64_t p = 0; p < extent; ++p) {
        sorted.elements[first + p * stride] =
            input.elements[first + from[p] * stride];
        order.elements[first + p * stride] = Scalar::ofInt(from[p]);
      }
    }
    values[sort.getSorted()] = std::move(sorted);
    values[sort.getIndices()] = std::move(order);
    return llvm::Error::success();
  }
  if (auto scatter = llvm::dyn_cast<tile::ScatterOp>(op)) {
    const auto &piece =
        std::get<PieceRef>(values.find(scatter.getPiece())->second);
    const auto &value =
        std::get<TileValue>(values.find(scatter.getValues())->second);
    const TileValue *mask =
        scatter.getMask()
            ? &std::get<TileValue>(values.find(scatter.getMask())->second)
            : nullptr;
    // In row-major order, so that the last element naming a piece element
    // wins; what falls outside the piece or the tensor is dropped.
    for (size_t i = 0; i < value.elements.size(); ++i) {
      if (mask && mask->elements[i].integer == 0)
        continue;
      int64_t flat = 0;
      bool inside = true;
      for (auto [d, index] : llvm::enumerate(scatter.getIndices())) {
        int64_t within =
            std::get<TileValue>(values.find(index)->second).elements[i].integer;
        // An unsigned index is its low bits (a ui64 past 2^63 stays
        // negative here, and so outside the piece as well).
        mlir::Type indexElement = elementOf(index.getType());
        if (indexElement.isUnsignedInteger())
          within =
              static_cast<int64_t>(unsignedOf(within, widthOf(indexElement)));
        int64_t at = piece.origin[d] + within;
        inside = inside && within >= 0 && within < piece.shape[d] &&
                 at < piece.tensor->shape[d];
        flat = flat * piece.tensor->shape[d] + at;
      }
      if (inside)
        piece.tensor->elements[flat] = value.elements[i];
    }
    return llvm::Error::success();
  }
  if (auto cmp = llvm::dyn_cast<tile::CmpOp>(op)) {
    llvm::StringRef predicate = tile::stringifyCmpPredicate(cmp.getPredicate());
    return elementwise(
        op,
        [&](llvm::ArrayRef<Scalar> operands,
            mlir::Type) -> llvm::Expected<Scalar> {
          mlir::Type element = elementOf(cmp.getLhs().getType());
          std::string ordering = element.isUnsignedInteger() &&
                                         predicate != "eq" && predicate != "ne"
                                     ? ("u" + predicate).str()
                                     : predicate.str();
          return Scalar::ofInt(
              compare(ordering, operands[0], operands[1], widthOf(element)));
        });
  }
  if (llvm::isa<tile::SelectOp>(op))
    return elementwise(op,
                       [](llvm::ArrayRef<Scalar> operands,
                          mlir::Type) -> llvm::Expected<Scalar> {
                         return operands[0].integer != 0 ? operands[1]
                                                         : operands[2];
                       });
  if (llvm::isa<tile::CastOp>(op)) {
    mlir::Type from = elementOf(op->getOperand(0).getType());
    return elementwise(op,
                       [&](llvm::ArrayRef<Scalar> operands,
                           mlir::Type type) -> llvm::Expected<Scalar> {
                         return convert(
                             operands[0], type, from.isUnsignedInteger(), false,
                             from.isIntOrFloat() ? from.getIntOrFloatBitWidth()
                                                 : 64);
                       });
  }
  llvm::StringRef name = op->getName().stripDialect();
  if (llvm::is_contained(
          {"add", "sub", "mul", "div", "rem", "max", "min", "and", "or", "xor"},
          name))
    return elementwise(op,
                       [&](llvm::ArrayRef<Scalar> operands, mlir::Type type) {
                         return binary(name, operands, type, op);
                       });
  // Unlike C++'s scalar shifts, the tile shifts mean something for every
  // count: read unsigned, one of the width or more shifts every bit out.
  if (name == "shl" || name == "shr")
    return elementwise(
        op,
        [&](llvm::ArrayRef<Scalar> operands,
            mlir::Type type) -> llvm::Expected<Scalar> {
          unsigned width = widthOf(type);
          uint64_t count =
              uint64_t(operands[1].integer) &
              (width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1);
          int64_t value = operands[0].integer;
          if (name == "shr" && type.isUnsignedInteger())
            return Scalar::ofInt(
                count >= width
                    ? 0
                    : wrap(unsignedOf(value, width) >> count, width));
          if (name == "shr")
            return Scalar::ofInt(value >> std::min<uint64_t>(count, width - 1));
          return Scalar::ofInt(
              count >= width ? 0 : wrap(uint64_t(value) << count, width));
        });
  if (name == "not")
    return elementwise(op,
                       [](llvm::ArrayRef<Scalar> operands,
                          mlir::Type type) -> llvm::Expected<Scalar> {
                         return Scalar::ofInt(wrap(
                             ~uint64_t(operands[0].integer), widthOf(type)));
                       });
  if (name == "neg")
    return elementwise(
        op,
        [](llvm::ArrayRef<Scalar> operands,
           mlir::Type type) -> llvm::Expected<Scalar> {
          return operands[0].isFloat
                     ? Scalar::ofFloat(-operands[0].real)
                     : Scalar::ofInt(wrap(0 - uint64_t(operands[0].integer),
                                          widthOf(type)));
        });
  return unsupported(op, "not a tile operation the interpreter runs");
}

} // namespace

llvm::Error tile::interpreter::runKernel(mlir::func::FuncOp kernel,
                                         const std::vector<Argument> &args,
                                         const std::vector<int64_t> &grid) {
  std::vector<int64_t> extents = grid;
  extents.resize(3, 1);
  for (int64_t z = 0; z < extents[2]; ++z)
    for (int64_t y = 0; y < extents[1]; ++y)
      for (int64_t x = 0; x < extents[0]; ++x) {
        std::vector<int64_t> position = {x, y, z};
        if (llvm::Error error = Program(position, extents).run(kernel, args))
          return error;
      }
  return llvm::Error::success();
}
