//===- qwen3_checkpoint.cpp - Writes random-weight Qwen3 checkpoints ------===//
//
// qwen3-checkpoint --preset qwen3-0.6b --output DIR --tokenizer-dir DIR:
// a model directory in Hugging Face's layout with random weights, from a
// built-in preset or any Qwen3 config.json.
//
//===----------------------------------------------------------------------===//

#include "qwen3/CheckpointWriter.h"
#include "qwen3/Error.h"
#include "qwen3/Presets.h"

#include "tile/cli/NumberChecks.h"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <fstream>
#include <map>
#include <sstream>

namespace {

/// The config.json text that --preset names: a built-in preset, or a file.
std::string presetText(const std::string &preset) {
  if (auto json = qwen3::presetJson(preset))
    return std::string(*json);
  std::ifstream in(preset, std::ios::binary);
  if (!in) {
    std::string names;
    for (std::string_view name : qwen3::presetNames())
      names += fmt::format(" {}", name);
    throw qwen3::Error(fmt::format(
        "{}: neither a preset nor a readable config.json; presets:{}", preset,
        names));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

/// Set by SIGINT and SIGTERM: the writer stops, removes its temporary
/// directory, and the program then dies of the signal it got.
std::atomic<bool> cancelled{false};
volatile std::sig_atomic_t cancelSignal = 0;

void cancelWriting(int signal) {
  cancelSignal = signal;
  cancelled = true;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"Writes a Qwen3 checkpoint with random weights in Hugging "
               "Face's layout: config.json, generation_config.json, "
               "safetensors (sharded when large) and the tokenizer files."};
  std::string preset = "qwen3-tiny";
  std::string output;
  std::string tokenizerDir;
  uint64_t seed = 0;
  std::string dtypeName = "bf16";
  std::string maxShardSize = "5GB";
  double normJitter = 0.1;
  unsigned threads = 0;
  bool force = false;
  bool listPresets = false;

  app.add_option("--preset", preset,
                 "A built-in preset (see --list-presets) or the path of a "
                 "Qwen3 config.json")
      ->capture_default_str();
  app.add_option("-o,--output", output, "The model directory to create");
  app.add_option(
      "--tokenizer-dir", tokenizerDir,
      "Where tokenizer.json and tokenizer_config.json are (vocab.json "
      "and merges.txt are copied too when present)");
  app.add_option("--seed", seed, "The random seed")
      ->capture_default_str()
      ->check(tile::cli::anyNumber<uint64_t>());
  app.add_option("--dtype", dtypeName, "The weights' dtype")
      ->check(CLI::IsMember({"bf16", "f16", "f32"}))
      ->capture_default_str();
  app.add_option("--max-shard-size", maxShardSize,
                 "The largest safetensors file, e.g. 5GB, 200MB, 512MiB")
      ->capture_default_str();
  app.add_option("--norm-jitter", normJitter,
                 "RMSNorm weights are 1 + jitter * uniform[-1, 1); 0 gives "
                 "all ones")
      ->check(tile::cli::between(0.0, 1.0))
      ->capture_default_str();
  app.add_option("--threads", threads,
                 "Threads generating weights (0: one per core); the output "
                 "is the same for any count")
      ->capture_default_str()
      ->check(tile::cli::anyNumber<unsigned>());
  app.add_flag("--force", force,
               "Replace an existing checkpoint directory (one with a "
               "config.json; never a file or another directory)");
  app.add_flag("--list-presets", listPresets, "List the presets and exit");
  CLI11_PARSE(app, argc, argv);

  if (listPresets) {
    for (std::string_view name : qwen3::presetNames())
      fmt::print("{}\n", name);
    return 0;
  }
  if (output.empty() || tokenizerDir.empty()) {
    fmt::print(stderr,
               "qwen3-checkpoint: --output and --tokenizer-dir are "
               "required\n{}",
               app.help());
    return 2;
  }

  static const std::map<std::string, qwen3::DType> dtypes = {
      {"bf16", qwen3::DType::BF16},
      {"f16", qwen3::DType::F16},
      {"f32", qwen3::DType::F32}};
  try {
    qwen3::WriterOptions options;
    options.configJson = presetText(preset);
    options.output = output;
    options.tokenizerDir = tokenizerDir;
    options.seed = seed;
    options.dtype = dtypes.at(dtypeName);
    options.maxShardSize = qwen3::parseByteSize(maxShardSize);
    options.normJitter = normJitter;
    options.force = force;
    options.threads = threads;
    options.cancelled = &cancelled;
    std::signal(SIGINT, cancelWriting);
    std::signal(SIGTERM, cancelWriting);
    auto start = std::chrono::steady_clock::now();
    qwen3::writeRandomCheckpoint(options);
    std::chrono::duration<double> elapsed =
        std::chrono::steady_clock::now() - start;
    fmt::print("qwen3-checkpoint: wrote {} ({}) in {:.1f} s\n", output, preset,
               elapsed.count());
  } catch (const qwen3::WriteCancelled &e) {
    fmt::print(stderr, "qwen3-checkpoint: {}\n", e.what());
    std::signal(cancelSignal, SIG_DFL);
    std::raise(cancelSignal);
    return 1;
  } catch (const std::exception &e) {
    fmt::print(stderr, "qwen3-checkpoint: {}\n", e.what());
    return 1;
  }
  return 0;
}
