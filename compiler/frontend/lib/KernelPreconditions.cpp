//===- KernelPreconditions.cpp - TILE_REQUIRE on a kernel -----------------===//
//
// The TILE_REQUIRE statements that open a kernel body (after static
// assertions and constexpr constants, if any) are its launch preconditions.
// Each condition, an expression over the kernel's integer scalar parameters,
// its tensors' sizes and constants, is recorded on the kernel function as a
// list of nodes (tile::formats::PreconditionNode), which the metadata carries
// to the runtime; the runtime evaluates it before every launch. The kernel's
// code does not compute it.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"
#include "tile/IR/TileDialect.h"
#include "tile/Safety/KernelLanguage.h"
#include "tile/formats/PreconditionOps.h"

using namespace tile::frontend;
using Op = tile::formats::PreconditionOp;

namespace {

/// The metadata's name of an integer or bool type: "i1", "i8" to "i64";
/// nullopt for any other type (floats, unsigned integers).
std::optional<std::string> nodeType(clang::QualType type,
                                    const clang::ASTContext &ast) {
  type = type.getCanonicalType().getNonReferenceType().getUnqualifiedType();
  if (type->isBooleanType())
    return "i1";
  if (!type->isSignedIntegerType())
    return std::nullopt;
  uint64_t width = ast.getTypeSize(type);
  if (width != 8 && width != 16 && width != 32 && width != 64)
    return std::nullopt;
  return "i" + std::to_string(width);
}

/// Builds the nodes of one condition.
class PreconditionNodes {
public:
  PreconditionNodes(const clang::FunctionDecl *kernel, clang::ASTContext &ast,
                    mlir::Builder &builder)
      : kernel(kernel), ast(ast), builder(builder) {}

  /// The index of the node that computes `expr`, adding the nodes it
  /// needs; nullopt after `rejected` and `why` name what cannot be one.
  std::optional<int64_t> of(const clang::Expr *expr);

  mlir::ArrayAttr attr() const { return builder.getArrayAttr(nodes); }

  const clang::Expr *rejected = nullptr;
  std::string why;

private:
  int64_t add(Op op, llvm::StringRef type, llvm::ArrayRef<int64_t> operands) {
    llvm::SmallVector<mlir::Attribute> node = {
        builder.getStringAttr(tile::formats::preconditionOpName(op)),
        builder.getStringAttr(type)};
    for (int64_t operand : operands)
      node.push_back(builder.getI64IntegerAttr(operand));
    nodes.push_back(builder.getArrayAttr(node));
    types.push_back(type.str());
    return int64_t(nodes.size()) - 1;
  }
  /// `node` converted to `type`, if it is of another.
  int64_t convert(int64_t node, llvm::StringRef type) {
    return types[node] == type ? node : add(Op::Cast, type, {node});
  }
  std::optional<int64_t> reject(const clang::Expr *expr, std::string reason) {
    rejected = expr;
    why = std::move(reason);
    return std::nullopt;
  }
  /// The index of kernel parameter `decl` names, or nullopt.
  std::optional<int64_t> parameterIndex(const clang::Expr *expr) const {
    const auto *ref =
        llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
    const auto *param =
        ref ? llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl()) : nullptr;
    if (!param || param->getDeclContext() != kernel)
      return std::nullopt;
    return param->getFunctionScopeIndex();
  }
  std::optional<int64_t> binary(const clang::BinaryOperator *op,
                                llvm::StringRef type);

  const clang::FunctionDecl *kernel;
  clang::ASTContext &ast;
  mlir::Builder &builder;
  llvm::SmallVector<mlir::Attribute> nodes;
  llvm::SmallVector<std::string> types;
};

