//===- CheckpointWriter.cpp - Writing random-weight checkpoints -----------===//

#include "qwen3/CheckpointWriter.h"

#include "qwen3/Config.h"
#include "qwen3/Error.h"
#include "qwen3/TensorLayout.h"

#include "tile/kernel/scalar_types.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>
#include <thread>

#include <csignal>
#include <signal.h>
#include <unistd.h>

namespace qwen3 {

namespace {
namespace fs = std::filesystem;

/// Elements per independently seeded block of random numbers: each block's
/// values depend only on the seed, the tensor's name and the block's index,
/// so any number of threads writes the same bytes.
constexpr int64_t kBlock = int64_t(1) << 20;

uint64_t splitmix64(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// xoshiro256**: fast, and good enough for weights nobody trains.
class Xoshiro256 {
public:
  explicit Xoshiro256(uint64_t seed) {
    for (uint64_t &word : state)
      word = splitmix64(seed);
  }
  uint64_t next() {
    uint64_t result = std::rotl(state[1] * 5, 7) * 9;
    uint64_t t = state[1] << 17;
    state[2] ^= state[0];
    state[3] ^= state[1];
    state[1] ^= state[2];
    state[0] ^= state[3];
    state[2] ^= t;
    state[3] = std::rotl(state[3], 45);
    return result;
  }

private:
  uint64_t state[4];
};

/// FNV-1a of a tensor's name: its values stay the same whichever other
/// tensors the model has.
uint64_t nameHash(std::string_view name) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (char c : name)
    hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return hash;
}

/// Writes `value` as a `Dt` at `out`.
template <DType Dt> void store(float value, std::byte *out) {
  if constexpr (Dt == DType::BF16) {
    uint16_t bits = tile::bf16(value).bits;
    std::memcpy(out, &bits, 2);
  } else if constexpr (Dt == DType::F16) {
    uint16_t bits = tile::f16(value).bits;
    std::memcpy(out, &bits, 2);
  } else {
    std::memcpy(out, &value, 4);
  }
}

/// Fills `out` with the `count` elements of block `block` of `spec`, as
/// `Dt`s; the element type is a template argument to keep the loop tight.
template <DType Dt>
void fillBlockAs(const TensorSpec &spec, const WriterOptions &options,
                 double stddev, int64_t block, int64_t count, std::byte *out) {
  uint64_t seed = options.seed ^ nameHash(spec.name);
  seed = splitmix64(seed) + static_cast<uint64_t>(block);
  Xoshiro256 rng(splitmix64(seed));
  constexpr std::size_t size = Dt == DType::F32 ? 4 : 2;
  constexpr float kUnit = 0x1p-24f;
  if (spec.isNorm) {
    auto jitter = static_cast<float>(options.normJitter);
    for (int64_t i = 0; i < count; ++i) {
      float u = static_cast<float>(rng.next() >> 40) * kUnit; // [0, 1)
      store<Dt>(1.0f + jitter * (2.0f * u - 1.0f), out + i * size);
    }
    return;
  }
  // Marsaglia's polar method: two normals per accepted point of the unit
  // disc, with a logarithm but no sine or cosine.
  auto scale = static_cast<float>(stddev);
  constexpr float kHalfUnit = 0x1p-31f;
  for (int64_t i = 0; i < count;) {
    uint64_t bits = rng.next();
    float x = static_cast<float>(static_cast<int32_t>(bits)) * kHalfUnit;
    float y = static_cast<float>(static_cast<int32_t>(bits >> 32)) * kHalfUnit;
    float radius2 = x * x + y * y;
    if (radius2 >= 1.0f || radius2 == 0.0f)
      continue;
    float factor = scale * std::sqrt(-2.0f * std::log(radius2) / radius2);
    store<Dt>(x * factor, out + i * size);
    if (i + 1 < count)
      store<Dt>(y * factor, out + (i + 1) * size);
    i += 2;
  }
}

/// Fills `out` with the `count` elements of block `block` of `spec`.
void fillBlock(const TensorSpec &spec, const WriterOptions &options,
               double stddev, int64_t block, int64_t count, std::byte *out) {
  switch (options.dtype) {
  case DType::BF16:
    return fillBlockAs<DType::BF16>(spec, options, stddev, block, count, out);
  case DType::F16:
    return fillBlockAs<DType::F16>(spec, options, stddev, block, count, out);
  default:
    return fillBlockAs<DType::F32>(spec, options, stddev, block, count, out);
  }
}

/// Runs work(0) ... work(count - 1) on up to `threads` threads.
template <class Work>
void parallelFor(int64_t count, unsigned threads, const Work &work) {
  std::atomic<int64_t> next{0};
  auto run = [&] {
    for (int64_t i = next++; i < count; i = next++)
      work(i);
  };
  std::vector<std::jthread> helpers;
  for (unsigned t = 1; t < threads && t < count; ++t)
    helpers.emplace_back(run);
  run();
}

int64_t numel(const TensorSpec &spec) {
  int64_t count = 1;
  for (int64_t extent : spec.shape)
    count *= extent;
  return count;
}

/// The tensors of one safetensors file.
struct Shard {
  std::string fileName;
  std::vector<const TensorSpec *> tensors;
  uint64_t bytes = 0;
};

/// Hugging Face's sharding: tensors in order, a new shard when the next
/// tensor would overflow a non-empty one.
std::vector<Shard> planShards(const std::vector<TensorSpec> &specs, DType dtype,
                              uint64_t maxShardSize) {
  std::vector<Shard> shards(1);
  for (const TensorSpec &spec : specs) {
    uint64_t bytes = static_cast<uint64_t>(numel(spec)) * dtypeSize(dtype);
    if (!shards.back().tensors.empty() &&
        shards.back().bytes + bytes > maxShardSize)
      shards.emplace_back();
    shards.back().tensors.push_back(&spec);
    shards.back().bytes += bytes;
  }
  if (shards.size() == 1) {
    shards[0].fileName = "model.safetensors";
  } else {
    for (std::size_t i = 0; i < shards.size(); ++i) {
      char name[64];
      std::snprintf(name, sizeof name, "model-%05zu-of-%05zu.safetensors",
                    i + 1, shards.size());
      shards[i].fileName = name;
    }
  }
  return shards;
}

void throwIfCancelled(const WriterOptions &options) {
  if (options.cancelled && options.cancelled->load())
    throw WriteCancelled(options.output.string() +
                         ": writing the checkpoint: cancelled; the temporary "
                         "directory is removed");
}

/// A FILE that is closed, and checked, once written.
class OutputFile {
public:
  explicit OutputFile(const fs::path &path)
      : path(path), file(std::fopen(path.c_str(), "wb")) {
    if (!file)
      throw Error(path.string() +
                  ": writing the checkpoint: cannot create "
                  "the file: " +
                  std::strerror(errno));
  }
  OutputFile(const OutputFile &) = delete;
  OutputFile &operator=(const OutputFile &) = delete;
  ~OutputFile() {
    if (file)
      std::fclose(file);
  }
  void write(const void *data, std::size_t size) {
    if (std::fwrite(data, 1, size, file) != size)
      throw Error(path.string() +
                  ": writing the checkpoint: " + std::strerror(errno));
  }
  void close() {
    int status = std::fclose(std::exchange(file, nullptr));
    if (status != 0)
      throw Error(path.string() +
                  ": writing the checkpoint: " + std::strerror(errno));
  }

private:
  fs::path path;
  std::FILE *file;
};

void writeText(const fs::path &path, const std::string &text) {
  OutputFile file(path);
  file.write(text.data(), text.size());
  file.close();
}

void writeShard(const fs::path &path, const Shard &shard,
                const WriterOptions &options, double stddev, unsigned threads) {
  const std::size_t size = dtypeSize(options.dtype);
  nlohmann::json header = nlohmann::json::object();
  header["__metadata__"] = {{"format", "pt"}};
  uint64_t offset = 0;
  for (const TensorSpec *spec : shard.tensors) {
    uint64_t bytes = static_cast<uint64_t>(numel(*spec)) * size;
    header[spec->name] = {{"dtype", dtypeName(options.dtype)},
                          {"shape", spec->shape},
                          {"data_offsets", {offset, offset + bytes}}};
    offset += bytes;
  }
  // Padded with spaces to a multiple of 8, so the data section is aligned.
  std::string headerText = header.dump();
  headerText.append((8 - headerText.size() % 8) % 8, ' ');
  uint64_t headerLength = headerText.size();

  OutputFile file(path);
  file.write(&headerLength, 8);
  file.write(headerText.data(), headerText.size());
  // Batches of blocks, generated in parallel and written in order.
  const int64_t blocksPerBatch = 4 * static_cast<int64_t>(threads);
  std::vector<std::byte> buffer;
  for (const TensorSpec *spec : shard.tensors) {
    const int64_t count = numel(*spec);
    const int64_t blocks = (count + kBlock - 1) / kBlock;
    for (int64_t first = 0; first < blocks; first += blocksPerBatch) {
      throwIfCancelled(options);
      int64_t last = std::min(blocks, first + blocksPerBatch);
      int64_t elements = std::min(count, last * kBlock) - first * kBlock;
      buffer.resize(static_cast<std::size_t>(elements) * size);
      parallelFor(last - first, threads, [&](int64_t i) {
        int64_t block = first + i;
        int64_t begin = block * kBlock;
        fillBlock(*spec, options, stddev, block,
                  std::min(count, begin + kBlock) - begin,
                  buffer.data() + (i * kBlock) * size);
      });
      file.write(buffer.data(), buffer.size());
    }
  }
  file.close();
}

std::string torchDtypeName(DType dtype) {
  switch (dtype) {
  case DType::BF16:
    return "bfloat16";
  case DType::F16:
    return "float16";
  default:
    return "float32";
  }
}

/// config.json as given, its dtype set to the weights'.
std::string configText(const std::string &configJson, DType dtype) {
  auto json = nlohmann::ordered_json::parse(configJson);
  const char *key = json.contains("dtype") && !json.contains("torch_dtype")
                        ? "dtype"
                        : "torch_dtype";
  json[key] = torchDtypeName(dtype);
  return json.dump(2) + "\n";
}

std::string generationConfigText(const Config &config) {
  nlohmann::json json;
  std::vector<int32_t> eos = config.eosTokenIds;
  // Qwen3 stops at <|im_end|> and also at <|endoftext|>, its bos token.
  if (config.bosTokenId) {
    json["bos_token_id"] = *config.bosTokenId;
    if (std::find(eos.begin(), eos.end(), *config.bosTokenId) == eos.end())
      eos.push_back(*config.bosTokenId);
  }
  json["eos_token_id"] = eos;
  json["do_sample"] = true;
  json["temperature"] = 0.6;
  json["top_k"] = 20;
  json["top_p"] = 0.95;
  return json.dump(2) + "\n";
}

/// Checks the tokenizer directory and returns the files to copy from it.
std::vector<fs::path> tokenizerFiles(const fs::path &dir) {
  std::vector<fs::path> files;
  if (dir.empty())
    return files;
  for (const char *name : {"tokenizer.json", "tokenizer_config.json"}) {
    if (!fs::is_regular_file(dir / name))
      throw Error((dir / name).string() +
                  ": writing the checkpoint: the tokenizer file is missing");
    files.push_back(dir / name);
  }
  for (const char *name : {"vocab.json", "merges.txt"})
    if (fs::is_regular_file(dir / name))
      files.push_back(dir / name);
  return files;
}

/// Removes the temporary directory unless the checkpoint was moved into
/// place.
class TemporaryDirectory {
public:
  explicit TemporaryDirectory(fs::path path) : path(std::move(path)) {
    fs::remove_all(this->path);
    fs::create_directories(this->path);
  }
  TemporaryDirectory(const TemporaryDirectory &) = delete;
  TemporaryDirectory &operator=(const TemporaryDirectory &) = delete;
  ~TemporaryDirectory() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  const fs::path &get() const { return path; }

private:
  fs::path path;
};

/// The start of the name of a writer's temporary directory (`kind` "tmp")
/// or of the checkpoint it replaces, on its way out ("old"), beside
/// `output`; the writer's process id ends the name.
std::string besidePrefix(const fs::path &output, std::string_view kind) {
  return output.filename().string() + "." + std::string(kind) + "-";
}

/// That directory of process `pid`.
fs::path besideOutput(const fs::path &output, std::string_view kind, long pid) {
  return output.parent_path() /
         (besidePrefix(output, kind) + std::to_string(pid));
}

/// Removes what writers of `output` that were killed left beside it: the
/// temporary and replaced directories of processes that no longer run.
void removeStaleTemporaries(const fs::path &output) {
  std::error_code error;
  for (const fs::directory_entry &entry :
       fs::directory_iterator(output.parent_path(), error)) {
    std::string name = entry.path().filename().string();
    for (std::string_view kind : {"tmp", "old"}) {
      std::string prefix = besidePrefix(output, kind);
      if (!name.starts_with(prefix))
        continue;
      std::string digits = name.substr(prefix.size());
      if (digits.empty() || digits.size() > 9 ||
          !std::all_of(digits.begin(), digits.end(),
                       [](char c) { return c >= '0' && c <= '9'; }))
        continue;
      pid_t pid = static_cast<pid_t>(std::stol(digits));
      if (::kill(pid, 0) != 0 && errno == ESRCH)
        fs::remove_all(entry.path(), error);
    }
  }
}

/// Why `output` may not be written, or nothing: a new path or an empty
/// directory may; a checkpoint directory (one with a config.json) only
/// with `force`; anything else never, since --force must not delete a
/// file or a directory of something else that a typo named.
void checkOutputIsReplaceable(const fs::path &output, bool force,
                              const std::string &where) {
  std::error_code error;
  fs::file_status status = fs::symlink_status(output, error);
  if (!fs::exists(status))
    return;
  if (fs::is_symlink(status))
    status = fs::status(output, error);
  if (!fs::is_directory(status))
    throw Error(where + ": the output exists and is not a directory; "
                        "refusing to replace it (--force replaces only a "
                        "checkpoint directory)");
  if (fs::is_empty(output, error))
    return;
  if (!fs::exists(output / "config.json"))
    throw Error(where + ": the output is a directory but not a checkpoint "
                        "(no config.json); refusing to replace it, even with "
                        "--force");
  if (!force)
    throw Error(where + ": the output is an existing checkpoint; refusing to "
                        "overwrite it (--force replaces it)");
}

/// Puts the finished directory `from` at `to`, replacing what is there.
void moveIntoPlace(const fs::path &from, const fs::path &to) {
  if (!fs::exists(to)) {
    fs::rename(from, to);
    return;
  }
  fs::path old = besideOutput(to, "old", ::getpid());
  fs::rename(to, old);
  fs::rename(from, to);
  fs::remove_all(old);
}
} // namespace

void writeRandomCheckpoint(const WriterOptions &options) {
  const std::string where =
      options.output.string() + ": writing the checkpoint";
  Config config = Config::parse(options.configJson, where + ": config.json");
  if (!isFloatWeightDType(options.dtype))
    throw Error(where + ": dtype " + std::string(dtypeName(options.dtype)) +
                " is not supported; expected BF16, F16 or F32");
  if (options.maxShardSize == 0)
    throw Error(where + ": the largest shard size must be positive");
  if (options.output.empty())
    throw Error("writing the checkpoint: no output directory");
  checkOutputIsReplaceable(options.output, options.force, where);
  std::vector<fs::path> tokenizer = tokenizerFiles(options.tokenizerDir);

  fs::path output = fs::absolute(options.output).lexically_normal();
  if (!output.has_filename())
    output = output.parent_path();
  fs::create_directories(output.parent_path());
  removeStaleTemporaries(output);
  TemporaryDirectory temporary(besideOutput(output, "tmp", ::getpid()));
  const fs::path &dir = temporary.get();

  writeText(dir / "config.json", configText(options.configJson, options.dtype));
  writeText(dir / "generation_config.json", generationConfigText(config));

  std::vector<TensorSpec> specs = qwen3Tensors(config);
  std::vector<Shard> shards =
      planShards(specs, options.dtype, options.maxShardSize);
  unsigned threads = options.threads
                         ? options.threads
                         : std::max(1u, std::thread::hardware_concurrency());
  for (const Shard &shard : shards)
    writeShard(dir / shard.fileName, shard, options, config.initializerRange,
               threads);
  if (shards.size() > 1) {
    uint64_t total = 0;
    nlohmann::json weightMap = nlohmann::json::object();
    for (const Shard &shard : shards) {
      total += shard.bytes;
      for (const TensorSpec *spec : shard.tensors)
        weightMap[spec->name] = shard.fileName;
    }
    nlohmann::json index = {{"metadata", {{"total_size", total}}},
                            {"weight_map", weightMap}};
    writeText(dir / "model.safetensors.index.json", index.dump(2) + "\n");
  }
  for (const fs::path &file : tokenizer)
    fs::copy_file(file, dir / file.filename());

  throwIfCancelled(options);
  moveIntoPlace(dir, output);
}

uint64_t parseByteSize(std::string_view text) {
  auto fail = [&] {
    return Error("size '" + std::string(text) +
                 "': expected a positive number of bytes with an optional "
                 "unit (KB, MB, GB, KiB, MiB, GiB)");
  };
  std::size_t digits = 0;
  while (digits < text.size() &&
         std::isdigit(static_cast<unsigned char>(text[digits])))
    ++digits;
  if (digits == 0)
    throw fail();
  uint64_t value = 0;
  for (char c : text.substr(0, digits)) {
    if (value > (std::numeric_limits<uint64_t>::max() - 9) / 10)
      throw fail();
    value = value * 10 + static_cast<uint64_t>(c - '0');
  }
  std::string unit;
  for (char c : text.substr(digits))
    unit += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  uint64_t scale = 0;
  if (unit.empty() || unit == "B")
    scale = 1;
  else if (unit == "KB")
    scale = 1'000;
  else if (unit == "MB")
    scale = 1'000'000;
  else if (unit == "GB")
    scale = 1'000'000'000;
  else if (unit == "KIB")
    scale = uint64_t(1) << 10;
  else if (unit == "MIB")
    scale = uint64_t(1) << 20;
  else if (unit == "GIB")
    scale = uint64_t(1) << 30;
  if (scale == 0 || value == 0 ||
      value > std::numeric_limits<uint64_t>::max() / scale)
    throw fail();
  return value * scale;
}

} // namespace qwen3
