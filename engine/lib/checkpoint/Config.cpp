//===- Config.cpp - A Qwen3 model's hyperparameters -----------------------===//

#include "qwen3/Config.h"

#include "JsonFields.h"

#include <algorithm>

namespace qwen3 {

namespace {
constexpr std::string_view kWhat = "the Qwen3 config";

/// Refuses the options of config.json that change the architecture in ways
/// the engine does not implement: better an error at load than wrong output.
void rejectUnsupported(const detail::JsonFields &fields) {
  const nlohmann::json &json = fields.json();
  if (!fields.has("model_type"))
    throw fields.error("missing key 'model_type'");
  if (auto type = fields.optionalString("model_type"); type != "qwen3")
    throw fields.error("model_type '" + *type +
                       "' is not supported; expected 'qwen3' (dense Qwen3)");
  if (fields.has("architectures")) {
    const nlohmann::json &architectures = json["architectures"];
    if (!architectures.is_array() ||
        std::find(architectures.begin(), architectures.end(),
                  "Qwen3ForCausalLM") == architectures.end())
      throw fields.error("architectures " + architectures.dump() +
                         " is not supported; expected Qwen3ForCausalLM");
  }
  if (fields.optionalBoolean("attention_bias").value_or(false))
    throw fields.error("attention_bias true is not supported");
  if (fields.optionalBoolean("use_sliding_window").value_or(false))
    throw fields.error("use_sliding_window true is not supported");
  if (auto act = fields.optionalString("hidden_act"); act && *act != "silu")
    throw fields.error("hidden_act '" + *act +
                       "' is not supported; expected 'silu'");
  if (fields.has("layer_types")) {
    const nlohmann::json &types = json["layer_types"];
    bool allFull = types.is_array() &&
                   std::all_of(types.begin(), types.end(), [](auto &type) {
                     return type == "full_attention";
                   });
    if (!allFull)
      throw fields.error("layer_types " + types.dump() +
                         " is not supported; every layer must be "
                         "full_attention");
  }
}

/// rope_theta: at the top level (as transformers 4 writes it) or in
/// rope_parameters (transformers 5).
double ropeThetaOf(const detail::JsonFields &fields) {
  if (fields.has("rope_parameters")) {
    detail::JsonFields parameters = fields.nested("rope_parameters");
    if (parameters.has("rope_theta"))
      return parameters.number("rope_theta");
  }
  return fields.number("rope_theta");
}

/// YaRN's parameters from rope_scaling (transformers 4; "type" in older
/// files) or rope_parameters (transformers 5, where the rope type may be
/// absent); none for the default rotation. Any other rope type is refused.
std::optional<Yarn> yarnOf(const detail::JsonFields &fields,
                           int64_t maxPositions) {
  bool scaling = fields.has("rope_scaling");
  if (!scaling && !fields.has("rope_parameters"))
    return std::nullopt;
  detail::JsonFields rope =
      fields.nested(scaling ? "rope_scaling" : "rope_parameters");
  std::optional<std::string> type = rope.optionalString("rope_type");
  if (!type)
    type = rope.optionalString("type");
  if (!type && scaling)
    throw rope.error("missing key 'rope_type'");
  if (!type || *type == "default")
    return std::nullopt;
  if (*type != "yarn")
    throw rope.error("rope_type '" + *type +
                     "' is not supported; expected 'yarn' or 'default'");
  Yarn yarn;
  yarn.factor = rope.number("factor");
  if (!(yarn.factor >= 1))
    throw rope.error("'factor' must be at least 1, not " +
                     std::to_string(yarn.factor));
  yarn.originalMaxPositionEmbeddings =
      rope.optionalInteger("original_max_position_embeddings")
          .value_or(maxPositions);
  if (yarn.originalMaxPositionEmbeddings <= 0)
    throw rope.error("'original_max_position_embeddings' must be positive, "
                     "not " +
                     std::to_string(yarn.originalMaxPositionEmbeddings));
  auto positiveOr = [&](std::string_view key, double fallback) {
    double value = rope.optionalNumber(key).value_or(fallback);
    if (!(value > 0))
      throw rope.error("'" + std::string(key) + "' must be positive, not " +
                       std::to_string(value));
    return value;
  };
  yarn.betaFast = positiveOr("beta_fast", 32);
  yarn.betaSlow = positiveOr("beta_slow", 1);
  if (rope.has("attention_factor"))
    yarn.attentionFactor = positiveOr("attention_factor", 1);
  yarn.mscale = rope.optionalNumber("mscale");
  yarn.mscaleAllDim = rope.optionalNumber("mscale_all_dim");
  yarn.truncate = rope.optionalBoolean("truncate").value_or(true);
  return yarn;
}

/// `key`, a positive integer of at most `limit`: the limits keep every
/// size the engine computes from the config far from overflowing and a
/// corrupt or hostile config from sizing allocations before the weights
/// are seen.
int64_t positive(const detail::JsonFields &fields, std::string_view key,
                 int64_t limit) {
  int64_t value = fields.integer(key);
  if (value <= 0)
    throw fields.error("'" + std::string(key) + "' must be positive, not " +
                       std::to_string(value));
  if (value > limit)
    throw fields.error("'" + std::string(key) + "' must be at most " +
                       std::to_string(limit) + ", not " +
                       std::to_string(value));
  return value;
}
} // namespace

Config Config::parse(std::string_view json, std::string_view source) {
  detail::JsonFields fields(json, source, kWhat);
  rejectUnsupported(fields);

  Config config;
  config.vocabSize = positive(fields, "vocab_size", Config::kMaxVocabSize);
  config.hiddenSize = positive(fields, "hidden_size", Config::kMaxWidth);
  config.intermediateSize =
      positive(fields, "intermediate_size", Config::kMaxWidth);
  config.numLayers = positive(fields, "num_hidden_layers", Config::kMaxLayers);
  config.numHeads = positive(fields, "num_attention_heads", Config::kMaxHeads);
  config.numKvHeads =
      positive(fields, "num_key_value_heads", Config::kMaxHeads);
  config.maxPositionEmbeddings =
      positive(fields, "max_position_embeddings", Config::kMaxPositions);
  if (fields.has("head_dim")) {
    config.headDim = positive(fields, "head_dim", Config::kMaxWidth);
  } else {
    if (config.hiddenSize % config.numHeads != 0)
      throw fields.error("no 'head_dim', and hidden_size " +
                         std::to_string(config.hiddenSize) +
                         " is not a multiple of num_attention_heads " +
                         std::to_string(config.numHeads));
    config.headDim = config.hiddenSize / config.numHeads;
  }
  if (config.numHeads % config.numKvHeads != 0)
    throw fields.error("num_attention_heads " +
                       std::to_string(config.numHeads) +
                       " is not a multiple of num_key_value_heads " +
                       std::to_string(config.numKvHeads));

  config.ropeTheta = ropeThetaOf(fields);
  if (!(config.ropeTheta > 0))
    throw fields.error("'rope_theta' must be positive");
  config.yarn = yarnOf(fields, config.maxPositionEmbeddings);
  config.rmsNormEps = fields.number("rms_norm_eps");
  if (!(config.rmsNormEps > 0))
    throw fields.error("'rms_norm_eps' must be positive");
  config.initializerRange =
      fields.optionalNumber("initializer_range").value_or(0.02);
  if (!(config.initializerRange >= 0))
    throw fields.error("'initializer_range' must not be negative");
  config.tieWordEmbeddings =
      fields.optionalBoolean("tie_word_embeddings").value_or(false);

  if (auto bos = fields.optionalInteger("bos_token_id")) {
    if (*bos < 0 || *bos >= config.vocabSize)
      throw fields.error("bos_token_id " + std::to_string(*bos) +
                         " is outside the vocabulary");
    config.bosTokenId = static_cast<int32_t>(*bos);
  }
  config.eosTokenIds = fields.tokenIds("eos_token_id");
  for (int32_t eos : config.eosTokenIds)
    if (eos >= config.vocabSize)
      throw fields.error("eos_token_id " + std::to_string(eos) +
                         " is outside the vocabulary");

  // Recent transformers write "dtype" where older ones wrote "torch_dtype".
  auto dtype = fields.optionalString("torch_dtype");
  if (!dtype)
    dtype = fields.optionalString("dtype");
  if (dtype && *dtype != "bfloat16" && *dtype != "float16" &&
      *dtype != "float32")
    throw fields.error("torch_dtype '" + *dtype +
                       "' is not supported; expected bfloat16, float16 or "
                       "float32");
  config.torchDtype = dtype.value_or("");
  return config;
}

Config Config::load(const std::filesystem::path &path) {
  return parse(detail::readTextFile(path, kWhat), path.string());
}

} // namespace qwen3
