//===- GraphFutureTest.cpp - Futures, streams and graphs in host mode -----===//

#include "saxpy.h"
#include "vector_add.h"

#include "HistogramKernel.h"

#include "tile/runtime/Graph.h"
#include "tile/runtime/HostKernel.h"

#include <gtest/gtest.h>

using namespace tile::rt;

namespace {

class Async : public ::testing::Test {
protected:
  Tensor random(int64_t n, uint64_t seed) {
    Tensor t = Tensor::empty(host, "f32", {n});
    t.fillRandom(stream, seed);
    return t;
  }

  Tensor filled(int64_t n, double value) {
    Tensor t = Tensor::empty(host, "f32", {n});
    t.fill(stream, value);
    return t;
  }

  /// A graph of one launch, y += 1 * x, into y (zeros).
  Graph saxpyGraph(Tensor &y, const Tensor &x) {
    y = filled(x.numel(), 0.0);
    return Graph::capture(stream, [&] {
      y = launch(stream, saxpyKernel, std::move(y).partition({2048}), x, 1.0f)
              .get();
    });
  }

  Device host = Device::host();
  Stream stream{host};
  Kernel saxpyKernel =
      hostKernel<&saxpy<2048>>(host, "saxpy<2048>", {"y", "x", "a"});
  Kernel addKernel =
      hostKernel<&vector_add<2048>>(host, "vector_add<2048>", {"z", "x", "y"});
};

} // namespace

TEST_F(Async, ThenChainsLaunchesOnOneStream) {
  int64_t n = 5000;
  Tensor x = random(n, 1), y = random(n, 2);
  std::vector<float> xs = x.toHost<float>(stream), ys = y.toHost<float>(stream);
  Tensor z = Tensor::empty(host, "f32", {n});
  // z = x + y, then z = 2x + z: the second launch reads x and writes z.
  Tensor result =
      launch(stream, addKernel, std::move(z).partition({2048}), x, y)
          .then([&](Tensor sum) {
            return launch(stream, saxpyKernel, std::move(sum).partition({2048}),
                          x, 2.0f);
          })
          .get();
  std::vector<float> out = result.toHost<float>(stream);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 2.0f * xs[i] + (xs[i] + ys[i])) << i;
}

TEST_F(Async, OnStreamHandsTheValueToTheNextLaunch) {
  int64_t n = 1 << 18;
  Tensor x = random(n, 5), y = random(n, 6);
  std::vector<float> xs = x.toHost<float>(stream), ys = y.toHost<float>(stream);
  // Ten saxpy steps queued as a sequence: each takes the tensor the one
  // before writes, without waiting for it.
  for (int step = 0; step < 10; ++step)
    y = launch(stream, saxpyKernel, std::move(y).partition({2048}), x, 0.5f)
            .onStream();
  std::vector<float> out = y.toHost<float>(stream);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_NEAR(out[i], ys[i] + 5.0f * xs[i], 1e-5f) << i;
}

TEST_F(Async, ThenOnAnotherStreamWaitsForTheFirst) {
  int64_t n = 1 << 18;
  Stream other(host);
  Tensor x = random(n, 3), y = random(n, 4);
  std::vector<float> xs = x.toHost<float>(stream), ys = y.toHost<float>(stream);
  Tensor z = Tensor::empty(host, "f32", {n});
  Tensor w = Tensor::empty(host, "f32", {n});
  // The second stream reads z, which the first stream writes: without the
  // event between them it would read z before the first launch ran.
  Future<Tensor> second =
      launch(stream, addKernel, std::move(z).partition({2048}), x, y)
          .then(other, [&](Tensor sum) {
            Tensor doubled = launch(other, addKernel,
                                    std::move(w).partition({2048}), sum, sum)
                                 .get();
            return doubled;
          });
  EXPECT_TRUE(second.stream() == other);
  std::vector<float> out = std::move(second).get().toHost<float>(other);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], (xs[i] + ys[i]) + (xs[i] + ys[i])) << i;
}

TEST_F(Async, ThenWrapsPlainValues) {
  Tensor y = random(10, 5), x = random(10, 6);
  Future<int64_t> count =
      launch(stream, saxpyKernel, std::move(y).partition({2048}), x, 1.0f)
          .then([](Tensor t) { return t.numel(); });
  EXPECT_EQ(std::move(count).get(), 10);
}

TEST_F(Async, GraphReplaysItsLaunches) {
  int64_t n = 3000;
  Tensor x = random(n, 7), y = random(n, 8);
  std::vector<float> xs = x.toHost<float>(stream),
                     expected = y.toHost<float>(stream);
  Graph graph = Graph::capture(stream, [&] {
    for (int i = 0; i < 100; ++i)
      y = launch(stream, saxpyKernel, std::move(y).partition({2048}), x, 0.5f)
              .get();
  });
  EXPECT_EQ(graph.launchCount(), 100u);
  // Nothing ran while capturing.
  EXPECT_EQ(y.toHost<float>(stream), expected);
  for (int replay = 0; replay < 2; ++replay) {
    graph.replay(stream);
    for (int i = 0; i < 100; ++i)
      for (int64_t j = 0; j < n; ++j)
        expected[j] = 0.5f * xs[j] + expected[j];
  }
  stream.synchronize();
  EXPECT_EQ(y.toHost<float>(stream), expected);
}

