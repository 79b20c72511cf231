//===- qwen3.cpp - Runs a Qwen3 model: one prompt or a chat ---------------===//
//
// qwen3 --prompt "..." generates a reply to one prompt and prints it as it
// comes, then a summary of prefill and decode speeds; without --prompt it
// is an interactive chat that keeps the conversation in the KV cache.
//
//===----------------------------------------------------------------------===//

#include "qwen3/ChatTemplate.h"
#include "qwen3/Checkpoint.h"
#include "qwen3/Model.h"
#include "qwen3/Sampler.h"
#include "qwen3/Session.h"
#include "qwen3/StreamingDecoder.h"
#include "qwen3/Tokenizer.h"

#include "ProgramPaths.h"
#include "Roofline.h"
#include "SamplingFlags.h"

#include "tile/cli/NumberChecks.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <unistd.h>

using namespace qwen3;

namespace {

/// What the command line asks for.
struct Options {
  ProgramPaths paths;
  std::optional<std::string> prompt;
  std::string system;
  int64_t maxNewTokens = 512;
  int64_t maxSeqLen = 0;
  SamplingFlags sampling;
  bool rawPrompt = false, noThink = false, deviceArgmax = false;
  bool profile = false;
  Roofline roofline;
  bool quiet = false;
};

/// The sampling settings: the command line's, else the checkpoint's
/// generation_config.json, else greedy.
SamplingOptions samplingFor(const Options &options,
                            const Checkpoint &checkpoint) {
  SamplingOptions sampling;
  const std::optional<GenerationConfig> &defaults =
      checkpoint.generationConfig();
  bool sample = defaults && defaults->doSample.value_or(false);
  if (sample) {
    sampling.temperature = defaults->temperature.value_or(1.0);
    sampling.topK = defaults->topK.value_or(0);
    sampling.topP = defaults->topP.value_or(1.0);
  }
  return options.sampling.over(sampling);
}

/// Generation ends at the end-of-sequence ids of the checkpoint and of the
/// tokenizer.
std::vector<int32_t> stopTokensFor(const Checkpoint &checkpoint,
                                   const Tokenizer &tokenizer) {
  std::vector<int32_t> stops = checkpoint.config().eosTokenIds;
  if (checkpoint.generationConfig())
    for (int32_t id : checkpoint.generationConfig()->eosTokenIds)
      stops.push_back(id);
  for (int32_t id :
       {tokenizer.specialTokens().eos, tokenizer.specialTokens().endOfText})
    if (id >= 0)
      stops.push_back(id);
  std::sort(stops.begin(), stops.end());
  stops.erase(std::unique(stops.begin(), stops.end()), stops.end());
  return stops;
}

void printSummary(const GenerationStats &stats) {
  std::fprintf(stderr,
               "\n[prompt %lld tokens (%lld cached), prefill %.3f s, %.1f "
               "tokens/s | %lld generated, decode %.3f s, %.1f tokens/s | "
               "ended: %s]\n",
               (long long)stats.promptTokens, (long long)stats.reusedTokens,
               stats.prefillSeconds, stats.prefillTokensPerSecond(),
               (long long)stats.generatedTokens, stats.decodeSeconds,
               stats.decodeTokensPerSecond(),
               describe(stats.stopReason).c_str());
}

/// The time of each kernel over `passes` forward passes, the longest first,
/// as a table on stderr: calls and microseconds per pass, and each kernel's
/// share of the total; returns the total microseconds per pass.
double printProfile(const std::string &title,
                    const std::vector<KernelTime> &times, int64_t passes) {
  double total = 0;
  for (const KernelTime &time : times)
    total += time.milliseconds;
  std::fprintf(stderr, "\n%-44s %10s %12s %7s\n", title.c_str(), "calls/pass",
               "us/pass", "share");
  for (const KernelTime &time : times)
    std::fprintf(stderr, "%-44s %10.1f %12.2f %6.1f%%\n", time.name.c_str(),
                 double(time.calls) / double(passes),
                 1000.0 * time.milliseconds / double(passes),
                 total > 0 ? 100.0 * time.milliseconds / total : 0.0);
  double perPass = 1000.0 * total / double(passes);
  std::fprintf(stderr, "%-44s %10s %12.2f\n", "all", "", perPass);
  return perPass;
}

/// The decode steps' kernels, then the step against the roofline.
void printDecodeProfile(const std::vector<KernelTime> &times, Model &model,
                        int64_t firstPosition, int64_t steps,
                        const Roofline &roofline) {
  double step = printProfile("decode step (" + std::to_string(steps) +
                                 " steps, kernel by kernel)",
                             times, steps);
  double bytes = Roofline::stepBytes(model, firstPosition, steps);
  double best = 1e6 * roofline.stepSeconds(model, firstPosition, steps);
  std::fprintf(stderr,
               "roofline: %.0f bytes per step (the weights it reads and the "
               "KV cache to its position, mean over the steps) at %.3g B/s "
               "(--bandwidth): %.2f us; the step takes %.2f us, %.1f%% of "
               "the roofline's speed\n",
               bytes, roofline.bandwidth, best, step,
               step > 0 ? 100.0 * best / step : 0.0);
}

/// Generates a reply to `context`, printing it as it comes; returns the
/// tokens generated.
std::vector<int32_t> reply(Session &session, std::span<const int32_t> context,
                           Sampler &sampler, const Tokenizer &tokenizer,
                           const GenerationOptions &generation,
                           const Options &options,
                           const std::function<void()> &afterPrefill) {
  StreamingDecoder decoder(tokenizer, /*skipSpecial=*/true);
  std::vector<int32_t> generated;
  GenerationStats stats =
      session.generate(context, sampler, generation, [&](int32_t token) {
        if (generated.empty())
          afterPrefill();
        generated.push_back(token);
        // An id past the tokenizer's vocabulary (the model's is padded)
        // has no text, as Hugging Face's decoding leaves it out.
        if (!tokenizer.hasToken(token))
          return true;
        std::string text = decoder.push(token);
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fflush(stdout);
        return true;
      });
  std::string rest = decoder.flush();
  std::fwrite(rest.data(), 1, rest.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);
  if (!options.quiet)
    printSummary(stats);
  return generated;
}

/// Refuses a tokenizer whose ids the model has no rows for: their
/// embeddings would be read past the table.
void checkVocabulary(const Config &config, const Tokenizer &tokenizer,
                     const std::filesystem::path &model) {
  if (tokenizer.vocabSize() > config.vocabSize)
    throw Error(model.string() + ": the tokenizer has ids up to " +
                std::to_string(tokenizer.vocabSize() - 1) + " (" +
                std::to_string(tokenizer.vocabSize()) +
                " tokens), but the model's vocab_size is " +
                std::to_string(config.vocabSize) +
                "; config.json and tokenizer.json are of different models");
}

int run(const Options &options) {
  // The user's text is checked before anything loads.
  if (options.prompt)
    requireUtf8(*options.prompt, "--prompt");
  requireUtf8(options.system, "--system");
  Checkpoint checkpoint = Checkpoint::open(options.paths.model);
  Tokenizer tokenizer = Tokenizer::load(options.paths.model);
  ChatTemplate chat = ChatTemplate::load(options.paths.model);
  const Config &config = checkpoint.config();
  checkVocabulary(config, tokenizer, options.paths.model);
  int64_t maxSeqLen =
      options.maxSeqLen > 0
          ? options.maxSeqLen
          : std::min<int64_t>(4096, config.maxPositionEmbeddings);
  tile::rt::Device device = options.paths.openDevice();
  if (!options.quiet)
    std::fprintf(stderr,
                 "[%s: %lld layers, hidden %lld, vocabulary %lld, on %s in "
                 "%s, context %lld]\n",
                 options.paths.model.string().c_str(),
                 (long long)config.numLayers, (long long)config.hiddenSize,
                 (long long)config.vocabSize, device.name().c_str(),
                 options.paths.dtype.c_str(), (long long)maxSeqLen);
  Model model = options.paths.loadModel(device, checkpoint, maxSeqLen);
  Sampler sampler(samplingFor(options, checkpoint));
  GenerationOptions generation{
      .maxNewTokens = options.maxNewTokens,
      .stopTokens = stopTokensFor(checkpoint, tokenizer),
      .deviceArgmax = options.deviceArgmax,
  };
  ChatOptions chatOptions{.addGenerationPrompt = true,
                          .enableThinking = !options.noThink};
  Session session(model);

  std::vector<ChatMessage> conversation;
  if (!options.system.empty())
    conversation.push_back({"system", options.system, std::nullopt});
  auto contextFor = [&](const std::string &text) {
    if (options.rawPrompt) {
      std::vector<int32_t> context(session.cachedTokens().begin(),
                                   session.cachedTokens().end());
      std::vector<int32_t> more = tokenizer.encode(text);
      context.insert(context.end(), more.begin(), more.end());
      return context;
    }
    conversation.push_back({"user", text, std::nullopt});
    return tokenizer.encode(chat.render(conversation, chatOptions));
  };

  auto answer = [&](const std::string &text) {
    std::vector<int32_t> context = contextFor(text);
    if (options.profile)
      model.startProfile();
    // The prefill's kernels and the decode steps' are profiled apart.
    std::vector<KernelTime> prefill;
    std::vector<int32_t> tokens =
        reply(session, context, sampler, tokenizer, generation, options, [&] {
          if (!options.profile)
            return;
          prefill = model.takeProfile();
          model.startProfile();
        });
    if (options.profile) {
      printProfile("prefill", prefill, 1);
      auto steps = int64_t(tokens.size()) - 1;
      if (steps > 0)
        printDecodeProfile(model.takeProfile(), model, int64_t(context.size()),
                           steps, options.roofline);
    }
    return tokens;
  };
  if (options.prompt) {
    answer(*options.prompt);
    return 0;
  }
  bool interactive = ::isatty(0);
  if (interactive)
    std::fprintf(stderr, "[chat: an empty line or end of input ends it]\n");
  std::string line;
  while (true) {
    if (interactive)
      std::fprintf(stderr, "> ");
    if (!std::getline(std::cin, line) || line.empty())
      break;
    // A line that cannot be a message is refused alone; the conversation
    // goes on.
    try {
      requireUtf8(line, "the line");
    } catch (const TokenizerError &e) {
      std::fprintf(stderr, "qwen3: %s; it was not sent\n", e.what());
      continue;
    }
    std::vector<int32_t> tokens = answer(line);
    std::erase_if(tokens, [&](int32_t id) { return !tokenizer.hasToken(id); });
    if (!options.rawPrompt)
      conversation.push_back({"assistant",
                              tokenizer.decode(tokens, /*skipSpecial=*/true),
                              std::nullopt});
  }
  return 0;
}

/// --prepare-kernels: fills the kernel cache for the model's config.
int prepare(const ProgramPaths &paths) {
  Config config = Config::load(paths.model / "config.json");
  if (prepareKernels(config, paths.kernelLocation()) == 0)
    std::fprintf(stderr,
                 "qwen3: nothing to compile: the kernel cache %s has every "
                 "kernel of the model that the build did not compile\n",
                 paths.kernelCache.c_str());
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  Options options{.paths = ProgramPaths::beside(argv[0])};

  CLI::App app{"Runs a Qwen3 model (a Hugging Face checkpoint directory) on "
               "kernels compiled by tilecc: a reply to --prompt, or an "
               "interactive chat without it."};
  app.add_option("--model", options.paths.model,
                 "Model directory: config.json, safetensors, tokenizer files "
                 "(default: the tiny random model of the build)");
  app.add_option("--prompt", options.prompt,
                 "The user's message (or raw text with --raw-prompt)");
  app.add_option("--system", options.system, "A system message");
  app.add_option("--max-new-tokens", options.maxNewTokens,
                 "Most tokens to generate per reply")
      ->capture_default_str()
      ->check(tile::cli::positive<int64_t>());
  app.add_option("--max-seq-len", options.maxSeqLen,
                 "Positions of the KV cache (default: the model's context, "
                 "at most 4096)")
      ->check(tile::cli::positive<int64_t>());
  options.sampling.add(app,
                       "the checkpoint's generation_config.json, else greedy");
  app.add_flag("--raw-prompt", options.rawPrompt,
               "Use the prompt as it is, without the chat template");
  app.add_flag("--no-think", options.noThink,
               "Ask the model to answer without reasoning first");
  app.add_flag("--device-argmax", options.deviceArgmax,
               "Greedy picks on the device: the LM head keeps only its "
               "largest logits, and one id comes back per token");
  options.paths.addDeviceOptions(app);
  app.add_flag("--profile", options.profile,
               "Time every kernel of each reply (decode steps then run "
               "kernel by kernel, not as a graph) and print a table of the "
               "prefill's and one of a decode step's, each kernel's share of "
               "it, and the step against the roofline (--bandwidth)");
  options.roofline.add(app);
  app.add_flag("--quiet", options.quiet, "Print the reply only");
  bool prepareKernels = false;
  app.add_flag("--prepare-kernels", prepareKernels,
               "Only compile the kernels that the model's shapes need on a "
               "GPU and the build did not compile into --kernel-cache (with "
               "tilecc; no GPU needed), then exit: a cache to carry to a "
               "GPU machine without tilecc");
  CLI11_PARSE(app, argc, argv);

  try {
    if (prepareKernels)
      return prepare(options.paths);
    return run(options);
  } catch (const std::exception &e) {
    std::fflush(stdout);
    std::fprintf(stderr, "qwen3: error: %s\n", e.what());
    return 1;
  }
}
