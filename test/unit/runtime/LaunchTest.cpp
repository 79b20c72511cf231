//===- LaunchTest.cpp - Partitions, launches and their checks in host mode ===//

#include "saxpy.h"
#include "transpose.h"
#include "vector_add.h"

#include "HistogramKernel.h"

#include "tile/runtime/HostKernel.h"
#include "tile/runtime/Launch.h"

#include "ThrowsWith.h"

#include <gtest/gtest.h>

using namespace tile::rt;

/// Two outputs of one input: a = x, b = 2x.
template <int N>
TILE_KERNEL void copy_twice(tile::Piece<float, N> a, tile::Piece<float, N> b,
                            tile::View<float> x) {
  auto v = tile::load_like(x, a);
  a.store(v);
  b.store(v + v);
}

namespace {

class Launch : public ::testing::Test {
protected:
  Tensor random(std::vector<int64_t> shape, uint64_t seed,
                const char *dtype = "f32") {
    Tensor t = Tensor::empty(host, dtype, std::move(shape));
    t.fillRandom(stream, seed);
    return t;
  }

  Device host = Device::host();
  Stream stream{host};
  Kernel saxpyKernel =
      hostKernel<&saxpy<2048>>(host, "saxpy<2048>", {"y", "x", "a"});
  Kernel addKernel =
      hostKernel<&vector_add<2048>>(host, "vector_add<2048>", {"z", "x", "y"});
  Kernel histogramKernel =
      hostKernel<&histogram<4096>>(host, "histogram<4096>", {"x", "counts"});
  Kernel scaleKernel = hostKernel<&scale_pieces<1024>>(
      host, "scale_pieces<1024>", {"y", "x", "a"});
};

} // namespace

TEST(HostKernel, DerivesTheSignatureFromTheFunction) {
  KernelInfo info = kernelSignature<&transpose<32>>("transpose<32>");
  ASSERT_EQ(info.params.size(), 2u);
  EXPECT_EQ(info.params[0].kind, ParamKind::Piece);
  EXPECT_EQ(info.params[0].dtype, "f32");
  EXPECT_EQ(info.params[0].tile, (std::vector<int64_t>{32, 32}));
  EXPECT_EQ(info.params[1].kind, ParamKind::View);
  EXPECT_EQ(info.params[1].rank, 2);
  EXPECT_EQ(info.params[0].name, "#0");
  KernelInfo saxpyInfo = kernelSignature<&saxpy<2048>>("saxpy<2048>");
  EXPECT_EQ(saxpyInfo.params[2].kind, ParamKind::Scalar);
  EXPECT_EQ(saxpyInfo.params[2].dtype, "f32");
  EXPECT_THROW(kernelSignature<&saxpy<2048>>("saxpy<2048>", {"y"}), Error);
}

TEST(HostKernel, CacheMetadataMustMatchTheFunction) {
  KernelInfo expected = kernelSignature<&saxpy<2048>>("saxpy<2048>");
  KernelInfo cached = expected;
  EXPECT_NO_THROW(checkSameSignature(cached, expected));
  cached.params[0].tile = {1024};
  EXPECT_TRUE(throwsWith([&] { checkSameSignature(cached, expected); },
                         "does not match"));
  cached = expected;
  cached.params.pop_back();
  EXPECT_THROW(checkSameSignature(cached, expected), Error);
}

TEST_F(Launch, WritesThePiecesAndGivesTheTensorBack) {
  int64_t n = 5000; // ragged: the last piece is partial
  Tensor y = random({n}, 1), x = random({n}, 2);
  std::vector<float> before = y.toHost<float>(stream);
  std::vector<float> xs = x.toHost<float>(stream);
  Future<Tensor> done =
      launch(stream, saxpyKernel, std::move(y).partition({2048}), x, 3.0f);
  EXPECT_FALSE(y.valid());
  Tensor back = std::move(done).get();
  std::vector<float> after = back.toHost<float>(stream);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(after[i], 3.0f * xs[i] + before[i]) << i;
}

