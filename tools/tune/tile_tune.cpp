//===- tile_tune.cpp - Time a tunable kernel's configurations on a GPU ----===//
//
// tile-tune SPACE.json --problem "..." --records FILE: loads every compiled
// configuration of a tunable kernel (tilecc --emit=tuning-space), runs each
// on the problems given, checks its results against the written
// configuration's, times it with CUDA events and records the fastest for
// this GPU (docs/tuning.md).
//
//===----------------------------------------------------------------------===//

#include "TuningFiles.h"
#include "TuningProblem.h"

#include "tile/kernel/scalar_types.h"
#include "tile/runtime/CacheReader.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/Tensor.h"
#include "tile/runtime/cuda/Context.h"
#include "tile/runtime/cuda/DeviceBuffer.h"
#include "tile/runtime/cuda/Event.h"
#include "tile/runtime/cuda/Launch.h"
#include "tile/runtime/cuda/Module.h"

#include "tile/cli/NumberChecks.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <ctime>
#include <memory>
#include <random>

using namespace tile;
using tile::rt::DType;
using tile::rt::Error;

namespace {

struct Options {
  std::string space;
  std::string kernel;
  std::vector<std::string> problems;
  std::string records;
  std::string cacheDir = rt::defaultCacheDirectory().string();
  int device = 0;
  int warmup = 3;
  int repeat = 20;
  double tolerance = 2e-2;
};

/// A compiled configuration, loaded on the GPU.
struct LoadedConfig {
  rt::KernelInfo info;
  std::unique_ptr<rt::cuda::Module> module;
  rt::cuda::KernelFunctions functions;
};

/// `values` as elements of `dtype`, in bytes (the runtime's conversion).
std::vector<std::byte> encode(const std::vector<double> &values, DType dtype) {
  std::vector<std::byte> bytes(values.size() * dtype.bytes());
  for (size_t i = 0; i < values.size(); ++i) {
    uint64_t bits = rt::encodeElement(dtype, values[i]);
    std::memcpy(bytes.data() + i * dtype.bytes(), &bits, dtype.bytes());
  }
  return bytes;
}

/// Whether elements of `dtype` are floats.
bool isFloat(DType dtype) {
  return dtype == "f32" || dtype == "f64" || dtype == "f16" ||
         dtype == "bf16" || dtype == "f8e4m3" || dtype == "f8e5m2";
}

/// `bytes`, elements of `dtype`, as floats.
std::vector<float> decode(const std::vector<std::byte> &bytes, DType dtype) {
  std::vector<float> values(bytes.size() / dtype.bytes());
  for (size_t i = 0; i < values.size(); ++i) {
    const std::byte *at = bytes.data() + i * dtype.bytes();
    if (dtype.name() == "f32") {
      std::memcpy(&values[i], at, 4);
    } else if (dtype.name() == "f64") {
      double wide;
      std::memcpy(&wide, at, 8);
      values[i] = float(wide);
    } else if (dtype.name() == "f16") {
      tile::f16 half;
      std::memcpy(&half, at, 2);
      values[i] = float(half);
    } else if (dtype.name() == "bf16") {
      tile::bf16 half;
      std::memcpy(&half, at, 2);
      values[i] = float(half);
    } else if (dtype.name() == "f8e4m3") {
      values[i] = float(tile::f8e4m3::fromBits(std::to_integer<uint8_t>(*at)));
    } else if (dtype.name() == "f8e5m2") {
      values[i] = float(tile::f8e5m2::fromBits(std::to_integer<uint8_t>(*at)));
    } else if (dtype.name() == "i8") {
      values[i] = float(std::to_integer<int8_t>(*at));
    } else if (dtype.name() == "i16") {
      int16_t integer;
      std::memcpy(&integer, at, 2);
      values[i] = float(integer);
    } else if (dtype.name() == "i32") {
      int32_t integer;
      std::memcpy(&integer, at, 4);
      values[i] = float(integer);
    } else if (dtype.name() == "i64") {
      int64_t integer;
      std::memcpy(&integer, at, 8);
      values[i] = float(integer);
    } else {
      values[i] = float(std::to_integer<int>(*at));
    }
  }
  return values;
}

int64_t elements(const std::vector<int64_t> &shape) {
  int64_t count = 1;
  for (int64_t extent : shape)
    count *= extent;
  return count;
}

/// Device memory for the tensors of `problem` (none for scalars): inputs
/// filled as tensorFill says, outputs left for each launch to zero.
std::vector<std::optional<rt::cuda::DeviceBuffer>>
allocate(const tune::Problem &problem, const rt::KernelInfo &kernel,
         std::mt19937 &random) {
  std::vector<std::optional<rt::cuda::DeviceBuffer>> buffers;
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    const rt::ParamInfo &param = kernel.params[i];
    buffers.emplace_back();
    tune::TensorFill fill = tune::tensorFill(param.kind);
    if (fill == tune::TensorFill::None)
      continue;
    int64_t count = elements(problem.arguments[i].shape);
    buffers.back().emplace(size_t(count * param.dtype.bytes()));
    if (fill == tune::TensorFill::Input) {
      std::vector<double> values(count, 0.0);
      if (isFloat(param.dtype))
        for (double &value : values)
          value = uniform(random);
      buffers.back()->upload(encode(values, param.dtype));
    }
  }
  return buffers;
}

