//===- KernelSet.h - The kernels one Qwen3 model runs -----------*- C++ -*-===//
//
// The instantiations of the kernel library that a model's shapes call for,
// loaded once: from the kernel cache on a GPU, compiled into the program in
// host mode.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_MODEL_KERNELSET_H
#define QWEN3_MODEL_KERNELSET_H

#include "qwen3/Config.h"
#include "qwen3/Model.h"

#include "tile/runtime/Kernel.h"

#include <optional>

namespace qwen3 {

/// The kernel that writes the attention inputs (q/k norm, RoPE, the KV
/// cache), with the query heads of its tile.
struct AttentionInputs {
  enum class Kind {
    /// qk_norm_rope: the presets' key/value heads, its angles from theta.
    PresetHeads,
    /// qk_norm_rope_any: up to `heads` query and key/value heads, given at
    /// launch, and a table of the rotation's frequencies.
    AnyHeads,
  };
  tile::rt::Kernel kernel;
  /// A power of two no smaller than the model's query heads.
  int64_t heads = 0;
  Kind kind = Kind::PresetHeads;
};

/// The kernels of one model, with the tile widths they were chosen for.
struct KernelSet {
  tile::rt::Kernel embedding;
  tile::rt::Kernel rmsNorm;
  tile::rt::Kernel addRmsNorm;
  AttentionInputs attentionInputs;
  tile::rt::Kernel prefillAttention;
  tile::rt::Kernel decodeAttentionSplit;
  tile::rt::Kernel decodeAttentionMerge;
  tile::rt::Kernel swiglu;
  tile::rt::Kernel argmaxSplit;
  tile::rt::Kernel argmaxMerge;
  tile::rt::Kernel topK;
  tile::rt::Kernel gemv;
  tile::rt::Kernel gemvNarrow;
  tile::rt::Kernel gemvF32;
  /// The products of more rows into bf16: none for an f32 model, or when
  /// the BLAS runs them (Products::Blas).
  std::optional<tile::rt::Kernel> linear;
  /// The row width of the norms: a power of two no smaller than the hidden
  /// size.
  int64_t normWidth = 0;

  /// Columns of one embedding program and of one swiglu program.
  static constexpr int64_t kEmbeddingWidth = 1024, kSwigluWidth = 1024;
  /// Outputs of one gemv program, and of one gemvNarrow program, which
  /// serves products of at most kNarrowOutputs outputs.
  static constexpr int64_t kGemvRows = 4, kGemvNarrowRows = 2,
                           kNarrowOutputs = 8192;
  /// The output block of one linear program.
  static constexpr int64_t kLinearRows = 128, kLinearColumns = 256;
  /// Programs of one row's argmax; columns of one topK program.
  static constexpr int64_t kArgmaxSplits = 64, kTopKStretch = 2048;
  /// Queries of one prefill-attention program; positions of one
  /// decode-attention block, and the most splits its merge combines.
  static constexpr int64_t kPrefillQueries = 64, kDecodeBlock = 64,
                           kMaxDecodeSplits = 32;
  /// The most query heads of a model (Qwen3-32B's).
  static constexpr int64_t kMaxHeads = 64;

  /// The kernels for `config` on `device`, over weights and activations of
  /// `dtype` (bf16, or f32 in host mode), with the library's products of
  /// several rows when `products` asks for them; throws qwen3::Error when
  /// the library has no instantiation for the model's shapes.
  static KernelSet load(const tile::rt::Device &device, const Config &config,
                        const KernelLocation &location, tile::rt::DType dtype,
                        Products products);
};

} // namespace qwen3

#endif // QWEN3_MODEL_KERNELSET_H
