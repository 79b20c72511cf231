//===- TuningSpace.cpp - The tuning space file ----------------------------===//

#include "tile/formats/TuningSpace.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

using namespace tile::formats;
using nlohmann::json;

std::string SpaceConfig::text() const {
  std::string result;
  for (const auto &[name, value] : values)
    result += (result.empty() ? "" : " ") + name + "=" + std::to_string(value);
  return result;
}

std::string tile::formats::writeTuningSpace(const TuningSpace &space) {
  json kernels = json::array();
  for (const SpaceKernel &kernel : space.kernels) {
    json configs = json::array();
    for (const SpaceConfig &config : kernel.configs) {
      json values = json::object();
      for (const auto &[name, value] : config.values)
        values[name] = value;
      json described = {{"config", std::move(values)}};
      if (config.error.empty()) {
        described["name"] = config.name;
        described["key"] = config.key;
        described["kernel_hash"] = config.kernelHash;
      } else {
        described["error"] = config.error;
      }
      configs.push_back(std::move(described));
    }
    kernels.push_back({{"kernel", kernel.kernel},
                       {"space", kernel.space},
                       {"params", kernel.params},
                       {"configs", std::move(configs)}});
  }
  json out = {{"format", kTuningSpaceFormat},
              {"compiler", space.compiler},
              {"arch", space.arch},
              {"source", space.source},
              {"kernels", std::move(kernels)}};
  // A source path or a compiler's message need not be UTF-8.
  return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

namespace {
/// A space that breaks the format.
struct Malformed : std::runtime_error {
  using std::runtime_error::runtime_error;
};
} // namespace

static SpaceKernel readKernel(const json &kernel) {
  SpaceKernel described{kernel.at("kernel").get<std::string>(),
                        kernel.at("space").get<std::string>(),
                        kernel.at("params").get<std::vector<std::string>>(),
                        {}};
  for (const json &config : kernel.at("configs")) {
    SpaceConfig entry;
    for (const std::string &param : described.params)
      entry.values.emplace_back(param,
                                config.at("config").at(param).get<int64_t>());
    if (config.contains("error")) {
      entry.error = config.at("error").get<std::string>();
    } else {
      entry.name = config.at("name").get<std::string>();
      entry.key = config.at("key").get<std::string>();
      entry.kernelHash = config.at("kernel_hash").get<std::string>();
    }
    described.configs.push_back(std::move(entry));
  }
  if (described.configs.empty())
    throw Malformed(described.kernel + " has no configurations");
  return described;
}

std::optional<TuningSpace>
tile::formats::parseTuningSpace(std::string_view text, std::string &error) {
  json parsed = json::parse(text, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    error = "not a JSON object";
    return std::nullopt;
  }
  try {
    const json &format = parsed.at("format");
    if (!format.is_number_integer() ||
        format.get<int64_t>() != kTuningSpaceFormat)
      throw Malformed("format " + format.dump() +
                      " (this version reads format " +
                      std::to_string(kTuningSpaceFormat) + ")");
    TuningSpace space;
    space.compiler = parsed.at("compiler").get<std::string>();
    space.arch = parsed.at("arch").get<std::string>();
    space.source = parsed.value("source", "");
    for (const json &kernel : parsed.at("kernels"))
      space.kernels.push_back(readKernel(kernel));
    return space;
  } catch (const json::exception &e) {
    error = e.what();
  } catch (const Malformed &e) {
    error = e.what();
  }
  return std::nullopt;
}
