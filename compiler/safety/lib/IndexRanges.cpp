//===- IndexRanges.cpp - Interval reasoning over kernel integers ----------===//

#include "IndexRanges.h"

#include "tile/Safety/AssignedVariables.h"
#include "tile/Safety/KernelLanguage.h"

#include <algorithm>
#include <cstdint>

using namespace tile::safety;

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

IndexRange IndexRange::hull(const IndexRange &other) const {
  if (!known || !other.known)
    return unknown();
  return of(std::min(lo, other.lo), std::max(hi, other.hi));
}

IndexRange tile::safety::typeRange(const clang::ASTContext &ast,
                                   clang::QualType type) {
  if (!type->isIntegerType())
    return IndexRange::unknown();
  unsigned bits = ast.getIntWidth(type);
  if (bits > 64)
    return IndexRange::unknown();
  if (type->isUnsignedIntegerOrEnumerationType())
    return IndexRange::of(0, (__int128(1) << bits) - 1);
  return IndexRange::of(-(__int128(1) << (bits - 1)),
                        (__int128(1) << (bits - 1)) - 1);
}

void IndexRanges::bind(const clang::VarDecl *var, IndexRange range) {
  var = resolve(var);
  IndexRange bounds = typeRange(ast, var->getType());
  if (bounds.known && range.within(bounds.lo, bounds.hi) &&
      !escaped.contains(var))
    variables[var] = range;
  else
    variables.erase(var);
}

void IndexRanges::escape(const clang::VarDecl *var) {
  var = resolve(var);
  escaped.insert(var);
  variables.erase(var);
}

IndexRange IndexRanges::lookup(const clang::VarDecl *var) const {
  auto it = variables.find(resolve(var));
  return it == variables.end() ? IndexRange::unknown() : it->second;
}

RangeState IndexRanges::join(const RangeState &a, const RangeState &b) {
  RangeState joined;
  for (const auto &[var, range] : a)
    if (auto it = b.find(var); it != b.end())
      if (IndexRange both = range.hull(it->second); both.known)
        joined[var] = both;
  return joined;
}

IndexRange IndexRanges::operandOf(const clang::Expr *expr) const {
  if (!expr->getType()->isIntegerType())
    return IndexRange::unknown();
  IndexRange range = of(expr);
  if (!range.within(INT64_MIN, INT64_MAX))
    return IndexRange::unknown();
  return range;
}

IndexRange IndexRanges::of(const clang::Expr *expr) const {
  IndexRange range = exact(expr);
  if (!range.known || !expr->getType()->isIntegerType())
    return range;
  // A value outside its type has wrapped: it may be any value of the type.
  IndexRange bounds = typeRange(ast, expr->getType());
  return range.within(bounds.lo, bounds.hi) ? range : bounds;
}

