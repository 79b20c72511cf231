//===- HostBackend.cpp - The CPU as a device: host mode -------------------===//
//
// Host memory stands in for device memory, and each stream is a worker
// thread that runs its queue in order, so that host mode is asynchronous as
// a GPU is: work runs after the call that queued it returns, streams
// overlap, and events order them.
//
//===----------------------------------------------------------------------===//

#include "tile/runtime/Error.h"
#include "tile/runtime/HostKernel.h"

#include "../Backends.h"
#include "CpuGemm.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <set>
#include <thread>

using namespace tile::rt;

namespace {

using Task = std::function<void()>;

/// The state an event shares with the task that completes it.
struct EventState {
  std::mutex mutex;
  std::condition_variable completed;
  bool done = false;
  std::chrono::steady_clock::time_point when;

  void complete() {
    std::lock_guard lock(mutex);
    done = true;
    when = std::chrono::steady_clock::now();
    completed.notify_all();
  }
  void wait() {
    std::unique_lock lock(mutex);
    completed.wait(lock, [&] { return done; });
  }
};

class HostEvent : public EventBackend {
public:
  explicit HostEvent(std::shared_ptr<EventState> state)
      : state(std::move(state)) {}

  bool query() override {
    std::lock_guard lock(state->mutex);
    return state->done;
  }
  void synchronize() override { state->wait(); }
  float millisecondsSince(EventBackend &start) override {
    auto &begin = dynamic_cast<HostEvent &>(start);
    synchronize();
    begin.synchronize();
    return std::chrono::duration<float, std::milli>(state->when -
                                                    begin.state->when)
        .count();
  }
  const std::shared_ptr<EventState> &shared() const { return state; }

private:
  std::shared_ptr<EventState> state;
};

/// A launch as a task: runs the grid with its own copy of `args`, naming
/// the kernel if it fails.
Task launchTask(std::shared_ptr<const KernelCode> code, std::string name,
                std::span<const KernelArgRef> borrowed) {
  std::vector<KernelArg> args;
  args.reserve(borrowed.size());
  for (const KernelArgRef &arg : borrowed)
    args.push_back(own(arg));
  auto *host = dynamic_cast<const HostKernelCode *>(code.get());
  if (!host)
    throw Error("launch of " + name +
                " in host mode: the kernel's code is not host code; make it "
                "with hostKernel or kernelFor on the host device");
  return [code = std::move(code), host, name = std::move(name),
          args = std::move(args)] {
    try {
      host->run(args);
    } catch (const std::exception &e) {
      throw Error("host-mode launch of " + name + " failed: " + e.what());
    }
  };
}

class HostStream;

/// Captured tasks; the launches among them can take new arguments.
class HostGraph : public GraphBackend {
public:
  void add(Task task) { tasks.push_back(std::move(task)); }
  void addLaunch(Task task) {
    launches.push_back(tasks.size());
    add(std::move(task));
  }
  void updateLaunch(size_t index, const std::shared_ptr<const KernelCode> &code,
                    const KernelInfo &info, LaunchPlan &,
                    std::span<const KernelArgRef> args) override {
    tasks.at(launches.at(index)) = launchTask(code, info.name, args);
  }
  void replay(StreamBackend &stream) override;

private:
  std::vector<Task> tasks;
  std::vector<size_t> launches;
};

/// The live streams of the host device, for Device::synchronize.
struct StreamSet {
  std::mutex mutex;
  std::set<HostStream *> streams;
};

class HostStream : public StreamBackend {
public:
  explicit HostStream(std::shared_ptr<StreamSet> set)
      : set(std::move(set)), worker([this] { work(); }) {
    std::lock_guard lock(this->set->mutex);
    this->set->streams.insert(this);
  }
  ~HostStream() override {
    {
      std::lock_guard lock(set->mutex);
      set->streams.erase(this);
    }
    {
      std::lock_guard lock(mutex);
      stopping = true;
    }
    changed.notify_all();
    worker.join();
  }

  /// Queues `task`, or records it while capturing.
  void enqueue(Task task, bool isLaunch = false) {
    std::lock_guard lock(mutex);
    if (capture) {
      if (isLaunch)
        capture->addLaunch(std::move(task));
      else
        capture->add(std::move(task));
      return;
    }
    queue.push_back(std::move(task));
    ++queued;
    changed.notify_all();
  }

