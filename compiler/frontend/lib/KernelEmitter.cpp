//===- KernelEmitter.cpp - One C++ kernel body to tile IR -----------------===//

#include "KernelEmitter.h"
#include "KernelTypes.h"
#include "tile/IR/ElementConversion.h"
#include "tile/IR/TileDialect.h"
#include "tile/IR/TileOps.h"
#include "tile/Safety/AssignedVariables.h"
#include "tile/Safety/Jumps.h"
#include "tile/Safety/KernelLanguage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"

using namespace tile::frontend;
using namespace mlir::tile;
using mlir::Type;
using mlir::Value;

/// A symbol for the cubin entry: the name with every run of characters
/// outside [A-Za-z0-9_] turned into one underscore.
static std::string entryName(llvm::StringRef name) {
  std::string entry;
  for (char c : name) {
    if (llvm::isAlnum(c) || c == '_')
      entry += c;
    else if (!entry.empty() && entry.back() != '_')
      entry += '_';
  }
  while (!entry.empty() && entry.back() == '_')
    entry.pop_back();
  return entry;
}

/// Creates a one-operand tile op; the element-wise math functions map to
/// these by name.
template <typename OpT>
static Value createUnary(mlir::OpBuilder &builder, mlir::Location loc,
                         Value input) {
  return OpT::create(builder, loc, input);
}

/// Creates a two-operand tile op, for the math functions of two tiles.
template <typename OpT>
static Value createBinary(mlir::OpBuilder &builder, mlir::Location loc,
                          Value lhs, Value rhs) {
  return OpT::create(builder, loc, lhs, rhs);
}

/// The integers of the first template argument of `callee` (one value, or
/// a pack such as permute's permutation); the later arguments are deduced
/// from the operands.
static llvm::SmallVector<int64_t>
leadingTemplateIntegers(const clang::FunctionDecl *callee) {
  llvm::SmallVector<int64_t> values;
  const clang::TemplateArgumentList *args =
      callee->getTemplateSpecializationArgs();
  if (!args || args->size() == 0)
    return values;
  const clang::TemplateArgument &first = args->get(0);
  if (first.getKind() == clang::TemplateArgument::Integral)
    values.push_back(first.getAsIntegral().getSExtValue());
  else if (first.getKind() == clang::TemplateArgument::Pack)
    for (const clang::TemplateArgument &packed : first.pack_elements())
      if (packed.getKind() == clang::TemplateArgument::Integral)
        values.push_back(packed.getAsIntegral().getSExtValue());
  return values;
}

KernelEmitter::KernelEmitter(mlir::ModuleOp module, clang::ASTContext &ast,
                             clang::DiagnosticsEngine &diags, bool countDropped)
    : module(module), ast(ast), diags(diags), builder(module.getContext()),
      countDropped(countDropped) {
  errorId = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
  noteId = diags.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
}

mlir::Location KernelEmitter::loc(clang::SourceLocation location) {
  clang::PresumedLoc presumed = ast.getSourceManager().getPresumedLoc(location);
  if (presumed.isInvalid())
    return builder.getUnknownLoc();
  return mlir::FileLineColLoc::get(builder.getContext(), presumed.getFilename(),
                                   presumed.getLine(), presumed.getColumn());
}

void KernelEmitter::error(clang::SourceRange range,
                          const llvm::Twine &message) {
  diags.Report(range.getBegin(), errorId) << message.str() << range;
}

void KernelEmitter::note(clang::SourceLocation location,
                         const llvm::Twine &message) {
  diags.Report(location, noteId) << message.str();
}

bool tile::frontend::isUnsignedScalar(clang::QualType type) {
  return type->isUnsignedIntegerType() && !type->isBooleanType();
}

Type KernelEmitter::typeOf(const clang::Expr *expr) {
  return convertKernelTypeOf(expr->getType());
}

Type KernelEmitter::convertKernelTypeOf(clang::QualType type) {
  return convertKernelType(*builder.getContext(), type);
}

/// The most programs a multiprocessor runs at once (sm_80 to sm_100).
static constexpr int64_t kMaxBlocksPerSM = 32;
/// The most threads a program (a CUDA block) may have.
static constexpr int64_t kMaxThreadsPerProgram = 1024;
/// The stages TILE_STAGES may ask for: a pipeline copies `stages - 2` steps
/// ahead, at least one.
static constexpr int64_t kMinPipelineStages = 3, kMaxPipelineStages = 8;
/// The largest group TILE_PROGRAM_GROUPS may ask for.
static constexpr int64_t kMaxProgramGroups = 64;

/// The annotation `name` on `kernel` (or on the template it was
/// instantiated from), or null.
static const clang::AnnotateAttr *annotation(const clang::FunctionDecl *kernel,
                                             llvm::StringRef name) {
  const clang::FunctionDecl *pattern =
      kernel->getTemplateInstantiationPattern();
  for (const clang::FunctionDecl *decl : {kernel, pattern})
    if (decl)
      for (const auto *attr : decl->specific_attrs<clang::AnnotateAttr>())
        if (attr->getAnnotation() == name)
          return attr;
  return nullptr;
}

bool KernelEmitter::emitLaunchHint(const clang::FunctionDecl *kernel,
                                   mlir::func::FuncOp func, const Hint &hint) {
  const clang::AnnotateAttr *attr = annotation(kernel, hint.attrName);
  if (!attr)
    return true;
  std::optional<llvm::APSInt> value;
  if (attr->args_size() == 1)
    value =
        (*attr->args_begin())->getIntegerConstantExpr(kernel->getASTContext());
  if (!value || *value < hint.min || *value > hint.max ||
      (hint.powerOfTwo && !llvm::isPowerOf2_64(value->getExtValue()))) {
    error(attr->getRange(),
          llvm::Twine(hint.macro) + " takes one integer " + "constant " +
              (hint.powerOfTwo ? "that is a power of two " : "") + "from " +
              llvm::Twine(hint.min) + " to " + llvm::Twine(hint.max) + ": " +
              hint.meaning);
    return false;
  }
  func->setAttr(hint.attrName, builder.getI64IntegerAttr(value->getExtValue()));
  return true;
}

bool KernelEmitter::emitLaunchHints(const clang::FunctionDecl *kernel,
                                    mlir::func::FuncOp func) {
  static const Hint hints[] = {
      {"TILE_MIN_BLOCKS_PER_SM", kMinBlocksPerSMAttrName, 1, kMaxBlocksPerSM,
       false, "the programs a multiprocessor should hold at once"},
      {"TILE_MAX_THREADS", kMaxThreadsAttrName, 32, kMaxThreadsPerProgram, true,
       "the most threads a program may run on"},
      {"TILE_STAGES", kStagesAttrName, kMinPipelineStages, kMaxPipelineStages,
       false, "the most shared-memory stages of a matrix product's operands"},
      {"TILE_PROGRAM_GROUPS", kProgramGroupsAttrName, 1, kMaxProgramGroups,
       false, "the positions along grid axis 0 that run as one group"},
      {"TILE_PERSISTENT", kPersistentAttrName, 1, kMaxBlocksPerSM, false,
       "the programs per multiprocessor that walk the kernel's pieces"}};
  bool ok = true;
  for (const Hint &hint : hints)
    ok &= emitLaunchHint(kernel, func, hint);
  return ok;
}

