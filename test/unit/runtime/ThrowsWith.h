//===- ThrowsWith.h - Expecting a runtime Error with a message --*- C++ -*-===//

#ifndef TILE_TEST_UNIT_RUNTIME_THROWSWITH_H
#define TILE_TEST_UNIT_RUNTIME_THROWSWITH_H

#include "tile/runtime/Error.h"

#include <gtest/gtest.h>

#include <string>

/// Whether `call` throws tile::rt::Error with `part` in its message.
template <class F>
::testing::AssertionResult throwsWith(F call, const std::string &part) {
  try {
    call();
  } catch (const tile::rt::Error &e) {
    if (std::string(e.what()).find(part) != std::string::npos)
      return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "message: " << e.what();
  }
  return ::testing::AssertionFailure() << "no Error";
}

#endif // TILE_TEST_UNIT_RUNTIME_THROWSWITH_H
