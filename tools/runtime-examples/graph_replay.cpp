//===- graph_replay.cpp - Capture launches once, replay them often --------===//
//
// Captures ten saxpy steps into a graph (a CUDA graph on a GPU), replays it
// three times, then changes the first step's scalar and replays once more.
//
//===----------------------------------------------------------------------===//

#include "saxpy.h"

#include "ExampleDevice.h"
#include "tile/runtime/Graph.h"

using namespace tile::rt;

int main(int argc, char **argv) {
  example::Setup setup = example::setupFrom(argc, argv);
  Stream stream(setup.device);
  Kernel saxpy = setup.kernel<&::saxpy<2048>>("saxpy<2048>", "saxpy");
  int64_t n = 10000;
  Tensor x = Tensor::empty(setup.device, "f32", {n});
  Tensor y = Tensor::empty(setup.device, "f32", {n});
  x.fillRandom(stream, 1);
  y.fill(stream, 0.0);
  std::vector<float> xs = x.toHost<float>(stream);

  // Nothing runs while capturing; y comes back at once for the next step.
  Graph graph = Graph::capture(stream, [&] {
    for (int step = 0; step < 10; ++step)
      y = launch(stream, saxpy, std::move(y).partition({2048}), x, 0.125f)
              .get();
  });
  for (int replay = 0; replay < 3; ++replay)
    graph.replay(stream);
  y = graph.update(0, std::move(y).partition({2048}), x, -1.0f);
  graph.replay(stream);
  stream.synchronize();

  // 30 steps of +x/8, then one of -x and nine of +x/8.
  std::vector<float> expected(xs.size(), 0.0f);
  for (int step = 0; step < 40; ++step)
    for (size_t i = 0; i < xs.size(); ++i)
      expected[i] += (step == 30 ? -1.0f : 0.125f) * xs[i];
  bool ok = example::near(y.toHost<float>(stream), expected, 1e-5);
  std::printf("graph of %zu launches replayed 4 times on %s: %s\n",
              graph.launchCount(), setup.device.name().c_str(),
              ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
