//===- KernelSet.cpp - The kernels one Qwen3 model runs -------------------===//
//
// The kernel library's templates are included so that host mode can run
// them; on a GPU the same instantiations come from the kernel cache that
// tilecc filled at build time, through the manifests of the engine's own
// instantiation files (engine/kernels), or, for shapes of no preset, that
// tilecc fills when the model loads (KernelCompiler.h).
//
//===----------------------------------------------------------------------===//

#include "KernelSet.h"

#include "KernelCompiler.h"

#include "tile/library/add_rms_norm.h"
#include "tile/library/argmax_rows.h"
#include "tile/library/decode_attention.h"
#include "tile/library/embedding.h"
#include "tile/library/gemv.h"
#include "tile/library/linear.h"
#include "tile/library/prefill_attention.h"
#include "tile/library/qk_norm_rope.h"
#include "tile/library/qk_norm_rope_any.h"
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

/// Loads the kernels: from the manifests of the engine's instantiation
/// files (engine/kernels) where the build compiled them, else from those of
/// the kernels compiled at load; in host mode, from the program. A lister
/// only lists the kernels compiled at load.
struct Loader {
  const Device &device;
  const KernelLocation &location;
  /// Where a lister lists them; null for a loader.
  std::vector<Instantiation> *listed = nullptr;

  /// A kernel of the engine's instantiation file `source`.
  template <auto Function>
  Kernel load(const std::string &name, const std::string &source) const {
    if (listed)
      return tile::rt::hostKernel<Function>(Device::host(), name);
    return tile::rt::kernelFor<Function>(
        device, name, location.manifests / (source + ".json"),
        location.cacheDir);
  }

