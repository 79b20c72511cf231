//===- TypedKernelTest.cpp - Kernels called like functions in host mode ---===//

#include "saxpy.h"
#include "transpose.h"

#include "tile/runtime/TypedKernel.h"

#include "ThrowsWith.h"

#include <gtest/gtest.h>

using namespace tile::rt;

namespace {
using Saxpy =
    TypedKernel<tile::Piece<float, 2048>, tile::View<float, 1>, float>;
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
