//===- TunedBuild.cpp - Tuning records applied to a build -----------------===//

#include "tile/Tuning/TunedBuild.h"
#include "TuningSpace.h"
#include "tile/IR/TileDialect.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/WithColor.h"

using namespace tile::tuning;

namespace {
/// A record that applies: the configuration it chose for a kernel.
struct Choice {
  const TunableKernel *kernel;
  const TuningRecord *record;
  TuningConfig config;
};
} // namespace

static void warnStale(const TuningRecord &record, const llvm::Twine &why) {
  llvm::WithColor::warning(llvm::errs(), "tilecc")
      << "the tuning record of '" << record.kernel << "' on " << record.device
      << " (tuned " << record.date << ") is stale: " << why
      << "; the written configuration runs there until tile-tune tunes it "
         "again\n";
}

/// The configuration `record` chose for `kernel`, if it still names one of
/// the kernel's space; warns when it does not.
static std::optional<TuningConfig> chosenConfig(const TunableKernel &kernel,
                                                const TuningRecord &record) {
  if (record.space != kernel.spaceText()) {
    warnStale(record, "TILE_TUNE now declares the space " + kernel.spaceText() +
                          ", it was tuned over " + record.space);
    return std::nullopt;
  }
  TuningConfig config;
  for (const TunableKernel::Param &param : kernel.params) {
    auto value = llvm::find_if(record.best, [&](const auto &best) {
      return best.first == param.name;
    });
    if (value == record.best.end() ||
        !llvm::is_contained(param.values, value->second)) {
      warnStale(record, "its best configuration gives no value of '" +
                            param.name + "' from the space");
      return std::nullopt;
    }
    config.push_back(value->second);
  }
  return config;
}

llvm::Error tile::tuning::applyTuningRecords(
    frontend::KernelParser &parser, mlir::OwningOpRef<mlir::ModuleOp> &module,
    llvm::ArrayRef<TuningRecord> records, const backend::Target &target,
    const CompileOptions &options) {
  std::vector<TunableKernel> tunables = tunableKernels(*module);
  std::vector<Choice> choices;
  for (const TuningRecord &record : records) {
    auto kernel = llvm::find_if(
        tunables, [&](const auto &k) { return k.name == record.kernel; });
    // A records file serves many sources and targets.
    if (kernel == tunables.end() || record.arch != target.chip)
      continue;
    if (std::optional<TuningConfig> config = chosenConfig(*kernel, record))
      choices.push_back({&*kernel, &record, std::move(*config)});
  }
  if (choices.empty())
    return llvm::Error::success();

  // Instantiate the chosen configurations that the source does not.
  llvm::StringSet<> written;
  for (auto func : module->getOps<mlir::func::FuncOp>())
    if (auto name = func->getAttrOfType<mlir::StringAttr>("tile.name"))
      written.insert(name.getValue());
  std::string appended;
  llvm::StringSet<> lines;
  for (const Choice &choice : choices)
    if (!findInstantiation(*module, *choice.kernel, choice.config)) {
      std::string line = choice.kernel->instantiation(choice.config);
      if (lines.insert(line).second)
        appended += line;
    }
  if (!appended.empty()) {
    llvm::Expected<std::string> source =
        readKernelSource(options.frontend.inputPath);
    if (!source)
      return source.takeError();
    mlir::OwningOpRef<mlir::ModuleOp> tuned = parser.buildTileModule(
        *module->getContext(),
        *source + "\n// The configurations tuning records chose.\n" + appended);
    if (!tuned)
      return llvm::createStringError(
          "the configurations that the tuning records '" +
          options.tuningRecords + "' choose do not compile (see above)");
    if (mlir::failed(backend::canonicalizeTileModule(*tuned)))
      return llvm::createStringError("tile-level canonicalization failed");
    module = std::move(tuned);
  }

  // Each choice holds only if its kernel is the one that was timed.
  llvm::DenseSet<mlir::Operation *> used;
  llvm::StringMap<llvm::SmallVector<mlir::NamedAttribute>> replacements;
  mlir::Builder builder(module->getContext());
  for (const Choice &choice : choices) {
    mlir::func::FuncOp func =
        findInstantiation(*module, *choice.kernel, choice.config);
    if (kernelHash(func, target) != choice.record->kernelHash) {
      warnStale(*choice.record, "the code of its kernel changed since");
      continue;
    }
    used.insert(func);
    auto name = func->getAttrOfType<mlir::StringAttr>("tile.name");
    if (name.getValue() != choice.kernel->name)
      replacements[choice.kernel->name].push_back(
          builder.getNamedAttr(choice.record->device, name));
    if (options.verbose)
      llvm::errs() << "tilecc: on " << choice.record->device << ", '"
                   << choice.kernel->name << "' runs as '" << name.getValue()
                   << "' (tuned " << choice.record->date << ")\n";
  }
  for (auto func :
       llvm::make_early_inc_range(module->getOps<mlir::func::FuncOp>())) {
    auto name = func->getAttrOfType<mlir::StringAttr>("tile.name");
    if (!name)
      continue;
    if (!written.contains(name.getValue()) && !used.contains(func))
      func.erase();
    else if (replacements.contains(name.getValue()))
      func->setAttr(
          mlir::tile::kTunedAttrName,
          builder.getDictionaryAttr(replacements.lookup(name.getValue())));
  }
  return llvm::Error::success();
}
