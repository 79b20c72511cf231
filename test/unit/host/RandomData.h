//===- RandomData.h - Random inputs of the host-mode kernel tests -*- C++ -*-//

#ifndef TILE_TEST_HOST_RANDOMDATA_H
#define TILE_TEST_HOST_RANDOMDATA_H

#include <tile/kernel.h>

#include <cstdint>
#include <random>
#include <type_traits>
#include <vector>

/// `n` floats from a normal distribution of deviation 3, reproducible from
/// `seed`.
inline std::vector<float> randomFloats(int64_t n, unsigned seed) {
  std::mt19937 engine(seed);
  std::normal_distribution<float> dist(0.0f, 3.0f);
  std::vector<float> values(n);
  for (float &v : values)
    v = dist(engine);
  return values;
}

/// `count` values of the half type T (tile::bf16 or tile::f16) rounded from
/// randomFloats(count, seed).
template <class T> std::vector<T> randomHalves(int64_t count, unsigned seed) {
  std::vector<T> values;
  for (float v : randomFloats(count, seed))
    values.push_back(T(v));
  return values;
}

/// `count` bf16 values rounded from randomFloats(count, seed).
inline std::vector<tile::bf16> randomBf16(int64_t count, unsigned seed) {
  return randomHalves<tile::bf16>(count, seed);
}

/// A bound on the relative error of one rounding to the half type T, with
/// room to spare: 2^-7 for bf16 (8 significant bits), 2^-10 for f16 (11).
template <class T> constexpr double halfRounding() {
  return std::is_same_v<T, tile::bf16> ? 1.0 / 128 : 1.0 / 1024;
}

#endif // TILE_TEST_HOST_RANDOMDATA_H