TEST_F(Launch, TwoOutputsComeBackAsATuple) {
  Tensor x = random({3000}, 3);
  Tensor a = Tensor::empty(host, "f32", {3000});
  Tensor b = Tensor::empty(host, "f32", {3000});
  Kernel twice =
      hostKernel<&copy_twice<1024>>(host, "copy_twice<1024>", {"a", "b", "x"});
  auto [ra, rb] = launch(stream, twice, std::move(a).partition({1024}),
                         std::move(b).partition({1024}), x)
                      .get();
  std::vector<float> xs = x.toHost<float>(stream);
  std::vector<float> va = ra.toHost<float>(stream),
                     vb = rb.toHost<float>(stream);
  for (size_t i = 0; i < xs.size(); ++i) {
    ASSERT_EQ(va[i], xs[i]);
    ASSERT_EQ(vb[i], xs[i] + xs[i]);
  }
}

TEST_F(Launch, TwoDimensionalPartitions) {
  Tensor x = random({70, 45}, 4);
  Tensor out = Tensor::empty(host, "f32", {45, 70});
  Kernel kernel = hostKernel<&transpose<32>>(host, "transpose<32>");
  Tensor t =
      launch(stream, kernel, std::move(out).partition({32, 32}), x).get();
  std::vector<float> xs = x.toHost<float>(stream), ts = t.toHost<float>(stream);
  for (int64_t r = 0; r < 70; ++r)
    for (int64_t c = 0; c < 45; ++c)
      ASSERT_EQ(ts[c * 70 + r], xs[r * 45 + c]);
}

TEST_F(Launch, UsingAPartitionedTensorIsAnError) {
  Tensor y = random({100}, 5), x = random({100}, 6);
  Partition part = std::move(y).partition({2048});
  EXPECT_TRUE(throwsWith([&] { y.fill(stream, 0); }, "was moved"));
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, addKernel,
               Tensor::empty(host, "f32", {100}).partition({2048}), x, y);
      },
      "was moved"));
  // A view given directly is checked by the launch.
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, addKernel,
               Tensor::empty(host, "f32", {100}).partition({2048}), x,
               TensorView());
      },
      "a launch argument is a tensor that was moved; take it back from its "
      "launch's future"));
  Tensor back = std::move(part).unpartition();
  EXPECT_TRUE(back.valid());
}

TEST_F(Launch, RejectsABufferThatIsBothOutputAndInput) {
  Tensor y = random({4096}, 7);
  TensorView alias = y.view();
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, saxpyKernel, std::move(y).partition({2048}), alias,
               2.0f);
      },
      "both an output piece ('y') and an input view ('x')"));
}

TEST_F(Launch, RejectsPiecesOtherThanTheKernels) {
  Tensor y = random({4096}, 8), x = random({4096}, 9);
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, saxpyKernel, std::move(y).partition({1024}), x, 2.0f);
      },
      "takes pieces of [2048]; the partition has pieces of [1024], so the "
      "kernel's programs would not cover the tensor exactly"));
}

TEST_F(Launch, RejectsAnElementTypeOtherThanTheSignatures) {
  Tensor y = random({4096}, 10), x = random({4096}, 11, "f16");
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, saxpyKernel, std::move(y).partition({2048}), x, 2.0f);
      },
      "parameter 'x' holds f32, got a tensor of f16"));
  Tensor z = random({4096}, 12), w = random({4096}, 13);
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, saxpyKernel, std::move(z).partition({2048}), w,
               int32_t(2));
      },
      "parameter 'a' is f32, got a scalar of i32"));
}

TEST_F(Launch, RejectsARankOtherThanTheSignatures) {
  Tensor y = random({4096}, 14), x = random({64, 64}, 15);
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, saxpyKernel, std::move(y).partition({2048}), x, 2.0f);
      },
      "parameter 'x' has rank 1, got a tensor of rank 2"));
}

TEST_F(Launch, RejectsPartitionsOfDifferentGrids) {
  Tensor a = random({4096}, 16), b = random({2048}, 17), x = random({4096}, 18);
  Kernel twice =
      hostKernel<&copy_twice<1024>>(host, "copy_twice<1024>", {"a", "b", "x"});
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, twice, std::move(a).partition({1024}),
               std::move(b).partition({1024}), x);
      },
      "'b' is partitioned into a grid of 2x1x1, the first piece 'a' into "
      "4x1x1"));
}

