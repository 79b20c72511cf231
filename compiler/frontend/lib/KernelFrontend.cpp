//===- KernelFrontend.cpp - Parse a kernel file and emit its kernels ------===//

#include "tile/Frontend/KernelFrontend.h"

#include "KernelEmitter.h"
#include "tile/Analysis/SafetyAnalysis.h"
#include "tile/IR/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Verifier.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"

using namespace tile::frontend;

namespace {

/// The annotation TILE_KERNEL puts on a kernel.
constexpr llvm::StringLiteral kKernelAnnotation = "tile.kernel";

bool isMarkedKernel(const clang::FunctionDecl *decl) {
  const clang::FunctionDecl *pattern = decl;
  if (const clang::FunctionDecl *from = decl->getTemplateInstantiationPattern())
    pattern = from;
  for (const auto *attr : pattern->specific_attrs<clang::AnnotateAttr>())
    if (attr->getAnnotation() == kKernelAnnotation)
      return true;
  return false;
}

/// Collects kernels in source order: plain functions, and every
/// instantiation of a kernel template that has a body.
class KernelFinder : public clang::RecursiveASTVisitor<KernelFinder> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }

  /// Skips system headers: they hold no kernels, and walking the standard
  /// library (loading all of it from a precompiled header) is most of the
  /// frontend's time on a small file.
  bool TraverseDecl(clang::Decl *decl) {
    if (decl && !llvm::isa<clang::TranslationUnitDecl>(decl) &&
        decl->getASTContext().getSourceManager().isInSystemHeader(
            decl->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(decl);
  }

  bool VisitFunctionDecl(clang::FunctionDecl *decl) {
    if (!decl->doesThisDeclarationHaveABody() || decl->isDependentContext() ||
        !isMarkedKernel(decl))
      return true;
    if (seen.insert(decl->getCanonicalDecl()).second)
      kernels.push_back(decl);
    return true;
  }

  std::vector<const clang::FunctionDecl *> kernels;

private:
  llvm::DenseSet<const clang::Decl *> seen;
};

class KernelConsumer : public clang::ASTConsumer {
public:
  KernelConsumer(clang::CompilerInstance &compiler, mlir::ModuleOp module,
                 std::vector<tile::analysis::UnsafeScope> &scopes, bool &failed)
      : compiler(compiler), module(module), scopes(scopes), failed(failed) {}

  void HandleTranslationUnit(clang::ASTContext &ast) override {
    clang::DiagnosticsEngine &diags = compiler.getDiagnostics();
    if (diags.hasErrorOccurred()) {
      failed = true;
      return;
    }
    KernelFinder finder;
    finder.TraverseDecl(ast.getTranslationUnitDecl());
    std::optional<KernelEmitter> emitter;
    if (module)
      emitter.emplace(module, ast, diags);
    for (const clang::FunctionDecl *kernel : finder.kernels) {
      if (!tile::analysis::checkKernel(kernel, ast, diags, scopes))
        failed = true;
      else if (emitter && !emitter->emitKernel(kernel))
        failed = true;
    }
    if (finder.kernels.empty()) {
      unsigned id = diags.getCustomDiagID(
          clang::DiagnosticsEngine::Warning,
          "no kernels found: mark one with TILE_KERNEL and instantiate "
          "kernel templates explicitly");
      diags.Report(id);
    }
  }

private:
  clang::CompilerInstance &compiler;
  /// Where kernels go; null when only checking.
  mlir::ModuleOp module;
  std::vector<tile::analysis::UnsafeScope> &scopes;
  bool &failed;
};

class KernelAction : public clang::ASTFrontendAction {
public:
  KernelAction(mlir::ModuleOp module,
               std::vector<tile::analysis::UnsafeScope> &scopes, bool &failed)
      : module(module), scopes(scopes), failed(failed) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &compiler,
                    llvm::StringRef) override {
    return std::make_unique<KernelConsumer>(compiler, module, scopes, failed);
  }

private:
  mlir::ModuleOp module;
  std::vector<tile::analysis::UnsafeScope> &scopes;
  bool &failed;
};

class KernelActionFactory : public clang::tooling::FrontendActionFactory {
public:
  KernelActionFactory(mlir::ModuleOp module,
                      std::vector<tile::analysis::UnsafeScope> &scopes,
                      bool &failed)
      : module(module), scopes(scopes), failed(failed) {}

  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<KernelAction>(module, scopes, failed);
  }

private:
  mlir::ModuleOp module;
  std::vector<tile::analysis::UnsafeScope> &scopes;
  bool &failed;
};

} // namespace

/// Runs Clang over the file with the kernel consumer: checks every kernel
/// and, given a module, emits it there. Returns false after errors.
static bool runFrontend(const FrontendOptions &options, mlir::ModuleOp module,
                        std::vector<tile::analysis::UnsafeScope> &scopes) {
  std::vector<std::string> args = {"-std=c++20",
                                   "-fsyntax-only",
                                   "-D__TILECC__",
                                   "-Wno-unknown-attributes",
                                   "-resource-dir",
                                   options.clangResourceDir,
                                   "-I" + options.kernelIncludeDir};
  for (const std::string &dir : options.includeDirs)
    args.push_back("-I" + dir);
  for (const std::string &define : options.defines)
    args.push_back("-D" + define);
  llvm::append_range(args, options.extraArgs);
  clang::tooling::FixedCompilationDatabase database(".", args);
  clang::tooling::ClangTool tool(database, {options.inputPath});
  if (options.inputContents)
    tool.mapVirtualFile(options.inputPath, *options.inputContents);
  if (options.diagnostics) {
    tool.setDiagnosticConsumer(options.diagnostics);
    tool.setPrintErrorMessage(false);
  }
  bool failed = false;
  KernelActionFactory factory(module, scopes, failed);
  return tool.run(&factory) == 0 && !failed;
}

mlir::OwningOpRef<mlir::ModuleOp>
tile::frontend::buildTileModule(mlir::MLIRContext &context,
                                const FrontendOptions &options) {
  context.loadDialect<mlir::tile::TileDialect, mlir::func::FuncDialect,
                      mlir::arith::ArithDialect, mlir::scf::SCFDialect>();
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(
      mlir::FileLineColLoc::get(&context, options.inputPath, 0, 0));
  std::vector<tile::analysis::UnsafeScope> scopes;
  if (!runFrontend(options, *module, scopes))
    return nullptr;
  if (mlir::failed(mlir::verify(*module)))
    return nullptr;
  return module;
}

bool tile::frontend::checkKernels(
    const FrontendOptions &options,
    std::vector<tile::analysis::UnsafeScope> &scopes) {
  return runFrontend(options, mlir::ModuleOp(), scopes);
}
