//===- JsonFields.cpp - Typed reads of JSON members with context ----------===//

#include "JsonFields.h"

#include <fstream>
#include <limits>
#include <sstream>

namespace qwen3::detail {

JsonFields::JsonFields(std::string_view text, std::string_view source,
                       std::string_view what)
    : source(source), what(what) {
  try {
    object = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception &e) {
    // A parse error, or a number past a double's range (out_of_range).
    throw error(std::string("invalid JSON: ") + e.what());
  }
  if (!object.is_object())
    throw error("the file is not a JSON object");
}

JsonFields::JsonFields(const nlohmann::json &object, const JsonFields &parent,
                       std::string_view key)
    : object(object), source(parent.source),
      what(parent.what + "'s " + std::string(key)) {}

JsonFields JsonFields::nested(std::string_view key) const {
  const nlohmann::json &value = member(key);
  if (!value.is_object())
    throw error("'" + std::string(key) + "' must be an object, not " +
                value.dump());
  return JsonFields(value, *this, key);
}

bool JsonFields::has(std::string_view key) const {
  auto it = object.find(key);
  return it != object.end() && !it->is_null();
}

Error JsonFields::error(std::string_view message) const {
  return Error(source + ": reading " + what + ": " + std::string(message));
}

const nlohmann::json &JsonFields::member(std::string_view key) const {
  auto it = object.find(key);
  if (it == object.end() || it->is_null())
    throw error("missing key '" + std::string(key) + "'");
  return *it;
}

int64_t JsonFields::integer(std::string_view key) const {
  const nlohmann::json &value = member(key);
  if (!value.is_number_integer())
    throw error("'" + std::string(key) + "' must be an integer, not " +
                value.dump());
  // An unsigned value beyond int64_t would wrap; reject it.
  if (value.is_number_unsigned() &&
      value.get<uint64_t>() >
          static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    throw error("'" + std::string(key) + "' is too large: " + value.dump());
  return value.get<int64_t>();
}

std::optional<int64_t> JsonFields::optionalInteger(std::string_view key) const {
  if (!has(key))
    return std::nullopt;
  return integer(key);
}

double JsonFields::number(std::string_view key) const {
  const nlohmann::json &value = member(key);
  if (!value.is_number())
    throw error("'" + std::string(key) + "' must be a number, not " +
                value.dump());
  return value.get<double>();
}

std::optional<double> JsonFields::optionalNumber(std::string_view key) const {
  if (!has(key))
    return std::nullopt;
  return number(key);
}

std::optional<bool> JsonFields::optionalBoolean(std::string_view key) const {
  if (!has(key))
    return std::nullopt;
  const nlohmann::json &value = member(key);
  if (!value.is_boolean())
    throw error("'" + std::string(key) + "' must be true or false, not " +
                value.dump());
  return value.get<bool>();
}

std::optional<std::string>
JsonFields::optionalString(std::string_view key) const {
  if (!has(key))
    return std::nullopt;
  const nlohmann::json &value = member(key);
  if (!value.is_string())
    throw error("'" + std::string(key) + "' must be a string, not " +
                value.dump());
  return value.get<std::string>();
}

std::vector<int32_t> JsonFields::tokenIds(std::string_view key) const {
  if (!has(key))
    return {};
  const nlohmann::json &value = member(key);
  auto id = [&](const nlohmann::json &element) {
    if (!element.is_number_integer() || element.get<int64_t>() < 0 ||
        element.get<int64_t>() > std::numeric_limits<int32_t>::max())
      throw error("'" + std::string(key) +
                  "' must be a token id or a list of them, not " +
                  value.dump());
    return static_cast<int32_t>(element.get<int64_t>());
  };
  std::vector<int32_t> ids;
  if (value.is_array()) {
    for (const nlohmann::json &element : value)
      ids.push_back(id(element));
  } else {
    ids.push_back(id(value));
  }
  return ids;
}

std::string readTextFile(const std::filesystem::path &path,
                         std::string_view what) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error(path.string() + ": cannot open " + std::string(what));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad())
    throw Error(path.string() + ": cannot read " + std::string(what));
  return std::move(text).str();
}

} // namespace qwen3::detail
