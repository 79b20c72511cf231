//===- JsonFields.h - Typed reads of JSON members with context --*- C++ -*-===//
//
// The checkpoint's JSON files (config.json, generation_config.json, the
// shard index) read member by member, each failure thrown as a qwen3::Error
// that names the file and the key.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_LIB_CHECKPOINT_JSONFIELDS_H
#define QWEN3_LIB_CHECKPOINT_JSONFIELDS_H

#include "qwen3/Error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qwen3::detail {

/// A JSON object read from one file, whose errors all name that file and
/// what was being read.
class JsonFields {
public:
  /// Parses `text` as a JSON object; `source` names it and `what` says what
  /// it is ("the Qwen3 config") in errors.
  JsonFields(std::string_view text, std::string_view source,
             std::string_view what);

  /// The parsed object.
  const nlohmann::json &json() const { return object; }

  /// Whether `key` is present and not null.
  bool has(std::string_view key) const;

  /// An Error: "<source>: reading <what>: <message>".
  [[nodiscard]] Error error(std::string_view message) const;

  /// The integer at `key`; throws if it is missing or not an integer.
  int64_t integer(std::string_view key) const;
  /// The integer at `key`, if present and not null.
  std::optional<int64_t> optionalInteger(std::string_view key) const;
  /// The number at `key` (an integer or a float).
  double number(std::string_view key) const;
  /// The number at `key`, if present and not null.
  std::optional<double> optionalNumber(std::string_view key) const;
  /// The boolean at `key`, if present and not null.
  std::optional<bool> optionalBoolean(std::string_view key) const;
  /// The string at `key`, if present and not null.
  std::optional<std::string> optionalString(std::string_view key) const;
  /// The token id or ids at `key` (an integer or a list of integers); empty
  /// if absent.
  std::vector<int32_t> tokenIds(std::string_view key) const;
  /// The object at `key`, read as fields whose errors call it "<what>'s
  /// <key>"; throws if it is missing or not an object.
  JsonFields nested(std::string_view key) const;

private:
  /// `object`, the member `key` of `parent`.
  JsonFields(const nlohmann::json &object, const JsonFields &parent,
             std::string_view key);

  const nlohmann::json &member(std::string_view key) const;

  nlohmann::json object;
  std::string source;
  std::string what;
};

/// The whole file at `path`; throws qwen3::Error saying what it was for.
std::string readTextFile(const std::filesystem::path &path,
                         std::string_view what);

} // namespace qwen3::detail

#endif // QWEN3_LIB_CHECKPOINT_JSONFIELDS_H