bool KernelEmitter::emitKernel(const clang::FunctionDecl *kernel) {
  mlir::MLIRContext &context = *builder.getContext();
  std::string name = tile::safety::displayName(kernel);
  llvm::SmallVector<Type> argTypes;
  llvm::SmallVector<mlir::Attribute> argNames;
  for (const clang::ParmVarDecl *param : kernel->parameters()) {
    Type type = convertKernelType(context, param->getType());
    if (!type) {
      error(param->getSourceRange(),
            "kernel parameter '" + param->getName() + "' has type '" +
                param->getType().getAsString() +
                "'; a kernel takes tile::Piece outputs and inputs, "
                "tile::View inputs, tile::Atomic outputs and scalars "
                "(float, tile::f16, tile::bf16, int8_t, int16_t, int, "
                "int64_t)");
      return false;
    }
    if (isFloat8(type)) {
      error(param->getSourceRange(),
            "kernel parameter '" + param->getName() +
                "' is an 8-bit float "
                "scalar; 8-bit floats are a storage type of tensors: pass "
                "the value as a float");
      return false;
    }
    if (isa<TileType>(type)) {
      error(param->getSourceRange(),
            "kernel parameter '" + param->getName() +
                "' is a tile; pass tensors as tile::View or tile::Piece");
      return false;
    }
    argTypes.push_back(type);
    argNames.push_back(builder.getStringAttr(param->getName()));
  }
  if (llvm::none_of(argTypes, llvm::IsaPred<PieceType>)) {
    error(kernel->getSourceRange(),
          "kernel '" + name +
              "' has no tile::Piece parameter; its grid has one program per "
              "piece of its first piece, an output tile::Piece<T, S...> or "
              "an input tile::Piece<const T, S...>");
    return false;
  }
  if (!kernel->getReturnType()->isVoidType()) {
    error(kernel->getReturnTypeSourceRange(),
          "a kernel returns void; it writes results into its tile::Piece "
          "parameters");
    return false;
  }
  // The entry name is the symbol a launch looks up in the cubin: overloads,
  // or names that differ only in punctuation, would share it.
  std::string symbol = entryName(name);
  auto [taken, inserted] = entries.try_emplace(symbol, kernel);
  if (!inserted) {
    error(kernel->getLocation(),
          "kernel '" + name + "' would get the entry name '" + symbol +
              "', which kernel '" + tile::safety::displayName(taken->second) +
              "' already has; give kernels distinct names (kernels cannot "
              "be overloaded)");
    note(taken->second->getLocation(), "the other kernel is here");
    return false;
  }

  builder.setInsertionPointToEnd(module.getBody());
  auto func =
      mlir::func::FuncOp::create(builder, loc(kernel->getLocation()), symbol,
                                 builder.getFunctionType(argTypes, {}));
  func->setAttr("tile.kernel", builder.getUnitAttr());
  func->setAttr("tile.name", builder.getStringAttr(name));
  func->setAttr("tile.arg_names", builder.getArrayAttr(argNames));
  for (auto [index, param] : llvm::enumerate(kernel->parameters()))
    if (!llvm::isa<PieceType, ViewType, AtomicType>(argTypes[index]) &&
        isUnsignedScalar(param->getType()))
      func.setArgAttr(index, mlir::tile::kUnsignedArgAttrName,
                      builder.getUnitAttr());
  if (!emitLaunchHints(kernel, func) || !emitTuningSpace(kernel, func) ||
      !emitPreconditions(kernel, func)) {
    func.erase();
    return false;
  }
  mlir::Block *entry = func.addEntryBlock();
  values.clear();
  aliases.clear();
  closures.clear();
  for (auto [param, arg] :
       llvm::zip(kernel->parameters(), entry->getArguments()))
    values[param] = arg;

  builder.setInsertionPointToStart(entry);
  // The kernel's `return;` ends it where it stands: a flag guards the code
  // after it.
  returned = nullptr;
  if (tile::safety::jumpsOut(kernel->getBody()).returns) {
    returned = makeFlag("return");
    values[returned] = mlir::arith::ConstantIntOp::create(
        builder, loc(kernel->getBeginLoc()), false, 1);
  }
  if (!emitStmt(kernel->getBody())) {
    func.erase();
    return false;
  }
  mlir::func::ReturnOp::create(builder, loc(kernel->getEndLoc()));
  return true;
}

const clang::ValueDecl *
KernelEmitter::resolve(const clang::ValueDecl *decl) const {
  const auto *var = llvm::dyn_cast<clang::VarDecl>(decl);
  return var ? resolveVariable(var) : decl;
}

const clang::VarDecl *
KernelEmitter::resolveVariable(const clang::VarDecl *var) const {
  while (const clang::VarDecl *target = aliases.lookup(var))
    var = target;
  return var;
}

const clang::VarDecl *
KernelEmitter::writtenVariable(const clang::VarDecl *var) const {
  // A reference not bound yet (one declared in a statement whose writes
  // are being collected) names the variable of its initializer.
  while (true) {
    var = resolveVariable(var);
    const clang::VarDecl *target = tile::safety::referencedVariable(var);
    if (target == var)
      return var;
    var = target;
  }
}

const clang::VarDecl *
KernelEmitter::kernelVariable(const clang::Expr *expr) const {
  const clang::VarDecl *var = tile::safety::namedVariable(expr);
  if (!var || !values.count(resolveVariable(var)))
    return nullptr;
  return resolveVariable(var);
}

bool KernelEmitter::bindReference(const clang::ValueDecl *decl,
                                  const clang::Expr *init) {
  const clang::VarDecl *var = kernelVariable(init);
  if (!var)
    return false;
  aliases[decl] = var;
  return true;
}