/// The launch arguments of `problem` on `buffers` for `kernel`.
std::vector<rt::KernelArg>
arguments(const tune::Problem &problem, const rt::KernelInfo &kernel,
          const std::vector<std::optional<rt::cuda::DeviceBuffer>> &buffers) {
  std::vector<rt::KernelArg> args;
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    const rt::ParamInfo &param = kernel.params[i];
    if (tune::tensorFill(param.kind) != tune::TensorFill::None) {
      args.push_back(rt::TensorArg::contiguous(
          buffers[i]->address(), param.dtype, problem.arguments[i].shape));
      continue;
    }
    rt::ScalarArg scalar{param.dtype, {}};
    std::vector<std::byte> bytes =
        encode({problem.arguments[i].value}, param.dtype);
    std::memcpy(scalar.bytes.data(), bytes.data(), bytes.size());
    args.push_back(scalar);
  }
  return args;
}

/// The outputs (output pieces and atomic outputs) of one launch, as floats.
using Outputs = std::vector<std::vector<float>>;

/// Whether `param`'s tensor is an output of the launch.
bool isOutput(const rt::ParamInfo &param) {
  return tune::tensorFill(param.kind) == tune::TensorFill::Output;
}

/// Zeroes the outputs, runs `config` once and returns what it wrote.
Outputs runOnce(const LoadedConfig &config, const tune::Problem &problem,
                std::vector<std::optional<rt::cuda::DeviceBuffer>> &buffers) {
  for (size_t i = 0; i < config.info.params.size(); ++i)
    if (isOutput(config.info.params[i]))
      buffers[i]->fill(0);
  rt::cuda::launch(config.functions, config.info,
                   arguments(problem, config.info, buffers));
  Outputs outputs;
  for (size_t i = 0; i < config.info.params.size(); ++i)
    if (isOutput(config.info.params[i])) {
      std::vector<std::byte> bytes(buffers[i]->size());
      buffers[i]->download(bytes);
      outputs.push_back(decode(bytes, config.info.params[i].dtype));
    }
  return outputs;
}

