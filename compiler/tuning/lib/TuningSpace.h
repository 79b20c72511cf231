//===- TuningSpace.h - The configurations of a tunable kernel ---*- C++ -*-===//
//
// A kernel template with TILE_TUNE declares a space of configurations: the
// values its tunable template parameters may take. Each explicit
// instantiation is the written configuration of one tunable kernel; tilecc
// instantiates the others by appending explicit instantiations to the
// source (docs/tuning.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TUNING_TUNINGSPACE_H
#define TILE_TUNING_TUNINGSPACE_H

#include "tile/Backend/GPUPipeline.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tile::tuning {

/// One value per tunable parameter, in the order the space lists them.
using TuningConfig = std::vector<int64_t>;

/// A written instantiation of a kernel template with TILE_TUNE.
struct TunableKernel {
  struct Param {
    std::string name;
    /// The parameter's position among the template's parameters.
    unsigned index;
    std::vector<int64_t> values;
  };
  /// The written instantiation's C++ name, as "linear<tile::bf16, 128>".
  std::string name;
  /// The template's qualified name and the instantiation's template
  /// arguments as source text.
  std::string templateName;
  std::vector<std::string> args;
  std::vector<Param> params;
  /// The written configuration (which need not be one of the space's).
  TuningConfig written;

  /// The tunable kernel that the tile.tune attribute of `func` describes,
  /// if it has one.
  static std::optional<TunableKernel> of(mlir::func::FuncOp func);

  /// The written configuration, then every other one of the space.
  std::vector<TuningConfig> configurations() const;
  /// The template arguments of configuration `config`, as source text.
  std::vector<std::string> argsOf(const TuningConfig &config) const;
  /// An explicit instantiation of configuration `config`, to append to the
  /// source.
  std::string instantiation(const TuningConfig &config) const;
  /// The space as text, "BM=64,128;BN=128,256": two records of one kernel
  /// were tuned over the same space if their texts agree.
  std::string spaceText() const;
  /// `config` as text, "BM=128,BN=256".
  std::string configText(const TuningConfig &config) const;
  /// Whether `func` is the instantiation of configuration `config`.
  bool isInstantiation(mlir::func::FuncOp func,
                       const TuningConfig &config) const;
};

/// The tunable kernels of `module`, in order.
std::vector<TunableKernel> tunableKernels(mlir::ModuleOp module);

/// The kernel function of `module` that instantiates configuration `config`
/// of `kernel`, or null.
mlir::func::FuncOp findInstantiation(mlir::ModuleOp module,
                                     const TunableKernel &kernel,
                                     const TuningConfig &config);

/// What a tuning record compares to tell whether the kernel changed since
/// it was tuned: the SHA-256 of the kernel function's canonical tile IR and
/// of the target.
std::string kernelHash(mlir::func::FuncOp func, const backend::Target &target);

/// The text of the kernel source at `path`, to which tilecc appends the
/// instantiations of configurations; an error names the file.
llvm::Expected<std::string> readKernelSource(llvm::StringRef path);

} // namespace tile::tuning

#endif // TILE_TUNING_TUNINGSPACE_H
