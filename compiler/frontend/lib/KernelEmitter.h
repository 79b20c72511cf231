//===- KernelEmitter.h - One C++ kernel body to tile IR ---------*- C++ -*-===//

#ifndef TILE_FRONTEND_KERNELEMITTER_H
#define TILE_FRONTEND_KERNELEMITTER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "tile/IR/TileTypes.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

namespace tile::frontend {

/// Whether `type` is an unsigned integer type (not bool), whose scalars are
/// signless integers that convert and compute as unsigned.
bool isUnsignedScalar(clang::QualType type);

/// Walks the body of one kernel (a function or one instantiation of a
/// function template) and builds the equivalent func.func of tile IR.
/// The body is single-threaded tile code: every call into namespace `tile`
/// is an intrinsic mapped to a tile op; anything outside the supported
/// subset is reported as a Clang error at its source range.
class KernelEmitter {
public:
  /// With `countDropped`, each scatter also counts the elements it drops
  /// outside the piece, and the program prints the count where it is not
  /// zero (tilecc --count-dropped).
  KernelEmitter(mlir::ModuleOp module, clang::ASTContext &ast,
                clang::DiagnosticsEngine &diags, bool countDropped = false);

  /// Emits `kernel`; returns false after reporting a diagnostic.
  bool emitKernel(const clang::FunctionDecl *kernel);

private:
  bool emitStmt(const clang::Stmt *stmt);
  mlir::Value emitExpr(const clang::Expr *expr);
  mlir::Value emitImplicitCast(const clang::ImplicitCastExpr *cast);
  mlir::Value emitLiteral(const clang::Expr *expr);
  mlir::Value emitScalarBinary(const clang::BinaryOperator *op);
  /// Reports `operand` of `whole` (the right side of && or ||, a side of
  /// ?:) when it writes a variable: C++ may skip it, the emitted IR
  /// evaluates it. False after the error.
  bool rejectSkippedWrites(const clang::Expr *operand,
                           const clang::Expr *whole);
  mlir::Value emitScalarUnary(const clang::UnaryOperator *op);
  mlir::Value emitOperatorCall(const clang::CXXOperatorCallExpr *call);
  mlir::Value emitMemberCall(const clang::CXXMemberCallExpr *call);
  /// An update of a tile::Atomic: add, min, max, bit_and, bit_or, bit_xor.
  mlir::Value emitAtomicUpdate(const clang::CXXMemberCallExpr *call);
  /// `piece.scatter(values, index..., [mask])` (KernelScatter.cpp).
  mlir::Value emitScatter(const clang::CXXMemberCallExpr *call,
                          mlir::Value piece);
  /// The count of the elements a scatter drops outside `piece`, printed
  /// where it is not zero.
  void emitDroppedCount(const clang::CXXMemberCallExpr *call,
                        mlir::tile::PieceType piece,
                        llvm::ArrayRef<mlir::Value> indices, mlir::Value mask,
                        mlir::Location at);
  /// `t.size(dim)` of a view or a piece; `dim` must be a constant below the
  /// tensor's rank.
  mlir::Value emitTensorSize(const clang::CXXMemberCallExpr *call);
  /// Control flow and mutable variables (KernelControlFlow.cpp).
  /// The flags of a loop being emitted, set by the `break` and `continue`
  /// statements aimed at it; null where the loop has none.
  struct LoopFlags {
    const clang::VarDecl *broke = nullptr;
    const clang::VarDecl *continued = nullptr;
  };
  bool emitFor(const clang::ForStmt *loop);
  /// `while (cond) body` and `do body while (cond)` (`bodyFirst`).
  bool emitConditionLoop(const clang::Stmt *loop, const clang::Expr *cond,
                         const clang::Stmt *body, bool bodyFirst);
  bool emitIf(const clang::IfStmt *branch);
  /// `break`, `continue`, and `return` in the kernel: each sets its flag.
  void emitJump(const clang::Stmt *jump);
  /// Emits `stmts` in order; after one that may jump, the rest run only
  /// where it did not.
  bool emitStatements(llvm::ArrayRef<const clang::Stmt *> stmts);
  /// Emits `thenSide` and `elseSide` (either may be null) as an scf.if on
  /// `cond`, carrying out the variables of `assigned` declared before it.
  bool emitBranches(mlir::Location at, mlir::Value cond,
                    const llvm::SetVector<const clang::VarDecl *> &assigned,
                    llvm::function_ref<bool()> thenSide,
                    llvm::function_ref<bool()> elseSide);
  /// Emits a loop as scf.while over `carried`: `cond` is tested before
  /// each iteration, after `body` when `bodyFirst`; a `break` or a kernel
  /// `return` in the body ends it.
  bool emitWhileLoop(mlir::Location at,
                     llvm::ArrayRef<const clang::VarDecl *> carried,
                     llvm::function_ref<mlir::Value()> cond,
                     llvm::function_ref<bool()> body, bool bodyFirst);
  /// Whether the jumps `stmt` may take set a flag of the loop being
  /// emitted or the kernel's; the flags it may set, or'ed, or null.
  mlir::Value jumpedIn(const clang::Stmt *stmt, mlir::Location at);
  /// A variable the frontend adds to the kernel's: a jump's flag, a
  /// counter.
  const clang::VarDecl *makeFlag(llvm::StringRef name);
  /// Makes the flags of a loop whose body is `body` and pushes them on
  /// `loops`; leaveLoop pops them.
  LoopFlags enterLoop(const clang::Stmt *body, mlir::Location at);
  /// Starts an iteration of the innermost loop: no `continue` taken yet.
  void startIteration(mlir::Location at);
  /// `!value` for an i1.
  mlir::Value negated(mlir::Value value, mlir::Location at);
  void leaveLoop();
  /// The condition of a `while` or `do` loop as an i1; null after an error.
  mlir::Value emitLoopCondition(const clang::Expr *cond);
  mlir::Value emitAssignment(const clang::Expr *target, mlir::Value value,
                             const clang::Expr *whole);
  mlir::Value emitCompoundAssignment(const clang::BinaryOperator *op);
  /// The kernel's variables that `stmt` writes, references resolved to the
  /// variables they are bound to here.
  llvm::SetVector<const clang::VarDecl *>
  assignedIn(const clang::Stmt *stmt) const;
  mlir::Value emitIncrement(const clang::UnaryOperator *op);
  /// Emits a region's code (`emit`), whose results are the final values
  /// of `carried`; returns them, or nothing after an error.
  std::optional<llvm::SmallVector<mlir::Value>>
  emitCarryingBody(llvm::function_ref<bool()> emit,
                   llvm::ArrayRef<const clang::VarDecl *> carried);
  /// Arithmetic and comparisons of two scalars of one type.
  mlir::Value combineScalars(clang::BinaryOperatorKind opcode, mlir::Value lhs,
                             mlir::Value rhs, mlir::Location loc,
                             const clang::Expr *where);

