//===- TuningFiles.cpp - The files tile-tune reads and writes -------------===//

#include "TuningFiles.h"

#include "tile/formats/TuningRecords.h"
#include "tile/runtime/Error.h"

#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>

using namespace tile;
using tile::rt::Error;

const tune::SpaceKernel &tune::findKernel(const TuningSpace &space,
                                          const std::string &name) {
  if (name.empty() && space.kernels.size() == 1)
    return space.kernels.front();
  std::string known;
  for (const SpaceKernel &kernel : space.kernels) {
    if (kernel.kernel == name)
      return kernel;
    known += (known.empty() ? "" : "; ") + kernel.kernel;
  }
  throw Error((name.empty()
                   ? std::string("name the kernel to tune with --kernel")
                   : "no tunable kernel '" + name + "'") +
              " (the space has: " + known + ")");
}

tune::TuningSpace tune::readTuningSpace(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error("cannot read '" + path.string() + "'");
  std::string text((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  std::string error;
  std::optional<TuningSpace> space = formats::parseTuningSpace(text, error);
  if (!space)
    throw Error("'" + path.string() + "' is not a tuning space: " + error);
  return std::move(*space);
}

size_t tune::fastest(std::span<const ConfigTiming> timings) {
  size_t best = timings.size();
  double bestScore = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < timings.size(); ++i) {
    if (!timings[i].rejected.empty() || timings[i].milliseconds.empty())
      continue;
    double logSum = 0;
    for (double ms : timings[i].milliseconds)
      logSum += std::log(ms);
    double score = logSum / double(timings[i].milliseconds.size());
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  if (best == timings.size())
    throw Error("every configuration was rejected; nothing to record");
  return best;
}

nlohmann::json tune::makeRecord(const TuningSpace &space,
                                const SpaceKernel &kernel,
                                std::span<const ConfigTiming> timings,
                                const RecordFacts &facts) {
  const SpaceConfig &best = kernel.configs.at(fastest(timings));
  auto values = [](const SpaceConfig &config) {
    nlohmann::json object = nlohmann::json::object();
    for (const auto &[name, value] : config.values)
      object[name] = value;
    return object;
  };
  nlohmann::json measured = nlohmann::json::array();
  for (size_t i = 0; i < timings.size(); ++i) {
    const SpaceConfig &config = kernel.configs[i];
    nlohmann::json entry = {{"config", values(config)}};
    if (!config.error.empty())
      entry["rejected"] = "does not compile: " + config.error;
    else if (!timings[i].rejected.empty())
      entry["rejected"] = timings[i].rejected;
    else
      entry["milliseconds"] = timings[i].milliseconds;
    measured.push_back(std::move(entry));
  }
  return {{"kernel", kernel.kernel},
          {"device", facts.device},
          {"arch", space.arch},
          {"space", kernel.space},
          {"best", values(best)},
          {"kernel_hash", best.kernelHash},
          {"date", facts.date},
          {"compiler", space.compiler},
          {"cuda_driver", facts.driver},
          {"problems", facts.problems},
          {"timings", std::move(measured)}};
}

void tune::storeRecord(const std::filesystem::path &path,
                       const nlohmann::json &record) {
  std::string existing;
  if (std::filesystem::exists(path)) {
    std::ifstream in(path);
    if (!in)
      throw Error("cannot read '" + path.string() + "'");
    existing.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::string error;
  std::optional<std::string> text =
      formats::withTuningRecord(existing, record.dump(), error);
  if (!text)
    throw Error("cannot add the record to '" + path.string() + "': " + error +
                "; it is left as it is");
  // Written beside the file and renamed over it, so that a failure leaves
  // the old records whole.
  std::filesystem::path temporary = path;
  temporary += ".tmp";
  {
    std::ofstream out(temporary);
    out << *text;
    if (!out)
      throw Error("cannot write '" + temporary.string() + "'");
  }
  std::filesystem::rename(temporary, path);
}
