//===- Preconditions.cpp - A launch's preconditions, evaluated ------------===//
//
// Each precondition is evaluated from its last node, on demand:
//
//   pending = [last]
//   while pending:
//     node = top of pending
//     if an operand it needs is unknown: push that operand
//     else: compute node, pop it
//
// where a select needs its condition, then only the operand the condition
// picks, so that `d != 0 && n % d == 0` never divides by a zero d; every
// other node needs all its operands. A node is computed once (the values are
// kept), and the explicit stack keeps a long expression off the call stack.
//
// A value is held in an int64_t at its node's width: sign-extended from it,
// or 0 or 1 for an i1. Arithmetic is done in uint64_t, which wraps, then
// truncated to the width: two's complement at every width, with none of the
// undefined behaviour of signed overflow.
//
//===----------------------------------------------------------------------===//

#include "tile/runtime/Preconditions.h"
#include "tile/formats/PreconditionOps.h"

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

using namespace tile::rt;
namespace formats = tile::formats;
using formats::PreconditionOp;
using formats::PreconditionOpInfo;

namespace {

/// `value` truncated to `width` bits and sign-extended; 0 or 1 for an i1.
int64_t wrap(uint64_t value, unsigned width) {
  if (width == 1)
    return int64_t(value & 1);
  unsigned above = 64 - width;
  return int64_t(value << above) >> above;
}

/// What stops a node's computation.
enum class Trap {
  None,
  /// A div or rem by zero.
  DivisionByZero,
  /// A shl or shr by a count outside [0, width).
  ShiftOutOfRange,
  /// A node the metadata's checks (tile/formats) would have refused.
  Malformed,
};

/// `a op b` at `width` bits, for the binary arithmetic ops, into `result`.
Trap arithmetic(PreconditionOp op, int64_t a, int64_t b, unsigned width,
                int64_t &result) {
  auto ua = uint64_t(a), ub = uint64_t(b);
  switch (op) {
  case PreconditionOp::Add:
    result = wrap(ua + ub, width);
    return Trap::None;
  case PreconditionOp::Sub:
    result = wrap(ua - ub, width);
    return Trap::None;
  case PreconditionOp::Mul:
    result = wrap(ua * ub, width);
    return Trap::None;
  case PreconditionOp::Div:
  case PreconditionOp::Rem:
    if (b == 0)
      return Trap::DivisionByZero;
    // The one quotient past the type, INT_MIN / -1, wraps to INT_MIN.
    if (op == PreconditionOp::Div)
      result = b == -1 ? wrap(0 - ua, width) : wrap(uint64_t(a / b), width);
    else
      result = b == -1 ? 0 : a % b;
    return Trap::None;
  case PreconditionOp::Shl:
  case PreconditionOp::Shr:
    if (b < 0 || b >= int64_t(width))
      return Trap::ShiftOutOfRange;
    result = op == PreconditionOp::Shl ? wrap(ua << b, width) : a >> b;
    return Trap::None;
  case PreconditionOp::And:
    result = wrap(ua & ub, width);
    return Trap::None;
  case PreconditionOp::Or:
    result = wrap(ua | ub, width);
    return Trap::None;
  case PreconditionOp::Xor:
    result = wrap(ua ^ ub, width);
    return Trap::None;
  default:
    return Trap::Malformed;
  }
}

/// Whether `a op b` holds, for the comparisons.
bool compare(PreconditionOp op, int64_t a, int64_t b) {
  switch (op) {
  case PreconditionOp::Eq:
    return a == b;
  case PreconditionOp::Ne:
    return a != b;
  case PreconditionOp::Lt:
    return a < b;
  case PreconditionOp::Le:
    return a <= b;
  case PreconditionOp::Gt:
    return a > b;
  default:
    return a >= b;
  }
}

/// The evaluation of a kernel's preconditions against one launch's
/// arguments; its buffers serve one precondition after another.
class Evaluation {
public:
  Evaluation(const KernelInfo &kernel, std::span<const KernelArgRef> args)
      : kernel(kernel), args(args) {}

