//===- SamplingFlags.cpp - The sampling flags of the engine's programs ----===//

#include "SamplingFlags.h"

#include "tile/cli/NumberChecks.h"

using namespace qwen3;

void SamplingFlags::add(CLI::App &app, const std::string &defaults) {
  app.add_option("--temperature", temperature,
                 "Sampling temperature; 0 is greedy (default: " + defaults +
                     ")")
      ->check(tile::cli::nonNegative<double>());
  app.add_option("--top-k", topK,
                 "Sample from the k likeliest tokens; 0 keeps all")
      ->check(tile::cli::nonNegative<int64_t>());
  app.add_option("--top-p", topP,
                 "Sample from the likeliest tokens holding this much "
                 "probability")
      ->check(tile::cli::between(0.0, 1.0));
  app.add_option("--seed", seed, "Seed of the sampler")
      ->capture_default_str()
      ->check(tile::cli::anyNumber<uint64_t>());
}

SamplingOptions SamplingFlags::over(SamplingOptions defaults) const {
  if (temperature)
    defaults.temperature = *temperature;
  if (topK)
    defaults.topK = *topK;
  if (topP)
    defaults.topP = *topP;
  defaults.seed = seed;
  return defaults;
}
