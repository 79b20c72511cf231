//===- qwen3_bench.cpp - Prefill and decode speed of a model --------------===//
//
// qwen3-bench runs greedy generation from random prompts for each pair of
// prompt and generation lengths asked for, past stop tokens, after warm-up
// runs, and prints the medians of prefill and decode tokens per second as a
// markdown table (and CSV with --csv).
//
//===----------------------------------------------------------------------===//

#include "qwen3/Checkpoint.h"
#include "qwen3/Error.h"
#include "qwen3/Model.h"
#include "qwen3/Session.h"

#include "ProgramPaths.h"
#include "Roofline.h"
#include "SamplingFlags.h"

#include "tile/cli/NumberChecks.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <vector>

using namespace qwen3;

namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/// One row of the table.
struct Result {
  int64_t promptTokens, newTokens;
  double prefillTokensPerSecond, decodeTokensPerSecond;
  /// Decode tokens/s at the roofline (Roofline.h) for the same steps.
  double rooflineTokensPerSecond;
};

} // namespace

int main(int argc, char **argv) {
  ProgramPaths paths = ProgramPaths::beside(argv[0]);
  std::vector<int64_t> promptLengths = {128}, newLengths = {128};
  int repeat = 5, warmup = 1;
  bool hostSampling = false;
  SamplingFlags samplingFlags;
  std::filesystem::path csvPath;
  CLI::App app{"Measures prefill and decode tokens per second of generation "
               "from random prompts (greedy unless a temperature is given)."};
  app.add_option("--model", paths.model, "Model directory")
      ->capture_default_str();
  app.add_option("--prompt-tokens", promptLengths, "Prompt lengths to sweep")
      ->delimiter(',')
      ->check(tile::cli::positive<int64_t>())
      ->capture_default_str();
  app.add_option("--new-tokens", newLengths, "Generation lengths to sweep")
      ->delimiter(',')
      ->check(tile::cli::positive<int64_t>())
      ->capture_default_str();
  app.add_option("--repeat", repeat, "Timed runs per pair (the median counts)")
      ->check(tile::cli::positive<int>())
      ->capture_default_str();
  app.add_option("--warmup", warmup, "Untimed runs first")
      ->check(tile::cli::nonNegative<int>())
      ->capture_default_str();
  app.add_flag("--host-sampling", hostSampling,
               "Pick tokens on the host from every logit (default: greedy "
               "picks and top-k candidates on the device)");
  samplingFlags.add(app, "greedy");
  int64_t prefillChunk = GenerationOptions{}.prefillChunk;
  app.add_option("--prefill-chunk", prefillChunk,
                 "The most prompt tokens one forward pass takes")
      ->check(tile::cli::positive<int64_t>())
      ->capture_default_str();
  app.add_option("--csv", csvPath, "Also write the results as CSV");
  Roofline roofline;
  roofline.add(app);
  paths.addDeviceOptions(app);
  CLI11_PARSE(app, argc, argv);

  try {
    SamplingOptions sampling = samplingFlags.over({});
    Checkpoint checkpoint = Checkpoint::open(paths.model);
    int64_t longest = 0;
    for (int64_t prompt : promptLengths)
      for (int64_t generated : newLengths)
        longest = std::max(longest, prompt + generated);
    Model model = paths.loadModel(paths.openDevice(), checkpoint, longest);
    std::string device = model.stream().device().name();
    std::mt19937 random(1);
    std::uniform_int_distribution<int32_t> id(
        0, int32_t(checkpoint.config().vocabSize - 1));

    std::vector<Result> results;
    for (int64_t prompt : promptLengths)
      for (int64_t generated : newLengths) {
        std::vector<double> prefill, decode;
        for (int run = 0; run < warmup + repeat; ++run) {
          std::vector<int32_t> tokens(static_cast<size_t>(prompt));
          for (int32_t &token : tokens)
            token = id(random);
          Session session(model);
          Sampler sampler(sampling);
          GenerationStats stats =
              session.generate(tokens, sampler,
                               {.maxNewTokens = generated,
                                .ignoreStopTokens = true,
                                .deviceArgmax = !hostSampling,
                                .topKOnDevice = !hostSampling,
                                .prefillChunk = prefillChunk},
                               [](int32_t) { return true; });
          if (run >= warmup) {
            prefill.push_back(stats.prefillTokensPerSecond());
            decode.push_back(stats.decodeTokensPerSecond());
          }
        }
        // The first new token comes from the prefill; each other from a
        // decode step, at the positions after the prompt.
        double step = roofline.stepSeconds(model, prompt, generated - 1);
        results.push_back({prompt, generated, median(prefill), median(decode),
                           step > 0 ? 1.0 / step : 0.0});
      }

    std::ostringstream choice;
    if (sampling.temperature == 0.0)
      choice << "greedy";
    else
      choice << "temperature " << sampling.temperature << ", top-k "
             << sampling.topK << ", top-p " << sampling.topP;
    std::printf("%s on %s, %s, median of %d runs after %d warm-up\n\n",
                paths.model.filename().string().c_str(), device.c_str(),
                choice.str().c_str(), repeat, warmup);
    std::printf("| prompt | new | prefill tokens/s | decode tokens/s | "
                "decode ms/token | roofline tokens/s | of the roofline "
                "|\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (const Result &r : results)
      std::printf(
          "| %lld | %lld | %.1f | %.1f | %.3f | %.1f | %.1f%% |\n",
          (long long)r.promptTokens, (long long)r.newTokens,
          r.prefillTokensPerSecond, r.decodeTokensPerSecond,
          r.decodeTokensPerSecond > 0 ? 1000.0 / r.decodeTokensPerSecond : 0.0,
          r.rooflineTokensPerSecond,
          r.rooflineTokensPerSecond > 0
              ? 100.0 * r.decodeTokensPerSecond / r.rooflineTokensPerSecond
              : 0.0);
    std::printf("\nroofline: the bytes a decode step reads (its weights and "
                "the KV cache to its position) at %.3g B/s (--bandwidth)\n",
                roofline.bandwidth);
    if (!csvPath.empty()) {
      std::ofstream csv(csvPath);
      csv << "model,device,prompt_tokens,new_tokens,prefill_tokens_per_s,"
             "decode_tokens_per_s\n";
      for (const Result &r : results)
        csv << '"' << paths.model.filename().string() << "\",\"" << device
            << "\"," << r.promptTokens << ',' << r.newTokens << ','
            << r.prefillTokensPerSecond << ',' << r.decodeTokensPerSecond
            << '\n';
      if (!csv)
        throw Error("cannot write " + csvPath.string());
    }
    return 0;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "qwen3-bench: error: %s\n", e.what());
    return 1;
  }
}
