//===- AssignedVariables.cpp - Variables a statement assigns --------------===//

#include "tile/Analysis/AssignedVariables.h"
#include "tile/Analysis/KernelLanguage.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace tile::analysis;

namespace {

/// The variable an assignment's left-hand side names, if it is one.
const clang::VarDecl *assignedVariable(const clang::Expr *target) {
  const auto *ref =
      llvm::dyn_cast<clang::DeclRefExpr>(target->IgnoreParenImpCasts());
  return ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
}

class AssignmentCollector
    : public clang::RecursiveASTVisitor<AssignmentCollector> {
public:
  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    if (op->isAssignmentOp())
      add(op->getLHS());
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *op) {
    if (op->isIncrementDecrementOp())
      add(op->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *call) {
    if (call->isAssignmentOp() && call->getNumArgs() > 0)
      add(call->getArg(0));
    return true;
  }
  /// A lambda assigns the variables it captures by reference where it is
  /// called, possibly from inside a helper it was passed to: the bodies of
  /// the lambdas and helpers a statement calls are part of it.
  bool VisitCallExpr(clang::CallExpr *call) {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (!callee)
      return true;
    const clang::FunctionDecl *definition =
        inlinedDefinition(call, callee->getASTContext().getSourceManager());
    if (!definition)
      return true;
    // A variable passed by non-const reference takes the parameter's value.
    for (auto [param, arg] :
         llvm::zip(definition->parameters(), parameterArguments(call)))
      if (isWrittenBack(param))
        add(arg);
    if (called.insert(definition).second)
      TraverseStmt(definition->getBody());
    return true;
  }
  /// A lambda's body runs where the lambda is called, not where it is made.
  bool TraverseLambdaExpr(clang::LambdaExpr *lambda) {
    for (clang::Expr *init : lambda->capture_inits())
      if (init)
        TraverseStmt(init);
    return true;
  }

  llvm::SetVector<const clang::VarDecl *> variables;

private:
  llvm::SmallPtrSet<const clang::FunctionDecl *, 4> called;

  void add(const clang::Expr *target) {
    if (const clang::VarDecl *var = assignedVariable(target))
      variables.insert(var);
  }
};

class ReadFinder : public clang::RecursiveASTVisitor<ReadFinder> {
public:
  explicit ReadFinder(const llvm::SetVector<const clang::VarDecl *> &variables)
      : variables(variables) {}

  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) {
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      found = found || variables.contains(var);
    return !found;
  }

  bool found = false;

private:
  const llvm::SetVector<const clang::VarDecl *> &variables;
};

} // namespace

llvm::SetVector<const clang::VarDecl *>
tile::analysis::collectAssignedVariables(const clang::Stmt *stmt) {
  AssignmentCollector collector;
  collector.TraverseStmt(const_cast<clang::Stmt *>(stmt));
  return std::move(collector.variables);
}

bool tile::analysis::readsAny(
    const clang::Stmt *stmt,
    const llvm::SetVector<const clang::VarDecl *> &variables) {
  ReadFinder finder(variables);
  finder.TraverseStmt(const_cast<clang::Stmt *>(stmt));
  return finder.found;
}
