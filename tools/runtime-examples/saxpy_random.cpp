//===- saxpy_random.cpp - y = a * x + y on random data, checked -----------===//
//
// Fills x and y with seeded random values on the device, runs saxpy through
// the typed launcher that tilecc generated (saxpy_launcher.h), and checks the
// result against the same arithmetic on the host.
//
//===----------------------------------------------------------------------===//

#include "saxpy_launcher.h"

#include "ExampleDevice.h"

using namespace tile::rt;

int main(int argc, char **argv) {
  example::Setup setup = example::setupFrom(argc, argv);
  Stream stream(setup.device);
  // In host mode the kernel compiled into the program, on a GPU the cubin of
  // the kernel cache entry whose key the launcher holds.
  tile::launchers::saxpy_2048 saxpy(setup.device, setup.cacheDir);

  int64_t n = (int64_t(1) << 20) + 3; // a ragged last piece
  auto x = TensorOf<float, 1>::empty(setup.device, {n});
  auto y = TensorOf<float, 1>::empty(setup.device, {n});
  x.untyped().fillRandom(stream, /*seed=*/1);
  y.untyped().fillRandom(stream, /*seed=*/2);
  std::vector<float> xs = x.view().toHost<float>(stream);
  std::vector<float> ys = y.view().toHost<float>(stream);

  float a = 2.5f;
  // The launcher partitions y into the kernel's pieces of 2048 elements; a
  // tensor of another element type or rank would not compile.
  y = saxpy(stream, std::move(y), x, a).get();

  std::vector<float> expected(ys.size());
  for (size_t i = 0; i < ys.size(); ++i)
    expected[i] = a * xs[i] + ys[i];
  bool ok = example::near(y.view().toHost<float>(stream), expected, 1e-6);
  std::printf("saxpy of %lld elements on %s: %s\n", (long long)n,
              setup.device.name().c_str(), ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
