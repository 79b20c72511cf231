//===- model_config_fuzzer.cpp - libFuzzer target over model configs -----===//
//
// Each input is read both as a config.json (Config::parse) and as a
// generation_config.json (GenerationConfig::parse): the two share their
// JSON reading. A qwen3::Error is a clean rejection; a crash, a sanitizer
// report, another exception, or an accepted config whose sizes break the
// limits Config promises is a bug (docs/engine.md, Fuzzing).
//
//===----------------------------------------------------------------------===//

#include "FuzzFiles.h"

#include "qwen3/Config.h"
#include "qwen3/Error.h"
#include "qwen3/GenerationConfig.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text = tile::fuzz::asText(data, size);
  try {
    qwen3::Config config = qwen3::Config::parse(text, "config.json");
    if (config.numLayers <= 0 || config.numLayers > config.kMaxLayers ||
        config.numHeads <= 0 || config.numHeads > config.kMaxHeads ||
        config.numKvHeads <= 0 || config.numHeads % config.numKvHeads != 0 ||
        config.headDim <= 0 || config.hiddenSize <= 0 ||
        config.vocabSize <= 0 || config.vocabSize > config.kMaxVocabSize)
      std::abort();
  } catch (const qwen3::Error &) {
  }
  try {
    (void)qwen3::GenerationConfig::parse(text, "generation_config.json");
  } catch (const qwen3::Error &) {
  }
  return 0;
}
