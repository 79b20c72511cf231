//===- TensorLayout.cpp - The tensors of a Qwen3 checkpoint ---------------===//

#include "qwen3/TensorLayout.h"

namespace qwen3 {

std::vector<TensorSpec> qwen3Tensors(const Config &config) {
  const int64_t hidden = config.hiddenSize;
  const int64_t queryWidth = config.numHeads * config.headDim;
  const int64_t kvWidth = config.numKvHeads * config.headDim;
  const int64_t mlp = config.intermediateSize;

  std::vector<TensorSpec> specs;
  specs.push_back({"model.embed_tokens.weight", {config.vocabSize, hidden}});
  for (int64_t layer = 0; layer < config.numLayers; ++layer) {
    std::string prefix = "model.layers." + std::to_string(layer) + ".";
    specs.push_back({prefix + "input_layernorm.weight", {hidden}, true});
    specs.push_back({prefix + "self_attn.q_proj.weight", {queryWidth, hidden}});
    specs.push_back({prefix + "self_attn.k_proj.weight", {kvWidth, hidden}});
    specs.push_back({prefix + "self_attn.v_proj.weight", {kvWidth, hidden}});
    specs.push_back({prefix + "self_attn.o_proj.weight", {hidden, queryWidth}});
    specs.push_back(
        {prefix + "self_attn.q_norm.weight", {config.headDim}, true});
    specs.push_back(
        {prefix + "self_attn.k_norm.weight", {config.headDim}, true});
    specs.push_back(
        {prefix + "post_attention_layernorm.weight", {hidden}, true});
    specs.push_back({prefix + "mlp.gate_proj.weight", {mlp, hidden}});
    specs.push_back({prefix + "mlp.up_proj.weight", {mlp, hidden}});
    specs.push_back({prefix + "mlp.down_proj.weight", {hidden, mlp}});
  }
  specs.push_back({"model.norm.weight", {hidden}, true});
  if (!config.tieWordEmbeddings)
    specs.push_back({"lm_head.weight", {config.vocabSize, hidden}});
  return specs;
}

} // namespace qwen3
