//===- KernelHelpers.cpp - Inlining the kernel's helper functions ---------===//
//
// A kernel may call functions of its own source (not of system headers):
// each call is inlined, its parameters bound to the arguments' values, so
// helpers cost nothing and are checked like the kernel itself. A helper
// returns at its end; the safety analysis has rejected recursion.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "tile/Analysis/KernelLanguage.h"

using namespace tile::frontend;
using mlir::Value;

bool KernelEmitter::isInlinableHelper(const clang::FunctionDecl *callee) {
  return tile::analysis::helperDefinition(callee, ast.getSourceManager());
}

Value KernelEmitter::emitHelperCall(const clang::CallExpr *call,
                                    const clang::FunctionDecl *callee) {
  const clang::FunctionDecl *definition = nullptr;
  callee->hasBody(definition);
  if (call->getNumArgs() != definition->getNumParams()) {
    error(call->getSourceRange(), "default arguments of helpers are not "
                                  "supported; pass every argument");
    return {};
  }
  llvm::SmallVector<Value> args;
  for (const clang::Expr *arg : call->arguments()) {
    Value value = emitExpr(arg);
    if (!value)
      return {};
    args.push_back(value);
  }
  for (auto [param, value] : llvm::zip(definition->parameters(), args))
    values[param] = value;

  helpers.push_back({controlDepth, Value()});
  bool emitted = emitStmt(definition->getBody());
  InlinedHelper helper = helpers.pop_back_val();
  if (!emitted)
    return {};
  // A void helper has no value; its statement form checks for errors.
  if (definition->getReturnType()->isVoidType())
    return Value();
  if (!helper.result)
    error(definition->getBody()->getEndLoc(),
          "helper '" + callee->getQualifiedNameAsString() +
              "' must end with a return statement");
  return helper.result;
}