TEST_F(Async, GraphReplaysWithUpdatedScalarsAndTensors) {
  int64_t n = 1000;
  Tensor x = random(n, 9), other = random(n, 10), y;
  Graph graph = saxpyGraph(y, x);
  // Launch 0 now reads `other`, scaled by 3, and writes a new tensor.
  Tensor fresh = graph.update(0, filled(n, 1.0).partition({2048}), other, 3.0f);
  graph.replay(stream);
  stream.synchronize();
  std::vector<float> os = other.toHost<float>(stream);
  std::vector<float> out = fresh.toHost<float>(stream);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], 3.0f * os[i] + 1.0f) << i;
  for (float v : y.toHost<float>(stream))
    ASSERT_EQ(v, 0.0f); // the captured output is no longer written
}

TEST_F(Async, GraphUpdatesLetGoOfWhatTheyReplaced) {
  int64_t n = 1000;
  Tensor x = random(n, 11), y;
  Graph graph = saxpyGraph(y, x);
  // Each step updates the launch to a new output, as a decode loop does.
  std::weak_ptr<const void> first;
  Tensor out;
  for (int step = 0; step < 3; ++step) {
    Tensor fresh = filled(n, double(step));
    if (step == 0)
      first = fresh.view().memory();
    out = graph.update(0, std::move(fresh).partition({2048}), x, 1.0f);
    graph.replay(stream);
  }
  stream.synchronize();
  std::vector<float> xs = x.toHost<float>(stream);
  std::vector<float> last = out.toHost<float>(stream);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(last[i], xs[i] + 2.0f) << i;
  // The first output is neither the caller's nor the launch's any more.
  EXPECT_TRUE(first.expired());
}

TEST_F(Async, GraphUpdatesAreChecked) {
  Tensor x = random(100, 11), y = random(100, 12);
  Graph graph = Graph::capture(stream, [&] {
    y = launch(stream, saxpyKernel, std::move(y).partition({2048}), x, 1.0f)
            .get();
  });
  Tensor bad = random(100, 13);
  EXPECT_THROW(graph.update(0, std::move(bad).partition({2048}), x, int32_t(1)),
               Error);
  Tensor more = random(100, 14);
  std::vector<float> values = more.toHost<float>(stream);
  try {
    graph.update(1, std::move(more).partition({2048}), x, 1.0f);
    FAIL() << "the update was not rejected";
  } catch (const RejectedLaunch &rejected) {
    // The rejected update gives the partitioned tensor back, untouched.
    ASSERT_EQ(rejected.tensors().size(), 1u);
    more = std::move(rejected.tensors()[0]);
  }
  EXPECT_EQ(more.toHost<float>(stream), values);
}

TEST_F(Async, EmptyOutputsCannotBeCaptured) {
  Tensor x = random(0, 15), y = random(0, 16);
  EXPECT_THROW(Graph::capture(stream,
                              [&] {
                                launch(stream, saxpyKernel,
                                       std::move(y).partition({2048}), x, 1.0f);
                              }),
               Error);
  EXPECT_FALSE(stream.capturing());
}

TEST_F(Async, GraphsReplayAndUpdateAtomicOutputs) {
  Kernel histogramKernel =
      hostKernel<&histogram<4096>>(host, "histogram<4096>", {"x", "counts"});
  Tensor x = Tensor::empty(host, "i32", {5000});
  x.fillRandom(stream, 17, 0, 16);
  std::vector<int32_t> once = histogramOf(x.toHost<int32_t>(stream), 16);
  Tensor counts = Tensor::empty(host, "i32", {16});
  counts.fill(stream, 0);
  Graph graph = Graph::capture(stream, [&] {
    counts =
        launch(stream, histogramKernel, x, std::move(counts).atomic()).get();
  });
  // Every replay adds to the same counts.
  graph.replay(stream);
  graph.replay(stream);
  stream.synchronize();
  std::vector<int32_t> twice = once;
  for (int32_t &count : twice)
    count *= 2;
  EXPECT_EQ(counts.toHost<int32_t>(stream), twice);
  // An update takes a new atomic output and gives it back.
  Tensor fresh = Tensor::empty(host, "i32", {16});
  fresh.fill(stream, 0);
  fresh = graph.update(0, x, std::move(fresh).atomic());
  graph.replay(stream);
  stream.synchronize();
  EXPECT_EQ(fresh.toHost<int32_t>(stream), once);
  EXPECT_EQ(counts.toHost<int32_t>(stream), twice);
}
