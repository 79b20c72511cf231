//===- SmallCheckpoint.cpp - A small random Qwen3 for tests ---------------===//

#include "SmallCheckpoint.h"

#include "qwen3/CheckpointWriter.h"

#include <filesystem>
#include <random>
#include <string>

#include <unistd.h>

using namespace qwen3;

namespace {

/// The directory and the checkpoint in it, for the process's lifetime.
struct Written {
  std::filesystem::path directory;
  Checkpoint checkpoint;

  explicit Written(std::filesystem::path dir)
      : directory(write(std::move(dir))),
        checkpoint(Checkpoint::open(directory)) {}
  ~Written() { std::filesystem::remove_all(directory); }

  static std::filesystem::path write(std::filesystem::path dir) {
    WriterOptions options;
    options.configJson = R"({
      "architectures": ["Qwen3ForCausalLM"], "model_type": "qwen3",
      "vocab_size": 1000, "hidden_size": 256, "intermediate_size": 768,
      "num_hidden_layers": 2, "num_attention_heads": 4,
      "num_key_value_heads": 2, "head_dim": 128,
      "max_position_embeddings": 4096, "rope_theta": 1000000.0,
      "rms_norm_eps": 1e-06, "tie_word_embeddings": true,
      "torch_dtype": "bfloat16", "initializer_range": 0.02,
      "bos_token_id": 1, "eos_token_id": 2})";
    options.output = dir;
    options.seed = 11;
    options.force = true;
    writeRandomCheckpoint(options);
    return dir;
  }
};

} // namespace

const Checkpoint &qwen3::test::smallCheckpoint() {
  static Written written(std::filesystem::temp_directory_path() /
                         ("qwen3-small-" + std::to_string(::getpid())));
  return written.checkpoint;
}

std::vector<int32_t> qwen3::test::randomTokens(size_t count, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_int_distribution<int32_t> id(0, int32_t(kSmallVocab - 1));
  std::vector<int32_t> tokens(count);
  for (int32_t &token : tokens)
    token = id(generator);
  return tokens;
}
