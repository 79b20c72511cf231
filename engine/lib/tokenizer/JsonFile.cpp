//===- JsonFile.cpp - Reading one of the tokenizer's JSON files -----------===//

#include "JsonFile.h"

#include "qwen3/TokenizerError.h"

#include <fstream>
#include <sstream>

nlohmann::json qwen3::readJsonFile(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw TokenizerError(path.string() +
                         ": cannot open the file (missing or unreadable)");
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::exception &e) {
    // A parse error, or a number past a double's range (out_of_range).
    throw TokenizerError(path.string() + ": malformed JSON: " + e.what());
  }
}
