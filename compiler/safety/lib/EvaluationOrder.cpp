//===- EvaluationOrder.cpp - No write another operand may see -------------===//
//
// C++ leaves the order of a call's arguments unspecified, and that of most
// binary operators' operands too: in `f(i++, i)` host mode's compiler may
// read `i` before or after the increment, while the frontend evaluates
// left to right. An operand that writes a variable which another operand
// of the same call or operator reads or writes is rejected, so that both
// compute the same thing.
//
//===----------------------------------------------------------------------===//

#include "KernelChecker.h"
#include "tile/Safety/AssignedVariables.h"

using namespace tile::safety;

/// Whether C++ orders the operands of `op`: the logical operators, the
/// comma, assignments (right before left) and shifts (left before right).
static bool sequencesOperands(clang::BinaryOperatorKind op) {
  return op == clang::BO_LAnd || op == clang::BO_LOr || op == clang::BO_Comma ||
         op == clang::BO_Shl || op == clang::BO_Shr ||
         clang::BinaryOperator::isAssignmentOp(op);
}

bool KernelChecker::checkEvaluationOrder(const clang::Expr *expr) {
  llvm::SmallVector<const clang::Expr *> operands;
  if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
    if (sequencesOperands(op->getOpcode()))
      return true;
    operands = {op->getLHS(), op->getRHS()};
  } else if (const auto *call = llvm::dyn_cast<clang::CallExpr>(expr)) {
    // An overloaded operator keeps the built-in one's order.
    if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call))
      if (op->isInfixBinaryOp() &&
          sequencesOperands(
              clang::BinaryOperator::getOverloadedOpcode(op->getOperator())))
        return true;
    if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call))
      if (const clang::Expr *object = member->getImplicitObjectArgument())
        operands.push_back(object);
    operands.append(call->arg_begin(), call->arg_end());
  } else if (const auto *construct =
                 llvm::dyn_cast<clang::CXXConstructExpr>(expr)) {
    // Braced lists are evaluated in order; parentheses are not.
    if (construct->isListInitialization())
      return true;
    operands.append(construct->arg_begin(), construct->arg_end());
  } else {
    return true;
  }
  // Most expressions write nothing: one walk settles them.
  if (operands.size() < 2 || assignedIn(expr).empty())
    return true;
  auto resolve = [this](const clang::VarDecl *var) {
    return resolveVariable(var);
  };
  for (auto [index, operand] : llvm::enumerate(operands)) {
    for (const clang::VarDecl *var : assignedIn(operand)) {
      llvm::SetVector<const clang::VarDecl *> written(&var, &var + 1);
      for (auto [other, seen] : llvm::enumerate(operands)) {
        if (other == index || !readsAny(seen, written, resolve))
          continue;
        diags.error(operand->getSourceRange(),
                    "this operand writes '" + var->getName() +
                        "', which another operand of the same expression "
                        "reads, in an order C++ leaves unspecified (host "
                        "mode and the GPU could see different values); "
                        "write it in a statement of its own first");
        diags.note(seen->getBeginLoc(),
                   "'" + var->getName() + "' is read here");
        return false;
      }
    }
  }
  return true;
}
