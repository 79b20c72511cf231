//===- KernelChecker.h - The safety analysis of one kernel ------*- C++ -*-===//
//
// Walks the body of one kernel instantiation and of every helper it calls,
// in the order tilecc inlines them, and checks each construct against the
// rules of docs/safety.md. Each concern lives in its own file:
//   PieceOwnership.cpp   copies, escapes and foreign uses of pieces, writes
//                        through input views (PointerOrigins.cpp follows
//                        pointers and references)
//   PieceStores.cpp      sub-tile stores: index ranges and shapes
//   UnsafeConstructs.cpp raw pointers, casts, asm, thread-level primitives,
//                        dynamic allocation, mutable global state
//   ForeignCalls.cpp     calls outside the kernel language, recursion
//   Conversions.cpp      implicit narrowing, 32-bit index overflow
//   TileValues.cpp       uninitialized variables, tile element accesses
//   UnsafeScopes.cpp     the TILE_UNSAFE marker
//   Lambdas.cpp          the lambdas a kernel may make
//   RangeFlow.cpp        the ranges of variables through assignments,
//                        branches, loops, helpers and lambdas
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SAFETY_KERNELCHECKER_H
#define TILE_SAFETY_KERNELCHECKER_H

#include "IndexRanges.h"
#include "PointerOrigins.h"
#include "SafetyDiagnostics.h"
#include "tile/Safety/SafetyAnalysis.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>

namespace tile::safety {

class KernelChecker {
public:
  KernelChecker(const clang::FunctionDecl *kernel, clang::ASTContext &ast,
                clang::DiagnosticsEngine &diags, SafetyFindings &findings,
                bool checksAreErrors);

  /// Checks the kernel; false after an error.
  bool run();

private:
  /// Visits `stmt` and, unless it was rejected, its children, in the order
  /// they run; then checks what needs the ranges of its operands and
  /// updates the ranges of the variables it assigns.
  void visit(const clang::Stmt *stmt);
  /// Checks the one construct `stmt`; false when it was rejected (its
  /// children are then not visited, so that one mistake gives one error).
  bool check(const clang::Stmt *stmt);
  /// The checks that need the ranges of `stmt`'s operands, made once its
  /// operands were walked (helpers called in them included).
  void checkRanges(const clang::Stmt *stmt);
  /// Walks the body of a helper or a lambda whose parameters are bound;
  /// the range of what it returns.
  std::optional<IndexRange> visitBody(const clang::FunctionDecl *definition);
  /// Walks the body of the combiner lambda `closure` holds, which
  /// tile::reduce or tile::scan calls on elements of any value.
  void visitCombiner(const clang::Expr *closure);
  /// Checks and walks a helper's body at a call, for recursion and for
  /// everything it does with its arguments.
  void visitHelper(const clang::CallExpr *call,
                   const clang::FunctionDecl *definition);
  /// Whether `var` is initialized with a piece's address (an escape, which
  /// the initializer's check reports).
  bool takesPieceAddress(const clang::VarDecl *var) const;

  // RangeFlow.cpp
  /// The variable `var` stands for: the one a reference is bound to.
  const clang::VarDecl *resolveVariable(const clang::VarDecl *var) const;
  /// The variables `stmt` may write, resolved.
  llvm::SetVector<const clang::VarDecl *>
  assignedIn(const clang::Stmt *stmt) const;
  /// The range of `index`, an operand of `whole`: unknown where `whole`
  /// also writes a variable it reads (in an order C++ leaves open).
  IndexRange rangeWithin(const clang::Expr *index, const clang::Stmt *whole);
  /// Gives the variables `stmt` declares or assigns their new ranges.
  void updateRanges(const clang::Stmt *stmt);
  void visitIf(const clang::IfStmt *branch);
  void visitFor(const clang::ForStmt *loop);
  /// `while (cond) body` and `do body while (cond)`: nothing bounds how
  /// often they run, so every variable they write is unknown at their head.
  void visitWhile(const clang::Expr *cond, const clang::Stmt *body,
                  bool condFirst);
  /// The state after a loop: its end state joined with the states its
  /// `break` and `continue` statements left it with.
  void leaveLoop(RangeState end);
  /// `if (cond) a else b` and `cond ? a : b`: each side under what `cond`
  /// says of it, then the hull of both.
  void visitBranches(const clang::Expr *cond, const clang::Stmt *whenTrue,
                     const clang::Stmt *whenFalse);
  /// `a && b`, `a || b`: b runs only where a leaves it to decide.
  void visitLogical(const clang::BinaryOperator *op);
  /// Records the ranges a lambda's by-copy captures have where it is made.
  void recordCaptures(const clang::LambdaExpr *lambda);
  /// Binds a helper's or a lambda's parameters at a call: a reference to
  /// the variable passed, a value to its range.
  void bindParameters(const clang::CallExpr *call,
                      const clang::FunctionDecl *definition);
  /// How much one iteration of `loop` can change `var`, when every write to
  /// it adds a constant (a counter carried by the loop); nullopt otherwise.
  std::optional<IndexRange> counterStep(const clang::ForStmt *loop,
                                        const clang::VarDecl *var) const;

