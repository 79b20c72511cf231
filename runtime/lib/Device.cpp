//===- Device.cpp - The CPU or a GPU that tensors and streams live on -----===//

#include "tile/runtime/Device.h"
#include "tile/runtime/Error.h"

#include "Backends.h"

#include <charconv>
#include <map>
#include <mutex>

using namespace tile::rt;

namespace {
/// Devices alive now, so that asking twice gives the same device.
struct Registry {
  std::mutex mutex;
  std::weak_ptr<Backend> host;
  std::map<int, std::weak_ptr<Backend>> cuda;
};

Registry &registry() {
  static Registry instance;
  return instance;
}
} // namespace

Device Device::host() {
  Registry &devices = registry();
  std::lock_guard lock(devices.mutex);
  std::shared_ptr<Backend> backend = devices.host.lock();
  if (!backend) {
    backend = makeHostBackend();
    devices.host = backend;
  }
  return Device(std::move(backend));
}

Device Device::cuda(int ordinal) {
  Registry &devices = registry();
  std::lock_guard lock(devices.mutex);
  std::shared_ptr<Backend> backend = devices.cuda[ordinal].lock();
  if (!backend) {
    backend = makeCudaBackend(ordinal);
    devices.cuda[ordinal] = backend;
  }
  return Device(std::move(backend));
}

Device Device::named(std::string_view name) {
  if (name == "host")
    return host();
  if (name == "cuda")
    return cuda(0);
  int ordinal = -1;
  if (name.starts_with("cuda:")) {
    std::string_view digits = name.substr(5);
    auto [end, error] =
        std::from_chars(digits.data(), digits.data() + digits.size(), ordinal);
    if (error == std::errc() && end == digits.data() + digits.size() &&
        ordinal >= 0)
      return cuda(ordinal);
  }
  throw Error("unknown device '" + std::string(name) +
              "' (devices: host, cuda, cuda:N)");
}

bool Device::cudaBuilt() { return cudaBackendBuilt(); }
