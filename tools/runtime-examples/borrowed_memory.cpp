//===- borrowed_memory.cpp - Kernels on memory another library owns -------===//
//
// An outside allocator (here the device's own, behind a shared_ptr as a
// framework's tensor would be) owns one block; the runtime borrows two
// tensors from it, runs vector_add on them, and never frees the block: the
// owner goes when its last user, a tensor or a queued launch, lets go.
//
//===----------------------------------------------------------------------===//

#include "vector_add.h"

#include "ExampleDevice.h"
#include "tile/runtime/Launch.h"

#include <memory>

using namespace tile::rt;

namespace {
/// A block of device memory owned outside the runtime.
struct ForeignBlock {
  ForeignBlock(Device device, size_t bytes)
      : device(std::move(device)),
        address(this->device.backend().allocate(bytes)) {}
  ~ForeignBlock() {
    device.backend().deallocate(address);
    std::printf("the outside owner freed its block\n");
  }
  Device device;
  uint64_t address;
};
} // namespace

int main(int argc, char **argv) {
  example::Setup setup = example::setupFrom(argc, argv);
  Stream stream(setup.device);
  Kernel add =
      setup.kernel<&vector_add<2048>>("vector_add<2048>", "vector_add");
  int64_t n = 3000;
  std::vector<float> xs(n), ys(n);
  for (int64_t i = 0; i < n; ++i) {
    xs[i] = float(i);
    ys[i] = float(2 * i);
  }
  bool ok;
  {
    auto block = std::make_shared<ForeignBlock>(setup.device, 2 * n * 4);
    // x is the block's first half, z its second; the runtime owns neither.
    Tensor x =
        Tensor::borrow(setup.device, block->address, "f32", {n}, {}, block);
    Tensor z = Tensor::borrow(setup.device, block->address + n * 4, "f32", {n},
                              {}, block);
    block.reset(); // the tensors keep the block alive now
    x.copyFromHost<float>(stream, xs);
    Tensor y = Tensor::fromHost<float>(stream, ys, {n});
    z = launch(stream, add, std::move(z).partition({2048}), x, y).get();
    std::vector<float> expected(n);
    for (int64_t i = 0; i < n; ++i)
      expected[i] = xs[i] + ys[i];
    ok = example::near(z.toHost<float>(stream), expected, 0);
    std::printf("vector_add on borrowed memory on %s: %s\n",
                setup.device.name().c_str(), ok ? "ok" : "WRONG");
  }
  return ok ? 0 : 1;
}
