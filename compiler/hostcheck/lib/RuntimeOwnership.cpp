//===- RuntimeOwnership.cpp - What the runtime's API moves ----------------===//

#include "RuntimeOwnership.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"

#include <cassert>

using namespace tile::hostcheck;

/// The record `type` names, through references and sugar.
static const clang::CXXRecordDecl *recordOf(clang::QualType type) {
  return type.getNonReferenceType()->getAsCXXRecordDecl();
}

/// Whether `decl` is tile::rt::`name`.
static bool isRuntimeDecl(const clang::NamedDecl *decl, llvm::StringRef name) {
  if (!decl || !decl->getIdentifier() || decl->getName() != name)
    return false;
  const auto *rt = llvm::dyn_cast<clang::NamespaceDecl>(decl->getDeclContext());
  if (!rt || !rt->getIdentifier() || rt->getName() != "rt")
    return false;
  const auto *tile = llvm::dyn_cast<clang::NamespaceDecl>(rt->getParent());
  return tile && tile->getIdentifier() && tile->getName() == "tile" &&
         tile->getParent()->isTranslationUnit();
}

static bool isRuntimeRecord(clang::QualType type, llvm::StringRef name) {
  return isRuntimeDecl(recordOf(type), name);
}

/// The wrapper kinds, in the order of WrapperKind.
static const WrapperInfo wrappers[] = {
    {WrapperKind::Partition, "Partition", "partition", "unpartition()",
     "partition", "a partition"},
    {WrapperKind::AtomicOutput, "AtomicOutput", "atomic", "release()",
     "atomic output", "an atomic output"},
};

const WrapperInfo &tile::hostcheck::wrapperInfo(WrapperKind kind) {
  const WrapperInfo &info = wrappers[static_cast<size_t>(kind)];
  assert(info.kind == kind && "wrappers[] follows the order of WrapperKind");
  return info;
}

std::optional<WrapperKind>
tile::hostcheck::wrapperKindOf(clang::QualType type) {
  const clang::CXXRecordDecl *record = recordOf(type);
  for (const WrapperInfo &info : wrappers)
    if (isRuntimeDecl(record, info.record))
      return info.kind;
  return std::nullopt;
}

bool tile::hostcheck::isOwningType(clang::QualType type) {
  return isRuntimeRecord(type, "Tensor") || isRuntimeRecord(type, "TensorOf") ||
         wrapperKindOf(type).has_value();
}

const clang::VarDecl *tile::hostcheck::owningVariable(const clang::Expr *expr) {
  const auto *ref =
      llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
  if (!ref)
    return nullptr;
  const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
  if (!var || !var->hasLocalStorage() || !isOwningType(var->getType()))
    return nullptr;
  return var;
}

/// The nearest ancestor of `stmt` that is not a parenthesis, an implicit
/// conversion or the bookkeeping of temporaries; `child` becomes the node
/// right below it. Null at the top.
static const clang::Stmt *enclosing(const clang::Stmt *stmt,
                                    const clang::ParentMap &parents,
                                    const clang::Stmt *&child) {
  child = stmt;
  const clang::Stmt *parent = parents.getParent(stmt);
  while (parent &&
         (llvm::isa<clang::ParenExpr, clang::ImplicitCastExpr,
                    clang::MaterializeTemporaryExpr,
                    clang::CXXBindTemporaryExpr, clang::FullExpr>(parent))) {
    child = parent;
    parent = parents.getParent(parent);
  }
  return parent;
}

static bool isStdFunction(const clang::CallExpr *call, llvm::StringRef name) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  return callee && callee->isInStdNamespace() && callee->getIdentifier() &&
         callee->getName() == name;
}

/// `std::move(x)` or `static_cast<T &&>(x)`.
static bool isMove(const clang::Stmt *stmt) {
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt))
    return isStdFunction(call, "move") && call->getNumArgs() == 1;
  if (const auto *cast = llvm::dyn_cast<clang::CXXStaticCastExpr>(stmt))
    return cast->getType()->isRecordType() && cast->isXValue();
  return false;
}

/// A call that takes ownership until its result gives it back: one that
/// returns a tile::rt::Future (launch, typed kernels, BLAS products, the
/// program's own functions around them) or Graph::update.
static bool isLaunch(const clang::Stmt *stmt) {
  const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt);
  if (!call)
    return false;
  if (isRuntimeRecord(call->getType(), "Future"))
    return true;
  const auto *method =
      llvm::dyn_cast_or_null<clang::CXXMethodDecl>(call->getDirectCallee());
  return method && method->getIdentifier() && method->getName() == "update" &&
         isRuntimeDecl(method->getParent(), "Graph");
}

static bool isArgumentOf(const clang::Stmt *call, const clang::Stmt *child) {
  const auto *asCall = llvm::dyn_cast<clang::CallExpr>(call);
  return asCall && llvm::is_contained(asCall->arguments(), child);
}

/// The member call whose object is `child` (below `parent`), if any.
static const clang::CXXMemberCallExpr *
memberCallOn(const clang::Stmt *parent, const clang::Stmt *child,
             const clang::ParentMap &parents) {
  const auto *member = llvm::dyn_cast_or_null<clang::MemberExpr>(parent);
  if (!member || member->getBase() != child)
    return nullptr;
  return llvm::dyn_cast_or_null<clang::CXXMemberCallExpr>(
      parents.getParent(member));
}

