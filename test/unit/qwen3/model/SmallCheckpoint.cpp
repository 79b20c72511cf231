//===- SmallCheckpoint.cpp - A small random Qwen3 for tests ---------------===//

#include "SmallCheckpoint.h"

#include "qwen3/CheckpointWriter.h"

#include <filesystem>
#include <random>
#include <string>

#include <unistd.h>

using namespace qwen3;

namespace {

std::filesystem::path writtenCheckpoint(const std::string &configJson,
                                        const std::string &name,
                                        unsigned seed) {
  WriterOptions options;
  options.configJson = configJson;
  options.output = std::filesystem::temp_directory_path() /
                   ("qwen3-" + name + "-" + std::to_string(::getpid()));
  options.seed = seed;
  options.force = true;
  writeRandomCheckpoint(options);
  return options.output;
}

} // namespace

test::TemporaryCheckpoint::TemporaryCheckpoint(const std::string &configJson,
                                               const std::string &name,
                                               unsigned seed)
    : directory(writtenCheckpoint(configJson, name, seed)),
      opened(Checkpoint::open(directory)) {}

test::TemporaryCheckpoint::~TemporaryCheckpoint() {
  std::filesystem::remove_all(directory);
}

const Checkpoint &qwen3::test::smallCheckpoint() {
  static TemporaryCheckpoint small(R"({
      "architectures": ["Qwen3ForCausalLM"], "model_type": "qwen3",
      "vocab_size": 1000, "hidden_size": 256, "intermediate_size": 768,
      "num_hidden_layers": 2, "num_attention_heads": 4,
      "num_key_value_heads": 2, "head_dim": 128,
      "max_position_embeddings": 4096, "rope_theta": 1000000.0,
      "rms_norm_eps": 1e-06, "tie_word_embeddings": true,
      "torch_dtype": "bfloat16", "initializer_range": 0.02,
      "bos_token_id": 1, "eos_token_id": 2})",
                                   "small", 11);
  return small.checkpoint();
}

std::vector<int32_t> qwen3::test::randomTokens(size_t count, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_int_distribution<int32_t> id(0, int32_t(kSmallVocab - 1));
  std::vector<int32_t> tokens(count);
  for (int32_t &token : tokens)
    token = id(generator);
  return tokens;
}
