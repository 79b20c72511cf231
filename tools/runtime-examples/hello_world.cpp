//===- hello_world.cpp - The smallest program on the runtime --------------===//
//
// Adds two vectors with the vector_add kernel and prints a few elements.
//
//===----------------------------------------------------------------------===//

#include "vector_add.h"

#include "ExampleDevice.h"
#include "tile/runtime/Launch.h"

using namespace tile::rt;

int main(int argc, char **argv) {
  example::Setup setup = example::setupFrom(argc, argv);
  std::printf("hello from %s\n", setup.device.name().c_str());
  Stream stream(setup.device);
  Kernel add =
      setup.kernel<&vector_add<2048>>("vector_add<2048>", "vector_add");

  std::vector<float> xs(5000), ys(5000);
  for (size_t i = 0; i < xs.size(); ++i) {
    xs[i] = float(i);
    ys[i] = 0.5f;
  }
  Tensor x = Tensor::fromHost<float>(stream, xs, {5000});
  Tensor y = Tensor::fromHost<float>(stream, ys, {5000});
  Tensor z = Tensor::empty(setup.device, "f32", {5000});
  // z is moved into the launch and comes back through its future.
  z = launch(stream, add, std::move(z).partition({2048}), x, y).get();

  std::vector<float> sum = z.toHost<float>(stream);
  std::printf("z[0] = %g, z[4999] = %g\n", sum[0], sum[4999]);
  std::vector<float> expected(5000);
  for (size_t i = 0; i < expected.size(); ++i)
    expected[i] = xs[i] + ys[i];
  return example::near(sum, expected, 0) ? 0 : 1;
}
