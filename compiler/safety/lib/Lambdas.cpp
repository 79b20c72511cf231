//===- Lambdas.cpp - The lambdas a kernel may make ------------------------===//
//
// tilecc inlines a lambda at each call, like a helper: the body sees the
// values its by-copy captures had when the lambda was made and the current
// values of what it captures by reference. A closure keeps no state of its
// own between calls, so a lambda may not be `mutable`, and a by-reference
// init-capture, which would name a variable under a second name, is
// written as a plain by-reference capture instead.
//
//===----------------------------------------------------------------------===//

#include "KernelChecker.h"

#include "tile/Safety/KernelLanguage.h"

using namespace tile::safety;

bool KernelChecker::checkLambda(const clang::LambdaExpr *lambda) {
  if (lambda->isMutable()) {
    diags.error(lambda->getIntroducerRange(),
                "a mutable lambda keeps changes to its copies between "
                "calls, which kernel lambdas cannot; capture the variable "
                "by reference ([&v]) to update it, or copy it into a local "
                "variable inside the body");
    for (const clang::LambdaCapture &capture : lambda->captures())
      if (capture.capturesVariable() &&
          capture.getCaptureKind() == clang::LCK_ByCopy) {
        diags.declaredHere(capture.getCapturedVar(), "captured by copy");
        break;
      }
    return false;
  }
  for (const clang::LambdaCapture &capture : lambda->captures()) {
    if (!lambda->isInitCapture(&capture) ||
        capture.getCaptureKind() != clang::LCK_ByRef)
      continue;
    const clang::ValueDecl *var = capture.getCapturedVar();
    diags.error(capture.getLocation(),
                "by-reference init-capture '" + var->getName() +
                    "'; capture the variable itself by reference ([&v]) or "
                    "copy a value ([" +
                    var->getName() + " = ...])");
    const auto *init = llvm::dyn_cast_or_null<clang::DeclRefExpr>(
        llvm::cast<clang::VarDecl>(var)->getInit()->IgnoreParenImpCasts());
    if (init)
      diags.declaredHere(init->getDecl(), "");
    return false;
  }
  return true;
}

bool KernelChecker::checkCopiesNotWritten(const clang::CallExpr *call) {
  const auto *callOperator =
      llvm::cast<clang::CXXMethodDecl>(call->getDirectCallee());
  auto recorded = captures.find(callOperator->getParent());
  if (recorded == captures.end())
    return true;
  llvm::SetVector<const clang::VarDecl *> written = assignedIn(call);
  for (auto [var, range] : recorded->second) {
    if (!written.contains(resolveVariable(var)))
      continue;
    diags.error(call->getSourceRange(),
                "this call of a lambda writes '" +
                    resolveVariable(var)->getName() +
                    "', which the lambda also holds a copy of (captured as '" +
                    var->getName() +
                    "'); capture it by reference only, or copy it into a "
                    "local variable before the lambda");
    diags.declaredHere(var, "captured by copy");
    return false;
  }
  return true;
}
