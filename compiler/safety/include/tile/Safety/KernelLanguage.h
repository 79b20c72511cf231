//===- KernelLanguage.h - What belongs to the kernel language ---*- C++ -*-===//
//
// The names that make up the kernel language of tile/kernel.h, shared by
// the safety analysis and the frontend.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SAFETY_KERNELLANGUAGE_H
#define TILE_SAFETY_KERNELLANGUAGE_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceManager.h"

#include <optional>
#include <string>

namespace tile::safety {

/// The C++ name of a kernel or helper instantiation, as "saxpy<1024>".
std::string displayName(const clang::FunctionDecl *function);

/// Whether `type` (or the type it refers to) is the kernel-language class
/// `tile::<name>`, or a specialization of it.
bool isKernelClass(clang::QualType type, llvm::StringRef name);

/// Whether `type` (or the type it refers to) is `tile::f16` or `tile::bf16`,
/// the 2-byte float scalars.
bool isHalfFloatClass(clang::QualType type);

/// Whether `type` (or the type it refers to) is an input piece,
/// tile::Piece<const T, S...>.
bool isInputPiece(clang::QualType type);

/// The static shape of a `tile::Tile<T, S...>` or `tile::Piece<T, S...>`
/// type: its integer template arguments S...
llvm::SmallVector<int64_t> kernelShape(clang::QualType type);

/// "4x64" for the shape {4, 64}.
std::string formatShape(llvm::ArrayRef<int64_t> shape);

/// Whether `callee` is a function (or an operator) of namespace `tile`: an
/// operation of the kernel language.
bool isKernelOperation(const clang::FunctionDecl *callee);

/// The unqualified name of `callee` when it is a named function of
/// namespace `tile`.
std::optional<llvm::StringRef>
kernelOperationName(const clang::FunctionDecl *callee);

/// Whether `call` is `t.size(dim)` on a `tile::View` or a `tile::Piece`:
/// the run-time extent of the tensor behind it.
bool isTensorSizeCall(const clang::CallExpr *call);

/// Whether `callee` is a thread-level primitive of `tile::unsafe`.
bool isUnsafePrimitive(const clang::FunctionDecl *callee);

/// The definition of `callee` when it is a helper function, one of the
/// kernel's source or the project's headers (not a system header, not the
/// standard library); tilecc inlines helpers at each call.
const clang::FunctionDecl *helperDefinition(const clang::FunctionDecl *callee,
                                            const clang::SourceManager &sm);

/// The definition `call` inlines: a helper function's or a lambda's; null
/// for operations of the kernel language, unsafe primitives, other methods
/// and foreign functions.
const clang::FunctionDecl *inlinedDefinition(const clang::CallExpr *call,
                                             const clang::SourceManager &sm);

/// Whether `type` (or the type it refers to) is the closure type of a
/// lambda.
bool isClosureType(clang::QualType type);

/// Whether a helper's parameter is written back to its argument when the
/// helper ends: a non-const reference to a value (a tile, a scalar or a
/// view), not to a piece (whose stores go through) nor to a closure.
bool isWrittenBack(const clang::ParmVarDecl *param);

/// Whether `callee` is the call operator of a lambda (of a generic lambda,
/// one instantiation of it).
bool isLambdaCallOperator(const clang::FunctionDecl *callee);

/// The arguments `call` binds to its callee's parameters: all of them but
/// the closure object of a lambda called as `f(args)`.
llvm::ArrayRef<const clang::Expr *>
parameterArguments(const clang::CallExpr *call);

} // namespace tile::safety

#endif // TILE_SAFETY_KERNELLANGUAGE_H
