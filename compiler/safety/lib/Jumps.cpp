//===- Jumps.cpp - break, continue and return in kernel code --------------===//

#include "tile/Safety/Jumps.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace tile::safety;

bool tile::safety::isLoop(const clang::Stmt *stmt) {
  return llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt,
                   clang::CXXForRangeStmt>(stmt);
}

/// `loops` counts the loops between `stmt` and the statement asked about.
static void collectJumps(const clang::Stmt *stmt, unsigned loops,
                         Jumps &jumps) {
  if (!stmt || llvm::isa<clang::LambdaExpr>(stmt))
    return;
  if (llvm::isa<clang::BreakStmt>(stmt))
    jumps.breaks |= loops == 0;
  else if (llvm::isa<clang::ContinueStmt>(stmt))
    jumps.continues |= loops == 0;
  else if (llvm::isa<clang::ReturnStmt>(stmt))
    jumps.returns = true;
  unsigned inner = loops + (isLoop(stmt) ? 1 : 0);
  for (const clang::Stmt *child : stmt->children())
    collectJumps(child, inner, jumps);
}

Jumps tile::safety::jumpsOut(const clang::Stmt *stmt) {
  Jumps jumps;
  collectJumps(stmt, 0, jumps);
  return jumps;
}

bool tile::safety::alwaysJumps(const clang::Stmt *stmt, bool returnsCount) {
  if (!stmt)
    return false;
  if (llvm::isa<clang::BreakStmt, clang::ContinueStmt>(stmt))
    return true;
  if (llvm::isa<clang::ReturnStmt>(stmt))
    return returnsCount;
  if (const auto *block = llvm::dyn_cast<clang::CompoundStmt>(stmt))
    return llvm::any_of(block->body(), [&](const clang::Stmt *child) {
      return alwaysJumps(child, returnsCount);
    });
  if (const auto *attributed = llvm::dyn_cast<clang::AttributedStmt>(stmt))
    return alwaysJumps(attributed->getSubStmt(), returnsCount);
  if (const auto *branch = llvm::dyn_cast<clang::IfStmt>(stmt))
    return alwaysJumps(branch->getThen(), returnsCount) &&
           alwaysJumps(branch->getElse(), returnsCount);
  return false;
}
