//===- IndexRanges.cpp - Interval reasoning over kernel integers ----------===//

#include "IndexRanges.h"

#include "tile/Analysis/KernelLanguage.h"

#include <algorithm>
#include <cstdint>

using namespace tile::analysis;

/// The GPU's grid limits: 2^31 - 1 programs along axis 0, 65535 along
/// axes 1 and 2.
static __int128 maxPrograms(int64_t axis) {
  return axis == 0 ? (__int128(1) << 31) - 1 : 65535;
}

static std::string toString(__int128 value) {
  bool negative = value < 0;
  unsigned __int128 magnitude =
      negative ? -static_cast<unsigned __int128>(value) : value;
  std::string digits;
  do {
    digits.insert(digits.begin(), char('0' + int(magnitude % 10)));
    magnitude /= 10;
  } while (magnitude != 0);
  return negative ? "-" + digits : digits;
}

std::string IndexRange::str() const {
  if (!known)
    return "an unknown range";
  return "[" + toString(lo) + ", " + toString(hi) + "]";
}

/// The range of values of the integer type `type`.
static IndexRange typeRange(const clang::ASTContext &ast,
                            clang::QualType type) {
  unsigned bits = ast.getIntWidth(type);
  if (bits > 64)
    return IndexRange::unknown();
  if (type->isUnsignedIntegerOrEnumerationType())
    return IndexRange::of(0, (__int128(1) << bits) - 1);
  return IndexRange::of(-(__int128(1) << (bits - 1)),
                        (__int128(1) << (bits - 1)) - 1);
}

void IndexRanges::bind(const clang::VarDecl *var, IndexRange range) {
  IndexRange bounds = var->getType()->isIntegerType()
                          ? typeRange(ast, var->getType())
                          : IndexRange::unknown();
  variables[var] = bounds.known && range.within(bounds.lo, bounds.hi)
                       ? range
                       : IndexRange::unknown();
}

IndexRange IndexRanges::operandOf(const clang::Expr *expr) const {
  if (!expr->getType()->isIntegerType())
    return IndexRange::unknown();
  IndexRange range = of(expr);
  IndexRange bounds = typeRange(ast, expr->getType());
  if (!bounds.known || !range.within(std::max(bounds.lo, __int128(INT64_MIN)),
                                     std::min(bounds.hi, __int128(INT64_MAX))))
    return IndexRange::unknown();
  return range;
}

IndexRange IndexRanges::of(const clang::Expr *expr) const {
  if (!expr->isValueDependent() && expr->getType()->isIntegerType()) {
    clang::Expr::EvalResult result;
    if (expr->EvaluateAsInt(result, ast)) {
      if (std::optional<int64_t> value = result.Val.getInt().tryExtValue())
        return IndexRange::of(*value, *value);
      return IndexRange::unknown();
    }
  }
  expr = expr->IgnoreParens();
  if (const auto *cast = llvm::dyn_cast<clang::CastExpr>(expr)) {
    if (!cast->getType()->isIntegerType() ||
        !cast->getSubExpr()->getType()->isIntegerType())
      return cast->getCastKind() == clang::CK_LValueToRValue
                 ? of(cast->getSubExpr())
                 : IndexRange::unknown();
    // A conversion keeps the range only where no value wraps, neither in
    // the operand's type nor in the target's.
    IndexRange inner = operandOf(cast->getSubExpr());
    IndexRange target = typeRange(ast, cast->getType());
    if (!target.known || (inner.known && inner.within(target.lo, target.hi)))
      return inner;
    return IndexRange::unknown();
  }
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(expr)) {
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      if (auto it = variables.find(var); it != variables.end())
        return it->second;
    return IndexRange::unknown();
  }
  if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(expr))
    return combine(op);
  if (const auto *op = llvm::dyn_cast<clang::UnaryOperator>(expr)) {
    IndexRange inner = operandOf(op->getSubExpr());
    if (op->getOpcode() == clang::UO_Plus)
      return inner;
    if (op->getOpcode() == clang::UO_Minus && inner.known)
      return IndexRange::of(-inner.hi, -inner.lo);
    return IndexRange::unknown();
  }
  if (const auto *choice = llvm::dyn_cast<clang::ConditionalOperator>(expr)) {
    IndexRange a = of(choice->getTrueExpr()), b = of(choice->getFalseExpr());
    if (!a.known || !b.known)
      return IndexRange::unknown();
    return IndexRange::of(std::min(a.lo, b.lo), std::max(a.hi, b.hi));
  }
  if (const auto *query = llvm::dyn_cast<clang::CallExpr>(expr))
    return call(query);
  return IndexRange::unknown();
}

IndexRange IndexRanges::call(const clang::CallExpr *call) const {
  // A tensor's extent is any size the host passes.
  if (isTensorSizeCall(call))
    return IndexRange::of(0, INT64_MAX);
  std::optional<llvm::StringRef> name =
      kernelOperationName(call->getDirectCallee());
  if (!name || (*name != "program_id" && *name != "num_programs") ||
      call->getNumArgs() != 1)
    return IndexRange::unknown();
  IndexRange axis = of(call->getArg(0));
  if (!axis.known || axis.lo != axis.hi || axis.lo < 0 || axis.lo > 2)
    return IndexRange::unknown();
  __int128 programs = maxPrograms(static_cast<int64_t>(axis.lo));
  return *name == "program_id" ? IndexRange::of(0, programs - 1)
                               : IndexRange::of(1, programs);
}

IndexRange IndexRanges::combine(const clang::BinaryOperator *op) const {
  if (op->getOpcode() == clang::BO_Comma)
    return of(op->getRHS());
  IndexRange a = operandOf(op->getLHS()), b = operandOf(op->getRHS());
  // A remainder by a positive divisor is bounded whatever the dividend.
  if (op->getOpcode() == clang::BO_Rem && b.known && b.lo > 0) {
    if (a.known && a.lo >= 0)
      return a.hi < b.lo ? a : IndexRange::of(0, b.hi - 1);
    return IndexRange::of(-(b.hi - 1), b.hi - 1);
  }
  if (!a.known || !b.known)
    return IndexRange::unknown();
  switch (op->getOpcode()) {
  case clang::BO_Add:
    return IndexRange::of(a.lo + b.lo, a.hi + b.hi);
  case clang::BO_Sub:
    return IndexRange::of(a.lo - b.hi, a.hi - b.lo);
  case clang::BO_Mul: {
    __int128 corners[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    return IndexRange::of(
        *std::min_element(std::begin(corners), std::end(corners)),
        *std::max_element(std::begin(corners), std::end(corners)));
  }
  case clang::BO_Div:
    // Division by a positive divisor shrinks toward zero, monotonically.
    if (b.lo > 0)
      return IndexRange::of(std::min(a.lo / b.lo, a.lo / b.hi),
                            std::max(a.hi / b.lo, a.hi / b.hi));
    return IndexRange::unknown();
  default:
    return IndexRange::unknown();
  }
}
