//===- SamplingFlags.cpp - The sampling flags of the engine's programs ----===//

#include "SamplingFlags.h"

using namespace qwen3;

void SamplingFlags::add(CLI::App &app, const std::string &defaults) {
  app.add_option("--temperature", temperature,
                 "Sampling temperature; 0 is greedy (default: " + defaults +
                     ")")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--top-k", topK,
                 "Sample from the k likeliest tokens; 0 keeps all")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--top-p", topP,
                 "Sample from the likeliest tokens holding this much "
                 "probability")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--seed", seed, "Seed of the sampler")->capture_default_str();
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
