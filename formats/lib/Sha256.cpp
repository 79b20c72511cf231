//===- Sha256.cpp - SHA-256 digests of byte strings -----------------------===//

#include "tile/formats/Sha256.h"

#include <openssl/evp.h>

#include <new>

std::string tile::formats::sha256Hex(const void *data, size_t size) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned length = 0;
  // SHA-256 fails only when OpenSSL cannot allocate its context.
  if (!EVP_Digest(data, size, digest, &length, EVP_sha256(), nullptr))
    throw std::bad_alloc();
  static constexpr char hex[] = "0123456789abcdef";
  std::string text;
  text.reserve(2 * length);
  for (unsigned i = 0; i < length; ++i) {
    text += hex[digest[i] >> 4];
    text += hex[digest[i] & 15];
  }
  return text;
}

std::string tile::formats::sha256Hex(std::span<const std::byte> data) {
  return sha256Hex(data.data(), data.size());
}

std::string tile::formats::sha256Hex(std::string_view data) {
  return sha256Hex(data.data(), data.size());
}