std::optional<int64_t> PreconditionNodes::of(const clang::Expr *expr) {
  expr = expr->IgnoreParens();
  std::optional<std::string> type = nodeType(expr->getType(), ast);
  if (!type)
    return reject(expr, "a launch precondition computes with signed "
                        "integers and bool; this is '" +
                            expr->getType().getAsString() + "'");
  // Literals, template parameters and other constants fold here.
  clang::Expr::EvalResult constant;
  if (!expr->isValueDependent() && expr->EvaluateAsInt(constant, ast))
    return add(Op::Const, *type, {constant.Val.getInt().getExtValue()});
  if (const auto *cast = llvm::dyn_cast<clang::CastExpr>(expr)) {
    switch (cast->getCastKind()) {
    case clang::CK_LValueToRValue:
    case clang::CK_NoOp:
    case clang::CK_IntegralCast:
    case clang::CK_IntegralToBoolean: {
      std::optional<int64_t> operand = of(cast->getSubExpr());
      return operand ? std::optional(convert(*operand, *type)) : std::nullopt;
    }
    default:
      return reject(expr, "a launch precondition converts only between "
                          "integers and bool");
    }
  }
  if (llvm::isa<clang::DeclRefExpr>(expr)) {
    std::optional<int64_t> param = parameterIndex(expr);
    if (!param)
      return reject(expr, "a launch precondition reads the kernel's "
                          "parameters, not other variables");
    return add(Op::Param, *type, {*param});
  }
  if (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(expr))
    if (tile::safety::isTensorSizeCall(call)) {
      std::optional<int64_t> param =
          parameterIndex(call->getImplicitObjectArgument());
      clang::Expr::EvalResult dim;
      if (param && call->getArg(0)->EvaluateAsInt(dim, ast))
        return add(Op::Size, "i64", {*param, dim.Val.getInt().getExtValue()});
    }
  if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(expr))
    return binary(op, *type);
  if (const auto *op = llvm::dyn_cast<clang::UnaryOperator>(expr)) {
    std::optional<int64_t> operand;
    switch (op->getOpcode()) {
    case clang::UO_Plus:
      return of(op->getSubExpr());
    case clang::UO_LNot:
    case clang::UO_Not:
      operand = of(op->getSubExpr());
      return operand ? std::optional(add(Op::Not, *type, {*operand}))
                     : std::nullopt;
    case clang::UO_Minus:
      operand = of(op->getSubExpr());
      return operand
                 ? std::optional(add(Op::Sub, *type,
                                     {add(Op::Const, *type, {0}), *operand}))
                 : std::nullopt;
    default:
      break;
    }
  }
  if (const auto *choice = llvm::dyn_cast<clang::ConditionalOperator>(expr)) {
    std::optional<int64_t> cond = of(choice->getCond());
    std::optional<int64_t> a = cond ? of(choice->getTrueExpr()) : std::nullopt;
    std::optional<int64_t> b = a ? of(choice->getFalseExpr()) : std::nullopt;
    if (!b)
      return std::nullopt;
    return add(Op::Select, *type, {convert(*cond, "i1"), *a, *b});
  }
  return reject(expr, "a launch precondition reads only the kernel's "
                      "integer parameters, its tensors' sizes (x.size(d)) "
                      "and constants");
}

std::optional<int64_t>
PreconditionNodes::binary(const clang::BinaryOperator *op,
                          llvm::StringRef type) {
  static const llvm::DenseMap<unsigned, Op> kOps = {
      {clang::BO_Add, Op::Add}, {clang::BO_Sub, Op::Sub},
      {clang::BO_Mul, Op::Mul}, {clang::BO_Div, Op::Div},
      {clang::BO_Rem, Op::Rem}, {clang::BO_Shl, Op::Shl},
      {clang::BO_Shr, Op::Shr}, {clang::BO_And, Op::And},
      {clang::BO_Or, Op::Or},   {clang::BO_Xor, Op::Xor},
      {clang::BO_EQ, Op::Eq},   {clang::BO_NE, Op::Ne},
      {clang::BO_LT, Op::Lt},   {clang::BO_LE, Op::Le},
      {clang::BO_GT, Op::Gt},   {clang::BO_GE, Op::Ge}};
  std::optional<int64_t> a = of(op->getLHS());
  std::optional<int64_t> b = a ? of(op->getRHS()) : std::nullopt;
  if (!b)
    return std::nullopt;
  // `x && y` and `x || y` decide by x first, as C++ does.
  if (op->getOpcode() == clang::BO_LAnd)
    return add(Op::Select, "i1", {*a, *b, add(Op::Const, "i1", {0})});
  if (op->getOpcode() == clang::BO_LOr)
    return add(Op::Select, "i1", {*a, add(Op::Const, "i1", {1}), *b});
  auto found = kOps.find(op->getOpcode());
  if (found == kOps.end())
    return reject(op, "a launch precondition does not assign");
  // C++ converts a shift's count apart from its value.
  if (op->isShiftOp())
    b = convert(*b, type);
  return add(found->second, type, {*a, *b});
}

