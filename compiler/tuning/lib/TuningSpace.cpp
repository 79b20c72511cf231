//===- TuningSpace.cpp - The configurations of a tunable kernel -----------===//

#include "TuningSpace.h"
#include "tile/IR/TileDialect.h"
#include "tile/formats/Sha256.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace tile::tuning;

/// The integer that template argument text such as "128" or "128L" spells.
static std::optional<int64_t> integerArgument(llvm::StringRef text) {
  llvm::StringRef digits = text.rtrim("uUlL");
  int64_t value;
  if (digits.getAsInteger(10, value))
    return std::nullopt;
  return value;
}

std::optional<TunableKernel> TunableKernel::of(mlir::func::FuncOp func) {
  auto space =
      func->getAttrOfType<mlir::DictionaryAttr>(mlir::tile::kTuneAttrName);
  auto name = func->getAttrOfType<mlir::StringAttr>("tile.name");
  if (!space || !name)
    return std::nullopt;
  TunableKernel kernel;
  kernel.name = name.str();
  kernel.templateName =
      mlir::cast<mlir::StringAttr>(space.get("template")).str();
  for (mlir::Attribute arg : mlir::cast<mlir::ArrayAttr>(space.get("args")))
    kernel.args.push_back(mlir::cast<mlir::StringAttr>(arg).str());
  for (auto param : mlir::cast<mlir::ArrayAttr>(space.get("params"))
                        .getAsRange<mlir::DictionaryAttr>()) {
    Param described{
        mlir::cast<mlir::StringAttr>(param.get("name")).str(),
        unsigned(mlir::cast<mlir::IntegerAttr>(param.get("index")).getInt()),
        mlir::cast<mlir::DenseI64ArrayAttr>(param.get("values"))
            .asArrayRef()
            .vec()};
    std::optional<int64_t> value =
        described.index < kernel.args.size()
            ? integerArgument(kernel.args[described.index])
            : std::nullopt;
    if (!value)
      return std::nullopt;
    kernel.written.push_back(*value);
    kernel.params.push_back(std::move(described));
  }
  return kernel;
}

std::vector<TuningConfig> TunableKernel::configurations() const {
  std::vector<TuningConfig> configs = {written};
  TuningConfig config(params.size());
  std::vector<size_t> position(params.size(), 0);
  while (true) {
    for (size_t i = 0; i < params.size(); ++i)
      config[i] = params[i].values[position[i]];
    if (config != written)
      configs.push_back(config);
    // The next combination, the last parameter fastest.
    size_t i = params.size();
    while (i > 0 && ++position[i - 1] == params[i - 1].values.size())
      position[--i] = 0;
    if (i == 0)
      return configs;
  }
}

std::vector<std::string>
TunableKernel::argsOf(const TuningConfig &config) const {
  std::vector<std::string> result = args;
  for (auto [param, value] : llvm::zip(params, config))
    result[param.index] = std::to_string(value);
  return result;
}

std::string TunableKernel::instantiation(const TuningConfig &config) const {
  std::string id = templateName + "<" + llvm::join(argsOf(config), ", ") + ">";
  return "template decltype(" + id + ") " + id + ";\n";
}

std::string TunableKernel::spaceText() const {
  std::vector<std::string> parts;
  for (const Param &param : params) {
    std::vector<std::string> values;
    for (int64_t value : param.values)
      values.push_back(std::to_string(value));
    parts.push_back(param.name + "=" + llvm::join(values, ","));
  }
  return llvm::join(parts, ";");
}

std::string TunableKernel::configText(const TuningConfig &config) const {
  std::vector<std::string> parts;
  for (auto [param, value] : llvm::zip(params, config))
    parts.push_back(param.name + "=" + std::to_string(value));
  return llvm::join(parts, ",");
}

bool TunableKernel::isInstantiation(mlir::func::FuncOp func,
                                    const TuningConfig &config) const {
  std::optional<TunableKernel> other = of(func);
  if (!other || other->templateName != templateName ||
      other->args.size() != args.size())
    return false;
  // Compared as integers where the space is, since "128L" and "128" are
  // the same argument.
  std::vector<std::string> wanted = argsOf(config);
  for (size_t i = 0; i < args.size(); ++i) {
    std::optional<int64_t> a = integerArgument(other->args[i]),
                           b = integerArgument(wanted[i]);
    if (a && b ? *a != *b : other->args[i] != wanted[i])
      return false;
  }
  return true;
}

std::vector<TunableKernel> tile::tuning::tunableKernels(mlir::ModuleOp module) {
  std::vector<TunableKernel> kernels;
  for (auto func : module.getOps<mlir::func::FuncOp>())
    if (std::optional<TunableKernel> kernel = TunableKernel::of(func))
      kernels.push_back(std::move(*kernel));
  return kernels;
}

mlir::func::FuncOp tile::tuning::findInstantiation(mlir::ModuleOp module,
                                                   const TunableKernel &kernel,
                                                   const TuningConfig &config) {
  for (auto func : module.getOps<mlir::func::FuncOp>())
    if (kernel.isInstantiation(func, config))
      return func;
  return nullptr;
}

std::string tile::tuning::kernelHash(mlir::func::FuncOp func,
                                     const backend::Target &target) {
  std::string text;
  llvm::raw_string_ostream os(text);
  func->print(os, mlir::OpPrintingFlags());
  os << "\ntarget=" << target.chip << target.features;
  return tile::formats::sha256Hex(text);
}

llvm::Expected<std::string>
tile::tuning::readKernelSource(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> source =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!source)
    return llvm::createStringError("cannot read '" + path +
                                   "': " + source.getError().message());
  return (*source)->getBuffer().str();
}
