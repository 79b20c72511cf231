//===- ErrorOf.h - The message of an engine error ---------------*- C++ -*-===//

#ifndef QWEN3_TEST_ERROROF_H
#define QWEN3_TEST_ERROROF_H

#include "qwen3/Error.h"

#include <gtest/gtest.h>

#include <string>

namespace qwen3::test {

/// The message of the qwen3::Error that `f` throws; fails the test if it
/// throws nothing.
template <class F> std::string errorOf(F &&f) {
  try {
    f();
  } catch (const Error &e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a qwen3::Error";
  return {};
}

} // namespace qwen3::test

#endif // QWEN3_TEST_ERROROF_H