bool KernelEmitter::emitStmt(const clang::Stmt *stmt) {
  if (const auto *compound = llvm::dyn_cast<clang::CompoundStmt>(stmt))
    return emitStatements(llvm::ArrayRef<const clang::Stmt *>(
        compound->body_begin(), compound->body_end()));
  if (const auto *decl = llvm::dyn_cast<clang::DeclStmt>(stmt)) {
    for (const clang::Decl *d : decl->decls()) {
      const auto *var = llvm::dyn_cast<clang::VarDecl>(d);
      if (!var) {
        if (llvm::isa<clang::StaticAssertDecl, clang::UsingDecl,
                      clang::UsingDirectiveDecl, clang::TypedefNameDecl>(d))
          continue;
        error(d->getSourceRange(),
              "only variable declarations are allowed in a kernel body");
        return false;
      }
      if (tile::safety::isClosureType(var->getType())) {
        std::optional<Closure> closure = emitClosure(var->getInit());
        if (!closure)
          return false;
        closures[var] = std::move(*closure);
        continue;
      }
      if (var->getType()->isReferenceType() && var->getInit() &&
          !tile::safety::bindsTemporary(var)) {
        if (bindReference(var, var->getInit()))
          continue;
        error(var->getInit()->getSourceRange(),
              tile::safety::referenceBindingError(var));
        return false;
      }
      Value value = emitExpr(var->getInit());
      if (!value)
        return false;
      values[var] = value;
    }
    return true;
  }
  if (const auto *ret = llvm::dyn_cast<clang::ReturnStmt>(stmt)) {
    if (helpers.empty()) {
      if (ret->getRetValue()) {
        error(ret->getSourceRange(), "a kernel returns no value");
        return false;
      }
      emitJump(ret);
      return true;
    }
    if (controlDepth > helpers.back().controlDepth) {
      error(ret->getSourceRange(),
            "a helper or a lambda returns only at its end, not from inside a "
            "loop or an `if`; guard the work with the condition instead");
      return false;
    }
    if (ret->getRetValue()) {
      helpers.back().result = emitExpr(ret->getRetValue());
      return static_cast<bool>(helpers.back().result);
    }
    return true;
  }
  if (llvm::isa<clang::BreakStmt, clang::ContinueStmt>(stmt)) {
    emitJump(stmt);
    return true;
  }
  if (llvm::isa<clang::NullStmt>(stmt))
    return true;
  // An unsafe scope was checked by the analysis; its code is emitted as is.
  if (const auto *attributed = llvm::dyn_cast<clang::AttributedStmt>(stmt))
    return emitStmt(attributed->getSubStmt());
  if (const auto *loop = llvm::dyn_cast<clang::ForStmt>(stmt))
    return emitFor(loop);
  if (const auto *loop = llvm::dyn_cast<clang::WhileStmt>(stmt)) {
    if (loop->getConditionVariable()) {
      error(loop->getSourceRange(),
            "declare variables before the `while`, not in its condition");
      return false;
    }
    return emitConditionLoop(loop, loop->getCond(), loop->getBody(),
                             /*bodyFirst=*/false);
  }
  if (const auto *loop = llvm::dyn_cast<clang::DoStmt>(stmt))
    return emitConditionLoop(loop, loop->getCond(), loop->getBody(),
                             /*bodyFirst=*/true);
  if (const auto *branch = llvm::dyn_cast<clang::IfStmt>(stmt))
    return emitIf(branch);
  if (const auto *expr = llvm::dyn_cast<clang::Expr>(stmt)) {
    // A lambda made and never called only evaluates its captures.
    if (tile::safety::isClosureType(expr->getType()))
      return emitClosure(expr).has_value();
    return static_cast<bool>(emitExpr(expr)) ||
           expr->getType()->isVoidType() && !diags.hasErrorOccurred();
  }
  error(stmt->getSourceRange(),
        llvm::Twine("'") + stmt->getStmtClassName() +
            "' statements are not supported in tile kernels");
  return false;
}

Value KernelEmitter::emitExpr(const clang::Expr *expr) {
  if (tile::safety::isClosureType(expr->getType())) {
    rejectClosure(expr);
    return {};
  }
  if (expr->getType()->isPointerType()) {
    error(expr->getSourceRange(),
          "tilecc generates no code for raw pointers; a kernel that uses "
          "them in an unsafe scope runs in host mode only (tilecc --check "
          "--safety-only checks it)");
    return {};
  }
  if (const auto *paren = llvm::dyn_cast<clang::ParenExpr>(expr))
    return emitExpr(paren->getSubExpr());
  // A default argument is evaluated at the call.
  if (const auto *defaulted = llvm::dyn_cast<clang::CXXDefaultArgExpr>(expr))
    return emitExpr(defaulted->getExpr());
  // A template parameter used as a value is its argument's literal.
  if (const auto *parameter =
          llvm::dyn_cast<clang::SubstNonTypeTemplateParmExpr>(expr))
    return emitExpr(parameter->getReplacement());
  if (const auto *cleanups = llvm::dyn_cast<clang::ExprWithCleanups>(expr))
    return emitExpr(cleanups->getSubExpr());
  if (const auto *temp = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(expr))
    return emitExpr(temp->getSubExpr());
  if (const auto *bind = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(expr))
    return emitExpr(bind->getSubExpr());
  if (const auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(expr))
    return emitImplicitCast(cast);
  if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(expr)) {
    // Copies and moves of tiles and views are the same SSA value.
    if (construct->getNumArgs() == 1 &&
        construct->getConstructor()->isCopyOrMoveConstructor())
      return emitExpr(construct->getArg(0));
    // `tile::bf16(x)`, `tile::f16(x)`: x rounded to the type.
    if (construct->getNumArgs() == 1 &&
        tile::safety::isHalfFloatClass(expr->getType()) &&
        construct->getArg(0)->getType()->isRealFloatingType()) {
      Value value = emitExpr(construct->getArg(0));
      if (!value)
        return {};
      return convertScalar(value, typeOf(expr), loc(expr->getExprLoc()));
    }
    error(expr->getSourceRange(),
          "constructing '" + expr->getType().getAsString() +
              "' in a kernel is not supported; create tiles with tile::full, "
              "tile::iota or tile::load");
    return {};
  }
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(expr)) {
    auto it = values.find(resolve(ref->getDecl()));
    if (it != values.end())
      return it->second;
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      if (var->getType().isConstQualified() && var->getInit())
        if (std::optional<int64_t> value =
                constantInt(var->getInit(), "a constant"))
          return mlir::arith::ConstantOp::create(
              builder, loc(expr->getExprLoc()),
              builder.getIntegerAttr(typeOf(expr), *value));
    error(expr->getSourceRange(),
          "'" + ref->getDecl()->getName() +
              "' is not a parameter or local variable of the kernel");
    return {};
  }
  if (llvm::isa<clang::IntegerLiteral, clang::FloatingLiteral,
                clang::CXXBoolLiteralExpr>(expr))
    return emitLiteral(expr);
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(expr))
    if (tile::safety::isLambdaCallOperator(call->getDirectCallee()))
      return emitLambdaCall(call, call->getDirectCallee());
  if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(expr))
    return emitOperatorCall(op);
  if (const auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(expr))
    return emitMemberCall(call);
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(expr)) {
    if (std::optional<llvm::StringRef> name =
            tile::safety::kernelOperationName(call->getDirectCallee()))
      return emitIntrinsicCall(call, *name);
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (isInlinableHelper(callee))
      return emitHelperCall(call, callee);
    error(expr->getSourceRange(),
          "call to '" +
              (callee ? callee->getQualifiedNameAsString()
                      : std::string("an indirect function")) +
              "', which is not part of the kernel language");
    return {};
  }
  if (const auto *op = llvm::dyn_cast<clang::BinaryOperator>(expr))
    return emitScalarBinary(op);
  if (const auto *choice = llvm::dyn_cast<clang::ConditionalOperator>(expr)) {
    // Both sides are evaluated: they write nothing that C++ would skip.
    if (!rejectSkippedWrites(choice->getTrueExpr(), choice) ||
        !rejectSkippedWrites(choice->getFalseExpr(), choice))
      return {};
    Value cond = emitExpr(choice->getCond());
    Value lhs = cond ? emitExpr(choice->getTrueExpr()) : Value();
    Value rhs = lhs ? emitExpr(choice->getFalseExpr()) : Value();
    if (!rhs)
      return {};
    if (!lhs.getType().isIntOrFloat()) {
      error(expr->getSourceRange(), "?: chooses between scalars; choose "
                                    "between tiles with tile::select");
      return {};
    }
    mlir::Location at = loc(choice->getQuestionLoc());
    return mlir::arith::SelectOp::create(
        builder, at, convertScalar(cond, builder.getI1Type(), at), lhs, rhs);
  }
  if (const auto *op = llvm::dyn_cast<clang::UnaryOperator>(expr))
    return emitScalarUnary(op);
  if (const auto *cast = llvm::dyn_cast<clang::ExplicitCastExpr>(expr)) {
    // `(void)x` only marks x as used.
    if (cast->getType()->isVoidType())
      return emitExpr(cast->getSubExpr());
    Value value = emitExpr(cast->getSubExpr());
    Type to = typeOf(expr);
    if (!value || !to || !to.isIntOrFloat()) {
      if (value)
        error(expr->getSourceRange(),
              "only casts between scalar types are supported; convert "
              "tiles with tile::cast");
      return {};
    }
    return convertScalar(value, to, loc(expr->getExprLoc()),
                         isUnsignedScalar(cast->getSubExpr()->getType()),
                         isUnsignedScalar(cast->getType()));
  }
  error(expr->getSourceRange(),
        llvm::Twine("'") + expr->getStmtClassName() +
            "' expressions are not supported in tile kernels");
  return {};
}