/// Why `observed` differs from the written configuration's `expected`
/// beyond `tolerance` (the largest difference over the largest magnitude),
/// or nothing.
std::string difference(const Outputs &expected, const Outputs &observed,
                       double tolerance) {
  for (size_t o = 0; o < expected.size(); ++o) {
    double largest = 0, worst = 0;
    for (size_t i = 0; i < expected[o].size(); ++i) {
      largest = std::max(largest, double(std::fabs(expected[o][i])));
      double diff = std::fabs(double(expected[o][i]) - observed[o][i]);
      if (!(diff <= worst)) // NaN counts as the worst
        worst = std::isnan(diff) ? INFINITY : diff;
    }
    double relative = worst / std::max(largest, 1e-30);
    if (relative > tolerance)
      return fmt::format("its output {} differs from the written "
                         "configuration's by {:.3g} of its largest magnitude "
                         "(tolerance {:.3g})",
                         o, relative, tolerance);
  }
  return {};
}

/// The median of `repeat` timed launches of `config`, after `warmup`.
double time(const LoadedConfig &config, const tune::Problem &problem,
            std::vector<std::optional<rt::cuda::DeviceBuffer>> &buffers,
            const Options &options) {
  std::vector<rt::KernelArg> args = arguments(problem, config.info, buffers);
  for (int i = 0; i < options.warmup; ++i)
    rt::cuda::launch(config.functions, config.info, args);
  std::vector<double> samples;
  rt::cuda::Event start, end;
  for (int i = 0; i < options.repeat; ++i) {
    start.record();
    rt::cuda::launch(config.functions, config.info, args);
    end.record();
    samples.push_back(end.millisecondsSince(start));
  }
  std::nth_element(samples.begin(), samples.begin() + samples.size() / 2,
                   samples.end());
  return samples[samples.size() / 2];
}

std::string today() {
  std::time_t now = std::time(nullptr);
  char date[16];
  std::strftime(date, sizeof(date), "%Y-%m-%d", std::gmtime(&now));
  return date;
}