IndexRange IndexRanges::exact(const clang::Expr *expr) const {
  if (!expr->isValueDependent() && expr->getType()->isIntegerType()) {
    clang::Expr::EvalResult result;
    if (expr->EvaluateAsInt(result, ast)) {
      const llvm::APSInt &value = result.Val.getInt();
      if (value.isUnsigned() ? value.getActiveBits() > 64
                             : value.getSignificantBits() > 64)
        return IndexRange::unknown();
      __int128 exact = value.isUnsigned() ? __int128(value.getZExtValue())
                                          : __int128(value.getSExtValue());
      return IndexRange::of(exact, exact);
    }
  }
  expr = expr->IgnoreParens();
  if (const auto *cast = llvm::dyn_cast<clang::CastExpr>(expr)) {
    if (!cast->getType()->isIntegerType() ||
        !cast->getSubExpr()->getType()->isIntegerType())
      return cast->getCastKind() == clang::CK_LValueToRValue
                 ? exact(cast->getSubExpr())
                 : IndexRange::unknown();
    // A conversion keeps the range only where no value wraps, neither in
    // the operand's type nor in the target's.
    IndexRange inner = operandOf(cast->getSubExpr());
    IndexRange target = typeRange(ast, cast->getType());
    if (!target.known || (inner.known && inner.within(target.lo, target.hi)))
      return inner;
    // A widening conversion of a value of unknown range gives a value of
    // the narrower type's range: int64_t(n) of an int n fits 32 bits.
    IndexRange source = typeRange(ast, cast->getSubExpr()->getType());
    if (!inner.known && cast->getCastKind() == clang::CK_IntegralCast &&
        source.within(target.lo, target.hi))
      return source;
    return IndexRange::unknown();
  }
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(expr)) {
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      return lookup(var);
    return IndexRange::unknown();
  }
  if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(expr))
    return combine(op);
  if (const auto *op = llvm::dyn_cast<clang::UnaryOperator>(expr)) {
    if (op->getOpcode() == clang::UO_LNot)
      return IndexRange::of(0, 1);
    IndexRange inner = operandOf(op->getSubExpr());
    if (op->getOpcode() == clang::UO_Plus)
      return inner;
    if (op->getOpcode() == clang::UO_Minus && inner.known)
      return IndexRange::of(-inner.hi, -inner.lo);
    return IndexRange::unknown();
  }
  if (const auto *choice = llvm::dyn_cast<clang::ConditionalOperator>(expr))
    return conditional(choice);
  if (const auto *query = llvm::dyn_cast<clang::CallExpr>(expr))
    return call(query);
  return IndexRange::unknown();
}

IndexRange
IndexRanges::conditional(const clang::ConditionalOperator *choice) const {
  // Each side is evaluated under what its condition says; the state is
  // restored afterwards, as evaluating a range changes nothing.
  auto *self = const_cast<IndexRanges *>(this);
  RangeState before = variables;
  self->refine(choice->getCond(), true);
  IndexRange a = of(choice->getTrueExpr());
  variables = before;
  self->refine(choice->getCond(), false);
  IndexRange b = of(choice->getFalseExpr());
  variables = std::move(before);
  return a.hull(b);
}

