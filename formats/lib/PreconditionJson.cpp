//===- PreconditionJson.cpp - Launch preconditions to and from JSON -------===//
//
// Reading checks all that the runtime's evaluation takes for granted: every
// node has a known op and type and its op's operands, reads only nodes before
// it, of the types its op takes, and reads parameters that exist and are of
// the kind and type it needs; the last node, the condition, is an i1.
//
//===----------------------------------------------------------------------===//

#include "PreconditionJson.h"
#include "tile/formats/PreconditionOps.h"

#include <limits>

using namespace tile::formats;
using nlohmann::json;

json tile::formats::preconditionToJson(const PreconditionRecord &precondition) {
  json nodes = json::array();
  for (const PreconditionNode &node : precondition.nodes) {
    json out = json::array({node.op, node.type});
    for (int64_t operand : node.operands)
      out.push_back(operand);
    nodes.push_back(std::move(out));
  }
  return {{"text", precondition.text}, {"nodes", std::move(nodes)}};
}

namespace {

/// A node being checked, with what it may read and the start of its errors.
struct NodeInContext {
  const PreconditionNode &node;
  const PreconditionOpInfo &op;
  /// The nodes before it, which it may read.
  const std::vector<PreconditionNode> &earlier;
  const std::vector<ParamRecord> &params;
  /// "precondition `n % 16 == 0`: node 2 ('rem', i32)".
  std::string where;

