//===- KernelChecker.cpp - The walk over a kernel and its helpers ---------===//

#include "KernelChecker.h"

#include "tile/Analysis/AssignedVariables.h"
#include "tile/Analysis/CountedLoop.h"
#include "tile/Analysis/KernelLanguage.h"

using namespace tile::analysis;

bool tile::analysis::checkKernel(const clang::FunctionDecl *kernel,
                                 clang::ASTContext &ast,
                                 clang::DiagnosticsEngine &diags,
                                 std::vector<UnsafeScope> &scopes) {
  return KernelChecker(kernel, ast, diags, scopes).run();
}

KernelChecker::KernelChecker(const clang::FunctionDecl *kernel,
                             clang::ASTContext &ast,
                             clang::DiagnosticsEngine &diags,
                             std::vector<UnsafeScope> &scopes)
    : kernel(kernel), ast(ast), diags(diags), scopes(scopes), ranges(ast) {}

bool KernelChecker::run() {
  helpers.push_back(kernel);
  reassigned = collectAssignedVariables(kernel->getBody());
  visit(kernel->getBody());
  helpers.pop_back();
  return !diags.failed();
}

std::string KernelChecker::kernelName() const { return displayName(kernel); }

std::string KernelChecker::describe(const clang::ValueDecl *decl) const {
  clang::QualType type = decl->getType();
  if (isKernelClass(type, "Piece"))
    return "an output piece of shape " + formatShape(kernelShape(type));
  if (isKernelClass(type, "View"))
    return "an input view";
  return "";
}

void KernelChecker::visit(const clang::Stmt *stmt) {
  if (!stmt)
    return;
  if (const auto *attributed = llvm::dyn_cast<clang::AttributedStmt>(stmt))
    if (std::optional<std::string> reason = unsafeReason(attributed)) {
      enterUnsafeScope(attributed, *reason);
      ++unsafeDepth;
      visit(attributed->getSubStmt());
      --unsafeDepth;
      return;
    }
  if (!check(stmt))
    return;
  bindRanges(stmt);
  // A lambda's body is walked where it is called, like a helper's; making
  // the lambda evaluates its captures.
  if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(stmt)) {
    for (const clang::Expr *init : lambda->capture_inits())
      visit(init);
    return;
  }
  // A default argument is evaluated at the call.
  if (const auto *defaulted = llvm::dyn_cast<clang::CXXDefaultArgExpr>(stmt))
    visit(defaulted->getExpr());
  for (const clang::Stmt *child : stmt->children())
    visit(child);
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt))
    if (const clang::FunctionDecl *definition =
            inlinedDefinition(call, ast.getSourceManager()))
      visitHelper(call, definition);
}

bool KernelChecker::check(const clang::Stmt *stmt) {
  if (const auto *asmStmt = llvm::dyn_cast<clang::AsmStmt>(stmt))
    return checkAsm(asmStmt);
  if (const auto *decls = llvm::dyn_cast<clang::DeclStmt>(stmt)) {
    bool ok = true;
    for (const clang::Decl *decl : decls->decls())
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(decl))
        ok = checkStaticLocal(var) && checkInitialized(var) &&
             (takesPieceAddress(var) || checkRawPointer(var)) && ok;
    return ok;
  }
  if (const auto *ret = llvm::dyn_cast<clang::ReturnStmt>(stmt))
    return checkPieceReturn(ret);
  if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(stmt))
    return checkLambda(lambda) && checkPieceCaptures(lambda);
  if (llvm::isa<clang::CXXNewExpr, clang::CXXDeleteExpr>(stmt))
    return checkAllocation(llvm::cast<clang::Expr>(stmt));
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stmt))
    return checkGlobalState(ref);
  if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(stmt))
    return checkPieceConstruction(construct) &&
           checkPieceStoredIn(construct,
                              {construct->getArgs(), construct->getNumArgs()});
  if (const auto *list = llvm::dyn_cast<clang::InitListExpr>(stmt))
    return checkPieceStoredIn(list, {list->getInits(), list->getNumInits()});
  if (const auto *op = llvm::dyn_cast<clang::UnaryOperator>(stmt)) {
    if (op->getOpcode() == clang::UO_AddrOf)
      return checkPieceAddress(op) && checkRawPointer(op);
    if (op->isIncrementDecrementOp())
      return checkWriteTarget(op->getSubExpr(), op);
    return checkRawPointer(op);
  }
  if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(stmt)) {
    if (op->isAssignmentOp() && !checkWriteTarget(op->getLHS(), op))
      return false;
    return checkOverflow(op) && checkRawPointer(op);
  }
  if (const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(stmt))
    return checkImplicitConversion(cast);
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt)) {
    if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call))
      if (op->isAssignmentOp() && !checkWriteTarget(op->getArg(0), op))
        return false;
    return checkCall(call);
  }
  return checkRawPointer(stmt);
}

