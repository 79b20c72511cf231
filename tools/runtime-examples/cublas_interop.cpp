//===- cublas_interop.cpp - BLAS products and kernels on one tensor -------===//
//
// C = A B (bf16 in, f32 out) through the device's BLAS (cuBLAS on a GPU),
// then the cast_bf16 kernel rounds C to bf16, then a GEMV multiplies it by
// a vector: one stream, no waits in between, the tensors handed on by
// futures.
//
//===----------------------------------------------------------------------===//

#include "cast_bf16.h"

#include "ExampleDevice.h"
#include "tile/runtime/Blas.h"
#include "tile/runtime/Launch.h"

using namespace tile::rt;

namespace {
constexpr int64_t kM = 64, kN = 128, kK = 96;

std::vector<double> values(Stream &stream, const Tensor &tensor) {
  std::vector<double> result;
  for (tile::bf16 value : tensor.toHost<tile::bf16>(stream))
    result.push_back(double(float(value)));
  return result;
}
} // namespace

int main(int argc, char **argv) {
  example::Setup setup = example::setupFrom(argc, argv);
  Stream stream(setup.device);
  Kernel cast = setup.kernel<&cast_bf16<4096>>("cast_bf16<4096>", "cast_bf16");
  auto random = [&](std::vector<int64_t> shape, uint64_t seed) {
    Tensor t = Tensor::empty(setup.device, "bf16", std::move(shape));
    t.fillRandom(stream, seed);
    return t;
  };
  Tensor a = random({kM, kK}, 1), b = random({kK, kN}, 2), v = random({kN}, 3);

  Tensor y = gemm(stream, Tensor::empty(setup.device, "f32", {kM, kN}), a, b)
                 .then([&](Tensor c) {
                   return launch(stream, cast,
                                 Tensor::empty(setup.device, "bf16", {kM * kN})
                                     .partition({4096}),
                                 c.view().reshape({kM * kN}));
                 })
                 .then([&](Tensor rounded) {
                   return gemv(stream, Tensor::empty(setup.device, "f32", {kM}),
                               rounded.view().reshape({kM, kN}), v);
                 })
                 .get();

  std::vector<double> as = values(stream, a), bs = values(stream, b),
                      vs = values(stream, v), expected(kM, 0.0);
  for (int64_t i = 0; i < kM; ++i)
    for (int64_t j = 0; j < kN; ++j) {
      double c = 0;
      for (int64_t p = 0; p < kK; ++p)
        c += as[i * kK + p] * bs[p * kN + j];
      expected[i] += double(float(tile::bf16(float(c)))) * vs[j];
    }
  bool ok = example::near(y.toHost<float>(stream), expected, 1e-3);
  std::printf("gemm, cast kernel, gemv on %s: %s\n",
              setup.device.name().c_str(), ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
