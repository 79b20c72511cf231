//===- host_examples.cpp - The example kernels in host mode ---------------===//
//
// Runs each example kernel on the CPU (host mode) over random data, checks
// it against a plain loop and prints how long it took. On a machine without
// a GPU this is how the kernels run.
//
//===----------------------------------------------------------------------===//

#include "cast_bf16.h"
#include "saxpy.h"
#include "silu_mul.h"
#include "sum_slices.h"
#include "vector_add.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

std::vector<float> randomFloats(int64_t n, unsigned seed) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  std::vector<float> values(n);
  for (float &v : values)
    v = dist(engine);
  return values;
}

/// Runs `kernel`, then `check`; prints one line. Returns whether it passed.
bool report(const char *name, int64_t n, const std::function<void()> &kernel,
            const std::function<bool()> &check) {
  auto start = std::chrono::steady_clock::now();
  kernel();
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  bool passed = check();
  std::printf("%-18s %10lld elements %9.2f ms  %s\n", name,
              static_cast<long long>(n), ms, passed ? "PASS" : "FAIL");
  return passed;
}

} // namespace

int main(int argc, char **argv) {
  int64_t n = argc > 1 ? std::atoll(argv[1]) : int64_t(1) << 22;
  if (n <= 0) {
    std::fprintf(stderr, "usage: tile-host-examples [ELEMENTS > 0]\n");
    return 2;
  }
  std::printf("host mode: every program of the grid runs on the CPU in turn\n");
  auto x = randomFloats(n, 1), y = randomFloats(n, 2);
  bool ok = true;

  std::vector<float> z(n);
  ok &= report(
      "vector_add<2048>", n,
      [&] {
        tile::host::launch(
            vector_add<2048>, tile::host::partition<2048>(z.data(), {n}),
            tile::View<float>(x.data(), {n}), tile::View<float>(y.data(), {n}));
      },
      [&] {
        for (int64_t i = 0; i < n; ++i)
          if (z[i] != x[i] + y[i])
            return false;
        return true;
      });

  std::vector<float> s = y;
  ok &= report(
      "saxpy<2048>", n,
      [&] {
        tile::host::launch(saxpy<2048>,
                           tile::host::partition<2048>(s.data(), {n}),
                           tile::View<float>(x.data(), {n}), 2.0f);
      },
      [&] {
        for (int64_t i = 0; i < n; ++i)
          if (s[i] != 2.0f * x[i] + y[i])
            return false;
        return true;
      });

  std::vector<tile::f16> hx(n), hy(n), out(n);
  for (int64_t i = 0; i < n; ++i) {
    hx[i] = tile::f16(x[i]);
    hy[i] = tile::f16(y[i]);
  }
  ok &= report(
      "silu_mul<4096>", n,
      [&] {
        tile::host::launch(silu_mul<4096>,
                           tile::host::partition<4096>(out.data(), {n}),
                           tile::View<tile::f16>(hx.data(), {n}),
                           tile::View<tile::f16>(hy.data(), {n}));
      },
      [&] {
        for (int64_t i = 0; i < n; ++i) {
          double a = static_cast<float>(hx[i]), b = static_cast<float>(hy[i]);
          double expected = a / (1 + std::exp(-a)) * b;
          if (std::fabs(static_cast<float>(out[i]) - expected) >
              1e-3 * std::fabs(expected) + 1e-3)
            return false;
        }
        return true;
      });

  std::vector<tile::bf16> b(n);
  ok &= report(
      "cast_bf16<4096>", n,
      [&] {
        tile::host::launch(cast_bf16<4096>,
                           tile::host::partition<4096>(b.data(), {n}),
                           tile::View<float>(x.data(), {n}));
      },
      [&] {
        for (int64_t i = 0; i < n; ++i)
          if (b[i].bits != tile::bf16(x[i]).bits)
            return false;
        return true;
      });
  const int slices = 4;
  int64_t blocks = (n + 2047) / 2048;
  auto sliced = randomFloats(slices * blocks * 2048, 3);
  std::vector<float> sums(n);
  ok &= report(
      "sum_slices<2048>", n,
      [&] {
        tile::host::launch(
            sum_slices<2048>, tile::host::partition<2048>(sums.data(), {n}),
            tile::View<float>(sliced.data(), {int64_t(sliced.size())}), slices);
      },
      [&] {
        for (int64_t i = 0; i < n; ++i) {
          float expected = 0.0f;
          for (int k = 0; k < slices; ++k)
            expected = expected + sliced[k * blocks * 2048 + i];
          if (sums[i] != expected)
            return false;
        }
        return true;
      });
  return ok ? 0 : 1;
}