  /// Helper functions, inlined at each call (KernelHelpers.cpp).
  bool isInlinableHelper(const clang::FunctionDecl *callee);
  mlir::Value emitHelperCall(const clang::CallExpr *call,
                             const clang::FunctionDecl *callee);
  /// Binds the parameters of `definition` to the arguments of `call` and
  /// emits its body in place; the returned value, or null for a void
  /// function and after an error.
  mlir::Value emitInlinedCall(const clang::CallExpr *call,
                              const clang::FunctionDecl *definition);

  /// Lambdas, inlined at each call (KernelLambdas.cpp).
  /// A lambda the kernel made: its expression and the values that what it
  /// captures by copy (init-captures included) had when it was made.
  struct Closure {
    const clang::LambdaExpr *lambda;
    llvm::SmallVector<std::pair<const clang::ValueDecl *, mlir::Value>> copies;
  };
  /// What one parameter of an inlined function is bound to: a closure, a
  /// variable (a reference parameter), or else a value.
  struct BoundArgument {
    mlir::Value value;
    std::optional<Closure> closure;
    const clang::VarDecl *variable = nullptr;
  };
  /// Binds the parameters of `definition` as `bound` says and emits its
  /// body in place; the returned value, or null for a void function and
  /// after an error.
  mlir::Value emitInlinedBody(const clang::FunctionDecl *definition,
                              llvm::ArrayRef<BoundArgument> bound);
  /// Inlines the lambda `closure` holds, called with one value per
  /// parameter (`args`, each of C++ type `argType`); its result, or null
  /// after an error at `where`.
  mlir::Value emitClosureCall(const Closure &closure,
                              llvm::ArrayRef<mlir::Value> args,
                              clang::QualType argType,
                              const clang::Expr *where);
  /// Evaluates `emit` with the closure's by-copy captures bound to the
  /// values they had when it was made.
  mlir::Value withCaptures(const Closure &closure,
                           llvm::function_ref<mlir::Value()> emit);
  /// tile::reduce and tile::scan with a combiner lambda: the op, its
  /// combiner region emitted from the lambda.
  mlir::Value emitCombined(const clang::CallExpr *call, llvm::StringRef name);
  /// The closure `expr` stands for: a lambda expression (whose captures it
  /// evaluates), or a variable or parameter holding one. Reports closures
  /// that come from anywhere else.
  std::optional<Closure> emitClosure(const clang::Expr *expr);
  mlir::Value emitLambdaCall(const clang::CallExpr *call,
                             const clang::FunctionDecl *callOperator);
  /// Reports a closure used other than by a call, a local variable or a
  /// parameter.
  void rejectClosure(const clang::Expr *expr);

