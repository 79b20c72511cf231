//===- AssignedVariables.cpp - Variables a statement assigns --------------===//

#include "tile/Safety/AssignedVariables.h"
#include "tile/Safety/KernelLanguage.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace tile::safety;

namespace {

/// Appends the variables an lvalue may designate: the one it names, either
/// side of a `?:` of lvalues, the last operand of a comma.
void designatedVariables(const clang::Expr *target,
                         llvm::SmallVectorImpl<const clang::VarDecl *> &vars) {
  target = target->IgnoreParenImpCasts();
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(target)) {
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      vars.push_back(var);
  } else if (const auto *choice =
                 llvm::dyn_cast<clang::AbstractConditionalOperator>(target)) {
    designatedVariables(choice->getTrueExpr(), vars);
    designatedVariables(choice->getFalseExpr(), vars);
  } else if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(target)) {
    if (op->getOpcode() == clang::BO_Comma || op->isAssignmentOp())
      designatedVariables(op->isAssignmentOp() ? op->getLHS() : op->getRHS(),
                          vars);
  } else if (const auto *unary = llvm::dyn_cast<clang::UnaryOperator>(target)) {
    if (unary->isPrefix())
      designatedVariables(unary->getSubExpr(), vars);
  }
}

class AssignmentCollector
    : public clang::RecursiveASTVisitor<AssignmentCollector> {
public:
  explicit AssignmentCollector(VariableResolver resolve) : resolve(resolve) {}

  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    if (op->isAssignmentOp())
      add(op->getLHS());
    return true;
  }
  /// A variable whose address is taken may be written through the
  /// pointer (in an unsafe scope).
  bool VisitUnaryOperator(clang::UnaryOperator *op) {
    if (op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf)
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
  VariableResolver resolve;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 4> called;

  void add(const clang::Expr *target) {
    llvm::SmallVector<const clang::VarDecl *, 2> vars;
    designatedVariables(target, vars);
    for (const clang::VarDecl *var : vars) {
      variables.insert(var);
      variables.insert(resolve(var));
    }
  }
};

class ReadFinder : public clang::RecursiveASTVisitor<ReadFinder> {
public:
  ReadFinder(const llvm::SetVector<const clang::VarDecl *> &variables,
             VariableResolver resolve)
      : variables(variables), resolve(resolve) {}

  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) {
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      found =
          found || variables.contains(var) || variables.contains(resolve(var));
    return !found;
  }

  bool found = false;

private:
  const llvm::SetVector<const clang::VarDecl *> &variables;
  VariableResolver resolve;
};

} // namespace

const clang::VarDecl *tile::safety::namedVariable(const clang::Expr *expr) {
  const auto *ref =
      llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
  return ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
}

const clang::VarDecl *
tile::safety::referencedVariable(const clang::VarDecl *var) {
  while (var->getType()->isReferenceType() && var->getInit()) {
    const clang::VarDecl *target = namedVariable(var->getInit());
    if (!target || target == var)
      break;
    var = target;
  }
  return var;
}

bool tile::safety::bindsTemporary(const clang::VarDecl *var) {
  // Only a reference binds one, and Clang wraps every lifetime-extended
  // temporary in its cleanups.
  const clang::Expr *init = var->getInit();
  if (const auto *cleanups =
          llvm::dyn_cast_or_null<clang::ExprWithCleanups>(init))
    init = cleanups->getSubExpr();
  return llvm::isa_and_nonnull<clang::MaterializeTemporaryExpr>(init);
}

bool tile::safety::bindsVariableOrTemporary(const clang::VarDecl *var) {
  const clang::Expr *init = var->getInit();
  if (!var->getType()->isReferenceType() || !init || bindsTemporary(var))
    return true;
  return namedVariable(init) != nullptr;
}

std::string tile::safety::referenceBindingError(const clang::VarDecl *var) {
  return "reference '" + var->getName().str() +
         "' must be bound to a variable of the kernel, whose value it reads "
         "and writes; copy the value into a variable instead";
}

llvm::SetVector<const clang::VarDecl *>
tile::safety::collectAssignedVariables(const clang::Stmt *stmt,
                                       VariableResolver resolve) {
  AssignmentCollector collector(resolve);
  collector.TraverseStmt(const_cast<clang::Stmt *>(stmt));
  return std::move(collector.variables);
}

bool tile::safety::readsAny(
    const clang::Stmt *stmt,
    const llvm::SetVector<const clang::VarDecl *> &variables,
    VariableResolver resolve) {
  ReadFinder finder(variables, resolve);
  finder.TraverseStmt(const_cast<clang::Stmt *>(stmt));
  return finder.found;
}
