//===- safetensors_index_fuzzer.cpp - libFuzzer target over shard indexes -===//
//
// Each input is a model.safetensors.index.json. Checkpoint::open reads it in
// a model directory that also holds a valid config.json and two small
// shards, model-00001-of-00002.safetensors (tensors "a" and "b") and
// model-00002-of-00002.safetensors ("c"), so that an index naming them
// reaches the lookups of its tensors. A qwen3::Error is a clean rejection; a
// crash, a sanitizer report or another exception is a bug
// (docs/engine.md, Fuzzing).
//
//===----------------------------------------------------------------------===//

#include "FuzzFiles.h"

#include "qwen3/Checkpoint.h"
#include "qwen3/Error.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

/// A safetensors file of `header` followed by `dataBytes` zero bytes.
std::string safetensors(std::string_view header, size_t dataBytes) {
  std::string file(8, '\0');
  uint64_t length = header.size();
  for (int i = 0; i < 8; ++i)
    file[i] = static_cast<char>(length >> (8 * i));
  return file + std::string(header) + std::string(dataBytes, '\0');
}

/// Writes the files of the model directory besides the index.
void writeModelFiles(const tile::fuzz::ScratchDirectory &made) {
  made.write("config.json",
             R"({"model_type": "qwen3", "vocab_size": 64,
                   "hidden_size": 32, "intermediate_size": 64,
                   "num_hidden_layers": 1, "num_attention_heads": 2,
                   "num_key_value_heads": 1, "head_dim": 16,
                   "max_position_embeddings": 128, "rope_theta": 10000,
                   "rms_norm_eps": 1e-6})");
  made.write("model-00001-of-00002.safetensors",
             safetensors(R"({"a": {"dtype": "F32", "shape": [2],
                                     "data_offsets": [0, 8]},
                               "b": {"dtype": "BF16", "shape": [1],
                                     "data_offsets": [8, 10]}})",
                         10));
  made.write("model-00002-of-00002.safetensors",
             safetensors(R"({"c": {"dtype": "F16", "shape": [],
                                     "data_offsets": [0, 2]}})",
                         2));
}

const tile::fuzz::ScratchDirectory &modelDirectory() {
  static tile::fuzz::ScratchDirectory dir("safetensors-index");
  static bool written = (writeModelFiles(dir), true);
  (void)written;
  return dir;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const tile::fuzz::ScratchDirectory &dir = modelDirectory();
  dir.write("model.safetensors.index.json", tile::fuzz::asText(data, size));
  try {
    qwen3::Checkpoint checkpoint = qwen3::Checkpoint::open(dir.path());
    for (const char *name : {"a", "b", "c", "d"})
      (void)checkpoint.find(name);
  } catch (const qwen3::Error &) {
  }
  return 0;
}
