//===- PointerOrigins.cpp - Where a kernel's raw pointers point -----------===//

#include "PointerOrigins.h"

#include "tile/Safety/AssignedVariables.h"
#include "tile/Safety/KernelLanguage.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace tile::safety;

/// Whether a variable of `type` holds an address: a pointer or a reference.
static bool holdsAddress(clang::QualType type) {
  return type->isPointerType() || type->isReferenceType() ||
         type->isArrayType();
}

namespace {

class SourceCollector : public clang::RecursiveASTVisitor<SourceCollector> {
public:
  SourceCollector(
      const clang::SourceManager &sm,
      llvm::DenseMap<const clang::VarDecl *,
                     llvm::SmallVector<const clang::Expr *, 2>> &sources,
      llvm::DenseMap<const clang::FunctionDecl *,
                     llvm::SmallVector<const clang::Expr *, 1>> &returns)
      : sm(sm), sources(sources), returns(returns) {}

  void walk(const clang::FunctionDecl *function) {
    if (!walked.insert(function).second)
      return;
    functions.push_back(function);
    TraverseStmt(function->getBody());
    functions.pop_back();
  }

  bool VisitVarDecl(clang::VarDecl *var) {
    if (holdsAddress(var->getType()) && var->getInit())
      sources[var].push_back(var->getInit());
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    if (op->getOpcode() != clang::BO_Assign)
      return true;
    const clang::VarDecl *var = namedVariable(op->getLHS());
    if (var && var->getType()->isPointerType())
      sources[var].push_back(op->getRHS());
    return true;
  }
  bool VisitReturnStmt(clang::ReturnStmt *ret) {
    if (ret->getRetValue() && functions.size() > 1)
      returns[functions.back()].push_back(ret->getRetValue());
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *call) {
    const clang::FunctionDecl *definition = inlinedDefinition(call, sm);
    if (!definition)
      return true;
    for (auto [param, arg] :
         llvm::zip(definition->parameters(), parameterArguments(call)))
      if (holdsAddress(param->getType()))
        sources[param].push_back(arg);
    walk(definition);
    return true;
  }
  /// A lambda's body runs where it is called (VisitCallExpr); making it
  /// evaluates its captures, an init-capture being a variable of its own.
  bool TraverseLambdaExpr(clang::LambdaExpr *lambda) {
    for (const clang::LambdaCapture &capture : lambda->captures())
      if (lambda->isInitCapture(&capture))
        if (auto *var =
                llvm::dyn_cast<clang::VarDecl>(capture.getCapturedVar()))
          VisitVarDecl(var);
    for (clang::Expr *init : lambda->capture_inits())
      if (init)
        TraverseStmt(init);
    return true;
  }

private:
  const clang::SourceManager &sm;
  llvm::DenseMap<const clang::VarDecl *,
                 llvm::SmallVector<const clang::Expr *, 2>> &sources;
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallVector<const clang::Expr *, 1>> &returns;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 8> walked;
  llvm::SmallVector<const clang::FunctionDecl *> functions;
};

} // namespace

PointerOrigins::PointerOrigins(const clang::FunctionDecl *kernel,
                               clang::ASTContext &ast)
    : ast(ast) {
  SourceCollector(ast.getSourceManager(), sources, returns).walk(kernel);
}

Origins PointerOrigins::of(const clang::Expr *expr) const {
  Origins origins;
  llvm::SmallPtrSet<const clang::VarDecl *, 8> seen;
  follow(expr, origins, seen);
  return origins;
}

void PointerOrigins::follow(
    const clang::Expr *expr, Origins &origins,
    llvm::SmallPtrSetImpl<const clang::VarDecl *> &seen) const {
  auto unknown = [&] {
    if (!origins.unknown)
      origins.unknown = expr;
  };
  expr = expr->IgnoreParenCasts();
  if (const auto *temporary =
          llvm::dyn_cast<clang::MaterializeTemporaryExpr>(expr))
    return follow(temporary->getSubExpr(), origins, seen);
  if (llvm::isa<clang::CXXNullPtrLiteralExpr, clang::IntegerLiteral>(expr))
    return;
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(expr)) {
    const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    if (!var)
      return unknown();
    clang::QualType type = var->getType();
    if (isKernelClass(type, "View") && !type->isPointerType()) {
      origins.views.insert(var);
      return;
    }
    if (isKernelClass(type, "Atomic") && !type->isPointerType()) {
      origins.atomics.insert(var);
      return;
    }
    // A plain variable is its own memory: a local, a piece, a scalar.
    if (!holdsAddress(type) || (type->isArrayType() && var->isLocalVarDecl()))
      return;
    if (!seen.insert(var).second)
      return;
    auto it = sources.find(var);
    if (it == sources.end())
      return unknown();
    for (const clang::Expr *source : it->second)
      follow(source, origins, seen);
    return;
  }
  if (const auto *subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(expr))
    return follow(subscript->getBase(), origins, seen);
  if (const auto *op = llvm::dyn_cast<clang::UnaryOperator>(expr))
    return follow(op->getSubExpr(), origins, seen);
  if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
    if (op->getOpcode() == clang::BO_Comma)
      return follow(op->getRHS(), origins, seen);
    if (op->isAssignmentOp())
      return follow(op->getLHS(), origins, seen);
    bool lhsPointer = op->getLHS()->getType()->isPointerType() ||
                      op->getLHS()->getType()->isArrayType();
    return follow(lhsPointer ? op->getLHS() : op->getRHS(), origins, seen);
  }
  if (const auto *choice =
          llvm::dyn_cast<clang::AbstractConditionalOperator>(expr)) {
    follow(choice->getTrueExpr(), origins, seen);
    return follow(choice->getFalseExpr(), origins, seen);
  }
  // A pointer kept in an object's member came from wherever the object was
  // filled: not followed. Other members are the object's own memory.
  if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(expr)) {
    if (holdsAddress(member->getType()))
      return unknown();
    return follow(member->getBase(), origins, seen);
  }
  if (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(expr)) {
    // The accessors of a view, a piece or an atomic output point into its
    // own memory.
    const clang::Expr *object = call->getImplicitObjectArgument();
    if (isKernelClass(object->getType(), "View") ||
        isKernelClass(object->getType(), "Piece") ||
        isKernelClass(object->getType(), "Atomic"))
      return follow(object, origins, seen);
  }
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(expr)) {
    const clang::FunctionDecl *definition =
        inlinedDefinition(call, ast.getSourceManager());
    auto it = definition ? returns.find(definition) : returns.end();
    if (it == returns.end())
      return unknown();
    for (const clang::Expr *value : it->second)
      follow(value, origins, seen);
    return;
  }
  unknown();
}
