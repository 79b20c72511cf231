//===- TypedKernelTest.cpp - Kernels called like functions in host mode ---===//

#include "saxpy.h"
#include "transpose.h"

#include "HistogramKernel.h"

#include "tile/runtime/TypedKernel.h"

#include "ThrowsWith.h"

#include <gtest/gtest.h>

using namespace tile::rt;

namespace {
using Saxpy =
    TypedKernel<tile::Piece<float, 2048>, tile::View<float, 1>, float>;
using Histogram =
    TypedKernel<tile::Piece<const int32_t, 4096>, tile::Atomic<int32_t, 1>>;
using ScalePieces = TypedKernel<tile::Piece<float, 1024>,
                                tile::Piece<const float, 1024>, float>;
} // namespace

TEST(TypedKernel, CallsTheKernelLikeAFunction) {
  Device host = Device::host();
  Stream stream(host);
  Saxpy saxpy(hostKernel<&::saxpy<2048>>(host, "saxpy<2048>"));
  auto x = TensorOf<float, 1>::empty(host, {5000});
  auto y = TensorOf<float, 1>::empty(host, {5000});
  x.untyped().fill(stream, 2.0);
  y.untyped().fill(stream, 1.0);
  TensorOf<float, 1> result = saxpy(stream, std::move(y), x, 3.0f).get();
  EXPECT_EQ(result.untyped().toHost<float>(stream),
            std::vector<float>(5000, 7.0f));
}

TEST(TypedKernel, RejectsAKernelOfAnotherSignature) {
  Device host = Device::host();
  EXPECT_TRUE(throwsWith(
      [&] { Saxpy(hostKernel<&transpose<32>>(host, "transpose<32>")); },
      "does not match"));
}

TEST(TypedKernel, RejectsATensorOfAnotherTypeOrRank) {
  Device host = Device::host();
  EXPECT_TRUE(throwsWith(
      [&] { TensorOf<float, 1>(Tensor::empty(host, "f16", {4})); }, "f16"));
  EXPECT_TRUE(throwsWith(
      [&] {
        TensorOf<float, 1>(Tensor::empty(host, "f32", {4, 4}));
      },
      "has not rank 1"));
}

TEST(TypedKernel, TakesAnAtomicOutputWholeAndGivesItBack) {
  Device host = Device::host();
  Stream stream(host);
  Histogram count(hostKernel<&::histogram<4096>>(host, "histogram<4096>"));
  auto x = TensorOf<int32_t, 1>::empty(host, {9000});
  x.untyped().fillRandom(stream, 7, -4, 40);
  auto counts = TensorOf<int32_t, 1>::empty(host, {32});
  counts.untyped().fill(stream, 0);
  // The input piece is read in place, the atomic output moved in whole.
  TensorOf<int32_t, 1> result = count(stream, x, std::move(counts)).get();
  EXPECT_EQ(result.untyped().toHost<int32_t>(stream),
            histogramOf(x.untyped().toHost<int32_t>(stream), 32));
}

TEST(TypedKernel, ReadsInputPiecesAndReturnsTheOutputPiece) {
  Device host = Device::host();
  Stream stream(host);
  ScalePieces scale(
      hostKernel<&::scale_pieces<1024>>(host, "scale_pieces<1024>"));
  auto x = TensorOf<float, 1>::empty(host, {1500});
  auto y = TensorOf<float, 1>::empty(host, {1500});
  x.untyped().fill(stream, 3.0);
  TensorOf<float, 1> result = scale(stream, std::move(y), x, 2.0f).get();
  EXPECT_EQ(result.untyped().toHost<float>(stream),
            std::vector<float>(1500, 6.0f));
}

TEST(TypedKernel, TellsInputPiecesFromOutputPieces) {
  Device host = Device::host();
  // An output piece where the kernel has an input piece.
  using Writing =
      TypedKernel<tile::Piece<int32_t, 4096>, tile::Atomic<int32_t, 1>>;
  EXPECT_TRUE(throwsWith(
      [&] { Writing(hostKernel<&::histogram<4096>>(host, "histogram<4096>")); },
      "parameter 0 is an input_piece of i32 in the cache, a piece of i32 in "
      "the program"));
}
