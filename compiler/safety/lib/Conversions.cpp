//===- Conversions.cpp - No silent narrowing, no 32-bit overflow ----------===//
//
// Mixed element types need an explicit conversion: an implicit conversion
// of a scalar that can change its value (int64_t to int, float to int, an
// integer to float, double to float, int to uint32_t, uint32_t to int) is
// rejected unless the value is an integer constant that the target type
// holds exactly, or, for a change of signedness, a value whose range is
// proven to lie in the target type; a double constant
// becomes a float only explicitly (`0.5f`), so that no double literal slips
// into float code, where it would make the arithmetic around it compute in
// double. A compound assignment whose result converts
// back to a narrower type likewise. Signed arithmetic in 32 bits is rejected
// unless its range (IndexRanges) is proven to fit 32 bits: on a large
// tensor, or with a large parameter, it would overflow. Unsigned arithmetic
// wraps, as C++ defines it, and is not rejected: its range is then the whole
// type (IndexRanges::of), which an index into a piece cannot be. A 64-bit
// or uint32_t load index, which the GPU reads as a 32-bit int, must be
// proven to fit too.
//
//===----------------------------------------------------------------------===//

#include "KernelChecker.h"
#include "tile/Safety/KernelLanguage.h"

#include <cmath>

using namespace tile::safety;

/// Whether the float type `to` holds every integer of `from`'s width.
static bool floatHoldsIntegers(const clang::ASTContext &ast, clang::QualType to,
                               clang::QualType from) {
  unsigned mantissa =
      llvm::APFloat::semanticsPrecision(ast.getFloatTypeSemantics(to));
  return ast.getIntWidth(from) <= mantissa;
}

/// Whether converting `from` to `to` implicitly can change a value.
static bool narrows(const clang::ASTContext &ast, clang::CastKind kind,
                    clang::QualType from, clang::QualType to) {
  switch (kind) {
  case clang::CK_IntegralCast: {
    // Narrower types, and changes of signedness that do not widen (a
    // negative int to uint32_t, a uint32_t above INT32_MAX to int), can
    // change a value.
    IndexRange source = typeRange(ast, from), target = typeRange(ast, to);
    return ast.getIntWidth(to) < ast.getIntWidth(from) ||
           !source.within(target.lo, target.hi);
  }
  case clang::CK_FloatingToIntegral:
    return true;
  case clang::CK_IntegralToFloating:
    return !floatHoldsIntegers(ast, to, from);
  case clang::CK_FloatingCast:
    return ast.getFloatingTypeOrder(to, from) < 0;
  default:
    return false;
  }
}

/// Whether `expr` is a constant that `to` holds exactly.
static bool isExactConstant(const clang::ASTContext &ast,
                            const clang::Expr *expr, clang::QualType to) {
  if (expr->isValueDependent())
    return false;
  clang::Expr::EvalResult result;
  if (!expr->EvaluateAsRValue(result, ast) || result.HasSideEffects)
    return false;
  const clang::APValue &value = result.Val;
  if (value.isInt()) {
    llvm::APSInt integer = value.getInt();
    if (to->isIntegerType())
      return llvm::APSInt::isSameValue(integer,
                                       integer.extOrTrunc(ast.getIntWidth(to))
                                           .extend(integer.getBitWidth()));
    llvm::APFloat converted(ast.getFloatTypeSemantics(to));
    return converted.convertFromAPInt(integer, integer.isSigned(),
                                      llvm::APFloat::rmTowardZero) ==
           llvm::APFloat::opOK;
  }
  if (value.isFloat() && to->isRealFloatingType()) {
    llvm::APFloat converted = value.getFloat();
    bool lost = false;
    converted.convert(ast.getFloatTypeSemantics(to),
                      llvm::APFloat::rmNearestTiesToEven, &lost);
    return !lost;
  }
  return false;
}

bool KernelChecker::checkImplicitConversion(
    const clang::ImplicitCastExpr *cast) {
  const clang::Expr *source = cast->getSubExpr();
  clang::QualType from = source->getType();
  clang::QualType to = cast->getType();
  if (cast->isPartOfExplicitCast() ||
      !narrows(ast, cast->getCastKind(), from, to))
    return true;
  if (cast->getCastKind() == clang::CK_FloatingCast) {
    if (!isExactConstant(ast, source, to))
      return reportNarrowing(source, from, to);
    diags.error(source->getSourceRange(),
                "the '" + from.getAsString() + "' constant converts to '" +
                    to.getAsString() +
                    "' implicitly; write a float literal (1.0f, not 1.0), or "
                    "convert explicitly (static_cast<" +
                    to.getAsString() + ">(...))");
    return false;
  }
  if (isExactConstant(ast, source, to))
    return true;
  // A change of signedness alone keeps a value that the ranges prove to
  // lie in the target type (an int program id as a uint32_t).
  if (cast->getCastKind() == clang::CK_IntegralCast &&
      ast.getIntWidth(to) >= ast.getIntWidth(from)) {
    IndexRange target = typeRange(ast, to);
    if (ranges.of(source).within(target.lo, target.hi))
      return true;
  }
  return reportNarrowing(source, from, to);
}

