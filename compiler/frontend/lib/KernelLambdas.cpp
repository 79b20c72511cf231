//===- KernelLambdas.cpp - Lambdas, inlined at each call ------------------===//
//
// A lambda is a helper written in place. Making one evaluates what it
// captures by copy, init-captures included; calling one inlines its body
// with those values bound to the captured variables, its parameters bound
// to the arguments, and the variables it captures by reference read and
// assigned in place. A closure is called where it is made, kept in a local
// `auto` variable, or passed to a parameter of a helper or another lambda:
// wherever it goes, the frontend knows which lambda it holds.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "tile/Safety/KernelLanguage.h"

using namespace tile::frontend;
using mlir::Value;

/// Looks through what passes a closure along unchanged: parentheses,
/// temporaries, implicit conversions and copies.
static const clang::Expr *closureSource(const clang::Expr *expr) {
  while (true) {
    expr = expr->IgnoreParenImpCasts();
    if (const auto *bind = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(expr))
      expr = bind->getSubExpr();
    else if (const auto *construct =
                 llvm::dyn_cast<clang::CXXConstructExpr>(expr);
             construct && construct->getNumArgs() == 1 &&
             construct->getConstructor()->isCopyOrMoveConstructor())
      expr = construct->getArg(0);
    else
      return expr;
  }
}

std::optional<KernelEmitter::Closure>
KernelEmitter::emitClosure(const clang::Expr *expr) {
  const clang::Expr *source = closureSource(expr);
  if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(source)) {
    Closure closure{lambda, {}};
    for (auto [capture, init] :
         llvm::zip(lambda->captures(), lambda->capture_inits())) {
      // A captured closure is the enclosing one: it holds no values.
      if (!capture.capturesVariable() ||
          capture.getCaptureKind() != clang::LCK_ByCopy ||
          tile::safety::isClosureType(capture.getCapturedVar()->getType()))
        continue;
      Value value = emitExpr(init);
      if (!value)
        return std::nullopt;
      closure.copies.push_back({capture.getCapturedVar(), value});
    }
    return closure;
  }
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(source)) {
    if (auto it = closures.find(ref->getDecl()); it != closures.end())
      return it->second;
    // A constant lambda of namespace scope captures nothing.
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      if (var->hasGlobalStorage() && var->getInit())
        return emitClosure(var->getInit());
  }
  rejectClosure(expr);
  return std::nullopt;
}

void KernelEmitter::rejectClosure(const clang::Expr *expr) {
  const auto *call = llvm::dyn_cast<clang::CallExpr>(closureSource(expr));
  const clang::FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
  std::string returner;
  if (callee)
    returner = tile::safety::isLambdaCallOperator(callee)
                   ? "a lambda"
                   : "'" + callee->getQualifiedNameAsString() + "'";
  error(expr->getSourceRange(),
        "a lambda is called where it is made, kept in a local `auto` "
        "variable, or passed to a parameter of a helper; " +
            (callee ? returner + " returns this one, which cannot be followed"
                    : std::string("this one cannot be followed")) +
            " (define the lambda where it is used)");
  if (callee)
    note(callee->getLocation(), returner + " declared here");
}

Value KernelEmitter::withCaptures(const Closure &closure,
                                  llvm::function_ref<Value()> emit) {
  // The body sees the copies made with the lambda (a reference captured by
  // copy is a copy of its variable's value); the variables keep their own
  // values outside it.
  struct Outside {
    const clang::ValueDecl *var;
    Value value;
    const clang::VarDecl *alias;
  };
  llvm::SmallVector<Outside> outside;
  for (auto [var, value] : closure.copies) {
    outside.push_back({var, values.lookup(var), aliases.lookup(var)});
    aliases.erase(var);
    values[var] = value;
  }
  Value result = emit();
  for (const Outside &saved : outside) {
    if (saved.value)
      values[saved.var] = saved.value;
    else
      values.erase(saved.var);
    if (saved.alias)
      aliases[saved.var] = saved.alias;
  }
  return result;
}

Value KernelEmitter::emitLambdaCall(const clang::CallExpr *call,
                                    const clang::FunctionDecl *callOperator) {
  const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call);
  std::optional<Closure> closure = emitClosure(
      member ? member->getImplicitObjectArgument() : call->getArg(0));
  if (!closure)
    return {};
  const clang::FunctionDecl *definition = nullptr;
  callOperator->hasBody(definition);
  return withCaptures(*closure,
                      [&] { return emitInlinedCall(call, definition); });
}

/// The call operator of `lambda` that takes its parameters as `argType`:
/// the one operator, or the instantiation of a generic lambda's.
static const clang::FunctionDecl *
callOperatorFor(const clang::LambdaExpr *lambda, clang::QualType argType) {
  auto takes = [&](const clang::FunctionDecl *op) {
    return llvm::all_of(op->parameters(), [&](const clang::ParmVarDecl *p) {
      return p->getType()
                 .getNonReferenceType()
                 .getUnqualifiedType()
                 .getCanonicalType() == argType.getCanonicalType();
    });
  };
  if (const clang::FunctionTemplateDecl *generic =
          lambda->getDependentCallOperator()) {
    for (const clang::FunctionDecl *op : generic->specializations())
      if (takes(op))
        return op;
    return nullptr;
  }
  const clang::CXXMethodDecl *op = lambda->getCallOperator();
  return takes(op) ? op : nullptr;
}

Value KernelEmitter::emitClosureCall(const Closure &closure,
                                     llvm::ArrayRef<Value> args,
                                     clang::QualType argType,
                                     const clang::Expr *where) {
  const clang::FunctionDecl *callOperator =
      callOperatorFor(closure.lambda, argType);
  const clang::FunctionDecl *definition = nullptr;
  if (!callOperator || callOperator->getNumParams() != args.size() ||
      !callOperator->hasBody(definition)) {
    error(where->getSourceRange(),
          "the combiner takes " + llvm::Twine(args.size()) +
              " parameters of "
              "type '" +
              argType.getAsString() + "', the tile's element type");
    return {};
  }
  llvm::SmallVector<BoundArgument> bound;
  for (Value arg : args)
    bound.push_back({arg, std::nullopt, nullptr});
  return withCaptures(closure,
                      [&] { return emitInlinedBody(definition, bound); });
}
