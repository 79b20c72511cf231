//===- ProgramPaths.h - Where the engine's programs find things -*- C++ -*-===//
//
// The engine's programs run from the build's bin/ (or a copy of it): the
// default model is bin/../models/qwen3-tiny and the kernels are
// bin/../kernels with their cubins in bin/../kernel-cache. Each program
// takes --model, --device, --kernels and --kernel-cache to say otherwise,
// --dtype for the element type the model computes in, and --products for
// whose matrix products it runs.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_TOOLS_PROGRAMPATHS_H
#define QWEN3_TOOLS_PROGRAMPATHS_H

#include "qwen3/Model.h"

#include "tile/runtime/Device.h"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <string>

namespace qwen3 {

/// A program's model, device and kernels, defaulting to the build's.
struct ProgramPaths {
  std::filesystem::path model, kernels, kernelCache;
  /// The tilecc that compiles kernels at load: --tilecc, else TILE_TILECC,
  /// else the one beside the program; empty when there is none.
  std::filesystem::path tilecc;
  /// The program's name, for its messages.
  std::string program;
  /// "host", "cuda", "cuda:N", or "auto": a GPU if the program can reach
  /// one, else the CPU.
  std::string device = "auto";
  /// The model's weights and activations: "bf16", or "f32" in host mode.
  std::string dtype = "bf16";
  /// Whether loading checks every weight for NaN and infinities
  /// (--no-weight-check turns it off).
  WeightCheck weightCheck = WeightCheck::Finite;
  /// Whose matrix products of more than one row run: "library" (the
  /// kernel library's) or "blas" (the vendor's, for comparison).
  std::string products = "library";

  /// The defaults for a program at `argv0`.
  static ProgramPaths beside(const char *argv0);

  /// Adds --device, --kernels, --kernel-cache, --tilecc, --dtype,
  /// --no-weight-check and --products to `app`.
  void addDeviceOptions(CLI::App &app);

  /// Where a GPU finds the kernels, and how it compiles those of shapes the
  /// build did not compile, saying so on standard error.
  KernelLocation kernelLocation() const;

  /// The device `device` names.
  tile::rt::Device openDevice() const;

  /// `checkpoint` loaded on `device` with a KV cache of `maxSeqLen`
  /// positions, in the dtype asked for; a warning when the cache is longer
  /// than the model's context.
  Model loadModel(const tile::rt::Device &device, const Checkpoint &checkpoint,
                  int64_t maxSeqLen) const;
};

} // namespace qwen3

#endif // QWEN3_TOOLS_PROGRAMPATHS_H
