//===- CheckpointWriter.h - Writing random-weight checkpoints ---*- C++ -*-===//
//
// A Qwen3 model directory in Hugging Face's layout with random weights, for
// tests and benchmarks that need a model of a real size but not a trained
// one. The output depends only on the options: the same seed gives the same
// bytes.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_CHECKPOINTWRITER_H
#define QWEN3_CHECKPOINTWRITER_H

#include "qwen3/DType.h"
#include "qwen3/Error.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace qwen3 {

/// What writeRandomCheckpoint writes.
struct WriterOptions {
  /// The model's config.json text (a preset's, or a file's).
  std::string configJson;
  /// The directory to create.
  std::filesystem::path output;
  /// A directory with tokenizer.json and tokenizer_config.json (and, copied
  /// when present, vocab.json and merges.txt); empty to write no tokenizer.
  std::filesystem::path tokenizerDir;
  /// The seed of every random weight.
  uint64_t seed = 0;
  /// The weights' dtype: BF16, F16 or F32.
  DType dtype = DType::BF16;
  /// The largest shard in bytes (a tensor larger than this gets a shard of
  /// its own); one model.safetensors when everything fits in one.
  uint64_t maxShardSize = 5'000'000'000;
  /// RMSNorm weights are 1 + normJitter * u, u uniform in [-1, 1): a
  /// trained model's norms are not all ones, and tests should see a loader
  /// that drops them. 0 gives Hugging Face's initialization, all ones.
  double normJitter = 0.1;
  /// Whether to replace an existing checkpoint directory (one with a
  /// config.json). Nothing else is ever replaced: not a file, not a
  /// non-empty directory without a config.json.
  bool force = false;
  /// Checked between blocks of weights and before the checkpoint is moved
  /// into place: once true, the writer removes its temporary directory and
  /// throws WriteCancelled. A signal handler may set it.
  const std::atomic<bool> *cancelled = nullptr;
  /// Threads generating weights (the output does not depend on it); 0 for
  /// one per hardware thread.
  unsigned threads = 0;
};

/// What writeRandomCheckpoint throws when WriterOptions::cancelled asked
/// it to stop.
class WriteCancelled : public Error {
public:
  using Error::Error;
};

/// Writes a random-weight Qwen3 checkpoint: config.json (with torch_dtype
/// set to the weights' dtype), generation_config.json (the config's bos and
/// eos ids, eos extended with bos, and Qwen3's sampling defaults), the
/// weights as safetensors, and the tokenizer files. Projections and
/// embeddings are normal with standard deviation initializer_range, as
/// Hugging Face initializes them. Everything is written into a temporary
/// directory beside `output` (`<output>.tmp-<pid>`) and renamed into place;
/// temporary directories that killed writers left there are removed first.
/// Throws qwen3::Error.
void writeRandomCheckpoint(const WriterOptions &options);

/// Parses a size such as "5GB", "200MB", "64KiB" or "1000" (bytes): KB, MB
/// and GB are powers of 1000, KiB, MiB and GiB powers of 1024, as Hugging
/// Face reads max_shard_size. Throws qwen3::Error.
uint64_t parseByteSize(std::string_view text);

} // namespace qwen3

#endif // QWEN3_CHECKPOINTWRITER_H
