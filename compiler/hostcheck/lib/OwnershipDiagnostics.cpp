//===- OwnershipDiagnostics.cpp - Errors of the host check ----------------===//

#include "OwnershipDiagnostics.h"

#include "clang/AST/ExprCXX.h"

#include <cassert>
#include <optional>

using namespace tile::hostcheck;

OwnershipDiagnostics::OwnershipDiagnostics(clang::DiagnosticsEngine &diags)
    : diags(diags) {
  errorId = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
  noteId = diags.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
}

/// Where a note about `launch` points: the called member's name
/// (`graph.update`), else the start of the call.
static clang::SourceLocation launchLocation(const clang::Expr *launch) {
  if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(launch))
    return member->getExprLoc();
  return launch->getBeginLoc();
}

void OwnershipDiagnostics::useWhileMoved(const clang::DeclRefExpr *use,
                                         ReferenceRole role,
                                         const clang::VarDecl *variable,
                                         const OwnershipMove &move,
                                         bool onEveryPath) {
  if (!reported.insert(use->getLocation()).second)
    return;
  std::string name = "'" + variable->getName().str() + "'";
  std::optional<WrapperKind> variableKind = wrapperKindOf(variable->getType());
  std::string what =
      variableKind ? wrapperInfo(*variableKind).noun.str() : "tensor";
  const WrapperInfo *wrapper =
      move.wrapper ? &wrapperInfo(move.wrapperKind) : nullptr;
  assert((wrapper || move.launch) && "a move into neither is no move");
  std::string owner = move.launch ? "a launch" : wrapper->withArticle.str();
  std::string message =
      (role == ReferenceRole::Capture ? "lambda captures " : "use of ") + what +
      " " + name + " while " + owner +
      (onEveryPath ? " owns it" : " may own it (it is moved on some paths)");
  if (move.launch)
    message += "; assign it from the launch's future (get, or take it in "
               "then) before using it again";
  else
    message += "; assign it from " + wrapper->giveBack.str() +
               " or from the future of the launch that takes the " +
               wrapper->noun.str() + " before using it again";
  diags.Report(use->getLocation(), errorId) << message << use->getSourceRange();
  diags.Report(move.move->getBeginLoc(), noteId)
      << (name + " moved into " +
          (wrapper ? wrapper->withArticle.str() : "a launch") + " here")
      << move.move->getSourceRange();
  if (move.launch)
    diags.Report(launchLocation(move.launch), noteId)
        << (name + " comes back through the result of this launch");
}
