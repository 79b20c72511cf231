//===- Stream.cpp - An ordered queue of work on a device ------------------===//

#include "tile/runtime/Stream.h"
#include "LaunchMemo.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/TensorView.h"

#include <algorithm>
#include <deque>
#include <mutex>
#include <optional>

using namespace tile::rt;

namespace {
/// Resources kept alive in batches: a batch goes once an event after its
/// work has completed. One event per batch (every 85 launches of three
/// tensors, say) keeps launches almost free of event records.
constexpr size_t kRetainBatch = 256;
/// How many of the latest held resources a hold looks through for the same
/// one.
constexpr size_t kRecentHolds = 8;
} // namespace

struct Stream::State {
  State(Device device)
      : device(std::move(device)),
        backend(this->device.backend().createStream()) {}
  ~State() {
    try {
      backend->synchronize();
    } catch (...) {
      // A failure of queued work that nobody waited for: the owner is gone.
    }
  }

  /// Lets go of the batches whose work has completed.
  void reclaim() {
    while (!batches.empty() && batches.front().first->query())
      batches.pop_front();
  }

  /// Keeps `resource` until the work queued so far has run; the caller
  /// holds `mutex` and is not capturing.
  template <class T> void hold(const std::shared_ptr<T> &resource) {
    // The pending batch's event will follow this work, so a resource it
    // already holds needs no second reference; launches in a loop reuse
    // the last few (kernel, outputs, inputs), and their holds then cost no
    // reference count (an atomic operation) and never fill a batch.
    const void *object = resource.get();
    size_t recent = std::min(pending.size(), kRecentHolds);
    for (size_t i = pending.size() - recent; i < pending.size(); ++i)
      if (pending[i].get() == object)
        return;
    pending.push_back(resource);
    if (pending.size() < kRetainBatch)
      return;
    batches.emplace_back(backend->record(), std::move(pending));
    pending.clear();
    pending.reserve(kRetainBatch);
    reclaim();
  }

  Device device;
  std::unique_ptr<StreamBackend> backend;
  std::mutex mutex;
  std::vector<std::shared_ptr<const void>> pending;
  std::deque<std::pair<std::unique_ptr<EventBackend>,
                       std::vector<std::shared_ptr<const void>>>>
      batches;
  std::optional<Capture> capture;
  LaunchMemo plans;
};

Stream::Stream(Device device) : state(std::make_shared<State>(device)) {}

const Device &Stream::device() const { return state->device; }

StreamBackend &Stream::backend() const { return *state->backend; }

Event Stream::record() {
  if (capturing())
    throw Error("an event cannot be recorded while the stream captures a "
                "graph: captured work runs only when the graph is replayed");
  return Event(state->backend->record());
}

void Stream::wait(const Event &event) {
  if (capturing())
    throw Error("a capturing stream cannot wait for an event: a graph "
                "captures the work of one stream");
  state->backend->wait(event.backend());
}

void Stream::synchronize() {
  state->backend->synchronize();
  std::lock_guard lock(state->mutex);
  state->pending.clear();
  state->batches.clear();
}

void Stream::retain(std::shared_ptr<const void> resource) {
  std::lock_guard lock(state->mutex);
  if (state->capture)
    state->capture->resources.push_back(std::move(resource));
  else
    state->hold(std::move(resource));
}

void Stream::launch(const Kernel &kernel, std::span<const KernelArgRef> args,
                    std::span<const TensorView *const> tensors) {
  // One lock for the whole launch: the plans, the queue and the holds.
  std::lock_guard lock(state->mutex);
  LaunchPlan &plan = state->plans.plan(kernel, args);
  if (plan.empty()) {
    if (state->capture)
      throw Error("launch of " + kernel.info().name +
                  ": an output with no elements cannot be captured into a "
                  "graph (there is no launch to replay)");
    return;
  }
  state->backend->launch(kernel.code(), kernel.info(), plan, args);
  // The memo keeps the code of the kernels it remembers.
  std::optional<Kernel> forgotten = state->plans.takeForgotten();
  if (state->capture) {
    state->capture->launches.push_back(kernel);
    if (forgotten)
      state->capture->resources.push_back(forgotten->code());
    for (const TensorView *tensor : tensors)
      if (tensor)
        state->capture->resources.push_back(tensor->memory());
    return;
  }
  if (forgotten)
    state->hold(forgotten->code());
  for (const TensorView *tensor : tensors)
    if (tensor)
      state->hold(tensor->memory());
}

void Stream::beginCapture() {
  if (capturing())
    throw Error("the stream is already capturing a graph");
  state->backend->beginCapture();
  std::lock_guard lock(state->mutex);
  state->capture.emplace();
}

bool Stream::capturing() const {
  std::lock_guard lock(state->mutex);
  return state->capture.has_value();
}

Capture Stream::endCapture() {
  if (!capturing())
    throw Error("the stream is not capturing a graph");
  std::unique_ptr<GraphBackend> graph;
  try {
    graph = state->backend->endCapture();
  } catch (...) {
    std::lock_guard lock(state->mutex);
    state->capture.reset();
    throw;
  }
  std::lock_guard lock(state->mutex);
  Capture capture = std::move(*state->capture);
  state->capture.reset();
  capture.graph = std::move(graph);
  return capture;
}
