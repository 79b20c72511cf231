//===- Checkpoint.cpp - A Hugging Face Qwen3 model directory --------------===//

#include "qwen3/Checkpoint.h"

#include "qwen3/Error.h"
#include "qwen3/TensorLayout.h"

#include "JsonFields.h"

#include <algorithm>
#include <charconv>
#include <map>

namespace qwen3 {

namespace {
constexpr std::string_view kSingleFile = "model.safetensors";
constexpr std::string_view kIndexFile = "model.safetensors.index.json";

/// Whether `name` names a file in the model directory itself: the index
/// must not reach outside it.
bool isPlainFileName(const std::string &name) {
  return !name.empty() && name != "." && name != ".." &&
         name.find('/') == std::string::npos &&
         name.find('\\') == std::string::npos;
}

/// The index's weight_map: tensor name to shard file name.
std::map<std::string, std::string>
readWeightMap(const std::filesystem::path &indexPath) {
  detail::JsonFields fields(
      detail::readTextFile(indexPath, "the safetensors index"),
      indexPath.string(), "the safetensors index");
  if (!fields.has("weight_map") || !fields.json()["weight_map"].is_object())
    throw fields.error("'weight_map' must be an object of tensor names to "
                       "shard files");
  std::map<std::string, std::string> weightMap;
  for (const auto &[name, shard] : fields.json()["weight_map"].items()) {
    if (!shard.is_string() || !isPlainFileName(shard.get<std::string>()))
      throw fields.error("tensor '" + name + "' maps to " + shard.dump() +
                         ", which is not a file name in the directory");
    weightMap.emplace(name, shard.get<std::string>());
  }
  if (weightMap.empty())
    throw fields.error("'weight_map' is empty");
  return weightMap;
}
} // namespace

Checkpoint Checkpoint::open(const std::filesystem::path &dir) {
  if (!std::filesystem::is_directory(dir))
    throw Error(dir.string() + ": opening the checkpoint: not a directory");
  Checkpoint checkpoint;
  checkpoint.dir = dir;
  checkpoint.modelConfig = Config::load(dir / "config.json");
  if (std::filesystem::exists(dir / "generation_config.json"))
    checkpoint.generation =
        GenerationConfig::load(dir / "generation_config.json");

  std::filesystem::path indexPath = dir / kIndexFile;
  if (std::filesystem::exists(indexPath)) {
    std::map<std::string, std::string> weightMap = readWeightMap(indexPath);
    // Each shard mapped once, in the order of its name.
    std::map<std::string, std::size_t> shardIndex;
    for (const auto &[name, shard] : weightMap)
      shardIndex.emplace(shard, 0);
    for (auto &[shard, index] : shardIndex) {
      std::filesystem::path shardPath = dir / shard;
      if (!std::filesystem::exists(shardPath))
        throw Error(indexPath.string() + ": shard '" + shard +
                    "' named in weight_map does not exist");
      index = checkpoint.shards.size();
      checkpoint.shards.push_back(SafeTensorsFile::open(shardPath));
    }
    for (const auto &[name, shard] : weightMap) {
      const TensorInfo *info =
          checkpoint.shards[shardIndex.at(shard)].find(name);
      if (!info)
        throw Error(indexPath.string() + ": tensor '" + name +
                    "' named in weight_map is not in shard '" + shard + "'");
      checkpoint.byName.emplace(name, info);
    }
  } else if (std::filesystem::exists(dir / kSingleFile)) {
    checkpoint.shards.push_back(SafeTensorsFile::open(dir / kSingleFile));
    for (const TensorInfo &info : checkpoint.shards.front().tensors())
      checkpoint.byName.emplace(info.name, &info);
  } else {
    throw Error(dir.string() + ": opening the checkpoint: neither " +
                std::string(kSingleFile) + " nor " + std::string(kIndexFile) +
                " exists");
  }
  return checkpoint;
}

const TensorInfo *Checkpoint::find(std::string_view name) const {
  auto it = byName.find(std::string(name));
  return it == byName.end() ? nullptr : it->second;
}

const TensorInfo &Checkpoint::tensor(std::string_view name) const {
  if (const TensorInfo *info = find(name))
    return *info;
  throw Error(dir.string() + ": the checkpoint has no tensor '" +
              std::string(name) + "'");
}

const TensorInfo &Checkpoint::lmHead() const {
  if (const TensorInfo *head = find("lm_head.weight"))
    return *head;
  if (modelConfig.tieWordEmbeddings)
    return tensor("model.embed_tokens.weight");
  return tensor("lm_head.weight");
}

int64_t Checkpoint::layersPresent() const {
  constexpr std::string_view kPrefix = "model.layers.";
  int64_t layers = 0;
  for (const auto &[name, info] : byName) {
    if (!name.starts_with(kPrefix))
      continue;
    std::size_t end = name.find('.', kPrefix.size());
    std::string_view digits =
        std::string_view(name).substr(kPrefix.size(), end - kPrefix.size());
    int64_t index = 0;
    auto [last, error] =
        std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (error == std::errc() && last == digits.data() + digits.size() &&
        end != std::string::npos)
      layers = std::max(layers, index + 1);
  }
  return layers;
}

void Checkpoint::validateQwen3(const Config &config) const {
  // Before the list of expected tensors is built: a config naming far more
  // layers than the weights hold would make that list huge.
  if (int64_t present = layersPresent(); config.numLayers > present)
    throw Error(dir.string() +
                ": not a Qwen3 checkpoint of this config: "
                "num_hidden_layers is " +
                std::to_string(config.numLayers) + ", but the weights hold " +
                std::to_string(present) + " layers");
  std::vector<TensorSpec> specs = qwen3Tensors(config);
  // A tied model may still carry lm_head.weight; it must then fit.
  if (config.tieWordEmbeddings && find("lm_head.weight"))
    specs.push_back({"lm_head.weight", {config.vocabSize, config.hiddenSize}});
  for (const TensorSpec &spec : specs) {
    const TensorInfo *info = find(spec.name);
    if (!info)
      throw Error(dir.string() +
                  ": not a Qwen3 checkpoint of this config: "
                  "missing tensor '" +
                  spec.name + "'");
    if (info->shape != spec.shape)
      throw Error(info->file.string() + ": " + spec.name + ": expected " +
                  formatShape(spec.shape) + ", found " +
                  formatShape(info->shape));
    if (!isFloatWeightDType(info->dtype))
      throw Error(info->file.string() + ": " + spec.name + ": dtype " +
                  std::string(dtypeName(info->dtype)) +
                  " is not supported; expected BF16, F16 or F32");
  }
}

} // namespace qwen3
