//===- Weights.cpp - A Qwen3 model's weights on its device ----------------===//

#include "Weights.h"

#include "qwen3/Bf16Conversion.h"
#include "qwen3/Error.h"

#include "tile/runtime/Error.h"

#include <cmath>
#include <initializer_list>
#include <optional>
#include <string>

using namespace qwen3;
using tile::bf16;
using tile::rt::Stream;
using tile::rt::Tensor;

namespace {

/// `values` on the stream's device as `dtype`: bf16 as they are, or
/// widened to f32 (exactly).
Tensor onDevice(Stream &stream, std::span<const bf16> values,
                std::vector<int64_t> shape, tile::rt::DType dtype) {
  if (dtype == "bf16")
    return Tensor::fromHost<bf16>(stream, values, std::move(shape));
  std::vector<float> wide(values.begin(), values.end());
  return Tensor::fromHost<float>(stream, wide, std::move(shape));
}

/// The named tensors, converted to bf16 and stacked along their rows, on
/// the device as one tensor of `shape` and `dtype`.
Tensor stacked(Stream &stream, const Checkpoint &checkpoint,
               std::initializer_list<std::string> names,
               std::vector<int64_t> shape, tile::rt::DType dtype,
               WeightCheck check) {
  int64_t total = 0;
  for (const std::string &name : names)
    total += checkpoint.tensor(name).numel();
  std::vector<bf16> host(static_cast<size_t>(total));
  int64_t offset = 0;
  for (const std::string &name : names) {
    const TensorInfo &tensor = checkpoint.tensor(name);
    std::span<bf16> converted =
        std::span(host).subspan(size_t(offset), size_t(tensor.numel()));
    copyToBf16(tensor, converted);
    if (check == WeightCheck::Finite)
      if (std::optional<std::size_t> bad = findNonFinite(converted))
        throw Error(tensor.file.string() + ": " + tensor.name + ": element " +
                    std::to_string(*bad) + " is " +
                    (std::isnan(float(converted[*bad])) ? "NaN" : "infinite") +
                    " (as bf16); the weights are corrupt (--no-weight-check "
                    "loads them anyway)");
    offset += tensor.numel();
  }
  try {
    return onDevice(stream, host, std::move(shape), dtype);
  } catch (const tile::rt::Error &e) {
    throw Error("loading " + *names.begin() + " onto " +
                stream.device().name() + ": " + e.what());
  }
}

} // namespace

/// The weights of `config`, each made by `make(names, shape)` from the
/// checkpoint tensors `names` (stacked along rows) as one tensor of
/// `shape`: the one list of what a model holds, for loading and for sizing.
template <class Make>
static Weights assemble(const Config &config, Make &&make) {
  int64_t hidden = config.hiddenSize, headDim = config.headDim;
  int64_t qkvRows = (config.numHeads + 2 * config.numKvHeads) * headDim;
  Weights weights;
  weights.embedding =
      make({"model.embed_tokens.weight"}, {config.vocabSize, hidden});
  for (int64_t i = 0; i < config.numLayers; ++i) {
    std::string prefix = "model.layers." + std::to_string(i) + ".";
    std::string attention = prefix + "self_attn.", mlp = prefix + "mlp.";
    LayerWeights layer;
    layer.inputNorm = make({prefix + "input_layernorm.weight"}, {hidden});
    layer.postAttentionNorm =
        make({prefix + "post_attention_layernorm.weight"}, {hidden});
    layer.qkv = make({attention + "q_proj.weight", attention + "k_proj.weight",
                      attention + "v_proj.weight"},
                     {qkvRows, hidden});
    layer.qNorm = make({attention + "q_norm.weight"}, {2, headDim / 2});
    layer.kNorm = make({attention + "k_norm.weight"}, {2, headDim / 2});
    layer.output = make({attention + "o_proj.weight"},
                        {hidden, config.numHeads * headDim});
    layer.gateUp = make({mlp + "gate_proj.weight", mlp + "up_proj.weight"},
                        {2 * config.intermediateSize, hidden});
    layer.down =
        make({mlp + "down_proj.weight"}, {hidden, config.intermediateSize});
    weights.layers.push_back(std::move(layer));
  }
  weights.finalNorm = make({"model.norm.weight"}, {hidden});
  if (!config.tieWordEmbeddings)
    weights.lmHead = make({"lm_head.weight"}, {config.vocabSize, hidden});
  return weights;
}

Weights Weights::load(Stream &stream, const Checkpoint &checkpoint,
                      const Config &config, tile::rt::DType dtype,
                      WeightCheck check) {
  return assemble(config, [&](std::initializer_list<std::string> names,
                              std::vector<int64_t> shape) {
    return stacked(stream, checkpoint, names, std::move(shape), dtype, check);
  });
}

double Weights::bytes(const Config &config, tile::rt::DType dtype) {
  double total = 0;
  assemble(config, [&](std::initializer_list<std::string>,
                       const std::vector<int64_t> &shape) {
    double elements = 1;
    for (int64_t extent : shape)
      elements *= double(extent);
    total += elements * double(dtype.bytes());
    return Tensor();
  });
  return total;
}
