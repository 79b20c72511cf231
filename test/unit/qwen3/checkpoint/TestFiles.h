//===- TestFiles.h - Files the checkpoint tests write -----------*- C++ -*-===//
//
// Temporary directories, hand-built safetensors files, a small Qwen3 config
// and stand-in tokenizer files for the tests of qwen3_checkpoint.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_TEST_CHECKPOINT_TESTFILES_H
#define QWEN3_TEST_CHECKPOINT_TESTFILES_H

#include "ErrorOf.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace qwen3::test {

/// A fresh directory, removed with everything in it at the end of the test.
class TempDir {
public:
  TempDir();
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  ~TempDir();
  /// The directory.
  const std::filesystem::path &path() const { return dir; }

private:
  std::filesystem::path dir;
};

/// Writes `bytes` to `path`.
void writeFile(const std::filesystem::path &path, std::string_view bytes);

/// The whole file at `path`.
std::string readFile(const std::filesystem::path &path);

/// A safetensors file's bytes: `headerLength` (the header's size unless
/// given), then `header`, then `data`.
std::string safetensorsBytes(std::string_view header, std::string_view data,
                             uint64_t headerLength = UINT64_MAX);

/// The config.json of a small Qwen3 (vocab 512, hidden 64, MLP 128, 2
/// layers, 4 heads of 16, 2 kv heads), tied or not.
std::string smallConfigJson(bool tied = true);

/// Creates stand-in tokenizer.json and tokenizer_config.json in `dir`.
void writeStubTokenizer(const std::filesystem::path &dir);

} // namespace qwen3::test

#endif // QWEN3_TEST_CHECKPOINT_TESTFILES_H