  // An empty copy queues nothing: its pointers may be null (an empty
  // vector's data), which memcpy and memmove do not take even for no bytes.
  void copyToDevice(uint64_t to, const void *from, size_t bytes) override {
    if (bytes == 0)
      return;
    enqueue([to, from, bytes] {
      std::memcpy(reinterpret_cast<void *>(to), from, bytes);
    });
  }
  void copyToHost(void *to, uint64_t from, size_t bytes) override {
    if (bytes == 0)
      return;
    enqueue([to, from, bytes] {
      std::memcpy(to, reinterpret_cast<const void *>(from), bytes);
    });
  }
  void copyOnDevice(uint64_t to, uint64_t from, size_t bytes) override {
    if (bytes == 0)
      return;
    enqueue([to, from, bytes] {
      std::memmove(reinterpret_cast<void *>(to),
                   reinterpret_cast<const void *>(from), bytes);
    });
  }
  void fill(uint64_t to, uint64_t pattern, int patternBytes,
            size_t count) override {
    enqueue([to, pattern, patternBytes, count] {
      auto *bytes = reinterpret_cast<unsigned char *>(to);
      for (size_t i = 0; i < count; ++i)
        std::memcpy(bytes + i * patternBytes, &pattern, patternBytes);
    });
  }
  void launch(const std::shared_ptr<const KernelCode> &code,
              const KernelInfo &info, LaunchPlan &,
              std::span<const KernelArgRef> args) override {
    enqueue(launchTask(code, info.name, args), /*isLaunch=*/true);
  }
  void gemm(const GemmProblem &problem) override {
    enqueue([problem] { cpuGemm(problem); });
  }
  std::unique_ptr<EventBackend> record() override {
    auto state = std::make_shared<EventState>();
    enqueue([state] { state->complete(); });
    return std::make_unique<HostEvent>(state);
  }
  void wait(EventBackend &event) override {
    std::shared_ptr<EventState> state =
        dynamic_cast<HostEvent &>(event).shared();
    enqueue([state] { state->wait(); });
  }
  void synchronize() override {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return finished == queued; });
    if (std::exception_ptr error = std::exchange(firstError, nullptr))
      std::rethrow_exception(error);
  }
  /// Waits for the work queued so far, leaving its failures to
  /// synchronize.
  void drain() {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return finished == queued; });
  }
  void beginCapture() override {
    std::lock_guard lock(mutex);
    capture = std::make_unique<HostGraph>();
  }
  std::unique_ptr<GraphBackend> endCapture() override {
    std::lock_guard lock(mutex);
    return std::move(capture);
  }
  void *nativeHandle() override { return nullptr; }

private:
  /// The worker: runs queued tasks in order; keeps the first failure for
  /// synchronize and goes on, as a GPU stream reports errors later.
  void work() {
    std::unique_lock lock(mutex);
    for (;;) {
      changed.wait(lock, [&] { return stopping || !queue.empty(); });
      if (queue.empty())
        return;
      Task task = std::move(queue.front());
      queue.pop_front();
      lock.unlock();
      std::exception_ptr error;
      try {
        task();
      } catch (...) {
        error = std::current_exception();
      }
      task = nullptr;
      lock.lock();
      if (error && !firstError)
        firstError = error;
      ++finished;
      changed.notify_all();
    }
  }

  std::mutex mutex;
  std::condition_variable changed;
  std::deque<Task> queue;
  uint64_t queued = 0, finished = 0;
  bool stopping = false;
  std::exception_ptr firstError;
  std::unique_ptr<HostGraph> capture;
  std::shared_ptr<StreamSet> set;
  std::thread worker;
};

void HostGraph::replay(StreamBackend &stream) {
  dynamic_cast<HostStream &>(stream).enqueue([tasks = tasks] {
    for (const Task &task : tasks)
      task();
  });
}

/// Alignment of host-mode allocations, as cuMemAlloc's.
constexpr size_t kAlignment = 256;

class HostBackend : public Backend {
public:
  DeviceKind kind() const override { return DeviceKind::Host; }
  std::string name() const override { return "host"; }
  std::string gpuName() const override { return {}; }
  uint64_t allocate(size_t bytes) override {
    size_t rounded =
        (std::max<size_t>(bytes, 1) + kAlignment - 1) / kAlignment * kAlignment;
    void *memory = std::aligned_alloc(kAlignment, rounded);
    if (!memory)
      throw Error("host-mode allocation of " + std::to_string(bytes) +
                  " bytes: out of memory");
    return reinterpret_cast<uint64_t>(memory);
  }
  /// Waits for the work queued on every stream first, as cuMemFree does: a
  /// fill or copy of the memory may not have run yet (its tensor may be
  /// dropped right after queueing it).
  void deallocate(uint64_t address) noexcept override {
    {
      std::lock_guard lock(streams->mutex);
      for (HostStream *stream : streams->streams)
        stream->drain();
    }
    std::free(reinterpret_cast<void *>(address));
  }
  std::optional<DeviceMemory> memory() override { return std::nullopt; }
  std::unique_ptr<StreamBackend> createStream() override {
    return std::make_unique<HostStream>(streams);
  }
  std::shared_ptr<const KernelCode>
  loadKernel(const CacheEntry &entry, const KernelInfo &info) override {
    throw Error("kernel " + info.name + " of cache entry " + entry.key +
                ": host mode runs kernels compiled into the program, not "
                "cubins; make it with hostKernel or kernelFor");
  }
  void synchronize() override {
    std::lock_guard lock(streams->mutex);
    for (HostStream *stream : streams->streams)
      stream->synchronize();
  }

private:
  std::shared_ptr<StreamSet> streams = std::make_shared<StreamSet>();
};

} // namespace

std::shared_ptr<Backend> tile::rt::makeHostBackend() {
  return std::make_shared<HostBackend>();
}
