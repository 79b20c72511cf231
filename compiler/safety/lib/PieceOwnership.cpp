//===- PieceOwnership.cpp - Pieces stay with their program ----------------===//
//
// An output piece is the one thing a program may write, and it is disjoint
// from every other program's only while it stays where the launcher put it:
// a kernel parameter, lent by reference to helpers and to the operations of
// the kernel language. Copies, moves, escapes (address taken, captured,
// returned, stored in an object) and uses by foreign functions are
// rejected. Input views are read-only, and atomic outputs change only
// through atomic updates: nothing is written through either, however a
// pointer or reference to their memory travelled (PointerOrigins).
//
//===----------------------------------------------------------------------===//

#include "KernelChecker.h"

#include "tile/Safety/KernelLanguage.h"

using namespace tile::safety;

/// Looks through parentheses, implicit conversions and std::move.
static const clang::Expr *stripMoves(const clang::Expr *expr) {
  expr = expr->IgnoreParenImpCasts();
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(expr))
    if (const clang::FunctionDecl *callee = call->getDirectCallee())
      if (callee->isInStdNamespace() && call->getNumArgs() == 1 &&
          callee->getIdentifier() &&
          (callee->getName() == "move" || callee->getName() == "forward"))
        return stripMoves(call->getArg(0));
  return expr;
}

const clang::ValueDecl *
KernelChecker::pieceNamedBy(const clang::Expr *expr) const {
  const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stripMoves(expr));
  if (!ref || !isKernelClass(ref->getDecl()->getType(), "Piece"))
    return nullptr;
  return ref->getDecl();
}

/// "output piece 'out'", or "an output piece" when it has no name.
static std::string pieceName(const clang::ValueDecl *piece) {
  return piece ? "output piece '" + piece->getName().str() + "'"
               : std::string("an output piece");
}

bool KernelChecker::checkPieceConstruction(
    const clang::CXXConstructExpr *construct) {
  if (!isKernelClass(construct->getType(), "Piece"))
    return true;
  const clang::ValueDecl *piece = construct->getNumArgs() == 1
                                      ? pieceNamedBy(construct->getArg(0))
                                      : nullptr;
  diags.error(construct->getSourceRange(),
              pieceName(piece) +
                  " is copied or moved; a piece stays with the program "
                  "that owns it (pass it to helpers by reference)");
  if (piece)
    diags.declaredHere(piece, describe(piece));
  return false;
}

bool KernelChecker::checkPieceAddress(const clang::UnaryOperator *op) {
  const clang::ValueDecl *piece = pieceNamedBy(op->getSubExpr());
  if (!piece)
    return true;
  diags.error(op->getSourceRange(),
              "taking the address of " + pieceName(piece) +
                  " lets it escape the program; pass it by reference");
  diags.declaredHere(piece, describe(piece));
  return false;
}

bool KernelChecker::checkPieceCaptures(const clang::LambdaExpr *lambda) {
  for (const clang::LambdaCapture &capture : lambda->captures()) {
    if (!capture.capturesVariable())
      continue;
    const clang::ValueDecl *var = capture.getCapturedVar();
    if (!isKernelClass(var->getType(), "Piece"))
      continue;
    diags.error(capture.getLocation(),
                pieceName(var) +
                    " is captured by a lambda, which can outlive the "
                    "program's use of it; give the lambda a parameter `" +
                    var->getType()
                        .getNonReferenceType()
                        .getUnqualifiedType()
                        .getCanonicalType()
                        .getAsString(ast.getPrintingPolicy()) +
                    " &` and pass the piece at the call instead");
    diags.declaredHere(var, describe(var));
    return false;
  }
  return true;
}

bool KernelChecker::checkPieceReturn(const clang::ReturnStmt *ret) {
  const clang::FunctionDecl *function = helpers.back().definition;
  const clang::Expr *value = ret->getRetValue();
  const clang::ValueDecl *piece = value ? pieceNamedBy(value) : nullptr;
  clang::QualType type = function->getReturnType();
  bool returnsPiece =
      isKernelClass(type, "Piece") ||
      (type->isPointerType() && isKernelClass(type->getPointeeType(), "Piece"));
  if (!piece && !returnsPiece)
    return true;
  diags.error(ret->getSourceRange(),
              "'" + displayName(function) + "' returns " + pieceName(piece) +
                  ", letting it escape; helpers take pieces by reference "
                  "and return tiles or nothing");
  if (piece)
    diags.declaredHere(piece, describe(piece));
  return false;
}

bool KernelChecker::checkPieceStoredIn(
    const clang::Expr *aggregate, llvm::ArrayRef<const clang::Expr *> parts) {
  if (isKernelClass(aggregate->getType(), "Piece"))
    return true;
  for (const clang::Expr *part : parts) {
    const clang::ValueDecl *piece = pieceNamedBy(part);
    if (!piece)
      continue;
    diags.error(part->getSourceRange(),
                pieceName(piece) + " is stored in an object of type '" +
                    aggregate->getType().getAsString() +
                    "', letting it escape the program");
    diags.declaredHere(piece, describe(piece));
    return false;
  }
  return true;
}

bool KernelChecker::checkPieceArguments(const clang::CallExpr *call,
                                        const clang::FunctionDecl *callee) {
  for (const clang::Expr *arg : call->arguments()) {
    const clang::ValueDecl *piece = pieceNamedBy(arg);
    if (!piece)
      continue;
    std::string name = callee ? callee->getQualifiedNameAsString()
                              : std::string("an indirect function");
    diags.error(arg->getSourceRange(),
                pieceName(piece) + " is passed to '" + name +
                    "', which is not an operation of the kernel language "
                    "or a helper of the kernel");
    diags.declaredHere(piece, describe(piece));
    if (callee)
      diags.note(callee->getLocation(), "'" + name + "' declared here");
    return false;
  }
  return true;
}

bool KernelChecker::checkWriteTarget(const clang::Expr *target,
                                     const clang::Expr *write) {
  // Assigning a plain variable is the frontend's matter; a reference or a
  // pointer's target is followed to what it may designate.
  const auto *ref =
      llvm::dyn_cast<clang::DeclRefExpr>(target->IgnoreParenImpCasts());
  if (ref && !ref->getDecl()->getType()->isReferenceType())
    return true;
  Origins origins = pointers.of(target);
  if (!origins.views.empty()) {
    const clang::ValueDecl *view = origins.views.front();
    diags.error(write->getSourceRange(),
                "write through input view '" + view->getName() +
                    "'; a kernel writes only into its output pieces, even in "
                    "an unsafe scope");
    diags.declaredHere(view, describe(view));
    return false;
  }
  if (!origins.atomics.empty()) {
    const clang::ValueDecl *atomic = origins.atomics.front();
    diags.error(write->getSourceRange(),
                "plain write into atomic output '" + atomic->getName() +
                    "', which other programs update at the same time; a "
                    "kernel changes it only through its atomic updates "
                    "(add, min, max, bit_and, bit_or, bit_xor), even in an "
                    "unsafe scope");
    diags.declaredHere(atomic, describe(atomic));
    return false;
  }
  if (!origins.unknown)
    return true;
  diags.error(write->getSourceRange(),
              "write through a pointer or reference whose target the "
              "analysis cannot follow; a kernel writes only into its output "
              "pieces and its own variables, so write through pointers "
              "taken from those");
  diags.note(origins.unknown->getBeginLoc(), "the target may come from here");
  return false;
}
