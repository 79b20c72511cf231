//===- GenerationConfig.cpp - A model's default sampling settings ---------===//

#include "qwen3/GenerationConfig.h"

#include "JsonFields.h"

#include <limits>

namespace qwen3 {

namespace {
constexpr std::string_view kWhat = "the generation config";
} // namespace

GenerationConfig GenerationConfig::parse(std::string_view json,
                                         std::string_view source) {
  detail::JsonFields fields(json, source, kWhat);
  GenerationConfig config;
  if (auto bos = fields.optionalInteger("bos_token_id")) {
    if (*bos < 0 || *bos > std::numeric_limits<int32_t>::max())
      throw fields.error("bos_token_id " + std::to_string(*bos) +
                         " is not a token id");
    config.bosTokenId = static_cast<int32_t>(*bos);
  }
  config.eosTokenIds = fields.tokenIds("eos_token_id");
  config.doSample = fields.optionalBoolean("do_sample");
  config.temperature = fields.optionalNumber("temperature");
  if (config.temperature && *config.temperature < 0)
    throw fields.error("'temperature' must not be negative");
  config.topK = fields.optionalInteger("top_k");
  if (config.topK && *config.topK < 0)
    throw fields.error("'top_k' must not be negative");
  config.topP = fields.optionalNumber("top_p");
  if (config.topP && !(*config.topP > 0 && *config.topP <= 1))
    throw fields.error("'top_p' must be in (0, 1]");
  return config;
}

GenerationConfig GenerationConfig::load(const std::filesystem::path &path) {
  return parse(detail::readTextFile(path, kWhat), path.string());
}

} // namespace qwen3