IndexRange IndexRanges::call(const clang::CallExpr *call) const {
  // A helper's or a lambda's value is that of its return statement, as it
  // was walked at this call.
  if (auto it = callResults.find(call); it != callResults.end())
    return it->second;
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

/// The number of bits needed to write the non-negative `value`.
static unsigned bitLength(__int128 value) {
  unsigned bits = 0;
  for (; value > 0; value >>= 1)
    ++bits;
  return bits;
}

/// The number of bits below the sign bit that every value of `range`
/// needs: each lies in [-2^n, 2^n - 1].
static unsigned signedBits(const IndexRange &range) {
  auto bits = [](__int128 v) { return bitLength(v < 0 ? -(v + 1) : v); };
  return std::max(bits(range.lo), bits(range.hi));
}

/// The range of a bitwise and, or or xor of a value in `a` and one in `b`,
/// of any signs: every bit above the wider operand's sign bit copies it.
static IndexRange bitwise(const IndexRange &a, const IndexRange &b) {
  __int128 half = __int128(1) << std::max(signedBits(a), signedBits(b));
  return IndexRange::of(-half, half - 1);
}

/// The range of the products of a value in `a` and one in `b`.
static IndexRange multiply(const IndexRange &a, const IndexRange &b) {
  __int128 corners[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  return IndexRange::of(
      *std::min_element(std::begin(corners), std::end(corners)),
      *std::max_element(std::begin(corners), std::end(corners)));
}

IndexRange IndexRanges::combine(const clang::BinaryOperator *op) const {
  if (op->getOpcode() == clang::BO_Comma)
    return of(op->getRHS());
  if (op->isComparisonOp() || op->isLogicalOp())
    return IndexRange::of(0, 1);
  if (op->isAssignmentOp())
    return IndexRange::unknown();
  return apply(op->getOpcode(), operandOf(op->getLHS()),
               operandOf(op->getRHS()), op->getType());
}

IndexRange IndexRanges::apply(clang::BinaryOperatorKind op, IndexRange a,
                              IndexRange b, clang::QualType type) const {
  // Operands of an unsigned operation (converted to its type) lie in that
  // type's range, even where their values are not known.
  if (type->isUnsignedIntegerType() && !type->isBooleanType()) {
    if (!a.known)
      a = typeRange(ast, type);
    if (!b.known)
      b = typeRange(ast, type);
  }
  // A remainder by a positive divisor is bounded whatever the dividend.
  if (op == clang::BO_Rem && b.known && b.lo > 0) {
    if (a.known && a.lo >= 0)
      return a.hi < b.lo ? a : IndexRange::of(0, b.hi - 1);
    return IndexRange::of(-(b.hi - 1), b.hi - 1);
  }
  // A mask bounds a bitwise and whatever the other operand.
  if (op == clang::BO_And) {
    bool aNonNegative = a.known && a.lo >= 0;
    bool bNonNegative = b.known && b.lo >= 0;
    if (aNonNegative && bNonNegative)
      return IndexRange::of(0, std::min(a.hi, b.hi));
    if (aNonNegative || bNonNegative)
      return IndexRange::of(0, aNonNegative ? a.hi : b.hi);
    return a.known && b.known ? bitwise(a, b) : IndexRange::unknown();
  }
  // A quotient by a positive divisor is bounded whatever the dividend: it
  // lies in the dividend's type, the operation's, divided.
  if (op == clang::BO_Div && !a.known && b.known && b.lo > 0 &&
      type->isIntegerType())
    a = typeRange(ast, type);
  if (!a.known || !b.known || !type->isIntegerType())
    return IndexRange::unknown();
  unsigned width = ast.getIntWidth(type);
  switch (op) {
  case clang::BO_Add:
    return IndexRange::of(a.lo + b.lo, a.hi + b.hi);
  case clang::BO_Sub:
    return IndexRange::of(a.lo - b.hi, a.hi - b.lo);
  case clang::BO_Mul:
    return multiply(a, b);
  case clang::BO_Div:
    // Division by a positive divisor shrinks toward zero, monotonically.
    if (b.lo > 0)
      return IndexRange::of(std::min(a.lo / b.lo, a.lo / b.hi),
                            std::max(a.hi / b.lo, a.hi / b.hi));
    return IndexRange::unknown();
  case clang::BO_Shl:
    // A shift by a count inside the type multiplies by a power of two.
    if (b.lo >= 0 && b.hi < width)
      return multiply(a,
                      IndexRange::of(__int128(1) << b.lo, __int128(1) << b.hi));
    return IndexRange::unknown();
  case clang::BO_Shr:
    // Shifting right rounds toward minus infinity, monotonically in both
    // operands' magnitudes.
    if (b.lo >= 0 && b.hi < width)
      return IndexRange::of(std::min(a.lo >> b.lo, a.lo >> b.hi),
                            std::max(a.hi >> b.lo, a.hi >> b.hi));
    return IndexRange::unknown();
  case clang::BO_Or:
  case clang::BO_Xor: {
    // Non-negative operands set no bit above the wider one's.
    if (a.lo >= 0 && b.lo >= 0)
      return IndexRange::of(op == clang::BO_Or ? std::max(a.lo, b.lo) : 0,
                            (__int128(1) << bitLength(std::max(a.hi, b.hi))) -
                                1);
    return bitwise(a, b);
  }
  default:
    return IndexRange::unknown();
  }
}

const clang::VarDecl *
IndexRanges::comparedVariable(const clang::Expr *expr) const {
  expr = expr->IgnoreParens();
  while (const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(expr)) {
    const clang::Expr *inner = cast->getSubExpr();
    if (cast->getCastKind() == clang::CK_IntegralCast) {
      IndexRange from = typeRange(ast, inner->getType());
      IndexRange to = typeRange(ast, cast->getType());
      if (!from.known || !to.known || !from.within(to.lo, to.hi))
        return nullptr;
    } else if (cast->getCastKind() != clang::CK_LValueToRValue &&
               cast->getCastKind() != clang::CK_NoOp) {
      return nullptr;
    }
    expr = inner->IgnoreParens();
  }
  const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(expr);
  const auto *var =
      ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  if (!var)
    return nullptr;
  var = resolve(var);
  return var->getType()->isIntegerType() ? var : nullptr;
}

/// The comparison that holds when `op` does not.
static clang::BinaryOperatorKind negated(clang::BinaryOperatorKind op) {
  switch (op) {
  case clang::BO_LT:
    return clang::BO_GE;
  case clang::BO_LE:
    return clang::BO_GT;
  case clang::BO_GT:
    return clang::BO_LE;
  case clang::BO_GE:
    return clang::BO_LT;
  case clang::BO_EQ:
    return clang::BO_NE;
  default:
    return clang::BO_EQ;
  }
}

/// `b op' a` for `a op b`.
static clang::BinaryOperatorKind mirrored(clang::BinaryOperatorKind op) {
  switch (op) {
  case clang::BO_LT:
    return clang::BO_GT;
  case clang::BO_LE:
    return clang::BO_GE;
  case clang::BO_GT:
    return clang::BO_LT;
  case clang::BO_GE:
    return clang::BO_LE;
  default:
    return op;
  }
}

void IndexRanges::refineComparison(clang::BinaryOperatorKind op,
                                   const clang::Expr *lhs,
                                   const clang::Expr *rhs) {
  const clang::VarDecl *var = comparedVariable(lhs);
  if (!var)
    return;
  IndexRange current = lookup(var);
  if (!current.known)
    current = typeRange(ast, var->getType());
  IndexRange bound = of(rhs);
  if (!bound.known)
    bound = typeRange(ast, rhs->getType());
  if (!current.known || !bound.known)
    return;
  __int128 lo = current.lo, hi = current.hi;
  switch (op) {
  case clang::BO_LT:
    hi = std::min(hi, bound.hi - 1);
    break;
  case clang::BO_LE:
    hi = std::min(hi, bound.hi);
    break;
  case clang::BO_GT:
    lo = std::max(lo, bound.lo + 1);
    break;
  case clang::BO_GE:
    lo = std::max(lo, bound.lo);
    break;
  case clang::BO_EQ:
    lo = std::max(lo, bound.lo);
    hi = std::min(hi, bound.hi);
    break;
  case clang::BO_NE:
    if (bound.lo == bound.hi && bound.lo == lo)
      ++lo;
    else if (bound.lo == bound.hi && bound.lo == hi)
      --hi;
    break;
  default:
    return;
  }
  // A condition no value meets leaves a branch that never runs; the state
  // stays as it was rather than claim anything of it.
  if (lo <= hi)
    bind(var, IndexRange::of(lo, hi));
}

void IndexRanges::refine(const clang::Expr *cond, bool truth) {
  cond = cond->IgnoreParenImpCasts();
  // A condition that assigns compares values the state no longer holds.
  if (!collectAssignedVariables(cond, [this](const clang::VarDecl *var) {
         return resolve(var);
       }).empty())
    return;
  if (const auto *op = llvm::dyn_cast<clang::UnaryOperator>(cond)) {
    if (op->getOpcode() == clang::UO_LNot)
      refine(op->getSubExpr(), !truth);
    return;
  }
  const auto *op = llvm::dyn_cast<clang::BinaryOperator>(cond);
  if (!op)
    return;
  if (op->isLogicalOp()) {
    // `a && b` holds where both do; where it fails, a failed or a held and
    // b failed (and dually for `||`).
    bool both = (op->getOpcode() == clang::BO_LAnd) == truth;
    if (both) {
      refine(op->getLHS(), truth);
      refine(op->getRHS(), truth);
      return;
    }
    RangeState before = variables;
    refine(op->getLHS(), truth);
    RangeState first = std::move(variables);
    variables = std::move(before);
    refine(op->getLHS(), !truth);
    refine(op->getRHS(), truth);
    variables = join(first, variables);
    return;
  }
  if (!op->isComparisonOp())
    return;
  clang::BinaryOperatorKind kind =
      truth ? op->getOpcode() : negated(op->getOpcode());
  refineComparison(kind, op->getLHS(), op->getRHS());
  refineComparison(mirrored(kind), op->getRHS(), op->getLHS());
}