  /// Why `precondition` does not hold, or nullopt if it does.
  std::optional<std::string> broken(const PreconditionInfo &precondition);

private:
  struct Value {
    int64_t value;
    bool known;
  };

  /// The operand node `i` needs before it can be computed, or nullopt once
  /// it needs none; Malformed in `trap` for an operand that is not an
  /// earlier node.
  std::optional<size_t> unknownOperand(size_t i, Trap &trap) const;
  /// Computes node `i`, whose operands are known.
  Trap compute(size_t i);
  /// The launch's argument of parameter `index`, if it is a T.
  template <class T> const T *argument(int64_t index) const {
    if (index < 0 || uint64_t(index) >= args.size() ||
        uint64_t(index) >= kernel.params.size())
      return nullptr;
    return std::get_if<T>(&args[size_t(index)]);
  }
  /// Why the evaluation stopped at node `i` with `trap`, or why it found
  /// the condition false.
  std::string reason(size_t i, Trap trap) const;
  /// " (n = 17, x.size(0) = 5)": the parameters and sizes read, each once,
  /// in node order; empty if none.
  std::string valuesRead() const;

  const KernelInfo &kernel;
  std::span<const KernelArgRef> args;
  const std::vector<formats::PreconditionNode> *nodes = nullptr;
  std::vector<Value> values;
  std::vector<size_t> pending;
};

std::optional<std::string>
Evaluation::broken(const PreconditionInfo &precondition) {
  nodes = &precondition.nodes;
  if (nodes->empty())
    return reason(0, Trap::Malformed);
  values.assign(nodes->size(), {0, false});
  pending.assign(1, nodes->size() - 1);
  while (!pending.empty()) {
    size_t i = pending.back();
    Trap trap = Trap::None;
    if (std::optional<size_t> operand = unknownOperand(i, trap)) {
      pending.push_back(*operand);
      continue;
    }
    if (trap == Trap::None)
      trap = compute(i);
    if (trap != Trap::None)
      return reason(i, trap);
    pending.pop_back();
  }
  if (values.back().value == 0)
    return reason(nodes->size() - 1, Trap::None);
  return std::nullopt;
}

std::optional<size_t> Evaluation::unknownOperand(size_t i, Trap &trap) const {
  const formats::PreconditionNode &node = (*nodes)[i];
  const PreconditionOpInfo *op = formats::findPreconditionOp(node.op);
  if (!op || node.operands.size() != op->operands) {
    trap = Trap::Malformed;
    return std::nullopt;
  }
  if (op->op == PreconditionOp::Const || op->op == PreconditionOp::Param ||
      op->op == PreconditionOp::Size)
    return std::nullopt;
  for (int64_t operand : node.operands)
    if (operand < 0 || uint64_t(operand) >= i) {
      trap = Trap::Malformed;
      return std::nullopt;
    }
  auto unknown = [&](int64_t operand) -> std::optional<size_t> {
    if (values[size_t(operand)].known)
      return std::nullopt;
    return size_t(operand);
  };
  if (op->op == PreconditionOp::Select) {
    if (!values[size_t(node.operands[0])].known)
      return size_t(node.operands[0]);
    return unknown(
        node.operands[values[size_t(node.operands[0])].value ? 1 : 2]);
  }
  for (int64_t operand : node.operands)
    if (std::optional<size_t> missing = unknown(operand))
      return missing;
  return std::nullopt;
}

Trap Evaluation::compute(size_t i) {
  const formats::PreconditionNode &node = (*nodes)[i];
  PreconditionOp op = formats::findPreconditionOp(node.op)->op;
  unsigned width = formats::preconditionTypeWidth(node.type);
  if (!width)
    return Trap::Malformed;
  const std::vector<int64_t> &operands = node.operands;
  auto operand = [&](size_t k) { return values[size_t(operands[k])].value; };
  int64_t &result = values[i].value;
  switch (op) {
  case PreconditionOp::Const:
    result = wrap(uint64_t(operands[0]), width);
    break;
  case PreconditionOp::Param: {
    const auto *scalar = argument<ScalarArg>(operands[0]);
    if (!scalar || scalar->dtype.name() != node.type)
      return Trap::Malformed;
    // The value is the first bytes, the low ones of a little-endian slot.
    uint64_t bits;
    std::memcpy(&bits, scalar->bytes.data(), sizeof(bits));
    result = wrap(bits, width);
    break;
  }
  case PreconditionOp::Size: {
    const auto *tensor = argument<TensorRef>(operands[0]);
    if (!tensor || operands[1] < 0 ||
        uint64_t(operands[1]) >= tensor->shape.size() || width != 64)
      return Trap::Malformed;
    result = tensor->shape[size_t(operands[1])];
    break;
  }
  case PreconditionOp::Not:
    result = wrap(~uint64_t(operand(0)), width);
    break;
  case PreconditionOp::Cast:
    result = width == 1 ? operand(0) != 0 : wrap(uint64_t(operand(0)), width);
    break;
  case PreconditionOp::Select:
    result = operand(0) ? operand(1) : operand(2);
    break;
  default:
    if (formats::isComparison(op)) {
      result = compare(op, operand(0), operand(1));
      break;
    }
    if (Trap trap = arithmetic(op, operand(0), operand(1), width, result);
        trap != Trap::None)
      return trap;
    break;
  }
  values[i].known = true;
  return Trap::None;
}

std::string Evaluation::reason(size_t i, Trap trap) const {
  switch (trap) {
  case Trap::None:
    return "does not hold" + valuesRead();
  case Trap::DivisionByZero:
    return "divides by zero" + valuesRead();
  case Trap::ShiftOutOfRange: {
    const formats::PreconditionNode &node = (*nodes)[i];
    unsigned width = formats::preconditionTypeWidth(node.type);
    return "shifts an " + node.type + " by " +
           std::to_string(values[size_t(node.operands[1])].value) +
           ", outside 0 to " + std::to_string(width - 1) + valuesRead();
  }
  case Trap::Malformed:
    break;
  }
  return "is malformed in the metadata (node " + std::to_string(i) + ")";
}

std::string Evaluation::valuesRead() const {
  // (parameter, dimension) of each value listed; dimension -1 for a scalar.
  std::vector<std::pair<int64_t, int64_t>> listed;
  std::string text;
  for (size_t i = 0; i < nodes->size(); ++i) {
    const formats::PreconditionNode &node = (*nodes)[i];
    bool isParam = node.op == "param", isSize = node.op == "size";
    if (!values[i].known || !(isParam || isSize))
      continue;
    std::pair<int64_t, int64_t> read = {node.operands[0],
                                        isSize ? node.operands[1] : -1};
    if (std::find(listed.begin(), listed.end(), read) != listed.end())
      continue;
    listed.push_back(read);
    text += text.empty() ? " (" : ", ";
    text += kernel.params[size_t(read.first)].name;
    if (isSize)
      text += ".size(" + std::to_string(read.second) + ")";
    text += " = " + std::to_string(values[i].value);
  }
  return text.empty() ? text : text + ")";
}

} // namespace

std::optional<std::string>
tile::rt::brokenPrecondition(const KernelInfo &kernel,
                             std::span<const KernelArgRef> args) {
  if (kernel.preconditions.empty())
    return std::nullopt;
  Evaluation evaluation(kernel, args);
  for (const PreconditionInfo &precondition : kernel.preconditions)
    if (std::optional<std::string> why = evaluation.broken(precondition))
      return "precondition `" + precondition.text + "` " + *why;
  return std::nullopt;
}
