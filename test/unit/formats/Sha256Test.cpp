//===- Sha256Test.cpp - SHA-256 against published test vectors ------------===//

#include "tile/formats/Sha256.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace tile::formats;

TEST(Sha256, PublishedVectors) {
  EXPECT_EQ(sha256Hex("abc", 3),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256Hex("", 0),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  std::string twoBlocks =
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  EXPECT_EQ(sha256Hex(twoBlocks.data(), twoBlocks.size()),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, MillionAs) {
  std::vector<std::byte> bytes(1000000, std::byte{'a'});
  EXPECT_EQ(sha256Hex(bytes),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
