//===- KernelCompiler.h - Kernels compiled when a model loads ---*- C++ -*-===//
//
// The instantiations of the kernel library that a model's shapes need and
// the build did not compile: each is a one-line source that tilecc, run as
// a program, compiles into the kernel cache, with its manifest under
// <cache>/qwen3/<library hash>/, where later loads find it. The engine does
// not link the compiler.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_MODEL_KERNELCOMPILER_H
#define QWEN3_MODEL_KERNELCOMPILER_H

#include "qwen3/Model.h"

#include <filesystem>
#include <span>
#include <string>

namespace qwen3 {

/// One instantiation of a kernel template of the library.
struct Instantiation {
  /// As tilecc names the kernel: "qk_norm_rope_any<tile::bf16, 16, 128>".
  std::string name;
  /// The library header declaring it: "qk_norm_rope_any.h".
  std::string header;
  /// The statement that instantiates it, one of the header's
  /// TILE_INSTANTIATE_* macros.
  std::string statement;
};

/// Where the manifest of `kernel` lies in the kernel cache `cacheDir` for
/// `arch`, compiled or not.
std::filesystem::path manifestOf(const Instantiation &kernel,
                                 const std::filesystem::path &cacheDir,
                                 const std::string &arch);

/// Compiles each of `kernels` whose manifest is missing, one at a time,
/// under a lock per kernel so that concurrent loads compile each once;
/// returns how many this process compiled. Throws qwen3::Error naming the
/// missing kernels when there is no tilecc, or tilecc's error.
int64_t compileMissing(std::span<const Instantiation> kernels,
                       const KernelLocation &location);

} // namespace qwen3

#endif // QWEN3_MODEL_KERNELCOMPILER_H