Value KernelEmitter::emitImplicitCast(const clang::ImplicitCastExpr *cast) {
  Value value = emitExpr(cast->getSubExpr());
  if (!value)
    return {};
  switch (cast->getCastKind()) {
  case clang::CK_IntegralCast:
  case clang::CK_FloatingCast:
  case clang::CK_IntegralToFloating:
  case clang::CK_FloatingToIntegral:
  case clang::CK_IntegralToBoolean:
  case clang::CK_FloatingToBoolean: {
    Type to = typeOf(cast);
    if (!to) {
      error(cast->getSourceRange(),
            "conversion to '" + cast->getType().getAsString() +
                "' is not supported in kernels; they compute in float, "
                "double, int, int64_t and bool");
      return {};
    }
    return convertScalar(value, to, loc(cast->getExprLoc()),
                         isUnsignedScalar(cast->getSubExpr()->getType()),
                         isUnsignedScalar(cast->getType()));
  }
  default:
    return value;
  }
}

Value KernelEmitter::emitLiteral(const clang::Expr *expr) {
  Type type = typeOf(expr);
  mlir::Location location = loc(expr->getExprLoc());
  if (!type) {
    error(expr->getSourceRange(),
          "literal of type '" + expr->getType().getAsString() +
              "' is not supported; kernels use float, double, int, int64_t "
              "and bool");
    return {};
  }
  if (const auto *lit = llvm::dyn_cast<clang::FloatingLiteral>(expr))
    return mlir::arith::ConstantOp::create(
        builder, location, builder.getFloatAttr(type, lit->getValue()));
  if (const auto *lit = llvm::dyn_cast<clang::IntegerLiteral>(expr))
    return mlir::arith::ConstantOp::create(
        builder, location,
        builder.getIntegerAttr(type, lit->getValue().getSExtValue()));
  const auto *lit = llvm::cast<clang::CXXBoolLiteralExpr>(expr);
  return mlir::arith::ConstantOp::create(builder, location,
                                         builder.getBoolAttr(lit->getValue()));
}

llvm::SmallVector<Value> KernelEmitter::tileIndices(const clang::CallExpr *call,
                                                    llvm::ArrayRef<Value> args,
                                                    unsigned first,
                                                    mlir::Location at) {
  llvm::SmallVector<Value> indices;
  for (unsigned i = first; i < args.size(); ++i)
    indices.push_back(convertArg(call, args, i, builder.getI32Type(), at));
  return indices;
}

Value KernelEmitter::convertArg(const clang::CallExpr *call,
                                llvm::ArrayRef<Value> args, unsigned i, Type to,
                                mlir::Location at) {
  return convertScalar(args[i], to, at,
                       isUnsignedScalar(call->getArg(i)->getType()));
}

Value KernelEmitter::convertScalar(Value value, Type to, mlir::Location at,
                                   bool fromUnsigned, bool toUnsigned) {
  return convertElements(builder, at, value, to, fromUnsigned, toUnsigned);
}

std::optional<int64_t> KernelEmitter::constantInt(const clang::Expr *expr,
                                                  llvm::StringRef what) {
  clang::Expr::EvalResult result;
  if (!expr->EvaluateAsInt(result, ast)) {
    error(expr->getSourceRange(),
          what + llvm::Twine(" must be an integer constant expression"));
    return std::nullopt;
  }
  return result.Val.getInt().getSExtValue();
}

bool KernelEmitter::rejectSkippedWrites(const clang::Expr *operand,
                                        const clang::Expr *whole) {
  llvm::SetVector<const clang::VarDecl *> written = assignedIn(operand);
  if (written.empty())
    return true;
  const auto *op = llvm::dyn_cast<clang::BinaryOperator>(whole);
  error(operand->getSourceRange(),
        "this operand of '" +
            (op ? clang::BinaryOperator::getOpcodeStr(op->getOpcode())
                : llvm::StringRef("?:")) +
            "' writes '" + written.front()->getName() +
            "', which C++ skips when the condition decides otherwise; "
            "tilecc evaluates both sides, so compute it before, or write "
            "an `if`");
  return false;
}

Value KernelEmitter::emitScalarBinary(const clang::BinaryOperator *op) {
  if (op->getOpcode() == clang::BO_Assign) {
    Value value = emitExpr(op->getRHS());
    return value ? emitAssignment(op->getLHS(), value, op) : Value();
  }
  if (op->isCompoundAssignmentOp())
    return emitCompoundAssignment(op);
  if (op->isLogicalOp() && !rejectSkippedWrites(op->getRHS(), op))
    return {};
  Value lhs = emitExpr(op->getLHS());
  Value rhs = lhs ? emitExpr(op->getRHS()) : Value();
  if (!rhs)
    return {};
  return combineScalars(op->getOpcode(), lhs, rhs, loc(op->getOperatorLoc()),
                        op);
}