  /// A kernel that the build does not compile.
  template <auto Function>
  Kernel compiledAtLoad(const Instantiation &kernel) const {
    if (listed) {
      listed->push_back(kernel);
      return tile::rt::hostKernel<Function>(Device::host(), kernel.name);
    }
    return tile::rt::kernelFor<Function>(
        device, kernel.name,
        manifestOf(kernel, location.cacheDir, location.compiler.arch),
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

/// The library's macro TILE_INSTANTIATE_<kernel>(T, rest...) as a statement.
template <class T>
std::string instantiation(const std::string &kernel, const std::string &rest) {
  return "TILE_INSTANTIATE_" + kernel + "(" + typeName<T>() + ", " + rest + ")";
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

/// The attention-input kernel with the presets' head counts.
template <class T, int HQ, int HKV>
AttentionInputs presetInputsOf(const Loader &loader) {
  return {loader.load<&qk_norm_rope<T, HQ, HKV, 128>>(
              "qk_norm_rope" + arguments<T>(std::to_string(HQ) + ", " +
                                            std::to_string(HKV) + ", 128"),
              "qwen3_qk_norm_rope"),
          HQ, AttentionInputs::Kind::PresetHeads};
}

/// The attention-input kernel for any head counts up to H of head_dim D.
template <class T, int H, int D>
AttentionInputs anyInputsOf(const Loader &loader) {
  std::string shape = std::to_string(H) + ", " + std::to_string(D);
  return {loader.compiledAtLoad<&qk_norm_rope_any<T, H, D>>(
              {"qk_norm_rope_any" + arguments<T>(shape), "qk_norm_rope_any.h",
               instantiation<T>("QK_NORM_ROPE_ANY", shape)}),
          H, AttentionInputs::Kind::AnyHeads};
}

template <class T, int D>
AttentionInputs anyInputsFor(const Loader &loader, int64_t heads) {
  if (heads <= 8)
    return anyInputsOf<T, 8, D>(loader);
  if (heads <= 16)
    return anyInputsOf<T, 16, D>(loader);
  if (heads <= 32)
    return anyInputsOf<T, 32, D>(loader);
  return anyInputsOf<T, 64, D>(loader);
}

/// The attention-input kernel of the presets' that holds the model's heads
/// (a model with fewer query heads runs on one for more: Qwen3-14B's 40 on
/// 64), when its rotation is the default (not YaRN) of head_dim 128; otherwise
/// the one for any head counts and rotary frequencies.
template <class T>
AttentionInputs attentionInputsFor(const Loader &loader, const Config &config) {
  int64_t heads = config.numHeads, kvHeads = config.numKvHeads;
  if (heads > KernelSet::kMaxHeads)
    throw Error("the engine runs models of up to " +
                std::to_string(KernelSet::kMaxHeads) + " query heads, not " +
                std::to_string(heads) + " (num_attention_heads)");
  if (config.headDim == 128 && !config.yarn) {
    if (kvHeads == 2 && heads <= 4)
      return presetInputsOf<T, 4, 2>(loader);
    if (kvHeads == 8 && heads <= 16)
      return presetInputsOf<T, 16, 8>(loader);
    if (kvHeads == 8 && heads <= 32)
      return presetInputsOf<T, 32, 8>(loader);
    if (kvHeads == 8 && heads <= 64)
      return presetInputsOf<T, 64, 8>(loader);
  }
  switch (config.headDim) {
  case 64:
    return anyInputsFor<T, 64>(loader, heads);
  case 128:
    return anyInputsFor<T, 128>(loader, heads);
  default:
    return anyInputsFor<T, 256>(loader, heads);
  }
}

/// The attention kernels of head_dim D.
struct Attention {
  Kernel prefill, decodeSplit, decodeMerge;
};

/// A kernel of head_dim D: the build compiles the presets' (head_dim 128)
/// in the engine's instantiation file `source`, and no other.
template <auto Function, int D>
Kernel ofHeadDim(const Loader &loader, const Instantiation &kernel,
                 const std::string &source) {
  if (D == 128)
    return loader.load<Function>(kernel.name, source);
  return loader.compiledAtLoad<Function>(kernel);
}

template <class T, int D> Attention attentionOf(const Loader &loader) {
  std::string d = std::to_string(D);
  std::string prefill = arguments<T>("64, 64, " + d),
              split = arguments<T>("64, " + d),
              merge = arguments<T>("32, " + d);
  return {ofHeadDim<&::prefill_attention<T, 64, 64, D>, D>(
              loader,
              {"prefill_attention" + prefill, "prefill_attention.h",
               instantiation<T>("PREFILL_ATTENTION", "64, 64, " + d)},
              "prefill_attention"),
          ofHeadDim<&::decode_attention_split<T, 64, D>, D>(
              loader,
              {"decode_attention_split" + split, "decode_attention.h",
               instantiation<T>("DECODE_ATTENTION_SPLIT", "64, " + d)},
              "qwen3_decode"),
          ofHeadDim<&::decode_attention_merge<T, 32, D>, D>(
              loader,
              {"decode_attention_merge" + merge, "decode_attention.h",
               instantiation<T>("DECODE_ATTENTION_MERGE", "32, " + d)},
              "qwen3_decode")};
}

template <class T>
Attention attentionFor(const Loader &loader, int64_t headDim) {
  switch (headDim) {
  case 64:
    return attentionOf<T, 64>(loader);
  case 128:
    return attentionOf<T, 128>(loader);
  case 256:
    return attentionOf<T, 256>(loader);
  default:
    throw Error("head_dim " + std::to_string(headDim) +
                " is not supported: the engine's attention kernels are "
                "compiled for head_dim 64, 128 and 256");
  }
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
  Attention attention = attentionFor<T>(loader, config.headDim);
  return KernelSet{
      .embedding = loader.load<&::embedding<T, 1024>>(
          "embedding" + arguments<T>("1024"), "qwen3_decode"),
      .rmsNorm = std::move(norms.rmsNorm),
      .addRmsNorm = std::move(norms.addRmsNorm),
      .attentionInputs = attentionInputsFor<T>(loader, config),
      .prefillAttention = std::move(attention.prefill),
      .decodeAttentionSplit = std::move(attention.decodeSplit),
      .decodeAttentionMerge = std::move(attention.decodeMerge),
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
  };
}

/// The kernels that a GPU running `config` in bf16 compiles at load.
std::vector<Instantiation> compiledAtLoad(const Config &config,
                                          const KernelLocation &location,
                                          Products products) {
  std::vector<Instantiation> listed;
  Loader lister{Device::host(), location, &listed};
  kernelsOf<bf16>(lister, config, products);
  return listed;
}

} // namespace

KernelSet KernelSet::load(const Device &device, const Config &config,
                          const KernelLocation &location, tile::rt::DType dtype,
                          Products products) {
  Loader loader{device, location};
  if (dtype == "f32")
    return kernelsOf<float>(loader, config, products);
  if (!device.isHost())
    compileMissing(compiledAtLoad(config, location, products), location);
  return kernelsOf<bf16>(loader, config, products);
}

int64_t qwen3::prepareKernels(const Config &config,
                              const KernelLocation &location) {
  return compileMissing(compiledAtLoad(config, location, Products::Library),
                        location);
}
