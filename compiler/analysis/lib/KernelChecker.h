//===- KernelChecker.h - The safety analysis of one kernel ------*- C++ -*-===//
//
// Walks the body of one kernel instantiation and of every helper it calls,
// in the order tilecc inlines them, and checks each construct against the
// rules of docs/safety.md. Each concern lives in its own file:
//   PieceOwnership.cpp   copies, escapes and foreign uses of pieces, writes
//                        through input views
//   PieceStores.cpp      sub-tile stores: index ranges and shapes
//   UnsafeConstructs.cpp raw pointers, casts, asm, thread-level primitives,
//                        dynamic allocation, mutable global state
//   ForeignCalls.cpp     calls outside the kernel language, recursion
//   Conversions.cpp      implicit narrowing, 32-bit index overflow
//   TileValues.cpp       uninitialized variables, tile element accesses
//   UnsafeScopes.cpp     the TILE_UNSAFE marker
//   Lambdas.cpp          the lambdas a kernel may make
//
//===----------------------------------------------------------------------===//

#ifndef TILE_ANALYSIS_KERNELCHECKER_H
#define TILE_ANALYSIS_KERNELCHECKER_H

#include "IndexRanges.h"
#include "SafetyDiagnostics.h"
#include "tile/Analysis/SafetyAnalysis.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SetVector.h"

namespace tile::analysis {

class KernelChecker {
public:
  KernelChecker(const clang::FunctionDecl *kernel, clang::ASTContext &ast,
                clang::DiagnosticsEngine &diags,
                std::vector<UnsafeScope> &scopes);

  /// Checks the kernel; false after an error.
  bool run();

private:
  /// Visits `stmt` and, unless it was rejected, its children.
  void visit(const clang::Stmt *stmt);
  /// Checks the one construct `stmt`; false when it was rejected (its
  /// children are then not visited, so that one mistake gives one error).
  bool check(const clang::Stmt *stmt);
  /// Checks and walks a helper's body at a call, for recursion and for
  /// everything it does with its arguments.
  void visitHelper(const clang::CallExpr *call,
                   const clang::FunctionDecl *definition);
  /// Gives loop variables and never-reassigned locals their ranges.
  void bindRanges(const clang::Stmt *stmt);
  bool reassignedIn(const clang::Stmt *body, const clang::VarDecl *var) const;
  /// Whether `var` is initialized with a piece's address (an escape, which
  /// the initializer's check reports).
  bool takesPieceAddress(const clang::VarDecl *var) const;

  // UnsafeScopes.cpp
  /// The reason of a TILE_UNSAFE marker on `stmt`, if it has one.
  std::optional<std::string> unsafeReason(const clang::AttributedStmt *stmt);
  void enterUnsafeScope(const clang::AttributedStmt *stmt,
                        llvm::StringRef reason);
  bool inUnsafeScope() const { return unsafeDepth > 0; }

  // Lambdas.cpp
  bool checkLambda(const clang::LambdaExpr *lambda);

  // PieceOwnership.cpp
  /// The piece `expr` names (a parameter or a reference to one), if any.
  const clang::ValueDecl *pieceNamedBy(const clang::Expr *expr) const;
  bool checkPieceConstruction(const clang::CXXConstructExpr *construct);
  bool checkPieceAddress(const clang::UnaryOperator *op);
  bool checkPieceCaptures(const clang::LambdaExpr *lambda);
  bool checkPieceReturn(const clang::ReturnStmt *ret);
  bool checkPieceStoredIn(const clang::Expr *aggregate,
                          llvm::ArrayRef<const clang::Expr *> parts);
  bool checkPieceArguments(const clang::CallExpr *call,
                           const clang::FunctionDecl *callee);
  bool checkWriteTarget(const clang::Expr *target, const clang::Expr *write);

  // PieceStores.cpp
  bool checkStoreAt(const clang::CXXMemberCallExpr *call);

  // UnsafeConstructs.cpp
  bool checkRawPointer(const clang::Stmt *stmt);
  bool checkRawPointer(const clang::VarDecl *var);
  bool checkAsm(const clang::AsmStmt *stmt);
  bool checkUnsafePrimitive(const clang::CallExpr *call);
  bool checkAllocation(const clang::Expr *expr);
  bool checkGlobalState(const clang::DeclRefExpr *ref);
  bool checkStaticLocal(const clang::VarDecl *var);

  // ForeignCalls.cpp
  bool checkCall(const clang::CallExpr *call);

  // Conversions.cpp
  bool checkImplicitConversion(const clang::ImplicitCastExpr *cast);
  bool checkOverflow(const clang::BinaryOperator *op);

  // TileValues.cpp
  bool checkInitialized(const clang::VarDecl *var);
  bool checkElementAccess(const clang::CXXOperatorCallExpr *call);

  /// The C++ name of the kernel, as "saxpy<1024>".
  std::string kernelName() const;
  /// "what" for the note on `decl`: an output piece, an input view...
  std::string describe(const clang::ValueDecl *decl) const;

  const clang::FunctionDecl *kernel;
  clang::ASTContext &ast;
  SafetyDiagnostics diags;
  std::vector<UnsafeScope> &scopes;
  IndexRanges ranges;
  unsigned unsafeDepth = 0;
  /// The kernel, then the helpers being walked, innermost last.
  llvm::SmallVector<const clang::FunctionDecl *> helpers;
  /// Variables assigned after their declaration: they have no one range.
  llvm::SetVector<const clang::VarDecl *> reassigned;
};

} // namespace tile::analysis

#endif // TILE_ANALYSIS_KERNELCHECKER_H