/// The unsigned comparison of the signed `predicate` (eq and ne as they are).
static mlir::arith::CmpIPredicate
unsignedPredicate(mlir::arith::CmpIPredicate predicate) {
  using mlir::arith::CmpIPredicate;
  switch (predicate) {
  case CmpIPredicate::slt:
    return CmpIPredicate::ult;
  case CmpIPredicate::sgt:
    return CmpIPredicate::ugt;
  case CmpIPredicate::sle:
    return CmpIPredicate::ule;
  case CmpIPredicate::sge:
    return CmpIPredicate::uge;
  default:
    return predicate;
  }
}

Value KernelEmitter::combineScalars(clang::BinaryOperatorKind opcode, Value lhs,
                                    Value rhs, mlir::Location at,
                                    const clang::Expr *where) {
  bool isFloat = isa<mlir::FloatType>(lhs.getType());
  // The operands' C++ type after the usual arithmetic conversions (for a
  // shift, the promoted left side's) says whether the signless integers are
  // unsigned.
  clang::QualType operandType;
  if (const auto *compound =
          llvm::dyn_cast<clang::CompoundAssignOperator>(where))
    operandType = compound->getComputationLHSType();
  else if (const auto *binary = llvm::dyn_cast<clang::BinaryOperator>(where))
    operandType = binary->getLHS()->getType();
  bool isUnsigned = !operandType.isNull() && isUnsignedScalar(operandType);
  namespace arith = mlir::arith;
  switch (opcode) {
  case clang::BO_Add:
    return isFloat ? Value(arith::AddFOp::create(builder, at, lhs, rhs))
                   : Value(arith::AddIOp::create(builder, at, lhs, rhs));
  case clang::BO_Sub:
    return isFloat ? Value(arith::SubFOp::create(builder, at, lhs, rhs))
                   : Value(arith::SubIOp::create(builder, at, lhs, rhs));
  case clang::BO_Mul:
    return isFloat ? Value(arith::MulFOp::create(builder, at, lhs, rhs))
                   : Value(arith::MulIOp::create(builder, at, lhs, rhs));
  case clang::BO_Div:
    if (isFloat)
      return arith::DivFOp::create(builder, at, lhs, rhs);
    return isUnsigned ? Value(arith::DivUIOp::create(builder, at, lhs, rhs))
                      : Value(arith::DivSIOp::create(builder, at, lhs, rhs));
  case clang::BO_Rem:
    if (isFloat)
      return arith::RemFOp::create(builder, at, lhs, rhs);
    return isUnsigned ? Value(arith::RemUIOp::create(builder, at, lhs, rhs))
                      : Value(arith::RemSIOp::create(builder, at, lhs, rhs));
  case clang::BO_LT:
  case clang::BO_GT:
  case clang::BO_LE:
  case clang::BO_GE:
  case clang::BO_EQ:
  case clang::BO_NE: {
    static const std::pair<arith::CmpFPredicate, arith::CmpIPredicate>
        kPredicates[] = {{arith::CmpFPredicate::OLT, arith::CmpIPredicate::slt},
                         {arith::CmpFPredicate::OGT, arith::CmpIPredicate::sgt},
                         {arith::CmpFPredicate::OLE, arith::CmpIPredicate::sle},
                         {arith::CmpFPredicate::OGE, arith::CmpIPredicate::sge},
                         {arith::CmpFPredicate::OEQ, arith::CmpIPredicate::eq},
                         {arith::CmpFPredicate::UNE, arith::CmpIPredicate::ne}};
    auto [f, i] = kPredicates[opcode - clang::BO_LT];
    if (isUnsigned)
      i = unsignedPredicate(i);
    return isFloat ? Value(arith::CmpFOp::create(builder, at, f, lhs, rhs))
                   : Value(arith::CmpIOp::create(builder, at, i, lhs, rhs));
  }
  case clang::BO_Shl:
  case clang::BO_Shr:
  case clang::BO_And:
  case clang::BO_Or:
  case clang::BO_Xor:
    // Bit operations: >> shifts in the sign of signed integers, zeros into
    // unsigned ones. A shift's count keeps its own type in C++; the result
    // is the shifted value's.
    if (isFloat)
      break;
    if (opcode == clang::BO_Shl || opcode == clang::BO_Shr) {
      const auto *shift = llvm::dyn_cast<clang::BinaryOperator>(where);
      bool countUnsigned = shift &&
                           !llvm::isa<clang::CompoundAssignOperator>(shift) &&
                           isUnsignedScalar(shift->getRHS()->getType());
      rhs = convertScalar(rhs, lhs.getType(), at, countUnsigned);
    } else {
      rhs = convertScalar(rhs, lhs.getType(), at);
    }
    switch (opcode) {
    case clang::BO_Shl:
      return arith::ShLIOp::create(builder, at, lhs, rhs);
    case clang::BO_Shr:
      if (isUnsigned)
        return arith::ShRUIOp::create(builder, at, lhs, rhs);
      return arith::ShRSIOp::create(builder, at, lhs, rhs);
    case clang::BO_And:
      return arith::AndIOp::create(builder, at, lhs, rhs);
    case clang::BO_Or:
      return arith::OrIOp::create(builder, at, lhs, rhs);
    default:
      return arith::XOrIOp::create(builder, at, lhs, rhs);
    }
  case clang::BO_LAnd:
  case clang::BO_LOr:
    // Both sides are side-effect free scalars: no short circuit needed.
    if (lhs.getType().isInteger(1) && rhs.getType().isInteger(1))
      return opcode == clang::BO_LAnd
                 ? Value(arith::AndIOp::create(builder, at, lhs, rhs))
                 : Value(arith::OrIOp::create(builder, at, lhs, rhs));
    break;
  default:
    break;
  }
  error(where->getSourceRange(),
        "operator '" + clang::BinaryOperator::getOpcodeStr(opcode) +
            "' is not supported on kernel scalars" +
            (isFloat ? " of floating type" : ""));
  return {};
}

Value KernelEmitter::negated(Value value, mlir::Location at) {
  Value one =
      mlir::arith::ConstantOp::create(builder, at, builder.getBoolAttr(true));
  return mlir::arith::XOrIOp::create(builder, at, value, one);
}

Value KernelEmitter::emitScalarUnary(const clang::UnaryOperator *op) {
  if (op->isIncrementDecrementOp())
    return emitIncrement(op);
  if (op->getOpcode() == clang::UO_LNot) {
    Value value = emitExpr(op->getSubExpr());
    if (!value)
      return {};
    mlir::Location at = loc(op->getOperatorLoc());
    return negated(convertScalar(value, builder.getI1Type(), at), at);
  }
  if (op->getOpcode() == clang::UO_Plus)
    return emitExpr(op->getSubExpr());
  if (op->getOpcode() != clang::UO_Minus) {
    error(op->getSourceRange(),
          "operator '" + clang::UnaryOperator::getOpcodeStr(op->getOpcode()) +
              "' is not supported on kernel scalars");
    return {};
  }
  Value value = emitExpr(op->getSubExpr());
  if (!value)
    return {};
  mlir::Location at = loc(op->getOperatorLoc());
  if (isa<mlir::FloatType>(value.getType()))
    return mlir::arith::NegFOp::create(builder, at, value);
  Value zero = mlir::arith::ConstantOp::create(
      builder, at, builder.getZeroAttr(value.getType()));
  return mlir::arith::SubIOp::create(builder, at, zero, value);
}

