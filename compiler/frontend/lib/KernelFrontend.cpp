//===- KernelFrontend.cpp - Parse a kernel file and emit its kernels ------===//

#include "tile/Frontend/KernelFrontend.h"

#include "KernelEmitter.h"
#include "tile/IR/TileDialect.h"
#include "tile/Safety/SafetyAnalysis.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Verifier.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/FileManager.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/PreprocessorOptions.h"

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
  /// library is most of the frontend's time on a small file.
  bool TraverseDecl(clang::Decl *decl) {
    if (decl && decl->getASTContext().getSourceManager().isInSystemHeader(
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
                 tile::safety::SafetyFindings &findings,
                 const FrontendOptions &options, bool &failed)
      : compiler(compiler), module(module), findings(findings),
        options(options), failed(failed) {}

  /// Only declarations parsed from the source and its headers can be or
  /// hold kernels: walking the translation unit instead would load every
  /// declaration of a precompiled header.
  bool HandleTopLevelDecl(clang::DeclGroupRef group) override {
    topLevelDecls.insert(topLevelDecls.end(), group.begin(), group.end());
    return true;
  }
  /// Declarations loaded from a precompiled header (the kernel header)
  /// hold no kernels.
  void HandleInterestingDecl(clang::DeclGroupRef) override {}

  void HandleTranslationUnit(clang::ASTContext &ast) override {
    clang::DiagnosticsEngine &diags = compiler.getDiagnostics();
    if (diags.hasErrorOccurred()) {
      failed = true;
      return;
    }
    KernelFinder finder;
    for (clang::Decl *decl : topLevelDecls)
      finder.TraverseDecl(decl);
    std::optional<KernelEmitter> emitter;
    if (module)
      emitter.emplace(module, ast, diags, options.countDropped);
    for (const clang::FunctionDecl *kernel : finder.kernels) {
      if (!tile::safety::checkKernel(kernel, ast, diags, findings,
                                     options.checksAreErrors))
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
  tile::safety::SafetyFindings &findings;
  const FrontendOptions &options;
  bool &failed;
  std::vector<clang::Decl *> topLevelDecls;
};

class KernelAction : public clang::ASTFrontendAction {
public:
  KernelAction(mlir::ModuleOp module, tile::safety::SafetyFindings &findings,
               const FrontendOptions &options, bool &failed)
      : module(module), findings(findings), options(options), failed(failed) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &compiler,
                    llvm::StringRef) override {
    return std::make_unique<KernelConsumer>(compiler, module, findings, options,
                                            failed);
  }

private:
  mlir::ModuleOp module;
  tile::safety::SafetyFindings &findings;
  const FrontendOptions &options;
  bool &failed;
};

} // namespace

/// The Clang arguments the options stand for, driver name first.
static std::vector<std::string> clangArguments(const FrontendOptions &options) {
  std::vector<std::string> args = {"clang",
                                   "-std=c++20",
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
  if (!options.language.empty())
    args.insert(args.end(), {"-x", options.language});
  args.push_back(options.inputPath);
  return args;
}

KernelParser::KernelParser(FrontendOptions options)
    : options(std::move(options)),
      files(llvm::makeIntrusiveRefCnt<clang::FileManager>(
          clang::FileSystemOptions(), llvm::vfs::getRealFileSystem())) {
  std::vector<std::string> args = clangArguments(this->options);
  std::vector<const char *> argv;
  for (const std::string &arg : args)
    argv.push_back(arg.c_str());
  // Errors in the arguments go where the parse's diagnostics go.
  clang::DiagnosticOptions diagnosticOptions;
  clang::CreateInvocationOptions create;
  create.Diags = clang::CompilerInstance::createDiagnostics(
      files->getVirtualFileSystem(), diagnosticOptions,
      this->options.diagnostics, /*ShouldOwnClient=*/false);
  create.VFS = files->getVirtualFileSystemPtr();
  invocation = clang::createInvocation(argv, std::move(create));
  if (!invocation)
    return;
  // The driver asks cc1 to leak its AST at exit; a parser runs many times.
  invocation->getFrontendOpts().DisableFree = false;
}

KernelParser::~KernelParser() = default;

bool KernelParser::run(std::optional<llvm::StringRef> contents,
                       mlir::ModuleOp module,
                       tile::safety::SafetyFindings &findings) {
  bool failed = true;
  if (invocation) {
    auto parse = std::make_shared<clang::CompilerInvocation>(*invocation);
    if (contents)
      parse->getPreprocessorOpts().addRemappedFile(
          options.inputPath,
          llvm::MemoryBuffer::getMemBufferCopy(*contents, options.inputPath)
              .release());
    clang::CompilerInstance compiler(std::move(parse));
    compiler.setVirtualFileSystem(files->getVirtualFileSystemPtr());
    compiler.setFileManager(files);
    compiler.createDiagnostics(options.diagnostics, /*ShouldOwnClient=*/false);
    failed = false;
    KernelAction action(module, findings, options, failed);
    failed = !compiler.ExecuteAction(action) || failed;
  }
  if (failed && !options.diagnostics)
    llvm::errs() << "Error while processing " << options.inputPath << ".\n";
  return !failed;
}

mlir::OwningOpRef<mlir::ModuleOp>
KernelParser::buildTileModule(mlir::MLIRContext &context,
                              std::optional<llvm::StringRef> contents) {
  context.loadDialect<mlir::tile::TileDialect, mlir::func::FuncDialect,
                      mlir::arith::ArithDialect, mlir::scf::SCFDialect>();
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(
      mlir::FileLineColLoc::get(&context, options.inputPath, 0, 0));
  tile::safety::SafetyFindings findings;
  if (!run(contents, *module, findings))
    return nullptr;
  if (mlir::failed(mlir::verify(*module)))
    return nullptr;
  return module;
}

bool KernelParser::checkKernels(tile::safety::SafetyFindings &findings,
                                CheckDepth depth) {
  if (depth == CheckDepth::Safety)
    return run(std::nullopt, mlir::ModuleOp(), findings);
  // Every error compiling reports up to tile IR, from the same code: the
  // module is built and verified, then dropped.
  mlir::MLIRContext context;
  context.loadDialect<mlir::tile::TileDialect, mlir::func::FuncDialect,
                      mlir::arith::ArithDialect, mlir::scf::SCFDialect>();
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(
      mlir::FileLineColLoc::get(&context, options.inputPath, 0, 0));
  return run(std::nullopt, *module, findings) &&
         mlir::succeeded(mlir::verify(*module));
}

mlir::OwningOpRef<mlir::ModuleOp>
tile::frontend::buildTileModule(mlir::MLIRContext &context,
                                const FrontendOptions &options) {
  return KernelParser(options).buildTileModule(context);
}

bool tile::frontend::checkKernels(const FrontendOptions &options,
                                  tile::safety::SafetyFindings &findings,
                                  CheckDepth depth) {
  return KernelParser(options).checkKernels(findings, depth);
}