  [[noreturn]] void fail(const std::string &problem) const {
    throw MalformedKernels(where + " " + problem);
  }
  /// The index of the node that operand `i` reads.
  size_t operandNode(size_t i) const { return size_t(node.operands[i]); }
  const std::string &operandType(size_t i) const {
    return earlier[operandNode(i)].type;
  }
};

/// The node of the JSON array `object`, [op, type, operands...], the
/// operands 64-bit integers; `where` names it in errors.
PreconditionNode parseNode(const json &object, const std::string &where) {
  if (!object.is_array() || object.size() < 2 || !object[0].is_string() ||
      !object[1].is_string())
    throw MalformedKernels(where + " is not [op, type, operands...]");
  PreconditionNode node;
  node.op = object[0].get<std::string>();
  node.type = object[1].get<std::string>();
  for (size_t i = 2; i < object.size(); ++i) {
    const json &operand = object[i];
    if (!operand.is_number_integer() ||
        (operand.is_number_unsigned() &&
         operand.get<uint64_t>() >
             uint64_t(std::numeric_limits<int64_t>::max())))
      throw MalformedKernels(where + " has an operand, " + operand.dump() +
                             ", that is not a 64-bit integer");
    node.operands.push_back(operand.get<int64_t>());
  }
  return node;
}

/// The op of `node`, which must be known, as its type must, and which must
/// have its op's number of operands.
const PreconditionOpInfo &checkOpAndType(const PreconditionNode &node,
                                         const std::string &where) {
  const PreconditionOpInfo *op = findPreconditionOp(node.op);
  if (!op)
    throw MalformedKernels(where + " has an unknown op '" + node.op + "'");
  if (!preconditionTypeWidth(node.type))
    throw MalformedKernels(where + " has an unknown type '" + node.type +
                           "' (i1, i8, i16, i32 or i64)");
  if (node.operands.size() != op->operands)
    throw MalformedKernels(where + " ('" + node.op + "') takes " +
                           std::to_string(op->operands) + " operand" +
                           (op->operands == 1 ? "" : "s") + ", got " +
                           std::to_string(node.operands.size()));
  return *op;
}

/// Checks that a "const" node's value is one of its type's.
void checkConst(const NodeInContext &n) {
  unsigned width = preconditionTypeWidth(n.node.type);
  int64_t max = width == 1    ? 1
                : width == 64 ? std::numeric_limits<int64_t>::max()
                              : (int64_t(1) << (width - 1)) - 1;
  int64_t min = width == 1 ? 0 : -max - 1;
  int64_t value = n.node.operands[0];
  if (value < min || value > max)
    n.fail("holds " + std::to_string(value) + ", which is not an " +
           n.node.type + " (" + std::to_string(min) + " to " +
           std::to_string(max) + ")");
}

/// The parameter that the first operand of a "param" or "size" node names.
const ParamRecord &readParam(const NodeInContext &n) {
  int64_t index = n.node.operands[0];
  if (index < 0 || uint64_t(index) >= n.params.size())
    n.fail("reads parameter " + std::to_string(index) + "; the kernel has " +
           std::to_string(n.params.size()));
  return n.params[size_t(index)];
}

/// Checks that a "param" node reads an integer scalar, and has its type.
void checkParam(const NodeInContext &n) {
  const ParamRecord &param = readParam(n);
  std::string which = "parameter '" + param.name + "'";
  if (param.kind != ParamKind::Scalar)
    n.fail("reads " + which + " of kind '" + paramKindName(param.kind) +
           "'; 'param' reads an integer scalar");
  if (!preconditionTypeWidth(param.dtype))
    n.fail("reads " + which + ", a scalar of " + param.dtype +
           "; 'param' reads an integer scalar");
  if (param.dtype != n.node.type)
    n.fail("reads " + which + " of type " + param.dtype +
           "; the node has its parameter's type");
}

/// Checks that a "size" node reads a dimension of a tensor, as an i64.
void checkSize(const NodeInContext &n) {
  const ParamRecord &param = readParam(n);
  std::string which = "parameter '" + param.name + "'";
  if (param.kind == ParamKind::Scalar)
    n.fail("reads " + which + " of kind 'scalar'; 'size' reads a tensor");
  int64_t dim = n.node.operands[1];
  if (dim < 0 || dim >= param.rank)
    n.fail("reads dimension " + std::to_string(dim) + " of " + which +
           ", which has rank " + std::to_string(param.rank));
  if (n.node.type != "i64")
    n.fail("is not i64, the type of a size");
}

/// Checks that every operand of a computing node reads a node before it.
void checkOperandsComeBefore(const NodeInContext &n) {
  for (int64_t operand : n.node.operands)
    if (operand < 0 || uint64_t(operand) >= n.earlier.size())
      n.fail("reads node " + std::to_string(operand) +
             ", which does not come before it");
}

/// Checks that operand `i` of `n` is of type `type`.
void requireOperandType(const NodeInContext &n, size_t i,
                        const std::string &type) {
  if (n.operandType(i) != type)
    n.fail("reads node " + std::to_string(n.operandNode(i)) + " of type " +
           n.operandType(i) + ", not " + type);
}

/// Checks the operand types of a computing node against its op and type.
void checkOperandTypes(const NodeInContext &n) {
  const std::string &type = n.node.type;
  if (isBinaryArithmetic(n.op.op)) {
    requireOperandType(n, 0, type);
    requireOperandType(n, 1, type);
  } else if (isComparison(n.op.op)) {
    if (type != "i1")
      n.fail("is not i1, the type of a comparison");
    if (n.operandType(0) != n.operandType(1))
      n.fail("compares node " + std::to_string(n.operandNode(0)) + " of type " +
             n.operandType(0) + " with node " +
             std::to_string(n.operandNode(1)) + " of type " + n.operandType(1));
  } else if (n.op.op == PreconditionOp::Not) {
    requireOperandType(n, 0, type);
  } else if (n.op.op == PreconditionOp::Select) {
    requireOperandType(n, 0, "i1");
    requireOperandType(n, 1, type);
    requireOperandType(n, 2, type);
  }
  // A cast takes an integer of any type.
}

/// Reads the next node of a precondition, after `earlier`, and checks it;
/// `what` names the precondition.
PreconditionNode parseCheckedNode(const json &object,
                                  const std::vector<PreconditionNode> &earlier,
                                  const std::vector<ParamRecord> &params,
                                  const std::string &what) {
  std::string where = what + ": node " + std::to_string(earlier.size());
  PreconditionNode node = parseNode(object, where);
  const PreconditionOpInfo &op = checkOpAndType(node, where);
  NodeInContext n{node, op, earlier, params,
                  where + " ('" + node.op + "', " + node.type + ")"};
  switch (op.op) {
  case PreconditionOp::Const:
    checkConst(n);
    break;
  case PreconditionOp::Param:
    checkParam(n);
    break;
  case PreconditionOp::Size:
    checkSize(n);
    break;
  default:
    checkOperandsComeBefore(n);
    checkOperandTypes(n);
    break;
  }
  return node;
}

} // namespace

PreconditionRecord
tile::formats::preconditionFromJson(const json &object,
                                    const std::vector<ParamRecord> &params) {
  PreconditionRecord precondition;
  precondition.text = object.at("text").get<std::string>();
  std::string what = "precondition `" + precondition.text + "`";
  const json &nodes = object.at("nodes");
  if (!nodes.is_array() || nodes.empty())
    throw MalformedKernels(what + " has no nodes");
  for (const json &node : nodes)
    precondition.nodes.push_back(
        parseCheckedNode(node, precondition.nodes, params, what));
  const std::string &last = precondition.nodes.back().type;
  if (last != "i1")
    throw MalformedKernels(what + ": its last node, the condition, is " + last +
                           ", not i1");
  return precondition;
}