Value KernelEmitter::asTile(Value value, TileType like,
                            const clang::Expr *expr) {
  if (auto tile = dyn_cast<TileType>(value.getType())) {
    if (tile.getShape() != like.getShape()) {
      error(expr->getSourceRange(), "tile shapes differ in an element-wise "
                                    "operation; broadcast explicitly");
      return {};
    }
    return value;
  }
  if (value.getType() != scalarType(like.getElementType())) {
    error(expr->getSourceRange(),
          "scalar of a different type than the tile's elements; convert it "
          "first");
    return {};
  }
  return SplatOp::create(builder, loc(expr->getExprLoc()), like, value);
}

std::optional<llvm::SmallVector<Value>>
KernelEmitter::emitArgs(const clang::CallExpr *call) {
  llvm::SmallVector<Value> args;
  for (const clang::Expr *arg : call->arguments()) {
    Value value = emitExpr(arg);
    if (!value)
      return std::nullopt;
    args.push_back(value);
  }
  return args;
}

Value KernelEmitter::emitOperatorCall(const clang::CXXOperatorCallExpr *call) {
  if (call->getOperator() == clang::OO_Equal) {
    Value value = emitExpr(call->getArg(1));
    return value ? emitAssignment(call->getArg(0), value, call) : Value();
  }
  auto result = dyn_cast_or_null<TileType>(typeOf(call));
  if (!result) {
    error(call->getSourceRange(), "operator on '" +
                                      call->getType().getAsString() +
                                      "' is not part of the kernel language");
    return {};
  }
  std::optional<llvm::SmallVector<Value>> args = emitArgs(call);
  if (!args)
    return {};
  mlir::Location at = loc(call->getOperatorLoc());
  clang::OverloadedOperatorKind kind = call->getOperator();
  if (args->size() == 1) {
    if (kind == clang::OO_Minus)
      return NegOp::create(builder, at, (*args)[0]);
    if (kind == clang::OO_Plus)
      return (*args)[0];
    if (kind == clang::OO_Tilde || kind == clang::OO_Exclaim)
      return NotOp::create(builder, at, (*args)[0]);
  }
  if (args->size() != 2) {
    error(call->getSourceRange(), "unsupported operator on tiles");
    return {};
  }
  // The operand tile type: the tile among the operands.
  TileType operand = dyn_cast<TileType>((*args)[0].getType());
  if (!operand)
    operand = cast<TileType>((*args)[1].getType());
  Value lhs = asTile((*args)[0], operand, call->getArg(0));
  Value rhs = lhs ? asTile((*args)[1], operand, call->getArg(1)) : Value();
  if (!rhs)
    return {};
  switch (kind) {
  case clang::OO_Plus:
    return AddOp::create(builder, at, lhs, rhs);
  case clang::OO_Minus:
    return SubOp::create(builder, at, lhs, rhs);
  case clang::OO_Star:
    return MulOp::create(builder, at, lhs, rhs);
  case clang::OO_Slash:
    return DivOp::create(builder, at, lhs, rhs);
  case clang::OO_Percent:
    return RemOp::create(builder, at, lhs, rhs);
  case clang::OO_Amp:
  case clang::OO_AmpAmp:
    return AndOp::create(builder, at, lhs, rhs);
  case clang::OO_Pipe:
  case clang::OO_PipePipe:
    return OrOp::create(builder, at, lhs, rhs);
  case clang::OO_Caret:
    return XorOp::create(builder, at, lhs, rhs);
  case clang::OO_LessLess:
    return ShlOp::create(builder, at, lhs, rhs);
  case clang::OO_GreaterGreater:
    return ShrOp::create(builder, at, lhs, rhs);
  case clang::OO_EqualEqual:
  case clang::OO_ExclaimEqual:
  case clang::OO_Less:
  case clang::OO_LessEqual:
  case clang::OO_Greater:
  case clang::OO_GreaterEqual: {
    CmpPredicate predicate = kind == clang::OO_EqualEqual     ? CmpPredicate::eq
                             : kind == clang::OO_ExclaimEqual ? CmpPredicate::ne
                             : kind == clang::OO_Less         ? CmpPredicate::lt
                             : kind == clang::OO_LessEqual    ? CmpPredicate::le
                             : kind == clang::OO_Greater      ? CmpPredicate::gt
                                                         : CmpPredicate::ge;
    return CmpOp::create(builder, at, result, predicate, lhs, rhs);
  }
  default:
    error(call->getSourceRange(), "unsupported operator on tiles");
    return {};
  }
}

Value KernelEmitter::emitMemberCall(const clang::CXXMemberCallExpr *call) {
  if (tile::safety::isTensorSizeCall(call))
    return emitTensorSize(call);
  const clang::Expr *object = call->getImplicitObjectArgument();
  const clang::CXXMethodDecl *method = call->getMethodDecl();
  // `float(h)` of an f16 or bf16 scalar: its exact value.
  if (llvm::isa_and_nonnull<clang::CXXConversionDecl>(method) &&
      tile::safety::isHalfFloatClass(object->getType())) {
    Value value = emitExpr(object);
    if (!value)
      return {};
    return convertScalar(value, typeOf(call), loc(call->getExprLoc()));
  }
  if (tile::safety::isKernelClass(object->getType(), "Atomic") && method &&
      method->getIdentifier())
    return emitAtomicUpdate(call);
  if (!tile::safety::isKernelClass(object->getType(), "Piece") || !method ||
      !method->getIdentifier()) {
    error(call->getSourceRange(),
          "call to '" +
              (method ? method->getQualifiedNameAsString() : std::string("?")) +
              "', which is not part of the kernel language");
    return {};
  }
  Value piece = emitExpr(object);
  if (!piece)
    return {};
  mlir::Location at = loc(call->getExprLoc());
  if (method->getName() == "load")
    return LoadPieceOp::create(
        builder, at, cast<PieceType>(piece.getType()).getTileType(), piece);
  if (method->getName() == "store") {
    Value value = emitExpr(call->getArg(0));
    if (!value)
      return {};
    StoreOp::create(builder, at, value, piece);
    // A store has no value; the piece stands for "done" to the caller.
    return piece;
  }
  if (method->getName() == "store_at") {
    std::optional<llvm::SmallVector<Value>> args = emitArgs(call);
    if (!args)
      return {};
    llvm::SmallVector<Value> index = tileIndices(call, *args, 1, at);
    StoreAtOp::create(builder, at, args->front(), piece, index);
    return piece;
  }
  if (method->getName() == "scatter")
    return emitScatter(call, piece);
  error(call->getSourceRange(),
        "tile::Piece::" + method->getName() + " is not supported in kernels");
  return {};
}

