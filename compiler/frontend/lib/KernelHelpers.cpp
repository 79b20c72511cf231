//===- KernelHelpers.cpp - Inlining the kernel's helper functions ---------===//
//
// A kernel may call functions of its own source (not of system headers):
// each call is inlined, its parameters bound to the arguments' values (a
// variable passed by non-const reference takes its parameter's last value),
// so helpers cost nothing and are checked like the kernel itself. A helper
// returns at its end; the safety analysis has rejected recursion. Lambdas
// are inlined the same way (KernelLambdas.cpp).
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
  return emitInlinedCall(call, definition);
}

Value KernelEmitter::emitInlinedCall(const clang::CallExpr *call,
                                     const clang::FunctionDecl *definition) {
  llvm::ArrayRef<const clang::Expr *> args =
      tile::analysis::parameterArguments(call);
  if (args.size() != definition->getNumParams()) {
    error(call->getSourceRange(), "variadic helpers are not supported; "
                                  "give every parameter a name and a type");
    return {};
  }
  // Parameters are bound to values. A non-const reference to a value (not a
  // piece, which stores go through, nor a closure) is bound to the value of
  // the caller's variable, and the variable takes the parameter's last value
  // when the helper ends: the same as writing through the reference, as no
  // two such parameters may name one variable.
  llvm::SmallVector<const clang::VarDecl *> writtenBack;
  for (auto [param, arg] : llvm::zip(definition->parameters(), args)) {
    writtenBack.push_back(nullptr);
    if (!tile::analysis::isWrittenBack(param))
      continue;
    const auto *ref =
        llvm::dyn_cast<clang::DeclRefExpr>(arg->IgnoreParenImpCasts());
    const auto *var =
        ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
    if (!var || !values.count(var)) {
      error(arg->getSourceRange(),
            "the argument of non-const reference parameter '" +
                param->getNameAsString() +
                "' must be a variable, which takes the parameter's value "
                "when the helper ends");
      return {};
    }
    if (llvm::is_contained(writtenBack, var)) {
      error(arg->getSourceRange(),
            "variable '" + var->getNameAsString() +
                "' is passed to two non-const reference parameters; a "
                "helper's writes to one would not reach the other");
      return {};
    }
    writtenBack.back() = var;
  }
  // Every argument is evaluated before any parameter is bound: an argument
  // may itself call the same function.
  llvm::SmallVector<Value> argValues;
  llvm::SmallVector<std::optional<Closure>> argClosures;
  for (auto [param, arg] : llvm::zip(definition->parameters(), args)) {
    if (tile::analysis::isClosureType(param->getType())) {
      argClosures.push_back(emitClosure(arg));
      argValues.push_back(Value());
      if (!argClosures.back())
        return {};
      continue;
    }
    argClosures.push_back(std::nullopt);
    argValues.push_back(emitExpr(arg));
    if (!argValues.back())
      return {};
  }
  for (auto [param, value, closure] :
       llvm::zip(definition->parameters(), argValues, argClosures)) {
    if (closure)
      closures[param] = std::move(*closure);
    else
      values[param] = value;
  }

  helpers.push_back({controlDepth, Value()});
  bool emitted = emitStmt(definition->getBody());
  InlinedHelper helper = helpers.pop_back_val();
  if (!emitted)
    return {};
  for (auto [param, var] : llvm::zip(definition->parameters(), writtenBack))
    if (var)
      values[var] = values[param];
  // A void helper has no value; its statement form checks for errors.
  if (definition->getReturnType()->isVoidType())
    return Value();
  if (!helper.result)
    error(definition->getBody()->getEndLoc(),
          (tile::analysis::isLambdaCallOperator(definition)
               ? std::string("a lambda that returns a value")
               : "helper '" + definition->getQualifiedNameAsString() + "'") +
              " must end with a return statement");
  return helper.result;
}
