//===- KernelHelpers.cpp - Inlining the kernel's helper functions ---------===//
//
// A kernel may call functions of its own source (not of system headers):
// each call is inlined, its parameters bound to the arguments' values (a
// reference parameter to the variable passed, which it reads and writes),
// so helpers cost nothing and are checked like the kernel itself. A helper
// returns at its end; the safety analysis has rejected recursion. Lambdas
// are inlined the same way (KernelLambdas.cpp).
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "tile/Safety/KernelLanguage.h"

using namespace tile::frontend;
using mlir::Value;

bool KernelEmitter::isInlinableHelper(const clang::FunctionDecl *callee) {
  return tile::safety::helperDefinition(callee, ast.getSourceManager());
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
      tile::safety::parameterArguments(call);
  if (args.size() != definition->getNumParams()) {
    error(call->getSourceRange(), "variadic helpers are not supported; "
                                  "give every parameter a name and a type");
    return {};
  }
  // A reference parameter bound to a variable names that variable, as in
  // C++: a write through it is a write to the variable, seen through every
  // other reference to it. Other parameters are bound to values. Every
  // argument is evaluated before any parameter is bound: an argument may
  // itself call the same function.
  llvm::SmallVector<BoundArgument> bound;
  for (auto [param, arg] : llvm::zip(definition->parameters(), args)) {
    BoundArgument &argument = bound.emplace_back();
    if (tile::safety::isClosureType(param->getType())) {
      argument.closure = emitClosure(arg);
      if (!argument.closure)
        return {};
      continue;
    }
    if (param->getType()->isReferenceType()) {
      if (const clang::VarDecl *var = kernelVariable(arg)) {
        argument.variable = var;
        continue;
      }
      if (tile::safety::isWrittenBack(param)) {
        error(arg->getSourceRange(),
              "the argument of non-const reference parameter '" +
                  param->getNameAsString() +
                  "' must be a variable of the kernel, which the helper "
                  "writes through it");
        return {};
      }
    }
    argument.value = emitExpr(arg);
    if (!argument.value)
      return {};
  }
  return emitInlinedBody(definition, bound);
}

Value KernelEmitter::emitInlinedBody(const clang::FunctionDecl *definition,
                                     llvm::ArrayRef<BoundArgument> bound) {
  for (auto [param, argument] : llvm::zip(definition->parameters(), bound)) {
    aliases.erase(param);
    if (argument.closure)
      closures[param] = *argument.closure;
    else if (argument.variable)
      aliases[param] = argument.variable;
    else
      values[param] = argument.value;
  }

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
          (tile::safety::isLambdaCallOperator(definition)
               ? std::string("a lambda that returns a value")
               : "helper '" + definition->getQualifiedNameAsString() + "'") +
              " must end with a return statement");
  return helper.result;
}