Value KernelEmitter::emitAtomicUpdate(const clang::CXXMemberCallExpr *call) {
  static const std::pair<llvm::StringRef, AtomicKind> kinds[] = {
      {"add", AtomicKind::add},   {"min", AtomicKind::min},
      {"max", AtomicKind::max},   {"bit_and", AtomicKind::And},
      {"bit_or", AtomicKind::Or}, {"bit_xor", AtomicKind::Xor}};
  llvm::StringRef name = call->getMethodDecl()->getName();
  const auto *kind = llvm::find_if(
      kinds, [&](const auto &entry) { return entry.first == name; });
  if (kind == std::end(kinds)) {
    error(call->getSourceRange(),
          "tile::Atomic::" + name + " is not supported in kernels");
    return {};
  }
  Value target = emitExpr(call->getImplicitObjectArgument());
  std::optional<llvm::SmallVector<Value>> args = emitArgs(call);
  if (!target || !args)
    return {};
  // The header checked the arguments: the values, one index tile per
  // dimension, then an optional mask.
  unsigned rank = cast<AtomicType>(target.getType()).getRank();
  llvm::ArrayRef<Value> indices = llvm::ArrayRef(*args).slice(1, rank);
  Value mask = args->size() > rank + 1 ? args->back() : Value();
  AtomicUpdateOp::create(builder, loc(call->getExprLoc()), kind->second, target,
                         indices, args->front(), mask);
  // An update has no value; the output stands for "done" to the caller.
  return target;
}

Value KernelEmitter::emitTensorSize(const clang::CXXMemberCallExpr *call) {
  const clang::Expr *dimArg = call->getArg(0);
  std::optional<int64_t> dim = constantInt(dimArg, "the dimension of size()");
  if (!dim)
    return {};
  Value tensor = emitExpr(call->getImplicitObjectArgument());
  if (!tensor)
    return {};
  unsigned rank = SizeOp::tensorRank(tensor.getType());
  if (*dim < 0 || *dim >= rank) {
    std::string valid = rank == 1 ? "0" : "0 to " + std::to_string(rank - 1);
    error(dimArg->getSourceRange(), "the dimension of size() must be " + valid +
                                        " for a tensor of rank " +
                                        llvm::Twine(rank) + ", found " +
                                        llvm::Twine(*dim));
    return {};
  }
  return SizeOp::create(builder, loc(call->getExprLoc()), builder.getI64Type(),
                        tensor, *dim);
}