int tuneKernel(const Options &options) {
  tune::TuningSpace space = tune::readTuningSpace(options.space);
  const tune::SpaceKernel &kernel = tune::findKernel(space, options.kernel);
  rt::cuda::Context context(options.device);
  std::string gpu = context.deviceName();

  // Every compiled configuration, loaded; the written one must be.
  std::vector<tune::ConfigTiming> timings(kernel.configs.size());
  std::vector<std::optional<LoadedConfig>> loaded(kernel.configs.size());
  for (size_t c = 0; c < kernel.configs.size(); ++c) {
    const tune::SpaceConfig &config = kernel.configs[c];
    try {
      if (!config.error.empty())
        throw Error("does not compile: " + config.error);
      rt::CacheEntry entry = rt::loadEntry(options.cacheDir, config.key);
      auto module = std::make_unique<rt::cuda::Module>(entry);
      const rt::KernelInfo &info = entry.kernel(config.name);
      rt::cuda::KernelFunctions functions =
          rt::cuda::KernelFunctions::load(*module, info);
      loaded[c].emplace(LoadedConfig{info, std::move(module), functions});
    } catch (const Error &e) {
      if (c == 0)
        throw Error("the written configuration " + kernel.kernel + ": " +
                    e.what());
      timings[c].rejected = e.what();
    }
  }

  std::vector<tune::Problem> problems;
  for (const std::string &text : options.problems) {
    try {
      problems.push_back(tune::parseProblem(text, loaded[0]->info));
    } catch (const Error &e) {
      throw Error("--problem '" + text + "': " + e.what());
    }
  }

  std::mt19937 random(2026);
  for (const tune::Problem &problem : problems) {
    auto buffers = allocate(problem, loaded[0]->info, random);
    Outputs expected = runOnce(*loaded[0], problem, buffers);
    for (size_t c = 0; c < kernel.configs.size(); ++c) {
      if (!timings[c].rejected.empty())
        continue;
      try {
        if (c > 0)
          if (std::string why =
                  difference(expected, runOnce(*loaded[c], problem, buffers),
                             options.tolerance);
              !why.empty()) {
            timings[c].rejected = why + " on " + problem.text;
            continue;
          }
        timings[c].milliseconds.push_back(
            time(*loaded[c], problem, buffers, options));
      } catch (const Error &e) {
        timings[c].rejected = e.what();
      }
    }
  }

  // The table: one row per configuration, milliseconds per problem.
  size_t best = tune::fastest(timings);
  fmt::print("{} on {} ({} problems, median of {} launches)\n", kernel.kernel,
             gpu, problems.size(), options.repeat);
  for (size_t p = 0; p < problems.size(); ++p)
    fmt::print("  problem {}: {}\n", p + 1, problems[p].text);
  fmt::print("| configuration |");
  for (size_t p = 0; p < problems.size(); ++p)
    fmt::print(" problem {} (ms) |", p + 1);
  fmt::print(" vs written |\n|---|");
  for (size_t p = 0; p <= problems.size(); ++p)
    fmt::print("---:|");
  fmt::print("\n");
  for (size_t c = 0; c < kernel.configs.size(); ++c) {
    std::string mark = c == 0 ? " (written)" : c == best ? " (fastest)" : "";
    fmt::print("| {}{} |", kernel.configs[c].text(), mark);
    if (!timings[c].rejected.empty()) {
      fmt::print(" rejected: {} |\n", timings[c].rejected);
      continue;
    }
    double speedup = 1;
    for (size_t p = 0; p < problems.size(); ++p) {
      fmt::print(" {:.4f} |", timings[c].milliseconds[p]);
      speedup *= timings[0].milliseconds[p] / timings[c].milliseconds[p];
    }
    fmt::print(" {:.3f}x |\n", std::pow(speedup, 1.0 / problems.size()));
  }

  tune::RecordFacts facts{gpu, rt::cuda::driverVersion(), today(), {}};
  for (const tune::Problem &problem : problems)
    facts.problems.push_back(problem.text);
  tune::storeRecord(options.records,
                    tune::makeRecord(space, kernel, timings, facts));
  fmt::print("recorded {} for {} on {} in {}\n", kernel.configs[best].text(),
             kernel.kernel, gpu, options.records);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  Options options;
  CLI::App app{"tile-tune: time every configuration of a tunable kernel "
               "(tilecc --emit=tuning-space) on this GPU, check each "
               "against the written configuration, and record the fastest "
               "for tilecc --tuning-records (docs/tuning.md)"};
  app.add_option("space", options.space,
                 "The tuning space that tilecc --emit=tuning-space wrote")
      ->required()
      ->check(CLI::ExistingFile);
  app.add_option("--kernel", options.kernel,
                 "The written instantiation to tune, as the space names it "
                 "(needed when the space has several)");
  app.add_option("--problem", options.problems,
                 "Arguments to time it on, every parameter once: tensors "
                 "by extents, scalars by value (\"out=4096x4096 "
                 "x=4096x4096 w=4096x4096 k=4096\"); repeat for more")
      ->required();
  app.add_option("--records", options.records,
                 "The tuning records file to add the record to (created "
                 "if missing; a record of the same kernel and GPU is "
                 "replaced)")
      ->required();
  app.add_option("--cache-dir", options.cacheDir,
                 "The kernel cache the space was compiled into")
      ->capture_default_str();
  app.add_option("--device", options.device, "The CUDA device ordinal")
      ->capture_default_str()
      ->check(tile::cli::nonNegative<int>());
  app.add_option("--warmup", options.warmup,
                 "Untimed launches before the timed ones")
      ->capture_default_str()
      ->check(tile::cli::nonNegative<int>());
  app.add_option("--repeat", options.repeat,
                 "Timed launches per configuration and problem (the median "
                 "counts)")
      ->capture_default_str()
      ->check(tile::cli::positive<int>());
  app.add_option("--tolerance", options.tolerance,
                 "The largest difference from the written configuration's "
                 "results, relative to their largest magnitude, that a "
                 "configuration may show")
      ->capture_default_str()
      ->check(tile::cli::positive<double>());
  CLI11_PARSE(app, argc, argv);
  try {
    return tuneKernel(options);
  } catch (const Error &e) {
    fmt::print(stderr, "tile-tune: error: {}\n", e.what());
    return 1;
  }
}