  // UnsafeScopes.cpp
  /// The reason of a TILE_UNSAFE marker on `stmt`, if it has one.
  std::optional<std::string> unsafeReason(const clang::AttributedStmt *stmt);
  void enterUnsafeScope(const clang::AttributedStmt *stmt,
                        llvm::StringRef reason);
  bool inUnsafeScope() const { return unsafeDepth > 0; }

  // Lambdas.cpp
  bool checkLambda(const clang::LambdaExpr *lambda);
  /// At a lambda's call: no variable it holds a copy of is written while
  /// its body runs (the copy and the variable would share one name).
  bool checkCopiesNotWritten(const clang::CallExpr *call);

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
  bool checkStoreShape(const clang::CXXMemberCallExpr *call);
  void checkStoreIndices(const clang::CXXMemberCallExpr *call);
  /// A scatter's indices are tiles, whose values the analysis does not
  /// bound: the compiler inserts its bounds check, which is listed, or an
  /// error when checks are.
  void checkScatter(const clang::CXXMemberCallExpr *call);

  // UnsafeConstructs.cpp
  bool checkRawPointer(const clang::Stmt *stmt);
  bool checkRawPointer(const clang::VarDecl *var);
  bool checkAsm(const clang::AsmStmt *stmt);
  bool checkUnsafePrimitive(const clang::CallExpr *call);
  bool checkAllocation(const clang::Expr *expr);
  bool checkGlobalState(const clang::DeclRefExpr *ref);
  bool checkStaticLocal(const clang::VarDecl *var);

  // EvaluationOrder.cpp
  /// No operand of a call or an operator writes a variable that another
  /// operand reads, in an order C++ leaves open.
  bool checkEvaluationOrder(const clang::Expr *expr);

  // ForeignCalls.cpp
  bool checkCall(const clang::CallExpr *call);
  /// A helper's non-const reference parameter names a variable: its
  /// argument is one, so that every write through it is seen.
  bool checkReferenceArguments(const clang::CallExpr *call,
                               const clang::FunctionDecl *definition);

  // Conversions.cpp
  bool checkImplicitConversion(const clang::ImplicitCastExpr *cast);
  /// Reports the implicit conversion of `source` from `from` to `to`, which
  /// can change its value; returns false.
  bool reportNarrowing(const clang::Expr *source, clang::QualType from,
                       clang::QualType to);
  bool checkCompoundNarrowing(const clang::CompoundAssignOperator *op);
  void checkOverflow(const clang::BinaryOperator *op);
  /// Tile and element indices of loads are 32 bits on the GPU: a wider
  /// index must be proven to fit, or converted explicitly.
  void checkIndexWidth(const clang::CallExpr *call);

  // TileValues.cpp
  bool checkInitialized(const clang::VarDecl *var);
  bool checkReferenceBinding(const clang::VarDecl *var);
  void checkElementAccess(const clang::CXXOperatorCallExpr *call);

  /// The C++ name of the kernel, as "saxpy<1024>".
  std::string kernelName() const;
  /// "file:line:col" of where `at` was written (a macro's use).
  std::string locationOf(clang::SourceLocation at) const;
  /// "what" for the note on `decl`: an output piece, an input view...
  std::string describe(const clang::ValueDecl *decl) const;

  const clang::FunctionDecl *kernel;
  clang::ASTContext &ast;
  SafetyDiagnostics diags;
  SafetyFindings &findings;
  /// Whether a check the compiler would insert is an error instead.
  bool checksAreErrors;
  IndexRanges ranges;
  PointerOrigins pointers;
  unsigned unsafeDepth = 0;
  /// A helper or lambda being walked: its definition and the range of what
  /// it returned.
  struct Frame {
    const clang::FunctionDecl *definition;
    std::optional<IndexRange> result;
  };
  /// The kernel, then the helpers being walked, innermost last.
  llvm::SmallVector<Frame> helpers;
  /// For each loop being walked, innermost last, the states in which its
  /// `break` and `continue` statements leave the iteration.
  llvm::SmallVector<llvm::SmallVector<RangeState, 2>> loopExits;
  /// Reference parameters of the helpers being walked, each bound to the
  /// variable passed at the call.
  llvm::DenseMap<const clang::VarDecl *, const clang::VarDecl *> aliases;
  /// The by-copy captures of the lambda bodies being walked: copies, which
  /// stand for themselves even where the captured name is a reference.
  llvm::SmallPtrSet<const clang::VarDecl *, 4> copies;
  /// Per closure type, the ranges its by-copy captures had where the lambda
  /// was last made.
  llvm::DenseMap<
      const clang::CXXRecordDecl *,
      llvm::SmallVector<std::pair<const clang::VarDecl *, IndexRange>>>
      captures;
};

} // namespace tile::safety

#endif // TILE_SAFETY_KERNELCHECKER_H
