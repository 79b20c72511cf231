//===- qwen3_score.cpp - Teacher-forced logits of a token sequence --------===//
//
// qwen3-score --model DIR --tokens IDS --output LOGITS runs the model over
// the token ids in IDS (little-endian int32) at positions 0, 1, ... and
// writes every position's logits to LOGITS (little-endian f32, positions x
// vocabulary): what a comparison with another implementation of the model
// on the same weights needs.
//
//===----------------------------------------------------------------------===//

#include "qwen3/Checkpoint.h"
#include "qwen3/Error.h"
#include "qwen3/Model.h"

#include "ProgramPaths.h"

#include "tile/cli/NumberChecks.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

using namespace qwen3;

namespace {

std::vector<int32_t> readTokens(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error("cannot read " + path.string());
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), {});
  if (bytes.empty() || bytes.size() % sizeof(int32_t) != 0)
    throw Error(path.string() + ": expected int32 token ids, found " +
                std::to_string(bytes.size()) + " bytes");
  std::vector<int32_t> tokens(bytes.size() / sizeof(int32_t));
  std::memcpy(tokens.data(), bytes.data(), bytes.size());
  return tokens;
}

} // namespace

int main(int argc, char **argv) {
  ProgramPaths paths = ProgramPaths::beside(argv[0]);
  std::filesystem::path tokensPath, outputPath;
  int64_t chunk = 0;
  CLI::App app{"Writes the teacher-forced logits of a sequence of token ids: "
               "every position's, as f32."};
  app.add_option("--model", paths.model, "Model directory")
      ->capture_default_str();
  app.add_option("--tokens", tokensPath, "Token ids (int32, little-endian)")
      ->required();
  app.add_option("--output", outputPath, "Logits (f32, positions x vocab)")
      ->required();
  app.add_option("--chunk", chunk,
                 "Tokens per forward pass (default: all in one)")
      ->check(tile::cli::positive<int64_t>());
  paths.addDeviceOptions(app);
  CLI11_PARSE(app, argc, argv);

  try {
    Checkpoint checkpoint = Checkpoint::open(paths.model);
    std::vector<int32_t> tokens = readTokens(tokensPath);
    auto count = int64_t(tokens.size());
    Model model = paths.loadModel(paths.openDevice(), checkpoint, count);
    std::ofstream out(outputPath, std::ios::binary);
    if (!out)
      throw Error("cannot write " + outputPath.string());
    int64_t step = chunk > 0 ? chunk : count;
    for (int64_t at = 0; at < count; at += step) {
      std::span<const int32_t> part = std::span(tokens).subspan(
          size_t(at), size_t(std::min(step, count - at)));
      std::vector<float> logits =
          model.forward(part, at, Logits::All).toHost<float>(model.stream());
      out.write(reinterpret_cast<const char *>(logits.data()),
                std::streamsize(logits.size() * sizeof(float)));
    }
    if (!out)
      throw Error("cannot write " + outputPath.string());
    std::fprintf(stderr, "qwen3-score: %lld positions x %lld logits on %s\n",
                 (long long)count, (long long)checkpoint.config().vocabSize,
                 model.stream().device().name().c_str());
    return 0;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "qwen3-score: error: %s\n", e.what());
    return 1;
  }
}
