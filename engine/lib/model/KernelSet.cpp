//===- KernelSet.cpp - The kernels one Qwen3 model runs -------------------===//
//
// The kernel library's templates are included so that host mode can run
// them; on a GPU the same instantiations come from the kernel cache that
// tilecc filled at build time, through the manifests of the engine's own
// instantiation files (engine/kernels).
//
//===----------------------------------------------------------------------===//

#include "KernelSet.h"

#include "tile/library/add_rms_norm.h"
#include "tile/library/argmax_rows.h"
#include "tile/library/decode_attention.h"
#include "tile/library/embedding.h"
#include "tile/library/gemv.h"
#include "tile/library/linear.h"
#include "tile/library/prefill_attention.h"
#include "tile/library/qk_norm_rope.h"
#include "tile/library/rms_norm.h"
#include "tile/library/swiglu.h"
#include "tile/library/top_k.h"

#include "qwen3/Error.h"

#include "tile/runtime/HostKernel.h"

#include <string>
#include <type_traits>

using namespace qwen3;
using tile::bf16;
using tile::rt::Device;
using tile::rt::Kernel;

namespace {

/// Loads instantiations from the manifests of their sources.
struct Loader {
  const Device &device;
  const KernelLocation &location;

  template <auto Function>
  Kernel load(const std::string &name, const std::string &source) const {
    return tile::rt::kernelFor<Function>(
        device, name, location.manifests / (source + ".json"),
        location.cacheDir);
  }
};

int64_t normWidthFor(int64_t hidden) {
  for (int64_t width : {1024, 2048, 4096, 8192})
    if (hidden <= width)
      return width;
  throw Error("hidden_size " + std::to_string(hidden) +
              " is wider than the engine's norm kernels (8192 at most)");
}

/// How an instantiation's name spells the element type T.
template <class T> std::string typeName() {
  return std::is_same_v<T, float> ? "float" : "tile::bf16";
}

/// "<T, args...>": the template arguments of an instantiation's name.
template <class T> std::string arguments(const std::string &rest) {
  return "<" + typeName<T>() + ", " + rest + ">";
}

/// The norm kernels of one row width.
struct Norms {
  Kernel rmsNorm, addRmsNorm;
};

template <class T, int N> Norms normsOf(const Loader &loader) {
  std::string width = arguments<T>(std::to_string(N));
  return {
      loader.load<&rms_norm<T, N>>("rms_norm" + width, "qwen3_norms"),
      loader.load<&add_rms_norm<T, N>>("add_rms_norm" + width, "qwen3_norms")};
}

template <class T> Norms normsFor(const Loader &loader, int64_t width) {
  switch (width) {
  case 1024:
    return normsOf<T, 1024>(loader);
  case 2048:
    return normsOf<T, 2048>(loader);
  case 4096:
    return normsOf<T, 4096>(loader);
  default:
    return normsOf<T, 8192>(loader);
  }
}

template <class T, int HQ, int HKV>
std::pair<Kernel, int64_t> qkNormRopeOf(const Loader &loader) {
  return {loader.load<&qk_norm_rope<T, HQ, HKV, 128>>(
              "qk_norm_rope" + arguments<T>(std::to_string(HQ) + ", " +
                                            std::to_string(HKV) + ", 128"),
              "qwen3_qk_norm_rope"),
          HQ};
}

/// The attention-input kernel for the model's key/value heads with the
/// fewest query heads that hold the model's (a model with fewer runs on
/// it: Qwen3-14B's 40 on 64), and those query heads.
template <class T>
std::pair<Kernel, int64_t> qkNormRopeFor(const Loader &loader,
                                         const Config &config) {
  int64_t heads = config.numHeads, kvHeads = config.numKvHeads;
  if (kvHeads == 2 && heads <= 4)
    return qkNormRopeOf<T, 4, 2>(loader);
  if (kvHeads == 8 && heads <= 16)
    return qkNormRopeOf<T, 16, 8>(loader);
  if (kvHeads == 8 && heads <= 32)
    return qkNormRopeOf<T, 32, 8>(loader);
  if (kvHeads == 8 && heads <= 64)
    return qkNormRopeOf<T, 64, 8>(loader);
  throw Error("the engine has no attention-input kernel for " +
              std::to_string(heads) + " query heads and " +
              std::to_string(kvHeads) +
              " key/value heads (it has up to 4 query heads with 2 "
              "key/value heads, and up to 64 with 8)");
}

/// The product of more rows than one into T: the kernel library's linear
/// for bf16 (an f32 model's products are the BLAS's), unless the BLAS runs
/// them.
template <class T>
std::optional<Kernel> linearFor(const Loader &loader, Products products) {
  if constexpr (std::is_same_v<T, bf16>) {
    if (products == Products::Blas)
      return std::nullopt;
    constexpr int rows = KernelSet::kLinearRows,
                  columns = KernelSet::kLinearColumns;
    return loader.load<&::linear<T, rows, columns, 64, 16>>(
        "linear" + arguments<T>(std::to_string(rows) + ", " +
                                std::to_string(columns) + ", 64, 16"),
        "linear");
  }
  return std::nullopt;
}

/// The kernels of a model whose weights and activations are T.
template <class T>
KernelSet kernelsOf(const Loader &loader, const Config &config,
                    Products products) {
  int64_t width = normWidthFor(config.hiddenSize);
  Norms norms = normsFor<T>(loader, width);
  auto [qkNormRope, qkNormRopeHeads] = qkNormRopeFor<T>(loader, config);
  return KernelSet{
      .embedding = loader.load<&::embedding<T, 1024>>(
          "embedding" + arguments<T>("1024"), "qwen3_decode"),
      .rmsNorm = std::move(norms.rmsNorm),
      .addRmsNorm = std::move(norms.addRmsNorm),
      .qkNormRope = std::move(qkNormRope),
      .prefillAttention = loader.load<&::prefill_attention<T, 64, 64, 128>>(
          "prefill_attention" + arguments<T>("64, 64, 128"),
          "prefill_attention"),
      .decodeAttentionSplit =
          loader.load<&::decode_attention_split<T, 64, 128>>(
              "decode_attention_split" + arguments<T>("64, 128"),
              "qwen3_decode"),
      .decodeAttentionMerge =
          loader.load<&::decode_attention_merge<T, 32, 128>>(
              "decode_attention_merge" + arguments<T>("32, 128"),
              "qwen3_decode"),
      .swiglu = loader.load<&::swiglu<T, 1024>>("swiglu" + arguments<T>("1024"),
                                                "swiglu"),
      .argmaxSplit = loader.load<&::argmax_split<1024>>("argmax_split<1024>",
                                                        "qwen3_decode"),
      .argmaxMerge =
          loader.load<&::argmax_merge<64>>("argmax_merge<64>", "qwen3_decode"),
      .topK =
          loader.load<&::top_k_split<KernelSet::kTopKStretch, Model::kMaxTopK>>(
              "top_k_split<2048, 64>", "qwen3_decode"),
      .gemv = loader.load<&::gemv<T, 4, 512>>("gemv" + arguments<T>("4, 512"),
                                              "qwen3_decode"),
      .gemvNarrow = loader.load<&::gemv<T, 2, 1024>>(
          "gemv" + arguments<T>("2, 1024"), "qwen3_decode"),
      .gemvF32 = loader.load<&::gemv_f32<T, 4, 512>>(
          "gemv_f32" + arguments<T>("4, 512"), "qwen3_decode"),
      .linear = linearFor<T>(loader, products),
      .normWidth = width,
      .qkNormRopeHeads = qkNormRopeHeads,
  };
}

} // namespace

KernelSet KernelSet::load(const Device &device, const Config &config,
                          const KernelLocation &location, tile::rt::DType dtype,
                          Products products) {
  if (config.headDim != 128)
    throw Error("head_dim " + std::to_string(config.headDim) +
                " is not supported: the engine's attention kernels are "
                "compiled for head_dim 128");
  Loader loader{device, location};
  if (dtype == "f32")
    return kernelsOf<float>(loader, config, products);
  return kernelsOf<bf16>(loader, config, products);
}
