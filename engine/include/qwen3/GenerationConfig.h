//===- GenerationConfig.h - A model's default sampling settings -*- C++ -*-===//
//
// generation_config.json: the stop tokens and the sampling defaults that a
// Hugging Face checkpoint recommends. Every field is optional there, and
// stays so here.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_GENERATIONCONFIG_H
#define QWEN3_GENERATIONCONFIG_H

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

namespace qwen3 {

/// The contents of generation_config.json that the engine uses.
struct GenerationConfig {
  /// bos_token_id, when given.
  std::optional<int32_t> bosTokenId;
  /// eos_token_id: one id or a list; generation stops at any of them.
  std::vector<int32_t> eosTokenIds;
  /// do_sample: false asks for greedy decoding.
  std::optional<bool> doSample;
  /// temperature, when given.
  std::optional<double> temperature;
  /// top_k, when given.
  std::optional<int64_t> topK;
  /// top_p, when given.
  std::optional<double> topP;

  /// Reads the generation_config.json at `path`; throws qwen3::Error naming
  /// the file and the problem.
  static GenerationConfig load(const std::filesystem::path &path);

  /// Parses generation_config.json text; `source` names it in errors.
  static GenerationConfig parse(std::string_view json, std::string_view source);
};

} // namespace qwen3

#endif // QWEN3_GENERATIONCONFIG_H
