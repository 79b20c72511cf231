//===- Checkpoint.h - A Hugging Face Qwen3 model directory ------*- C++ -*-===//
//
// A model directory as Hugging Face writes it: config.json, the weights in
// model.safetensors or in shards listed by model.safetensors.index.json, and
// optionally generation_config.json. Every shard stays mapped while the
// Checkpoint lives; tensors are looked up by name.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_CHECKPOINT_H
#define QWEN3_CHECKPOINT_H

#include "qwen3/Config.h"
#include "qwen3/GenerationConfig.h"
#include "qwen3/SafeTensors.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace qwen3 {

/// A model directory, its config read and its safetensors files mapped.
class Checkpoint {
public:
  /// Opens the model directory `dir`: reads config.json (and
  /// generation_config.json if present), maps model.safetensors or every
  /// shard that model.safetensors.index.json names, and checks that each
  /// name in the index's weight_map is in its shard. Throws qwen3::Error
  /// naming the file and the problem.
  static Checkpoint open(const std::filesystem::path &dir);

  /// The directory.
  const std::filesystem::path &directory() const { return dir; }

  /// config.json.
  const Config &config() const { return modelConfig; }

  /// generation_config.json, if the directory has one.
  const std::optional<GenerationConfig> &generationConfig() const {
    return generation;
  }

  /// The safetensors files, in the order of their names.
  const std::vector<SafeTensorsFile> &files() const { return shards; }

  /// The tensor called `name`, or null.
  const TensorInfo *find(std::string_view name) const;

  /// The tensor called `name`; throws qwen3::Error if there is none.
  const TensorInfo &tensor(std::string_view name) const;

  /// The output projection: lm_head.weight, or with tied embeddings and no
  /// lm_head.weight, model.embed_tokens.weight.
  const TensorInfo &lmHead() const;

  /// Checks that every weight a Qwen3 model with `config` needs is here with
  /// its shape and a dtype the engine computes with (BF16, F16 or F32; each
  /// tensor may have its own). Throws qwen3::Error naming the first tensor
  /// that is missing, misshapen or of another dtype, or, before looking at
  /// any, a config with more layers than the weights hold.
  void validateQwen3(const Config &config) const;

private:
  Checkpoint() = default;

  /// One more than the largest N of the tensors named model.layers.N.*.
  int64_t layersPresent() const;

  std::filesystem::path dir;
  Config modelConfig;
  std::optional<GenerationConfig> generation;
  std::vector<SafeTensorsFile> shards;
  std::unordered_map<std::string, const TensorInfo *> byName;
};

} // namespace qwen3

#endif // QWEN3_CHECKPOINT_H
