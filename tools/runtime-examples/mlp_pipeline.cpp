//===- mlp_pipeline.cpp - An MLP block queued across two streams ----------===//
//
// out = (silu(x Wg^T) * (x Wu^T)) Wd^T, a SwiGLU MLP, for several batches:
// the gate and up projections run on two streams at once, the silu_mul
// kernel waits for both through futures, and the down projection follows;
// the host queues every batch before it waits for any.
//
//===----------------------------------------------------------------------===//

#include "silu_mul.h"

#include "ExampleDevice.h"
#include "tile/runtime/Blas.h"
#include "tile/runtime/Launch.h"

using namespace tile::rt;

namespace {

constexpr int64_t kBatch = 8, kModel = 256, kHidden = 1024, kBatches = 4;

/// The f16 values of `tensor` as doubles.
std::vector<double> values(Stream &stream, const Tensor &tensor) {
  std::vector<double> result;
  for (tile::f16 value : tensor.toHost<tile::f16>(stream))
    result.push_back(double(float(value)));
  return result;
}

/// The block in double precision, rounding to f16 where the device does.
std::vector<double> reference(const std::vector<double> &x,
                              const std::vector<double> &wg,
                              const std::vector<double> &wu,
                              const std::vector<double> &wd) {
  auto half = [](double v) { return double(float(tile::f16(float(v)))); };
  std::vector<double> act(kBatch * kHidden), out(kBatch * kModel, 0.0);
  for (int64_t b = 0; b < kBatch; ++b)
    for (int64_t h = 0; h < kHidden; ++h) {
      double gate = 0, up = 0;
      for (int64_t d = 0; d < kModel; ++d) {
        gate += x[b * kModel + d] * wg[h * kModel + d];
        up += x[b * kModel + d] * wu[h * kModel + d];
      }
      gate = half(gate);
      act[b * kHidden + h] = half(gate / (1 + std::exp(-gate)) * half(up));
    }
  for (int64_t b = 0; b < kBatch; ++b)
    for (int64_t d = 0; d < kModel; ++d)
      for (int64_t h = 0; h < kHidden; ++h)
        out[b * kModel + d] += act[b * kHidden + h] * wd[d * kHidden + h];
  return out;
}

} // namespace

int main(int argc, char **argv) {
  example::Setup setup = example::setupFrom(argc, argv);
  Kernel siluMul = setup.kernel<&silu_mul<4096>>("silu_mul<4096>", "silu_mul");
  Stream main(setup.device), side(setup.device);
  auto random = [&](std::vector<int64_t> shape, uint64_t seed, double scale) {
    Tensor t = Tensor::empty(setup.device, "f16", std::move(shape));
    t.fillRandom(main, seed, -scale, scale);
    return t;
  };
  Tensor wGate = random({kHidden, kModel}, 1, 0.1);
  Tensor wUp = random({kHidden, kModel}, 2, 0.1);
  Tensor wDown = random({kModel, kHidden}, 3, 0.05);
  std::vector<Tensor> inputs;
  for (int64_t i = 0; i < kBatches; ++i)
    inputs.push_back(random({kBatch, kModel}, 10 + i, 1.0));
  // The side stream reads the inputs and weights filled on the main one.
  side.wait(main.record());

  GemmOptions weights{.transposeB = true};
  std::vector<Future<Tensor>> outputs;
  for (const Tensor &x : inputs) {
    auto empty = [&](const char *dtype, std::vector<int64_t> shape) {
      return Tensor::empty(setup.device, dtype, std::move(shape));
    };
    Future<Tensor> up =
        gemm(side, empty("f16", {kBatch, kHidden}), x, wUp, weights);
    Future<Tensor> gate =
        gemm(main, empty("f16", {kBatch, kHidden}), x, wGate, weights);
    outputs.push_back(std::move(up).then(main, [&](Tensor upDone) {
      return std::move(gate).then([&](Tensor gateDone) {
        TensorView flatGate = gateDone.view().reshape({kBatch * kHidden});
        TensorView flatUp = upDone.view().reshape({kBatch * kHidden});
        return launch(main, siluMul,
                      empty("f16", {kBatch * kHidden}).partition({4096}),
                      flatGate, flatUp)
            .then([&](Tensor act) {
              return gemm(main, empty("f32", {kBatch, kModel}),
                          act.view().reshape({kBatch, kHidden}), wDown,
                          weights);
            });
      });
    }));
  }

  bool ok = true;
  std::vector<double> wg = values(main, wGate), wu = values(main, wUp),
                      wd = values(main, wDown);
  for (size_t i = 0; i < outputs.size(); ++i) {
    std::vector<float> out = std::move(outputs[i]).get().toHost<float>(main);
    ok &= example::near(out, reference(values(main, inputs[i]), wg, wu, wd),
                        2e-2);
  }
  std::printf("MLP block on %lld batches on %s: %s\n", (long long)kBatches,
              setup.device.name().c_str(), ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
