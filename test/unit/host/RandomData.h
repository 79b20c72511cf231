//===- RandomData.h - Random inputs of the host-mode kernel tests -*- C++ -*-//

#ifndef TILE_TEST_HOST_RANDOMDATA_H
#define TILE_TEST_HOST_RANDOMDATA_H

#include <tile/kernel.h>

#include <cstdint>
#include <random>
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

/// `count` bf16 values rounded from randomFloats(count, seed).
inline std::vector<tile::bf16> randomBf16(int64_t count, unsigned seed) {
  std::vector<tile::bf16> values;
  for (float v : randomFloats(count, seed))
    values.push_back(tile::bf16(v));
  return values;
}

#endif // TILE_TEST_HOST_RANDOMDATA_H
