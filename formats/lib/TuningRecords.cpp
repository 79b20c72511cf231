//===- TuningRecords.cpp - The tuning records file ------------------------===//

#include "tile/formats/TuningRecords.h"

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace tile::formats;
using nlohmann::json;

/// The fields a record holds as non-empty strings, and where they go.
static const std::pair<const char *, std::string TuningRecord::*>
    kStringFields[] = {{"kernel", &TuningRecord::kernel},
                       {"device", &TuningRecord::device},
                       {"arch", &TuningRecord::arch},
                       {"space", &TuningRecord::space},
                       {"kernel_hash", &TuningRecord::kernelHash},
                       {"date", &TuningRecord::date}};

/// Reads `object` into `record`; false, with `error` saying what is wrong,
/// if it is not a record.
static bool readRecord(const json &object, TuningRecord &record,
                       std::string &error) {
  if (!object.is_object()) {
    error = "is not an object";
    return false;
  }
  for (const auto &[field, member] : kStringFields) {
    auto value = object.find(field);
    if (value == object.end() || !value->is_string() ||
        value->get<std::string>().empty()) {
      error = "has no string \"" + std::string(field) + "\"";
      return false;
    }
    record.*member = value->get<std::string>();
  }
  auto best = object.find("best");
  if (best == object.end() || !best->is_object() || best->empty()) {
    error = "has no \"best\" object of parameter values";
    return false;
  }
  for (const auto &[name, value] : best->items()) {
    if (!value.is_number_integer()) {
      error = "gives \"" + name + "\" a value that is not an integer";
      return false;
    }
    record.best.emplace_back(name, value.get<int64_t>());
  }
  return true;
}

/// Whether two records tune one kernel on one GPU for one architecture.
static bool sameTarget(const TuningRecord &a, const TuningRecord &b) {
  return a.kernel == b.kernel && a.device == b.device && a.arch == b.arch;
}

/// The records array of the records file `file`, or null with `error` set.
static const json *recordsOf(const json &file, std::string &error) {
  if (file.is_discarded()) {
    error = "not JSON";
    return nullptr;
  }
  if (!file.is_object()) {
    error = "not a JSON object";
    return nullptr;
  }
  auto format = file.find("format");
  if (format == file.end() || !format->is_number_integer() ||
      format->get<int64_t>() != kTuningRecordsFormat) {
    error = "format " +
            (format == file.end() ? std::string("missing") : format->dump()) +
            ", this version reads format " +
            std::to_string(kTuningRecordsFormat);
    return nullptr;
  }
  auto records = file.find("records");
  if (records == file.end() || !records->is_array()) {
    error = "no \"records\" array";
    return nullptr;
  }
  return &*records;
}

std::optional<std::vector<TuningRecord>>
tile::formats::parseTuningRecords(std::string_view text, std::string &error) {
  json file = json::parse(text, nullptr, false);
  const json *records = recordsOf(file, error);
  if (!records)
    return std::nullopt;
  std::vector<TuningRecord> result;
  for (size_t index = 0; index < records->size(); ++index) {
    std::string what;
    TuningRecord record;
    if (!readRecord((*records)[index], record, what)) {
      error = "record " + std::to_string(index + 1) + " " + what;
      return std::nullopt;
    }
    auto earlier = std::ranges::find_if(result, [&](const TuningRecord &other) {
      return sameTarget(other, record);
    });
    if (earlier != result.end()) {
      error = "record " + std::to_string(index + 1) + " tunes '" +
              record.kernel + "' on " + record.device + " for " + record.arch +
              " as record " + std::to_string(earlier - result.begin() + 1) +
              " does";
      return std::nullopt;
    }
    result.push_back(std::move(record));
  }
  return result;
}

std::optional<std::string>
tile::formats::withTuningRecord(std::string_view fileText,
                                std::string_view recordJson,
                                std::string &error) {
  json record = json::parse(recordJson, nullptr, false);
  TuningRecord added;
  std::string what;
  if (record.is_discarded() || !readRecord(record, added, what)) {
    error = "the new record " + (record.is_discarded() ? "is not JSON" : what);
    return std::nullopt;
  }
  json file = fileText.empty() ? json{{"format", kTuningRecordsFormat},
                                      {"records", json::array()}}
                               : json::parse(fileText, nullptr, false);
  if (!recordsOf(file, error))
    return std::nullopt;
  json &records = file["records"];
  auto same = std::ranges::find_if(records, [&](const json &other) {
    TuningRecord existing;
    std::string ignored;
    return readRecord(other, existing, ignored) && sameTarget(existing, added);
  });
  if (same != records.end())
    *same = std::move(record);
  else
    records.push_back(std::move(record));
  return file.dump(2) + "\n";
}