Value KernelEmitter::emitIntrinsicCall(const clang::CallExpr *call,
                                       llvm::StringRef name) {
  mlir::Location at = loc(call->getExprLoc());
  const clang::FunctionDecl *callee = call->getDirectCallee();
  // A precondition is the runtime's to check; the kernel computes nothing.
  if (name == "require") {
    isLeadingPrecondition(call);
    return {};
  }
  if (name == "reduce" || name == "scan")
    return emitCombined(call, name);
  if (name == "print") {
    const auto *label = llvm::dyn_cast<clang::StringLiteral>(
        call->getArg(0)->IgnoreImplicitAsWritten());
    if (!label) {
      error(call->getArg(0)->getSourceRange(),
            "tile::print's label is a string literal");
      return {};
    }
    Value value = emitExpr(call->getArg(1));
    if (!value)
      return {};
    // Unsigned values narrower than 64 bits print as the wider signed
    // integer that holds them; a uint64_t prints unsigned (is_unsigned).
    unsigned width = value.getType().getIntOrFloatBitWidth();
    if (isUnsignedScalar(call->getArg(1)->getType()) && width < 64)
      value = convertScalar(
          value, width < 32 ? builder.getI32Type() : builder.getI64Type(), at,
          /*fromUnsigned=*/true);
    bool isUnsigned = isUnsignedScalar(call->getArg(1)->getType()) &&
                      value.getType().isInteger(64) && width == 64;
    PrintOp::create(builder, at, label->getString(), value, isUnsigned);
    return {};
  }
  if (name == "kernel_assert") {
    const auto *text = llvm::dyn_cast<clang::StringLiteral>(
        call->getArg(1)->IgnoreImplicitAsWritten());
    const auto *message = llvm::dyn_cast<clang::StringLiteral>(
        call->getArg(2)->IgnoreImplicitAsWritten());
    if (!text || !message) {
      error(call->getSourceRange(), "write kernel assertions as "
                                    "TILE_ASSERT(condition, \"message\"), "
                                    "the message a string literal");
      return {};
    }
    Value cond = emitExpr(call->getArg(0));
    if (!cond)
      return {};
    AssertOp::create(builder, loc(call->getExprLoc()),
                     convertScalar(cond, builder.getI1Type(), at),
                     text->getString(), message->getString());
    return {};
  }
  Type result = typeOf(call);
  auto resultTile = dyn_cast_or_null<TileType>(result);

  if (name == "program_id" || name == "num_programs") {
    std::optional<int64_t> axis = constantInt(call->getArg(0), "the axis");
    if (!axis)
      return {};
    if (*axis < 0 || *axis > 2) {
      error(call->getArg(0)->getSourceRange(),
            "grid axis must be 0, 1 or 2, found " + llvm::Twine(*axis));
      return {};
    }
    if (name == "program_id")
      return ProgramIdOp::create(builder, at, builder.getI32Type(), *axis);
    return NumProgramsOp::create(builder, at, builder.getI32Type(), *axis);
  }

  std::optional<llvm::SmallVector<Value>> args = emitArgs(call);
  if (!args)
    return {};
  if (name == "load_like") {
    auto piece = cast<PieceType>((*args)[1].getType());
    llvm::SmallVector<Value> index;
    for (unsigned d = 0; d < piece.getRank(); ++d)
      index.push_back(
          ProgramIdOp::create(builder, at, builder.getI32Type(), d));
    return LoadOp::create(builder, at, resultTile, (*args)[0], index,
                          mlir::TypedAttr());
  }
  if (name == "load") {
    llvm::SmallVector<Value> index = tileIndices(call, *args, 1, at);
    return LoadOp::create(builder, at, resultTile, (*args)[0], index,
                          mlir::TypedAttr());
  }
  if (name == "load_at") {
    llvm::SmallVector<Value> offsets;
    for (unsigned i = 1; i < args->size(); ++i)
      offsets.push_back(convertArg(call, *args, i, builder.getI64Type(), at));
    return LoadAtOp::create(builder, at, resultTile, (*args)[0], offsets);
  }
  if (name == "prefetch") {
    llvm::SmallVector<Value> index = tileIndices(call, *args, 1, at);
    PrefetchOp::create(
        builder, at, (*args)[0], index,
        builder.getDenseI64ArrayAttr(leadingTemplateIntegers(callee)));
    // A prefetch has no value, as the void call it comes from.
    return {};
  }
  if (name == "load_scalar") {
    llvm::SmallVector<Value> index = tileIndices(call, *args, 1, at);
    return LoadScalarOp::create(builder, at, result, (*args)[0], index);
  }
  if (name == "full")
    return SplatOp::create(builder, at, resultTile,
                           convertArg(call, *args, 0,
                                      scalarType(resultTile.getElementType()),
                                      at));
  if (name == "iota")
    return IotaOp::create(builder, at, resultTile);
  if (name == "cast")
    return CastOp::create(builder, at, resultTile, (*args)[0]);
  if (name == "bitcast")
    return BitcastOp::create(builder, at, resultTile, (*args)[0]);
  if (name == "select")
    return SelectOp::create(builder, at, (*args)[0], (*args)[1], (*args)[2]);
  if (name == "fma")
    return FmaOp::create(builder, at, (*args)[0], (*args)[1], (*args)[2]);
  using BinaryBuilder =
      Value (*)(mlir::OpBuilder &, mlir::Location, Value, Value);
  static const llvm::StringMap<BinaryBuilder> kBinary = {
      {"max", &createBinary<MaxOp>},  {"min", &createBinary<MinOp>},
      {"pow", &createBinary<PowOp>},  {"atan2", &createBinary<Atan2Op>},
      {"fmod", &createBinary<RemOp>},
  };
  if (auto it = kBinary.find(name); it != kBinary.end()) {
    if (args->size() != 2)
      return {};
    Value lhs = asTile((*args)[0], resultTile, call->getArg(0));
    Value rhs = lhs ? asTile((*args)[1], resultTile, call->getArg(1)) : Value();
    return rhs ? it->second(builder, at, lhs, rhs) : Value();
  }
  using UnaryBuilder = Value (*)(mlir::OpBuilder &, mlir::Location, Value);
  static const llvm::StringMap<UnaryBuilder> kUnary = {
      {"exp", &createUnary<ExpOp>},     {"exp2", &createUnary<Exp2Op>},
      {"log", &createUnary<LogOp>},     {"log2", &createUnary<Log2Op>},
      {"sqrt", &createUnary<SqrtOp>},   {"rsqrt", &createUnary<RsqrtOp>},
      {"tanh", &createUnary<TanhOp>},   {"sinh", &createUnary<SinhOp>},
      {"cosh", &createUnary<CoshOp>},   {"sin", &createUnary<SinOp>},
      {"cos", &createUnary<CosOp>},     {"tan", &createUnary<TanOp>},
      {"erf", &createUnary<ErfOp>},     {"floor", &createUnary<FloorOp>},
      {"ceil", &createUnary<CeilOp>},   {"round", &createUnary<RoundOp>},
      {"trunc", &createUnary<TruncOp>}, {"abs", &createUnary<AbsOp>},
  };
  if (auto it = kUnary.find(name); it != kUnary.end())
    return it->second(builder, at, (*args)[0]);

  llvm::SmallVector<int64_t> templateArgs = leadingTemplateIntegers(callee);
  if (name == "broadcast")
    return BroadcastOp::create(builder, at, resultTile, (*args)[0]);
  if (name == "reshape")
    return ReshapeOp::create(builder, at, resultTile, (*args)[0]);
  if (name == "item")
    return ItemOp::create(builder, at, result, (*args)[0]);
  if (name == "permute")
    return PermuteOp::create(builder, at, resultTile, (*args)[0],
                             builder.getDenseI64ArrayAttr(templateArgs));
  if (name == "cat")
    return CatOp::create(builder, at, resultTile, (*args)[0], (*args)[1],
                         builder.getI32IntegerAttr(templateArgs.front()));
  if (name == "slice") {
    llvm::SmallVector<Value> offsets;
    for (unsigned i = 1; i < args->size(); ++i)
      offsets.push_back(convertArg(call, *args, i, builder.getI64Type(), at));
    return SliceOp::create(builder, at, resultTile, (*args)[0], offsets);
  }
  if (name == "pad")
    return PadOp::create(builder, at, resultTile, (*args)[0], (*args)[1]);
  if (name == "shift" || name == "roll") {
    Value amount = convertArg(call, *args, 1, builder.getI64Type(), at);
    auto axis = builder.getI32IntegerAttr(templateArgs.front());
    if (name == "roll")
      return RollOp::create(builder, at, (*args)[0], amount, axis);
    return ShiftOp::create(builder, at, (*args)[0], amount, (*args)[2], axis);
  }
  // Reductions and scans by their combiner.
  static const llvm::StringMap<ReduceKind> kReductions = {
      {"reduce_sum", ReduceKind::sum},
      {"reduce_max", ReduceKind::max},
      {"reduce_min", ReduceKind::min},
      {"reduce_prod", ReduceKind::prod}};
  static const llvm::StringMap<ReduceKind> kScans = {
      {"cumsum", ReduceKind::sum},
      {"exclusive_cumsum", ReduceKind::sum},
      {"cummax", ReduceKind::max},
      {"cummin", ReduceKind::min},
      {"cumprod", ReduceKind::prod}};
  if (auto reduction = kReductions.find(name); reduction != kReductions.end()) {
    ReduceKind kind = reduction->second;
    return ReduceOp::create(builder, at, resultTile,
                            ReduceKindAttr::get(builder.getContext(), kind),
                            (*args)[0],
                            builder.getI32IntegerAttr(templateArgs.front()));
  }
  if (auto scan = kScans.find(name); scan != kScans.end()) {
    ReduceKind kind = scan->second;
    return ScanOp::create(
        builder, at, resultTile,
        ReduceKindAttr::get(builder.getContext(), kind), (*args)[0],
        builder.getI32IntegerAttr(templateArgs.front()),
        name == "exclusive_cumsum" ? builder.getUnitAttr() : mlir::UnitAttr());
  }
  if (name == "argmax")
    return ArgMaxOp::create(builder, at, resultTile, (*args)[0],
                            builder.getI32IntegerAttr(templateArgs.front()));
  if (name == "argmin")
    return ArgMinOp::create(builder, at, resultTile, (*args)[0],
                            builder.getI32IntegerAttr(templateArgs.front()));
  if (name == "histogram")
    return HistogramOp::create(builder, at, resultTile, (*args)[0],
                               args->size() > 1 ? (*args)[1] : Value());
  if (name == "sort" || name == "argsort") {
    auto sort = SortOp::create(builder, at, (*args)[0],
                               static_cast<int32_t>(templateArgs.front()));
    return name == "sort" ? sort.getSorted() : sort.getIndices();
  }
  if (name == "dot")
    return DotOp::create(builder, at, resultTile, (*args)[0], (*args)[1],
                         (*args)[2]);
  error(call->getSourceRange(),
        "tile::" + name + " is not supported by tilecc yet");
  return {};
}