TEST_F(Launch, RejectsATensorForAnOutputAndAPartitionForAnInput) {
  Tensor y = random({4096}, 19), x = random({4096}, 20);
  Tensor y2 = random({4096}, 21), x2 = random({4096}, 22);
  EXPECT_TRUE(throwsWith([&] { launch(stream, saxpyKernel, y, x, 2.0f); },
                         "parameter 'y' is an output piece; got a read-only "
                         "tensor"));
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, saxpyKernel, std::move(y2).partition({2048}),
               std::move(x2).partition({2048}), 2.0f);
      },
      "parameter 'x' is a read-only input; got a partition"));
}

TEST_F(Launch, RejectsAWrongNumberOfArguments) {
  Tensor y = random({4096}, 23), x = random({4096}, 24);
  EXPECT_TRUE(throwsWith(
      [&] { launch(stream, saxpyKernel, std::move(y).partition({2048}), x); },
      "expected 3 arguments, got 2"));
}

TEST_F(Launch, ARejectedLaunchGivesThePartitionedTensorsBack) {
  Tensor a = random({4096}, 25), b = random({2048}, 26), x = random({4096}, 27);
  std::vector<float> as = a.toHost<float>(stream), bs = b.toHost<float>(stream);
  Kernel twice =
      hostKernel<&copy_twice<1024>>(host, "copy_twice<1024>", {"a", "b", "x"});
  try {
    launch(stream, twice, std::move(a).partition({1024}),
           std::move(b).partition({1024}), x);
    FAIL() << "the launch was not rejected";
  } catch (const RejectedLaunch &rejected) {
    EXPECT_NE(std::string(rejected.what()).find("is partitioned into a grid"),
              std::string::npos);
    ASSERT_EQ(rejected.tensors().size(), 2u);
    a = std::move(rejected.tensors()[0]);
    b = std::move(rejected.tensors()[1]);
  }
  EXPECT_EQ(a.toHost<float>(stream), as);
  EXPECT_EQ(b.toHost<float>(stream), bs);

  // A bad input after the partition: the partition comes back too.
  Tensor moved = std::move(x);
  try {
    launch(stream, saxpyKernel, std::move(a).partition({2048}), x, 2.0f);
    FAIL() << "the launch was not rejected";
  } catch (const RejectedLaunch &rejected) {
    ASSERT_EQ(rejected.tensors().size(), 1u);
    a = std::move(rejected.tensors()[0]);
  }
  EXPECT_EQ(a.toHost<float>(stream), as);
}

TEST(Partition, RejectsShapesThatDoNotFitTheTensor) {
  Device host = Device::host();
  EXPECT_TRUE(throwsWith(
      [&] {
        Tensor::empty(host, "f32", {8, 8}).partition({4});
      },
      "one piece extent per dimension"));
  EXPECT_TRUE(
      throwsWith([&] { Tensor::empty(host, "f32", {8}).partition({0}); },
                 "every extent must be positive"));
  EXPECT_TRUE(throwsWith(
      [&] {
        Tensor::empty(host, "f32", {2, 2, 2, 2}).partition({1, 1, 1, 1});
      },
      "one to three"));
}

TEST(Partition, RejectsTensorsWhoseElementsOverlap) {
  std::vector<float> memory(64);
  auto address = reinterpret_cast<uint64_t>(memory.data());
  Device host = Device::host();
  EXPECT_TRUE(throwsWith(
      [&] {
        Tensor::borrow(host, address, "f32", {4, 8}, {4, 1}).partition({1, 8});
      },
      "pieces would not be disjoint"));
  EXPECT_TRUE(throwsWith(
      [&] {
        Tensor::borrow(host, address, "f32", {4, 8}, {0, 1}).partition({1, 8});
      },
      "pieces would not be disjoint"));
  // Padded rows do not overlap.
  Partition padded(Tensor::borrow(host, address, "f32", {4, 6}, {8, 1}),
                   {2, 4});
  EXPECT_EQ(padded.grid(), (std::array<int64_t, 3>{2, 2, 1}));
}

TEST_F(Launch, AKernelFailureSurfacesWhenWaitedFor) {
  // A view whose rank the kernel's loads do not expect cannot be built, so
  // fail through the host kernel instead: an out-of-range grid axis.
  Kernel failing(
      host, kernelSignature<&saxpy<2048>>("failing", {"y", "x", "a"}),
      std::make_shared<HostKernelCode>([](std::span<const KernelArg>) {
        throw std::out_of_range("grid axis 3");
      }));
  Tensor y = random({10}, 25), x = random({10}, 26);
  Future<Tensor> done =
      launch(stream, failing, std::move(y).partition({2048}), x, 1.0f);
  EXPECT_TRUE(throwsWith([&] { std::move(done).get(); },
                         "host-mode launch of failing failed: grid axis 3"));
}

