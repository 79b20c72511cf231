//===- Config.h - A Qwen3 model's hyperparameters ---------------*- C++ -*-===//
//
// The dense Qwen3 architecture as a Hugging Face config.json describes it,
// read and checked: the sizes the engine needs, and a refusal of the options
// it does not implement.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_CONFIG_H
#define QWEN3_CONFIG_H

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qwen3 {

/// YaRN's rescaling of the rotary embedding (Qwen3's long context), as
/// `rope_scaling` (or transformers 5's `rope_parameters`) with rope_type
/// "yarn" gives it.
struct Yarn {
  /// factor: how many times the original context the model is stretched to.
  double factor = 1;
  /// original_max_position_embeddings: the context the model was trained
  /// for; max_position_embeddings when absent.
  int64_t originalMaxPositionEmbeddings = 0;
  /// beta_fast, beta_slow: the rotations over the original context that
  /// bound the columns blended between the original and the stretched
  /// frequencies (32 and 1 when absent).
  double betaFast = 32, betaSlow = 1;
  /// attention_factor: what cos and sin are scaled by; derived from the
  /// factor (and mscale, mscale_all_dim) when absent.
  std::optional<double> attentionFactor;
  std::optional<double> mscale, mscaleAllDim;
  /// truncate: whether the blended columns' bounds are rounded to whole
  /// columns (true when absent).
  bool truncate = true;
};

/// The hyperparameters of a dense Qwen3 model (model_type "qwen3").
struct Config {
  /// The largest sizes a config may give, far beyond any real model's
  /// (Qwen3-32B: 64 layers, 64 heads, widths up to 25600, 151936 tokens,
  /// 40960 positions): token ids and positions are int32, and no size
  /// computed from these overflows int64.
  static constexpr int64_t kMaxLayers = 4096;
  static constexpr int64_t kMaxHeads = 65536;
  static constexpr int64_t kMaxWidth = 1 << 20;
  static constexpr int64_t kMaxVocabSize = (int64_t(1) << 31) - 1;
  static constexpr int64_t kMaxPositions = (int64_t(1) << 31) - 1;

  /// vocab_size: rows of the embedding and of the output projection.
  int64_t vocabSize = 0;
  /// hidden_size: the width of the residual stream.
  int64_t hiddenSize = 0;
  /// intermediate_size: the width of the MLP's gate and up projections.
  int64_t intermediateSize = 0;
  /// num_hidden_layers: decoder layers.
  int64_t numLayers = 0;
  /// num_attention_heads: query heads.
  int64_t numHeads = 0;
  /// num_key_value_heads: key and value heads, each shared by
  /// numHeads / numKvHeads query heads.
  int64_t numKvHeads = 0;
  /// head_dim: the width of one head; hiddenSize / numHeads when absent.
  int64_t headDim = 0;
  /// max_position_embeddings: the longest context the model was trained for.
  int64_t maxPositionEmbeddings = 0;
  /// rope_theta: the base of the rotary embedding's frequencies.
  double ropeTheta = 0;
  /// YaRN's rescaling of the rotation; none for the default rotation.
  std::optional<Yarn> yarn;
  /// rms_norm_eps: the epsilon of every RMSNorm.
  double rmsNormEps = 0;
  /// initializer_range: the standard deviation of the random initialization
  /// (0.02 when absent).
  double initializerRange = 0.02;
  /// tie_word_embeddings: whether the output projection is the embedding
  /// (and lm_head.weight may be absent). False when absent, as in
  /// Hugging Face's Qwen3Config.
  bool tieWordEmbeddings = false;
  /// bos_token_id, when given.
  std::optional<int32_t> bosTokenId;
  /// eos_token_id: one id or a list of them; empty when absent.
  std::vector<int32_t> eosTokenIds;
  /// torch_dtype (or dtype): "bfloat16", "float16" or "float32"; empty when
  /// absent.
  std::string torchDtype;

  /// Reads and checks the config.json at `path`; throws qwen3::Error naming
  /// the file and the problem.
  static Config load(const std::filesystem::path &path);

  /// Parses and checks config.json text; `source` names it in errors.
  static Config parse(std::string_view json, std::string_view source);
};

} // namespace qwen3

#endif // QWEN3_CONFIG_H
