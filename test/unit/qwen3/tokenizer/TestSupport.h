//===- TestSupport.h - Shared setup of the tokenizer tests ------*- C++ -*-===//

#ifndef QWEN3_TEST_TOKENIZER_TESTSUPPORT_H
#define QWEN3_TEST_TOKENIZER_TESTSUPPORT_H

#include "ErrorOf.h"

#include "qwen3/Tokenizer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace qwen3::test {

/// The model directory with Qwen3's tokenizer files.
inline std::filesystem::path tokenizerDir() { return QWEN3_TOKENIZER_DIR; }

/// The directory of corpus.jsonl and chat-cases.json.
inline std::filesystem::path dataDir() { return QWEN3_TOKENIZER_TEST_DATA; }

/// Where the fixture test writes the reference results.
inline std::filesystem::path referenceDir() {
  return QWEN3_TOKENIZER_REFERENCE;
}

/// Qwen3's tokenizer, loaded once per test program; fails the test with a
/// hint when the files have not been fetched.
inline const Tokenizer &qwen3Tokenizer() {
  static const Tokenizer tokenizer = [] {
    if (!std::filesystem::exists(tokenizerDir() / "tokenizer.json"))
      ADD_FAILURE() << "no " << (tokenizerDir() / "tokenizer.json")
                    << "; run scripts/fetch-tokenizer.sh";
    return Tokenizer::load(tokenizerDir());
  }();
  return tokenizer;
}

/// The whole of file `path`.
inline std::string readFile(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Writes `text` to `path`.
inline void writeFile(const std::filesystem::path &path,
                      const std::string &text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

} // namespace qwen3::test

#endif // QWEN3_TEST_TOKENIZER_TESTSUPPORT_H