/// The wrapper kind that `method`, a method of tile::rt::Tensor, moves the
/// tensor into, if it is one of their makers.
static std::optional<WrapperKind>
wrapperMadeBy(const clang::CXXMethodDecl *method) {
  if (!method || !method->getIdentifier() ||
      !isRuntimeDecl(method->getParent(), "Tensor"))
    return std::nullopt;
  for (const WrapperInfo &info : wrappers)
    if (method->getName() == info.maker)
      return info.kind;
  return std::nullopt;
}

/// Where `move` (of an owning variable) takes the variable: into a wrapper
/// (a partition, an atomic output), a launch or both. Other destinations
/// (another variable, a function that returns no future) leave the result
/// empty.
static OwnershipMove followMove(const clang::Expr *move,
                                const clang::ParentMap &parents) {
  OwnershipMove result;
  const clang::Stmt *child;
  const clang::Stmt *parent = enclosing(move, parents, child);
  // A by-value parameter is move-constructed from it.
  if (const auto *construct =
          llvm::dyn_cast_or_null<clang::CXXConstructExpr>(parent))
    if (construct->getConstructor()->isMoveConstructor())
      parent = enclosing(construct, parents, child);

  if (const clang::CXXMemberCallExpr *call =
          memberCallOn(parent, child, parents)) {
    if (std::optional<WrapperKind> kind =
            wrapperMadeBy(call->getMethodDecl())) {
      result.wrapper = call;
      result.wrapperKind = *kind;
    }
  } else if (const auto *construct =
                 llvm::dyn_cast_or_null<clang::CXXConstructExpr>(parent)) {
    std::optional<WrapperKind> kind = wrapperKindOf(construct->getType());
    if (kind && construct->getNumArgs() > 0 && construct->getArg(0) == child) {
      result.wrapper = construct;
      result.wrapperKind = *kind;
    }
  }
  if (result.wrapper) {
    parent = enclosing(result.wrapper, parents, child);
    // `AtomicOutput(std::move(y))`, one argument, is a functional cast
    // around the construction.
    if (const auto *cast =
            llvm::dyn_cast_or_null<clang::CXXFunctionalCastExpr>(parent))
      parent = enclosing(cast, parents, child);
  }
  if (parent && isLaunch(parent) && isArgumentOf(parent, child))
    result.launch = llvm::cast<clang::Expr>(parent);
  if (result.wrapper || result.launch)
    result.move = move;
  return result;
}

Reference tile::hostcheck::classifyReference(const clang::DeclRefExpr *ref,
                                             const clang::ParentMap &parents) {
  const clang::Stmt *child;
  const clang::Stmt *parent = enclosing(ref, parents, child);
  if (!parent)
    return {};
  if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(parent))
    return {ReferenceRole::Capture, {}, lambda};
  if (const clang::CXXMemberCallExpr *call =
          memberCallOn(parent, child, parents)) {
    const clang::CXXMethodDecl *method = call->getMethodDecl();
    if (method && method->getIdentifier() && method->getName() == "valid")
      return {ReferenceRole::ValidityCheck};
    return {};
  }
  if (const auto *assign = llvm::dyn_cast<clang::CXXOperatorCallExpr>(parent))
    if (assign->getOperator() == clang::OO_Equal && assign->getArg(0) == child)
      return {ReferenceRole::Assigned};
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(parent);
      call && isStdFunction(call, "tie")) {
    const clang::Stmt *tie;
    const auto *assign = llvm::dyn_cast_or_null<clang::CXXOperatorCallExpr>(
        enclosing(call, parents, tie));
    if (assign && assign->getOperator() == clang::OO_Equal &&
        assign->getArg(0) == tie)
      return {ReferenceRole::Assigned};
  }
  if (isMove(parent)) {
    OwnershipMove move = followMove(llvm::cast<clang::Expr>(parent), parents);
    if (move.move)
      return {ReferenceRole::MoveIntoRuntime, move};
  }
  return {};
}

llvm::SmallVector<const clang::VarDecl *, 2>
tile::hostcheck::reinitializedVariables(const clang::Stmt *element) {
  llvm::SmallVector<const clang::VarDecl *, 2> variables;
  if (const auto *declStmt = llvm::dyn_cast<clang::DeclStmt>(element)) {
    for (const clang::Decl *decl : declStmt->decls())
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(decl);
          var && isOwningType(var->getType()))
        variables.push_back(var);
    return variables;
  }
  const auto *assign = llvm::dyn_cast<clang::CXXOperatorCallExpr>(element);
  if (!assign || assign->getOperator() != clang::OO_Equal)
    return variables;
  const clang::Expr *target = assign->getArg(0)->IgnoreImplicit();
  if (const clang::VarDecl *var = owningVariable(target)) {
    variables.push_back(var);
  } else if (const auto *tie = llvm::dyn_cast<clang::CallExpr>(target);
             tie && isStdFunction(tie, "tie")) {
    for (const clang::Expr *arg : tie->arguments())
      if (const clang::VarDecl *var = owningVariable(arg))
        variables.push_back(var);
  }
  return variables;
}
