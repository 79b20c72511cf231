//===- Sha256.cpp - SHA-256 digests of byte strings -----------------------===//

#include "tile/runtime/Sha256.h"
#include "tile/runtime/Error.h"

#include <openssl/evp.h>

using namespace tile::rt;

std::string tile::rt::sha256Hex(const void *data, size_t size) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned length = 0;
  if (!EVP_Digest(data, size, digest, &length, EVP_sha256(), nullptr))
    throw Error("computing a SHA-256 digest failed");
  static constexpr char hex[] = "0123456789abcdef";
  std::string text;
  text.reserve(2 * length);
  for (unsigned i = 0; i < length; ++i) {
    text += hex[digest[i] >> 4];
    text += hex[digest[i] & 15];
  }
  return text;
}

std::string tile::rt::sha256Hex(std::span<const std::byte> data) {
  return sha256Hex(data.data(), data.size());
}