bool KernelChecker::reportNarrowing(const clang::Expr *source,
                                    clang::QualType from, clang::QualType to) {
  diags.error(source->getSourceRange(),
              "implicit conversion from '" + from.getAsString() + "' to '" +
                  to.getAsString() +
                  "' can change the value; mixed types need an explicit "
                  "conversion, static_cast<" +
                  to.getAsString() +
                  ">(...) for scalars or tile::cast for tiles");
  return false;
}

bool KernelChecker::checkCompoundNarrowing(
    const clang::CompoundAssignOperator *op) {
  clang::QualType computed = op->getComputationResultType();
  clang::QualType target = op->getLHS()->getType();
  if (!computed->isArithmeticType() || !target->isArithmeticType())
    return true;
  clang::CastKind kind =
      computed->isIntegerType()
          ? (target->isIntegerType() ? clang::CK_IntegralCast
                                     : clang::CK_IntegralToFloating)
          : (target->isIntegerType() ? clang::CK_FloatingToIntegral
                                     : clang::CK_FloatingCast);
  if (!narrows(ast, kind, computed, target))
    return true;
  std::string to = target.getUnqualifiedType().getAsString();
  diags.error(op->getSourceRange(),
              "compound assignment '" + op->getOpcodeStr() + "' computes in '" +
                  computed.getAsString() +
                  "' and converts the result back to '" + to +
                  "', which can change the value; convert the right side "
                  "explicitly (static_cast<" +
                  to + ">(...)) or keep the variable in '" +
                  computed.getAsString() + "'");
  return false;
}

void KernelChecker::checkIndexWidth(const clang::CallExpr *call) {
  std::optional<llvm::StringRef> name =
      kernelOperationName(call->getDirectCallee());
  if (!name ||
      (*name != "load" && *name != "prefetch" && *name != "load_scalar"))
    return;
  // The view comes first, then one index per dimension.
  for (const clang::Expr *arg : llvm::drop_begin(call->arguments())) {
    const clang::Expr *index = arg->IgnoreImpCasts();
    clang::QualType type = index->getType();
    // A uint32_t index above INT32_MAX would be negative on the GPU.
    if (!type->isIntegerType() || ast.getIntWidth(type) < 32 ||
        (ast.getIntWidth(type) == 32 && type->isSignedIntegerType()))
      continue;
    IndexRange range = ranges.of(index);
    if (range.within(INT32_MIN, INT32_MAX))
      continue;
    diags.error(index->getSourceRange(),
                "this '" + type.getAsString() + "' index of tile::" + *name +
                    " may not fit 32 bits (" +
                    (range.known ? "it ranges over " + range.str()
                                 : std::string("its range is not known")) +
                    "), and indices are 32 bits on the GPU; bound it, or "
                    "convert it explicitly (int32_t(...)) so that host mode "
                    "wraps it as the GPU does");
  }
}

void KernelChecker::checkOverflow(const clang::BinaryOperator *op) {
  // `i += n` computes `i + n` like the binary operator does.
  const auto *compound = llvm::dyn_cast<clang::CompoundAssignOperator>(op);
  clang::BinaryOperatorKind opcode =
      compound
          ? clang::BinaryOperator::getOpForCompoundAssignment(op->getOpcode())
          : op->getOpcode();
  clang::QualType type =
      compound ? compound->getComputationResultType() : op->getType();
  if ((opcode != clang::BO_Add && opcode != clang::BO_Sub &&
       opcode != clang::BO_Mul && opcode != clang::BO_Shl) ||
      !type->isSignedIntegerType() || ast.getIntWidth(type) != 32)
    return;
  IndexRange range = compound
                         ? ranges.apply(opcode, ranges.operandOf(op->getLHS()),
                                        ranges.operandOf(op->getRHS()), type)
                         : ranges.exact(op);
  if (range.within(INT32_MIN, INT32_MAX))
    return;
  if (!range.known) {
    diags.error(op->getSourceRange(),
                "32-bit integer arithmetic can overflow: an operand's range "
                "is not known (a parameter, a tensor size, loaded data), so "
                "the result may not fit 32 bits; compute it in int64_t");
    return;
  }
  diags.error(op->getSourceRange(),
              "32-bit integer arithmetic can overflow: the result ranges "
              "over " +
                  range.str() +
                  " for the largest grids, tensors and parameters; compute it "
                  "in int64_t");
}
