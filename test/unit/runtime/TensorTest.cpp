//===- TensorTest.cpp - Device tensors in host mode -----------------------===//

#include "tile/runtime/Tensor.h"
#include "tile/runtime/Error.h"

#include "ThrowsWith.h"

#include <gtest/gtest.h>

#include <numeric>

using namespace tile::rt;

namespace {
std::vector<float> iotaFloats(size_t n) {
  std::vector<float> values(n);
  std::iota(values.begin(), values.end(), 0.0f);
  return values;
}

} // namespace

TEST(Tensor, RoundTripsThroughHostMemory) {
  Stream stream(Device::host());
  std::vector<float> values = iotaFloats(12);
  Tensor t = Tensor::fromHost<float>(stream, values, {3, 4});
  EXPECT_EQ(t.dtype(), "f32");
  EXPECT_EQ(t.shape(), (std::vector<int64_t>{3, 4}));
  EXPECT_EQ(t.strides(), (std::vector<int64_t>{4, 1}));
  EXPECT_EQ(t.numel(), 12);
  EXPECT_EQ(t.toHost<float>(stream), values);
}

TEST(Tensor, RejectsTheWrongElementTypeAndCount) {
  Stream stream(Device::host());
  Tensor t = Tensor::empty(Device::host(), "f16", {4});
  EXPECT_TRUE(
      throwsWith([&] { t.toHost<float>(stream); }, "holds f16, not f32"));
  std::vector<tile::f16> three(3);
  EXPECT_TRUE(throwsWith([&] { t.copyFromHost<tile::f16>(stream, three); },
                         "copy of 3"));
  EXPECT_TRUE(throwsWith([] { Tensor::empty(Device::host(), "f8", {1}); },
                         "unknown element type"));
  EXPECT_TRUE(throwsWith([] { Tensor::empty(Device::host(), "f32", {-1}); },
                         "negative extent"));
}

TEST(Tensor, FillConvertsToTheElementType) {
  Stream stream(Device::host());
  Tensor h = Tensor::empty(Device::host(), "f16", {5});
  h.fill(stream, 1.5);
  for (tile::f16 v : h.toHost<tile::f16>(stream))
    EXPECT_EQ(float(v), 1.5f);
  Tensor b = Tensor::empty(Device::host(), "bf16", {3});
  b.fill(stream, -2.0);
  for (tile::bf16 v : b.toHost<tile::bf16>(stream))
    EXPECT_EQ(float(v), -2.0f);
  Tensor l = Tensor::empty(Device::host(), "i64", {3});
  l.fill(stream, -3);
  EXPECT_EQ(l.toHost<int64_t>(stream), (std::vector<int64_t>{-3, -3, -3}));
  Tensor flags = Tensor::empty(Device::host(), "i1", {2});
  flags.fill(stream, 1);
  EXPECT_EQ(flags.toHost<bool>(stream), (std::vector<bool>{true, true}));
}

TEST(Tensor, ReshapeKeepsTheElementsAndTheOwnership) {
  Device host = Device::host();
  Stream stream(host);
  std::vector<float> values = {1, 2, 3, 4, 5, 6};
  Tensor t = Tensor::fromHost<float>(stream, values, {6, 1});
  uint64_t address = t.view().address();
  Tensor row = std::move(t).reshape({1, 6});
  EXPECT_FALSE(t.valid());
  EXPECT_EQ(row.shape(), (std::vector<int64_t>{1, 6}));
  EXPECT_EQ(row.view().address(), address);
  EXPECT_EQ(row.toHost<float>(stream), values);
  // A wrong count or a strided tensor is refused, and the tensor stays.
  EXPECT_THROW(std::move(row).reshape({4}), Error);
  EXPECT_TRUE(row.valid());
  Tensor strided = Tensor::borrow(host, row.view().address(), "f32", {3}, {2},
                                  row.view().memory());
  EXPECT_THROW(std::move(strided).reshape({3, 1}), Error);
  EXPECT_TRUE(strided.valid());
}

TEST(Tensor, AFillOutlivesItsTensor) {
  Device host = Device::host();
  Stream stream(host);
  // Each tensor goes right after its fill is queued: freeing its memory
  // waits for the fill, as on a GPU (valgrind saw writes to freed memory
  // when it did not).
  for (int i = 0; i < 50; ++i)
    Tensor::empty(host, "f32", {1 << 16}).fill(stream, 1.0);
  Tensor kept = Tensor::empty(host, "f32", {4});
  kept.fill(stream, 2.0);
  EXPECT_EQ(kept.toHost<float>(stream), std::vector<float>(4, 2.0f));
}

