//===- CountedLoop.cpp - The one loop form of kernels ---------------------===//

#include "tile/Safety/CountedLoop.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/SetVector.h"

using namespace tile::safety;

std::optional<CountedLoop>
tile::safety::matchCountedLoop(const clang::ForStmt *loop,
                               const clang::ASTContext &ast) {
  const auto *init = llvm::dyn_cast_or_null<clang::DeclStmt>(loop->getInit());
  const auto *var = init && init->isSingleDecl()
                        ? llvm::dyn_cast<clang::VarDecl>(init->getSingleDecl())
                        : nullptr;
  const auto *cond =
      llvm::dyn_cast_or_null<clang::BinaryOperator>(loop->getCond());
  auto refersToVar = [&](const clang::Expr *expr) {
    const auto *ref =
        llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
    return ref && ref->getDecl() == var;
  };
  if (!var || !var->hasInit() || !var->getType()->isIntegerType() || !cond ||
      (cond->getOpcode() != clang::BO_LT &&
       cond->getOpcode() != clang::BO_LE) ||
      !refersToVar(cond->getLHS()) || !loop->getInc())
    return std::nullopt;
  CountedLoop counted{var, cond, std::nullopt};
  const clang::Expr *inc = loop->getInc()->IgnoreParenImpCasts();
  if (const auto *unary = llvm::dyn_cast<clang::UnaryOperator>(inc)) {
    if (unary->isIncrementOp() && refersToVar(unary->getSubExpr()))
      counted.step = 1;
  } else if (const auto *add =
                 llvm::dyn_cast<clang::CompoundAssignOperator>(inc)) {
    clang::Expr::EvalResult result;
    if (add->getOpcode() == clang::BO_AddAssign && refersToVar(add->getLHS()) &&
        add->getRHS()->EvaluateAsInt(result, ast))
      counted.step = result.Val.getInt().getSExtValue();
  }
  return counted;
}

std::optional<LoopFormError>
tile::safety::loopFormError(const clang::ForStmt *loop,
                            const clang::ASTContext &ast,
                            VariableResolver resolve) {
  static constexpr llvm::StringLiteral kLoopForm =
      "write kernel loops as `for (int i = start; i < end; ++i)`, with < or "
      "<=, and ++i, i++ or i += a positive constant";
  std::optional<CountedLoop> counted = matchCountedLoop(loop, ast);
  if (!counted)
    return LoopFormError{loop->getSourceRange(), kLoopForm.str()};
  if (!counted->step || *counted->step <= 0)
    return LoopFormError{loop->getInc()->getSourceRange(), kLoopForm.str()};
  // A loop counts in a signed 64-bit index: a uint64_t counter past 2^63
  // would not compare as the host's does.
  clang::QualType counter = counted->var->getType().getCanonicalType();
  if (counter->isUnsignedIntegerType() && ast.getTypeSize(counter) >= 64)
    return LoopFormError{
        counted->var->getSourceRange(),
        "a loop counter of type '" + counted->var->getType().getAsString() +
            "' (64-bit unsigned) may pass 2^63, past the GPU's signed 64-bit "
            "loop index; count with int64_t, or uint32_t, and convert in the "
            "body"};
  llvm::SetVector<const clang::VarDecl *> assigned =
      collectAssignedVariables(loop->getBody(), resolve);
  if (assigned.contains(counted->var))
    return LoopFormError{
        loop->getBody()->getSourceRange(),
        "the loop variable '" + counted->var->getName().str() +
            "' is assigned in the loop body; kernel loops count from start "
            "to end by a constant step"};
  if (readsAny(counted->cond->getRHS(), assigned, resolve))
    return LoopFormError{
        counted->cond->getRHS()->getSourceRange(),
        "the loop bound changes inside the loop; compute it before the loop"};
  return std::nullopt;
}