TEST(HostKernel, DerivesInputPiecesAndAtomicOutputs) {
  KernelInfo info = kernelSignature<&histogram<4096>>("histogram<4096>");
  ASSERT_EQ(info.params.size(), 2u);
  EXPECT_EQ(info.params[0].kind, ParamKind::InputPiece);
  EXPECT_EQ(info.params[0].dtype, "i32");
  EXPECT_EQ(info.params[0].rank, 1);
  EXPECT_EQ(info.params[0].tile, (std::vector<int64_t>{4096}));
  EXPECT_EQ(info.params[1].kind, ParamKind::Atomic);
  EXPECT_EQ(info.params[1].dtype, "i32");
  EXPECT_EQ(info.params[1].rank, 1);
  EXPECT_TRUE(info.params[1].tile.empty());
  // An output piece of the same type is another parameter.
  KernelInfo scale = kernelSignature<&scale_pieces<1024>>("scale_pieces");
  EXPECT_EQ(scale.params[0].kind, ParamKind::Piece);
  EXPECT_EQ(scale.params[1].kind, ParamKind::InputPiece);
  KernelInfo cached = scale;
  cached.params[1].kind = ParamKind::Piece;
  EXPECT_TRUE(throwsWith([&] { checkSameSignature(cached, scale); },
                         "parameter 1 is a piece of f32 in the cache, an "
                         "input_piece of f32 in the program"));
}

TEST_F(Launch, AnAtomicOutputCountsWhatEveryProgramAdds) {
  // Three programs, the last partial; values on both sides of the bins.
  int64_t n = 10000, bins = 50;
  Tensor x = random({n}, 28, "i32");
  x.fillRandom(stream, 28, -5, double(bins + 5));
  std::vector<int32_t> values = x.toHost<int32_t>(stream);
  std::vector<int32_t> expected = histogramOf(values, bins);
  Tensor counts = Tensor::empty(host, "i32", {bins});
  counts.fill(stream, 0);
  Future<Tensor> done =
      launch(stream, histogramKernel, x, std::move(counts).atomic());
  EXPECT_FALSE(counts.valid());
  counts = std::move(done).get();
  EXPECT_EQ(counts.toHost<int32_t>(stream), expected);
  // The launch adds to what the tensor holds; an input piece may be given
  // as a view.
  counts = launch(stream, histogramKernel, x.view(), std::move(counts).atomic())
               .get();
  for (int32_t &count : expected)
    count *= 2;
  EXPECT_EQ(counts.toHost<int32_t>(stream), expected);
}

TEST_F(Launch, InputPiecesFeedOutputPieces) {
  Tensor x = random({3000}, 29), y = Tensor::empty(host, "f32", {3000});
  std::vector<float> xs = x.toHost<float>(stream);
  Tensor scaled =
      launch(stream, scaleKernel, std::move(y).partition({1024}), x, 0.5f)
          .get();
  std::vector<float> ys = scaled.toHost<float>(stream);
  for (size_t i = 0; i < xs.size(); ++i)
    ASSERT_EQ(ys[i], 0.5f * xs[i]) << i;
  // An input piece of another grid than the output piece's.
  Tensor shorter = random({2048}, 30);
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, scaleKernel, std::move(scaled).partition({1024}),
               shorter, 0.5f);
      },
      "parameter 'x' is partitioned into a grid of 2x1x1, the first piece "
      "'y' into 3x1x1"));
}

