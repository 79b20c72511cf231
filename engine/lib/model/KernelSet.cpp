//===- KernelSet.cpp - The kernels one Qwen3 model runs -------------------===//
//
// The kernel sources are included so that host mode can run them; on a GPU
// the same instantiations come from the kernel cache that tilecc filled at
// build time, through the manifest of each source.
//
//===----------------------------------------------------------------------===//

#include "KernelSet.h"

#include "argmax_rows.cpp"
#include "decode_attention.cpp"
#include "embedding.cpp"
#include "gemv.cpp"
#include "prefill_attention.cpp"
#include "qwen3_norms.cpp"
#include "qwen3_qk_norm_rope.cpp"
#include "swiglu.cpp"
#include "top_k.cpp"

#include "qwen3/Error.h"

#include "tile/runtime/HostKernel.h"

#include <string>

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

/// The norm kernels of one row width.
struct Norms {
  Kernel rmsNorm, addRmsNorm;
};

template <int N> Norms normsOf(const Loader &loader) {
  std::string width = "<" + std::to_string(N) + ">";
  return {loader.load<&rms_norm<N>>("rms_norm" + width, "qwen3_norms"),
          loader.load<&add_rms_norm<N>>("add_rms_norm" + width, "qwen3_norms")};
}

Norms normsFor(const Loader &loader, int64_t width) {
  switch (width) {
  case 1024:
    return normsOf<1024>(loader);
  case 2048:
    return normsOf<2048>(loader);
  case 4096:
    return normsOf<4096>(loader);
  default:
    return normsOf<8192>(loader);
  }
}

/// The attention-input kernel for the model's key/value heads with the
/// fewest query heads that hold the model's (a model with fewer runs on
/// it: Qwen3-14B's 40 on 64), and those query heads.
std::pair<Kernel, int64_t> qkNormRopeFor(const Loader &loader,
                                         const Config &config) {
  int64_t heads = config.numHeads, kvHeads = config.numKvHeads;
  if (kvHeads == 2 && heads <= 4)
    return {loader.load<&qk_norm_rope<4, 2, 128>>("qk_norm_rope<4, 2, 128>",
                                                  "qwen3_qk_norm_rope"),
            4};
  if (kvHeads == 8 && heads <= 16)
    return {loader.load<&qk_norm_rope<16, 8, 128>>("qk_norm_rope<16, 8, 128>",
                                                   "qwen3_qk_norm_rope"),
            16};
  if (kvHeads == 8 && heads <= 32)
    return {loader.load<&qk_norm_rope<32, 8, 128>>("qk_norm_rope<32, 8, 128>",
                                                   "qwen3_qk_norm_rope"),
            32};
  if (kvHeads == 8 && heads <= 64)
    return {loader.load<&qk_norm_rope<64, 8, 128>>("qk_norm_rope<64, 8, 128>",
                                                   "qwen3_qk_norm_rope"),
            64};
  throw Error("the engine has no attention-input kernel for " +
              std::to_string(heads) + " query heads and " +
              std::to_string(kvHeads) +
              " key/value heads (it has up to 4 query heads with 2 "
              "key/value heads, and up to 64 with 8)");
}

} // namespace

KernelSet KernelSet::load(const Device &device, const Config &config,
                          const KernelLocation &location) {
  if (config.headDim != 128)
    throw Error("head_dim " + std::to_string(config.headDim) +
                " is not supported: the engine's attention kernels are "
                "compiled for head_dim 128");
  Loader loader{device, location};
  int64_t width = normWidthFor(config.hiddenSize);
  Norms norms = normsFor(loader, width);
  auto [qkNormRope, qkNormRopeHeads] = qkNormRopeFor(loader, config);
  return KernelSet{
      .embedding = loader.load<&::embedding<bf16, 1024>>(
          "embedding<tile::bf16, 1024>", "embedding"),
      .rmsNorm = std::move(norms.rmsNorm),
      .addRmsNorm = std::move(norms.addRmsNorm),
      .qkNormRope = std::move(qkNormRope),
      .prefillAttention = loader.load<&::prefill_attention<64, 64, 128>>(
          "prefill_attention<64, 64, 128>", "prefill_attention"),
      .decodeAttentionSplit = loader.load<&::decode_attention_split<64, 128>>(
          "decode_attention_split<64, 128>", "decode_attention"),
      .decodeAttentionMerge = loader.load<&::decode_attention_merge<32, 128>>(
          "decode_attention_merge<32, 128>", "decode_attention"),
      .swiglu = loader.load<&::swiglu<1024>>("swiglu<1024>", "swiglu"),
      .argmaxSplit = loader.load<&::argmax_split<1024>>("argmax_split<1024>",
                                                        "argmax_rows"),
      .argmaxMerge =
          loader.load<&::argmax_merge<64>>("argmax_merge<64>", "argmax_rows"),
      .topK = loader.load<&::top_k_split<kTopKStretch, Model::kMaxTopK>>(
          "top_k_split<2048, 64>", "top_k"),
      .gemv = loader.load<&::gemv<bf16, 4, 512>>("gemv<tile::bf16, 4, 512>",
                                                 "gemv"),
      .gemvNarrow = loader.load<&::gemv<bf16, 2, 1024>>(
          "gemv<tile::bf16, 2, 1024>", "gemv"),
      .gemvF32 = loader.load<&::gemv_f32<bf16, 4, 512>>(
          "gemv_f32<tile::bf16, 4, 512>", "gemv"),
      .normWidth = width,
      .qkNormRopeHeads = qkNormRopeHeads,
  };
}
