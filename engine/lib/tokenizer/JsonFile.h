//===- JsonFile.h - Reading one of the tokenizer's JSON files ---*- C++ -*-===//

#ifndef QWEN3_LIB_TOKENIZER_JSONFILE_H
#define QWEN3_LIB_TOKENIZER_JSONFILE_H

#include <filesystem>
#include <nlohmann/json.hpp>

namespace qwen3 {

/// The JSON document in the file at `path`; throws TokenizerError naming
/// the file when it cannot be opened or is not JSON.
nlohmann::json readJsonFile(const std::filesystem::path &path);

} // namespace qwen3

#endif // QWEN3_LIB_TOKENIZER_JSONFILE_H
