//===- KernelChecker.cpp - The walk over a kernel and its helpers ---------===//

#include "KernelChecker.h"

#include "tile/Safety/AssignedVariables.h"
#include "tile/Safety/CountedLoop.h"
#include "tile/Safety/KernelLanguage.h"

#include "clang/Basic/SourceManager.h"

using namespace tile::safety;

bool tile::safety::checkKernel(const clang::FunctionDecl *kernel,
                               clang::ASTContext &ast,
                               clang::DiagnosticsEngine &diags,
                               SafetyFindings &findings, bool checksAreErrors) {
  return KernelChecker(kernel, ast, diags, findings, checksAreErrors).run();
}

KernelChecker::KernelChecker(const clang::FunctionDecl *kernel,
                             clang::ASTContext &ast,
                             clang::DiagnosticsEngine &diags,
                             SafetyFindings &findings, bool checksAreErrors)
    : kernel(kernel), ast(ast), diags(diags), findings(findings),
      checksAreErrors(checksAreErrors),
      ranges(
          ast,
          [this](const clang::VarDecl *var) { return resolveVariable(var); }),
      pointers(kernel, ast) {}

bool KernelChecker::run() {
  helpers.push_back({kernel, std::nullopt});
  visit(kernel->getBody());
  helpers.pop_back();
  return !diags.failed();
}

std::string KernelChecker::kernelName() const { return displayName(kernel); }

std::string KernelChecker::locationOf(clang::SourceLocation at) const {
  const clang::SourceManager &sm = ast.getSourceManager();
  clang::PresumedLoc where = sm.getPresumedLoc(sm.getExpansionLoc(at));
  if (!where.isValid())
    return "<unknown>";
  return (llvm::Twine(where.getFilename()) + ":" +
          llvm::Twine(where.getLine()) + ":" + llvm::Twine(where.getColumn()))
      .str();
}

std::string KernelChecker::describe(const clang::ValueDecl *decl) const {
  clang::QualType type = decl->getType();
  if (isKernelClass(type, "Piece"))
    return (isInputPiece(type) ? "an input piece of shape "
                               : "an output piece of shape ") +
           formatShape(kernelShape(type));
  if (isKernelClass(type, "View"))
    return "an input view";
  if (isKernelClass(type, "Atomic"))
    return "an atomic output";
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
  // A launch precondition holds from where it stands on: the runtime checks
  // it before the launch (and host mode here). So does an assertion's
  // condition after it: a program where it fails stops there. Their texts
  // are no pointers of the kernel's.
  const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt);
  std::optional<llvm::StringRef> operation =
      call ? kernelOperationName(call->getDirectCallee()) : std::nullopt;
  if (operation == "require" || operation == "kernel_assert") {
    const clang::Expr *cond = call->getArg(0)->IgnoreImplicitAsWritten();
    if (const auto *toBool = llvm::dyn_cast<clang::CXXStaticCastExpr>(cond))
      cond = toBool->getSubExpr();
    visit(cond);
    ranges.refine(cond, true);
    return;
  }
  if (const auto *branch = llvm::dyn_cast<clang::IfStmt>(stmt))
    return visitIf(branch);
  if (const auto *loop = llvm::dyn_cast<clang::ForStmt>(stmt))
    return visitFor(loop);
  if (const auto *loop = llvm::dyn_cast<clang::WhileStmt>(stmt)) {
    visit(loop->getConditionVariableDeclStmt());
    return visitWhile(loop->getCond(), loop->getBody(), /*condFirst=*/true);
  }
  if (const auto *loop = llvm::dyn_cast<clang::DoStmt>(stmt))
    return visitWhile(loop->getCond(), loop->getBody(), /*condFirst=*/false);
  if (llvm::isa<clang::BreakStmt, clang::ContinueStmt>(stmt)) {
    if (!loopExits.empty())
      loopExits.back().push_back(ranges.state());
    return;
  }
  // A lambda's body is walked where it is called, like a helper's; making
  // the lambda evaluates its captures.
  if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(stmt)) {
    for (const clang::Expr *init : lambda->capture_inits())
      visit(init);
    updateRanges(stmt);
    recordCaptures(lambda);
    return;
  }
  if (const auto *choice = llvm::dyn_cast<clang::ConditionalOperator>(stmt))
    visitBranches(choice->getCond(), choice->getTrueExpr(),
                  choice->getFalseExpr());
  else if (const auto *logical = llvm::dyn_cast<clang::BinaryOperator>(stmt);
           logical && logical->isLogicalOp())
    visitLogical(logical);
  else {
    // A default argument is evaluated at the call.
    if (const auto *defaulted = llvm::dyn_cast<clang::CXXDefaultArgExpr>(stmt))
      visit(defaulted->getExpr());
    for (const clang::Stmt *child : stmt->children())
      visit(child);
  }
  if (call) {
    // A combiner's body runs inside tile::reduce or tile::scan, after the
    // arguments made its lambda.
    if (operation == "reduce" || operation == "scan")
      visitCombiner(call->getArg(1));
    else if (const clang::FunctionDecl *definition =
                 inlinedDefinition(call, ast.getSourceManager()))
      visitHelper(call, definition);
  }
  checkRanges(stmt);
  updateRanges(stmt);
}