  mlir::Value emitIntrinsicCall(const clang::CallExpr *call,
                                llvm::StringRef name);

  /// Emits every argument of `call`; null if one failed.
  std::optional<llvm::SmallVector<mlir::Value>>
  emitArgs(const clang::CallExpr *call);
  /// Splats a scalar to `like`'s shape, checking its type.
  mlir::Value asTile(mlir::Value value, mlir::tile::TileType like,
                     const clang::Expr *expr);
  /// Converts a scalar between the kernel's scalar types; `fromUnsigned`
  /// and `toUnsigned` say whether the C++ types are unsigned integers, which
  /// the signless MLIR types do not tell.
  mlir::Value convertScalar(mlir::Value value, mlir::Type to,
                            mlir::Location loc, bool fromUnsigned = false,
                            bool toUnsigned = false);
  /// Tile indices as the tile ops take them: `args` from `first` on, the
  /// values of `call`'s arguments, each converted to i32 (from unsigned
  /// integers by zero extension).
  llvm::SmallVector<mlir::Value> tileIndices(const clang::CallExpr *call,
                                             llvm::ArrayRef<mlir::Value> args,
                                             unsigned first,
                                             mlir::Location loc);
  /// `args[i]`, the value of `call`'s argument i, converted to `to`.
  mlir::Value convertArg(const clang::CallExpr *call,
                         llvm::ArrayRef<mlir::Value> args, unsigned i,
                         mlir::Type to, mlir::Location loc);
  /// The integer constant `expr` evaluates to, or an error.
  std::optional<int64_t> constantInt(const clang::Expr *expr,
                                     llvm::StringRef what);
  mlir::Type typeOf(const clang::Expr *expr);

