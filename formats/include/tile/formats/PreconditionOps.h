//===- PreconditionOps.h - Ops and types of precondition nodes --*- C++ -*-===//
//
// A launch precondition's nodes (KernelList.h, PreconditionNode) name their
// op and their type by short strings. This is the list of those names, with
// how many operands each op takes, which the format's checks and the
// runtime's evaluation both resolve the names through.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_FORMATS_PRECONDITIONOPS_H
#define TILE_FORMATS_PRECONDITIONOPS_H

#include <cstddef>
#include <string_view>

namespace tile::formats {

/// What a precondition node computes (KernelList.h, PreconditionNode). The
/// binary arithmetic ops (Add to Xor) and the comparisons (Eq to Ge) are
/// kept together, for the tests below.
enum class PreconditionOp {
  Const,
  Param,
  Size,
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Shl,
  Shr,
  And,
  Or,
  Xor,
  Not,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Cast,
  Select,
};

/// An op as the metadata names it, and its number of operands.
struct PreconditionOpInfo {
  std::string_view name;
  PreconditionOp op;
  size_t operands;
};

/// Every op of precondition nodes.
inline constexpr PreconditionOpInfo kPreconditionOps[] = {
    {"const", PreconditionOp::Const, 1}, {"param", PreconditionOp::Param, 1},
    {"size", PreconditionOp::Size, 2},   {"add", PreconditionOp::Add, 2},
    {"sub", PreconditionOp::Sub, 2},     {"mul", PreconditionOp::Mul, 2},
    {"div", PreconditionOp::Div, 2},     {"rem", PreconditionOp::Rem, 2},
    {"shl", PreconditionOp::Shl, 2},     {"shr", PreconditionOp::Shr, 2},
    {"and", PreconditionOp::And, 2},     {"or", PreconditionOp::Or, 2},
    {"xor", PreconditionOp::Xor, 2},     {"not", PreconditionOp::Not, 1},
    {"eq", PreconditionOp::Eq, 2},       {"ne", PreconditionOp::Ne, 2},
    {"lt", PreconditionOp::Lt, 2},       {"le", PreconditionOp::Le, 2},
    {"gt", PreconditionOp::Gt, 2},       {"ge", PreconditionOp::Ge, 2},
    {"cast", PreconditionOp::Cast, 1},   {"select", PreconditionOp::Select, 3}};

/// The op called `name`; null for a name the metadata does not use.
constexpr const PreconditionOpInfo *findPreconditionOp(std::string_view name) {
  for (const PreconditionOpInfo &known : kPreconditionOps)
    if (known.name == name)
      return &known;
  return nullptr;
}

/// The metadata's name of `op`.
constexpr std::string_view preconditionOpName(PreconditionOp op) {
  for (const PreconditionOpInfo &known : kPreconditionOps)
    if (known.op == op)
      return known.name;
  return {};
}

/// Whether `op` reads two operands of the node's own type: arithmetic,
/// shifts and bitwise logic.
constexpr bool isBinaryArithmetic(PreconditionOp op) {
  return op >= PreconditionOp::Add && op <= PreconditionOp::Xor;
}

/// Whether `op` compares two operands of one type into an i1.
constexpr bool isComparison(PreconditionOp op) {
  return op >= PreconditionOp::Eq && op <= PreconditionOp::Ge;
}

/// A node type as the metadata names it, and its width in bits.
struct PreconditionType {
  std::string_view name;
  unsigned width;
};

/// Every type of precondition nodes: the signed integers and bool.
inline constexpr PreconditionType kPreconditionTypes[] = {
    {"i1", 1}, {"i8", 8}, {"i16", 16}, {"i32", 32}, {"i64", 64}};

/// The width in bits of the node type `type`; 0 for a name the metadata
/// does not use.
constexpr unsigned preconditionTypeWidth(std::string_view type) {
  for (const PreconditionType &known : kPreconditionTypes)
    if (known.name == type)
      return known.width;
  return 0;
}

} // namespace tile::formats

#endif // TILE_FORMATS_PRECONDITIONOPS_H
