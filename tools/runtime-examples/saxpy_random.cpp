//===- saxpy_random.cpp - y = a * x + y on random data, checked -----------===//
//
// Fills x and y with seeded random values on the device, runs saxpy, and
// checks the result against the same arithmetic on the host.
//
//===----------------------------------------------------------------------===//

#include "saxpy.cpp"

#include "ExampleDevice.h"
#include "tile/runtime/Launch.h"

using namespace tile::rt;

int main(int argc, char **argv) {
  example::Setup setup = example::setupFrom(argc, argv);
  Stream stream(setup.device);
  Kernel saxpy = setup.kernel<&::saxpy<2048>>("saxpy<2048>", "saxpy");

  int64_t n = (int64_t(1) << 20) + 3; // a ragged last piece
  Tensor x = Tensor::empty(setup.device, "f32", {n});
  Tensor y = Tensor::empty(setup.device, "f32", {n});
  x.fillRandom(stream, /*seed=*/1);
  y.fillRandom(stream, /*seed=*/2);
  std::vector<float> xs = x.toHost<float>(stream), ys = y.toHost<float>(stream);

  float a = 2.5f;
  y = launch(stream, saxpy, std::move(y).partition({2048}), x, a).get();

  std::vector<float> expected(ys.size());
  for (size_t i = 0; i < ys.size(); ++i)
    expected[i] = a * xs[i] + ys[i];
  bool ok = example::near(y.toHost<float>(stream), expected, 1e-6);
  std::printf("saxpy of %lld elements on %s: %s\n", (long long)n,
              setup.device.name().c_str(), ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