/// Whether `stmt` does nothing at run time: a static assertion, a type
/// alias, a using declaration or a constexpr constant, which may come before
/// the preconditions.
bool isCompileTimeOnly(const clang::Stmt *stmt) {
  const auto *decls = llvm::dyn_cast<clang::DeclStmt>(stmt);
  return llvm::isa<clang::NullStmt>(stmt) ||
         (decls && llvm::all_of(decls->decls(), [](const clang::Decl *decl) {
            const auto *var = llvm::dyn_cast<clang::VarDecl>(decl);
            return (var && var->isConstexpr()) ||
                   llvm::isa<clang::StaticAssertDecl, clang::TypedefNameDecl,
                             clang::UsingDecl, clang::UsingDirectiveDecl>(decl);
          }));
}

/// The call of tile::require that `stmt` is, or null.
const clang::CallExpr *requireCall(const clang::Stmt *stmt) {
  const auto *expr = llvm::dyn_cast<clang::Expr>(stmt);
  const auto *call =
      expr ? llvm::dyn_cast<clang::CallExpr>(expr->IgnoreImplicitAsWritten())
           : nullptr;
  std::optional<llvm::StringRef> name =
      call ? tile::safety::kernelOperationName(call->getDirectCallee())
           : std::nullopt;
  return name == "require" ? call : nullptr;
}

} // namespace

bool KernelEmitter::emitPreconditions(const clang::FunctionDecl *kernel,
                                      mlir::func::FuncOp func) {
  leadingPreconditions.clear();
  llvm::SmallVector<mlir::Attribute> records;
  for (const clang::Stmt *stmt :
       llvm::cast<clang::CompoundStmt>(kernel->getBody())->body()) {
    if (isCompileTimeOnly(stmt))
      continue;
    const clang::CallExpr *call = requireCall(stmt);
    if (!call)
      break;
    const auto *text = llvm::dyn_cast<clang::StringLiteral>(
        call->getArg(1)->IgnoreImplicitAsWritten());
    if (!text) {
      error(call->getSourceRange(),
            "write launch preconditions as TILE_REQUIRE(condition)");
      return false;
    }
    PreconditionNodes nodes(kernel, ast, builder);
    // TILE_REQUIRE converts the condition to bool.
    std::optional<int64_t> condition =
        nodes.of(call->getArg(0)->IgnoreImplicitAsWritten());
    if (!condition) {
      error(nodes.rejected->getSourceRange(), nodes.why);
      return false;
    }
    records.push_back(builder.getDictionaryAttr(
        {builder.getNamedAttr("text", builder.getStringAttr(text->getString())),
         builder.getNamedAttr("nodes", nodes.attr())}));
    leadingPreconditions.insert(call);
  }
  if (!records.empty())
    func->setAttr(mlir::tile::kPreconditionsAttrName,
                  builder.getArrayAttr(records));
  return true;
}

bool KernelEmitter::isLeadingPrecondition(const clang::CallExpr *call) {
  if (leadingPreconditions.contains(call))
    return true;
  error(call->getSourceRange(),
        "TILE_REQUIRE states a launch precondition: write it first in the "
        "kernel body, before any statement but static assertions and "
        "constexpr constants (not in a loop, a branch, a helper or a "
        "lambda)");
  return false;
}