bool KernelChecker::check(const clang::Stmt *stmt) {
  if (const auto *asmStmt = llvm::dyn_cast<clang::AsmStmt>(stmt))
    return checkAsm(asmStmt);
  if (const auto *decls = llvm::dyn_cast<clang::DeclStmt>(stmt)) {
    bool ok = true;
    for (const clang::Decl *decl : decls->decls())
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(decl)) {
        ok = checkStaticLocal(var) && checkInitialized(var) &&
             checkReferenceBinding(var) && ok;
        // A raw pointer variable is reported, and its initializer is still
        // checked: what it holds may be an error of its own.
        if (!takesPieceAddress(var))
          checkRawPointer(var);
      }
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
    return checkEvaluationOrder(construct) &&
           checkPieceConstruction(construct) &&
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
    if (!checkEvaluationOrder(op))
      return false;
    if (op->isAssignmentOp() && !checkWriteTarget(op->getLHS(), op))
      return false;
    if (const auto *compound =
            llvm::dyn_cast<clang::CompoundAssignOperator>(op))
      if (!checkCompoundNarrowing(compound))
        return false;
    return checkRawPointer(op);
  }
  if (const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(stmt))
    return checkImplicitConversion(cast);
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt)) {
    if (!checkEvaluationOrder(call))
      return false;
    if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call))
      if (op->isAssignmentOp() && !checkWriteTarget(op->getArg(0), op))
        return false;
    return checkCall(call);
  }
  return checkRawPointer(stmt);
}

void KernelChecker::checkRanges(const clang::Stmt *stmt) {
  if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(stmt))
    return checkOverflow(op);
  const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt);
  if (call)
    checkIndexWidth(call);
  const auto *method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(
      call ? call->getDirectCallee() : nullptr);
  if (!method)
    return;
  clang::QualType object = ast.getCanonicalTagType(method->getParent());
  if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call))
    if (isKernelClass(object, "Piece") && method->getName() == "store_at")
      checkStoreIndices(member);
    else if (isKernelClass(object, "Piece") && method->getName() == "scatter")
      checkScatter(member);
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call))
    if (isKernelClass(object, "Tile") &&
        op->getOperator() == clang::OO_Subscript)
      checkElementAccess(op);
}

bool KernelChecker::takesPieceAddress(const clang::VarDecl *var) const {
  const auto *op = llvm::dyn_cast_or_null<clang::UnaryOperator>(
      var->getInit() ? var->getInit()->IgnoreParenImpCasts() : nullptr);
  return op && op->getOpcode() == clang::UO_AddrOf &&
         pieceNamedBy(op->getSubExpr());
}

std::optional<IndexRange>
KernelChecker::visitBody(const clang::FunctionDecl *definition) {
  // A lambda's body reads its by-copy captures as they were when it was
  // made; the variables keep their own ranges outside it.
  llvm::SmallVector<std::pair<const clang::VarDecl *, IndexRange>> outside;
  if (isLambdaCallOperator(definition))
    for (auto [var, made] : captures.lookup(
             llvm::cast<clang::CXXMethodDecl>(definition)->getParent())) {
      copies.insert(var);
      outside.push_back({var, ranges.lookup(var)});
      ranges.bind(var, made);
    }
  helpers.push_back({definition, std::nullopt});
  visit(definition->getBody());
  std::optional<IndexRange> result = helpers.pop_back_val().result;
  for (auto [var, range] : outside) {
    ranges.bind(var, range);
    copies.erase(var);
  }
  return result;
}

void KernelChecker::visitCombiner(const clang::Expr *closure) {
  const auto *lambda = closure->getType()->getAsCXXRecordDecl();
  if (!lambda || !lambda->isLambda())
    return;
  // A generic lambda's body is walked as each instantiation the kernel's
  // combination made.
  llvm::SmallVector<const clang::FunctionDecl *> operators;
  if (const clang::FunctionTemplateDecl *generic =
          lambda->getDependentLambdaCallOperator())
    llvm::append_range(operators, generic->specializations());
  else
    operators.push_back(lambda->getLambdaCallOperator());
  for (const clang::FunctionDecl *op : operators) {
    const clang::FunctionDecl *definition = nullptr;
    if (!op->hasBody(definition))
      continue;
    // The elements it combines may be any values.
    for (const clang::ParmVarDecl *param : definition->parameters()) {
      aliases.erase(param);
      ranges.bind(param, IndexRange::unknown());
    }
    visitBody(definition);
  }
}

void KernelChecker::visitHelper(const clang::CallExpr *call,
                                const clang::FunctionDecl *definition) {
  if (llvm::any_of(helpers, [&](const Frame &frame) {
        return frame.definition == definition;
      })) {
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
  if (isLambdaCallOperator(definition) && !checkCopiesNotWritten(call))
    return;
  bindParameters(call, definition);
  std::optional<IndexRange> result = visitBody(definition);
  ranges.setCallResult(call, result ? *result : IndexRange::unknown());
}
