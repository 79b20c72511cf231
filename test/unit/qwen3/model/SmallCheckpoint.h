//===- SmallCheckpoint.h - A small random Qwen3 for tests -------*- C++ -*-===//
//
// A Qwen3 checkpoint with the tiny default's shapes (two layers, four query
// and two key/value heads of width 128, hidden size 256) and a vocabulary
// of 1000, written once per test process into a temporary directory.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_TEST_SMALLCHECKPOINT_H
#define QWEN3_TEST_SMALLCHECKPOINT_H

#include "qwen3/Checkpoint.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace qwen3::test {

/// The vocabulary size of smallCheckpoint().
inline constexpr int64_t kSmallVocab = 1000;

/// The checkpoint, opened; removed when the process ends.
const Checkpoint &smallCheckpoint();

/// A random checkpoint of a `config.json` in a temporary directory, removed
/// with it.
class TemporaryCheckpoint {
public:
  /// `name` tells the directory apart from the other tests'.
  TemporaryCheckpoint(const std::string &configJson, const std::string &name,
                      unsigned seed = 5);
  ~TemporaryCheckpoint();
  TemporaryCheckpoint(const TemporaryCheckpoint &) = delete;
  TemporaryCheckpoint &operator=(const TemporaryCheckpoint &) = delete;

  const Checkpoint &checkpoint() const { return opened; }

private:
  std::filesystem::path directory;
  Checkpoint opened;
};

/// `count` token ids drawn from the vocabulary with `seed`.
std::vector<int32_t> randomTokens(size_t count, unsigned seed);

} // namespace qwen3::test

#endif // QWEN3_TEST_SMALLCHECKPOINT_H