TEST_F(Launch, RejectsOutputsPassedAsTheOtherKindOfOutput) {
  Tensor x = random({5000}, 31, "i32");
  Tensor counts = Tensor::empty(host, "i32", {64});
  std::vector<int32_t> before = counts.toHost<int32_t>(stream);
  // A read-only tensor or a partition for an atomic output.
  EXPECT_TRUE(throwsWith(
      [&] { launch(stream, histogramKernel, x, counts); },
      "parameter 'counts' is an atomic output; got a read-only tensor: move "
      "the tensor in whole with std::move(t).atomic()"));
  try {
    launch(stream, histogramKernel, x, std::move(counts).partition({64}));
    FAIL() << "the launch was not rejected";
  } catch (const RejectedLaunch &rejected) {
    EXPECT_NE(std::string(rejected.what())
                  .find("parameter 'counts' is an atomic output; got a "
                        "partition: move the tensor in whole"),
              std::string::npos)
        << rejected.what();
    ASSERT_EQ(rejected.tensors().size(), 1u);
    counts = std::move(rejected.tensors()[0]);
  }
  EXPECT_EQ(counts.toHost<int32_t>(stream), before);

  // An atomic output for an output piece.
  Tensor y = random({3000}, 32), in = random({3000}, 33);
  try {
    launch(stream, scaleKernel, std::move(y).atomic(), in, 1.0f);
    FAIL() << "the launch was not rejected";
  } catch (const RejectedLaunch &rejected) {
    EXPECT_NE(std::string(rejected.what())
                  .find("parameter 'y' is an output piece; got an atomic "
                        "output: move the tensor into a partition"),
              std::string::npos)
        << rejected.what();
    ASSERT_EQ(rejected.tensors().size(), 1u);
    y = std::move(rejected.tensors()[0]);
  }
  EXPECT_TRUE(y.valid());
}

TEST_F(Launch, RejectsOutputsForInputPiecesAndViews) {
  Tensor x = random({5000}, 34, "i32");
  Tensor counts = Tensor::empty(host, "i32", {64});
  std::vector<int32_t> xs = x.toHost<int32_t>(stream);
  // A partition for an input piece: both outputs come back, in order.
  try {
    launch(stream, histogramKernel, std::move(x).partition({4096}),
           std::move(counts).atomic());
    FAIL() << "the launch was not rejected";
  } catch (const RejectedLaunch &rejected) {
    EXPECT_NE(std::string(rejected.what())
                  .find("parameter 'x' is a read-only input piece; got a "
                        "partition, which is an output: pass the tensor or a "
                        "view of it"),
              std::string::npos)
        << rejected.what();
    ASSERT_EQ(rejected.tensors().size(), 2u);
    x = std::move(rejected.tensors()[0]);
    counts = std::move(rejected.tensors()[1]);
  }
  EXPECT_EQ(x.toHost<int32_t>(stream), xs);
  EXPECT_EQ(counts.shape(), (std::vector<int64_t>{64}));
  // An atomic output for an input piece or a view.
  Tensor other = Tensor::empty(host, "i32", {64});
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, histogramKernel, std::move(x).atomic(),
               std::move(other).atomic());
      },
      "parameter 'x' is a read-only input piece; got an atomic output: pass "
      "the tensor"));
  Tensor y = random({100}, 35), in = random({100}, 36);
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, saxpyKernel, std::move(y).partition({2048}),
               std::move(in).atomic(), 2.0f);
      },
      "parameter 'x' is a read-only input; got an atomic output"));
}

TEST_F(Launch, RejectsAnAtomicOutputSharingAnInputsMemory) {
  Tensor x = random({4096}, 37, "i32");
  // The counts are x's first 64 elements.
  Tensor counts = Tensor::borrow(host, x.view().address(), "i32", {64});
  EXPECT_TRUE(throwsWith(
      [&] { launch(stream, histogramKernel, x, std::move(counts).atomic()); },
      "a buffer is both an atomic output ('counts') and an input piece "
      "('x')"));
}

TEST(AtomicOutput, TakesTensorsThatAtomicsUpdate) {
  Device host = Device::host();
  Tensor flags = Tensor::empty(host, "i1", {8});
  EXPECT_TRUE(throwsWith([&] { AtomicOutput refused(std::move(flags)); },
                         "a tensor of i1 cannot be an atomic output"));
  // Refused, the tensor stays with its owner.
  EXPECT_TRUE(flags.valid());
  Tensor sums = Tensor::empty(host, "bf16", {2, 3});
  AtomicOutput output = std::move(sums).atomic();
  EXPECT_FALSE(sums.valid());
  EXPECT_EQ(output.view().shape(), (std::vector<int64_t>{2, 3}));
  Tensor back = std::move(output).release();
  EXPECT_EQ(back.dtype(), "bf16");
  EXPECT_TRUE(throwsWith([&] { std::move(sums).atomic(); }, "was moved"));
}