TEST(Tensor, RandomValuesFollowTheSeedAndRange) {
  Stream stream(Device::host());
  Tensor a = Tensor::empty(Device::host(), "f32", {1000});
  Tensor b = Tensor::empty(Device::host(), "f32", {1000});
  a.fillRandom(stream, 42, -2.0, 3.0);
  b.fillRandom(stream, 42, -2.0, 3.0);
  std::vector<float> va = a.toHost<float>(stream);
  EXPECT_EQ(va, b.toHost<float>(stream));
  double sum = 0;
  for (float v : va) {
    ASSERT_GE(v, -2.0f);
    ASSERT_LT(v, 3.0f);
    sum += v;
  }
  EXPECT_NEAR(sum / 1000, 0.5, 0.2);
  b.fillRandom(stream, 43, -2.0, 3.0);
  EXPECT_NE(va, b.toHost<float>(stream));
  Tensor ints = Tensor::empty(Device::host(), "i32", {100});
  ints.fillRandom(stream, 1, 0, 10);
  for (int32_t v : ints.toHost<int32_t>(stream)) {
    ASSERT_GE(v, 0);
    ASSERT_LT(v, 10);
  }
  // The narrow types: integers floored into range, 8-bit floats rounded.
  Tensor bytes = Tensor::empty(Device::host(), "i8", {100});
  bytes.fillRandom(stream, 2, -100, 100);
  for (int8_t v : bytes.toHost<int8_t>(stream)) {
    ASSERT_GE(v, -100);
    ASSERT_LT(v, 100);
  }
  Tensor e4m3 = Tensor::empty(Device::host(), "f8e4m3", {100});
  e4m3.fillRandom(stream, 3, -2.0, 3.0);
  for (tile::f8e4m3 v : e4m3.toHost<tile::f8e4m3>(stream)) {
    ASSERT_GE(float(v), -2.0f);
    ASSERT_LE(float(v), 3.0f); // 3 - ulp may round up to 3
  }
}

TEST(TensorView, SlicesAndReshapesShareMemory) {
  Stream stream(Device::host());
  Tensor t = Tensor::fromHost<float>(stream, iotaFloats(12), {3, 4});
  TensorView rows = t.view().slice(0, 1, 3);
  EXPECT_EQ(rows.shape(), (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(rows.toHost<float>(stream),
            (std::vector<float>{4, 5, 6, 7, 8, 9, 10, 11}));
  TensorView columns = t.view().slice(1, 1, 3);
  EXPECT_FALSE(columns.isContiguous());
  EXPECT_EQ(columns.toHost<float>(stream),
            (std::vector<float>{1, 2, 5, 6, 9, 10}));
  TensorView flat = t.view().reshape({12});
  EXPECT_EQ(flat.toHost<float>(stream), iotaFloats(12));
  EXPECT_TRUE(throwsWith([&] { columns.reshape({6}); }, "not contiguous"));
  EXPECT_TRUE(throwsWith([&] { t.view().reshape({5}); }, "counts differ"));
  EXPECT_TRUE(throwsWith([&] { t.view().slice(0, 2, 4); }, "slice [2, 4)"));
  EXPECT_TRUE(throwsWith([&] { t.view().slice(2, 0, 1); }, "dimension 2"));
  EXPECT_EQ(rows.memory(), t.view().memory());
}

TEST(Tensor, BorrowsMemoryWithoutOwningIt) {
  Stream stream(Device::host());
  std::vector<float> external = iotaFloats(8);
  auto owner = std::make_shared<int>(1);
  std::weak_ptr<int> watch = owner;
  {
    Tensor t = Tensor::borrow(Device::host(),
                              reinterpret_cast<uint64_t>(external.data()),
                              "f32", {2, 2}, {4, 1}, owner);
    owner.reset();
    EXPECT_FALSE(watch.expired());
    EXPECT_EQ(t.toHost<float>(stream), (std::vector<float>{0, 1, 4, 5}));
    t.fill(stream, 9.0);
    stream.synchronize();
  }
  // The strided fill touched only the tensor's elements; the memory is the
  // caller's and still there, and the owner was let go.
  EXPECT_TRUE(watch.expired());
  EXPECT_EQ(external, (std::vector<float>{9, 9, 2, 3, 9, 9, 6, 7}));
  EXPECT_TRUE(throwsWith([] { Tensor::borrow(Device::host(), 0, "f32", {1}); },
                         "null address"));
  EXPECT_TRUE(throwsWith(
      [&] {
        Tensor::borrow(Device::host(),
                       reinterpret_cast<uint64_t>(external.data()) + 1, "f32",
                       {1});
      },
      "aligned"));
}

TEST(Tensor, StridedCopiesFromTheHostScatter) {
  Stream stream(Device::host());
  std::vector<int32_t> external(6, 0);
  Tensor t = Tensor::borrow(Device::host(),
                            reinterpret_cast<uint64_t>(external.data()), "i32",
                            {3}, {2});
  std::vector<int32_t> values = {1, 2, 3};
  t.copyFromHost<int32_t>(stream, values);
  EXPECT_EQ(external, (std::vector<int32_t>{1, 0, 2, 0, 3, 0}));
}

TEST(Tensor, AMovedTensorCannotBeUsed) {
  Stream stream(Device::host());
  Tensor t = Tensor::empty(Device::host(), "f32", {4});
  Tensor other = std::move(t);
  EXPECT_FALSE(t.valid());
  EXPECT_TRUE(other.valid());
  EXPECT_TRUE(throwsWith([&] { t.fill(stream, 1.0); }, "was moved"));
  EXPECT_TRUE(throwsWith([&] { t.toHost<float>(stream); }, "was moved"));
}