void KernelChecker::bindRanges(const clang::Stmt *stmt) {
  auto bindInitialized = [&](const clang::VarDecl *var) {
    if (var->getType()->isIntegerType() && var->hasInit() &&
        !reassigned.contains(var))
      ranges.bind(var, ranges.of(var->getInit()));
  };
  if (const auto *decls = llvm::dyn_cast<clang::DeclStmt>(stmt)) {
    for (const clang::Decl *decl : decls->decls())
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(decl))
        bindInitialized(var);
    return;
  }
  // An init-capture `[n = expr]` is a variable initialized where the
  // lambda is made.
  if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(stmt)) {
    for (const clang::LambdaCapture &capture : lambda->captures())
      if (lambda->isInitCapture(&capture))
        if (const auto *var =
                llvm::dyn_cast<clang::VarDecl>(capture.getCapturedVar()))
          bindInitialized(var);
    return;
  }
  // for (int i = start; i < end; i += step): i lies in [start, last], last
  // the largest start + k * step below end (from a known start; end - 1
  // otherwise).
  const auto *loop = llvm::dyn_cast<clang::ForStmt>(stmt);
  std::optional<CountedLoop> counted =
      loop ? matchCountedLoop(loop, ast) : std::nullopt;
  if (!counted || reassignedIn(loop->getBody(), counted->var))
    return;
  const clang::VarDecl *var = counted->var;
  IndexRange start = ranges.of(var->getInit());
  IndexRange end = ranges.of(counted->cond->getRHS());
  if (!start.known || !end.known) {
    ranges.bind(var, IndexRange::unknown());
    return;
  }
  __int128 last =
      counted->cond->getOpcode() == clang::BO_LT ? end.hi - 1 : end.hi;
  if (last > start.lo && start.lo == start.hi && counted->step &&
      *counted->step > 0)
    last = start.lo + (last - start.lo) / *counted->step * *counted->step;
  ranges.bind(var, IndexRange::of(start.lo, std::max(start.lo, last)));
}

bool KernelChecker::takesPieceAddress(const clang::VarDecl *var) const {
  const auto *op = llvm::dyn_cast_or_null<clang::UnaryOperator>(
      var->getInit() ? var->getInit()->IgnoreParenImpCasts() : nullptr);
  return op && op->getOpcode() == clang::UO_AddrOf &&
         pieceNamedBy(op->getSubExpr());
}

bool KernelChecker::reassignedIn(const clang::Stmt *body,
                                 const clang::VarDecl *var) const {
  return body && collectAssignedVariables(body).contains(var);
}

void KernelChecker::visitHelper(const clang::CallExpr *call,
                                const clang::FunctionDecl *definition) {
  if (llvm::is_contained(helpers, definition)) {
    if (isLambdaCallOperator(definition)) {
      diags.error(call->getSourceRange(),
                  "a lambda calls itself; kernels, their helpers and their "
                  "lambdas cannot recurse");
      diags.note(llvm::cast<clang::CXXMethodDecl>(definition)
                     ->getParent()
                     ->getLocation(),
                 "the lambda is defined here");
      return;
    }
    diags.error(call->getSourceRange(),
                "'" + definition->getQualifiedNameAsString() +
                    "' calls itself; kernels and their helpers cannot "
                    "recurse");
    diags.note(definition->getLocation(),
               "'" + displayName(definition) + "' defined here");
    return;
  }
  // A helper's (or a lambda's) integer parameters take the ranges of the
  // arguments.
  llvm::SetVector<const clang::VarDecl *> assigned =
      collectAssignedVariables(definition->getBody());
  for (auto [param, arg] :
       llvm::zip(definition->parameters(), parameterArguments(call)))
    if (param->getType()->isIntegerType() && !assigned.contains(param))
      ranges.bind(param, ranges.of(arg));
  reassigned.insert_range(assigned);
  helpers.push_back(definition);
  visit(definition->getBody());
  helpers.pop_back();
}