  mlir::Location loc(clang::SourceLocation location);
  void error(clang::SourceRange range, const llvm::Twine &message);
  /// A note that follows the last error.
  void note(clang::SourceLocation location, const llvm::Twine &message);
  /// A hint on a kernel for its launch (TILE_MIN_BLOCKS_PER_SM,
  /// TILE_MAX_THREADS): an integer constant in [min, max], recorded on the
  /// kernel function as `attrName`.
  struct Hint {
    const char *macro;
    llvm::StringRef attrName;
    int64_t min, max;
    bool powerOfTwo;
    const char *meaning;
  };
  /// Records `hint` on `func` if `kernel` has it; false (after an error)
  /// when its value is not an allowed constant.
  bool emitLaunchHint(const clang::FunctionDecl *kernel,
                      mlir::func::FuncOp func, const Hint &hint);
  /// Records every launch hint of `kernel` on `func`; false after an error.
  bool emitLaunchHints(const clang::FunctionDecl *kernel,
                       mlir::func::FuncOp func);
  /// Records the launch preconditions that the TILE_REQUIRE statements
  /// opening `kernel`'s body state on `func` (KernelPreconditions.cpp);
  /// false after an error.
  bool emitPreconditions(const clang::FunctionDecl *kernel,
                         mlir::func::FuncOp func);
  /// Whether `call` (of tile::require) is one of the kernel's leading
  /// preconditions, which emit no code; reports it otherwise.
  bool isLeadingPrecondition(const clang::CallExpr *call);
  /// The calls of tile::require that open the kernel being emitted.
  llvm::SmallPtrSet<const clang::CallExpr *, 4> leadingPreconditions;
  /// Records the configuration space that TILE_TUNE declares on `kernel`'s
  /// template on `func` (KernelTuningSpace.cpp); false after an error.
  bool emitTuningSpace(const clang::FunctionDecl *kernel,
                       mlir::func::FuncOp func);

  mlir::ModuleOp module;
  clang::ASTContext &ast;
  clang::DiagnosticsEngine &diags;
  mlir::OpBuilder builder;
  /// Whether scatters count the elements they drop (--count-dropped).
  bool countDropped;
  /// The C++ type's tile-dialect type (see convertKernelType).
  mlir::Type convertKernelTypeOf(clang::QualType type);

  unsigned errorId;
  unsigned noteId;
  /// How many loops and branches enclose the statement being emitted.
  unsigned controlDepth = 0;
  /// The loops being emitted, innermost last.
  llvm::SmallVector<LoopFlags> loops;
  /// Set by the kernel's `return;`; null when it has none.
  const clang::VarDecl *returned = nullptr;
  /// The helper functions being inlined, innermost last.
  struct InlinedHelper {
    unsigned controlDepth;
    mlir::Value result;
  };
  llvm::SmallVector<InlinedHelper> helpers;
  llvm::DenseMap<const clang::ValueDecl *, mlir::Value> values;
  /// References bound to variables: each reference (a local reference, a
  /// reference parameter of an inlined call) names the variable whose value
  /// it reads and writes, as in C++.
  llvm::DenseMap<const clang::ValueDecl *, const clang::VarDecl *> aliases;
  /// The variable `decl` stands for: the one a reference is bound to.
  const clang::ValueDecl *resolve(const clang::ValueDecl *decl) const;
  const clang::VarDecl *resolveVariable(const clang::VarDecl *var) const;
  /// The variable a write to `var` in a statement about to be emitted
  /// reaches: resolveVariable's, or for a reference that statement declares,
  /// the variable of its initializer.
  const clang::VarDecl *writtenVariable(const clang::VarDecl *var) const;
  /// The kernel's variable `expr` names (through references bound here),
  /// or null when it names none.
  const clang::VarDecl *kernelVariable(const clang::Expr *expr) const;
  /// Binds the reference `decl` to the variable `init` names, when it names
  /// one of the kernel's; false when `init` is not a variable.
  bool bindReference(const clang::ValueDecl *decl, const clang::Expr *init);
  /// The closures held by local variables and inlined parameters.
  llvm::DenseMap<const clang::ValueDecl *, Closure> closures;
  /// The kernel emitted under each entry name, for the error when another
  /// one would take it.
  llvm::StringMap<const clang::FunctionDecl *> entries;
};

} // namespace tile::frontend

#endif // TILE_FRONTEND_KERNELEMITTER_H
