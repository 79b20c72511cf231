//===- UnsafeConstructs.cpp - What only an unsafe scope admits ------------===//
//
// Raw pointers, pointer arithmetic and reinterpreting casts escape the
// piece/view discipline; inline assembly and thread-level primitives break
// the single-threaded semantics of a program. They are rejected outside a
// TILE_UNSAFE scope. Dynamic allocation and mutable global or static state
// are rejected everywhere: programs run concurrently and own no heap.
//
//===----------------------------------------------------------------------===//

#include "KernelChecker.h"

#include "tile/Safety/KernelLanguage.h"

using namespace tile::safety;

/// The remedy every raw construct's message ends with.
static constexpr llvm::StringLiteral kOnlyUnsafe =
    " is allowed only in an unsafe scope: TILE_UNSAFE(\"why it is safe\") "
    "{ ... }";

static bool isPointerLike(clang::QualType type) {
  return type->isPointerType() || type->isMemberPointerType();
}

/// What makes `stmt` a raw construct, or empty.
static std::string rawConstruct(const clang::Stmt *stmt) {
  if (const auto *op = llvm::dyn_cast<clang::UnaryOperator>(stmt)) {
    if (op->getOpcode() == clang::UO_Deref)
      return "dereferencing a raw pointer";
    if (op->getOpcode() == clang::UO_AddrOf)
      return "taking an address";
    if (op->isIncrementDecrementOp() &&
        isPointerLike(op->getSubExpr()->getType()))
      return "pointer arithmetic";
    return "";
  }
  if (const auto *subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(stmt))
    return isPointerLike(subscript->getBase()->getType()) ||
                   subscript->getBase()->getType()->isArrayType()
               ? "indexing a raw pointer"
               : "";
  if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(stmt))
    return isPointerLike(op->getLHS()->getType()) ||
                   isPointerLike(op->getRHS()->getType())
               ? "pointer arithmetic"
               : "";
  if (llvm::isa<clang::CXXReinterpretCastExpr>(stmt))
    return "reinterpret_cast";
  if (llvm::isa<clang::CXXConstCastExpr>(stmt))
    return "const_cast";
  if (const auto *cast = llvm::dyn_cast<clang::ExplicitCastExpr>(stmt))
    return isPointerLike(cast->getType()) || cast->getType()->isReferenceType()
               ? "a cast to '" + cast->getType().getAsString() + "'"
               : "";
  if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(stmt))
    return member->isArrow() ? "member access through a raw pointer" : "";
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(stmt))
    return isPointerLike(call->getType()) ? "a call that returns a raw pointer"
                                          : "";
  return "";
}

bool KernelChecker::checkRawPointer(const clang::Stmt *stmt) {
  if (inUnsafeScope())
    return true;
  std::string what = rawConstruct(stmt);
  if (what.empty())
    return true;
  diags.error(stmt->getSourceRange(), what + kOnlyUnsafe);
  return false;
}

bool KernelChecker::checkRawPointer(const clang::VarDecl *var) {
  if (inUnsafeScope() || !isPointerLike(var->getType()))
    return true;
  diags.error(var->getSourceRange(),
              "raw pointer variable '" + var->getName() + "'" + kOnlyUnsafe);
  return false;
}

bool KernelChecker::checkAsm(const clang::AsmStmt *stmt) {
  if (inUnsafeScope())
    return true;
  diags.error(stmt->getSourceRange(),
              llvm::Twine("inline assembly") + kOnlyUnsafe);
  return false;
}

bool KernelChecker::checkUnsafePrimitive(const clang::CallExpr *call) {
  if (inUnsafeScope())
    return true;
  const clang::FunctionDecl *callee = call->getDirectCallee();
  diags.error(call->getSourceRange(),
              "'" + callee->getQualifiedNameAsString() +
                  "' is a thread-level primitive: it breaks the "
                  "single-threaded semantics of a program and" +
                  kOnlyUnsafe);
  diags.note(callee->getLocation(),
             "'" + callee->getQualifiedNameAsString() + "' declared here");
  return false;
}

bool KernelChecker::checkAllocation(const clang::Expr *expr) {
  diags.error(expr->getSourceRange(),
              llvm::Twine("dynamic allocation ('") +
                  (llvm::isa<clang::CXXNewExpr>(expr) ? "new" : "delete") +
                  "') is not part of the kernel language; a program holds "
                  "tiles and scalars, and writes only its output pieces");
  return false;
}

bool KernelChecker::checkGlobalState(const clang::DeclRefExpr *ref) {
  const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
  // Static locals are reported at their declaration.
  if (!var || !var->hasGlobalStorage() || var->isStaticLocal() ||
      var->getType().isConstQualified() || var->isConstexpr())
    return true;
  diags.error(ref->getSourceRange(),
              "'" + var->getName() +
                  "' is mutable global state; programs run concurrently, "
                  "so a kernel may use only constants outside its "
                  "parameters");
  diags.declaredHere(var, "");
  return false;
}

bool KernelChecker::checkStaticLocal(const clang::VarDecl *var) {
  if (!var->isStaticLocal() || var->getType().isConstQualified())
    return true;
  diags.error(var->getSourceRange(),
              "static variables are shared state; kernels may not hold any");
  return false;
}
