//===- DeviceStreamTest.cpp - Devices, streams and events in host mode ----===//

#include "tile/runtime/Device.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/Stream.h"
#include "tile/runtime/Tensor.h"

#include <gtest/gtest.h>

using namespace tile::rt;

TEST(Device, HostIsOneDevice) {
  Device a = Device::host(), b = Device::named("host");
  EXPECT_TRUE(a == b);
  EXPECT_TRUE(a.isHost());
  EXPECT_EQ(a.name(), "host");
}

TEST(Device, UnknownNamesAreRejected) {
  EXPECT_THROW(Device::named("gpu"), Error);
  EXPECT_THROW(Device::named("cuda:x"), Error);
  EXPECT_THROW(Device::named("cuda:-1"), Error);
}

TEST(Device, CudaWithoutTheToolkitOrAGpuFailsWithAReason) {
  // This machine may have the toolkit but no GPU: either way, no device
  // means an Error that says why, with the CUDA error name if the driver
  // was asked.
  if (!Device::cudaBuilt()) {
    try {
      Device::cuda(0);
      FAIL() << "a CUDA device without the toolkit";
    } catch (const Error &e) {
      EXPECT_NE(std::string(e.what()).find("without the CUDA toolkit"),
                std::string::npos);
    }
  }
}

TEST(Stream, WorkRunsAfterTheCallReturnsAndInOrder) {
  Stream stream(Device::host());
  Tensor t = Tensor::empty(Device::host(), "i32", {4});
  t.fill(stream, 1);
  t.fill(stream, 7);
  EXPECT_EQ(t.toHost<int32_t>(stream), (std::vector<int32_t>{7, 7, 7, 7}));
}

TEST(Stream, AnEventOrdersTwoStreams) {
  Device host = Device::host();
  Stream first(host), second(host);
  Tensor t = Tensor::empty(host, "f32", {1 << 20});
  // The second stream's fill comes after the first's only because it waits
  // for the event; without it the two would race.
  t.fill(first, 1.0);
  Event filled = first.record();
  second.wait(filled);
  t.fill(second, 2.0);
  second.synchronize();
  EXPECT_TRUE(filled.ready());
  for (float v : t.toHost<float>(second))
    ASSERT_EQ(v, 2.0f);
}

TEST(Stream, EventsTimeTheWorkBetweenThem) {
  Stream stream(Device::host());
  Event start = stream.record();
  Tensor t = Tensor::empty(Device::host(), "f32", {1 << 20});
  t.fill(stream, 3.0);
  Event stop = stream.record();
  EXPECT_GE(stop.millisecondsSince(start), 0.0f);
  EXPECT_TRUE(stop.ready());
}

TEST(Stream, RecordAndWaitAreRejectedWhileCapturing) {
  Stream stream(Device::host());
  Event event = stream.record();
  stream.beginCapture();
  EXPECT_THROW(stream.record(), Error);
  EXPECT_THROW(stream.wait(event), Error);
  EXPECT_THROW(stream.beginCapture(), Error);
  stream.endCapture();
  EXPECT_THROW(stream.endCapture(), Error);
}

TEST(Stream, RetainedResourcesLiveUntilTheWorkRan) {
  Stream stream(Device::host());
  auto resource = std::make_shared<int>(5);
  std::weak_ptr<int> watch = resource;
  for (int i = 0; i < 200; ++i)
    stream.retain(resource);
  resource.reset();
  EXPECT_FALSE(watch.expired());
  stream.synchronize();
  EXPECT_TRUE(watch.expired());
}
