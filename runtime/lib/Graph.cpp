//===- Graph.cpp - Launches captured once and replayed --------------------===//

#include "tile/runtime/Graph.h"

#include <iterator>
#include <utility>

using namespace tile::rt;

void Graph::replay(Stream &stream) {
  if (!(stream.device() == state->device))
    throw Error("a graph captured on " + state->device.name() +
                " cannot be replayed on a stream of " + stream.device().name());
  state->capture.graph->replay(stream.backend());
  stream.retain(state);
  if (!state->retired.empty())
    stream.retain(std::make_shared<std::vector<std::shared_ptr<const void>>>(
        std::exchange(state->retired, {})));
}

void Graph::updateLaunch(size_t index, detail::LaunchArguments &launch) {
  std::vector<Kernel> &launches = state->capture.launches;
  if (index >= launches.size())
    throw Error("update of launch " + std::to_string(index) +
                " of a graph of " + std::to_string(launches.size()) +
                " launches");
  const Kernel &kernel = launches[index];
  LaunchPlan plan = detail::checkLaunch(state->device, kernel, launch);
  if (plan.empty())
    throw Error("update of launch " + std::to_string(index) + " (" +
                kernel.info().name +
                "): an output with no elements leaves nothing to launch");
  state->capture.graph->updateLaunch(index, kernel.code(), kernel.info(), plan,
                                     launch.added());
  state->updated.resize(launches.size());
  std::vector<std::shared_ptr<const void>> &held = state->updated[index];
  std::move(held.begin(), held.end(), std::back_inserter(state->retired));
  held.clear();
  for (const TensorView *tensor : launch.tensors.first(launch.count))
    if (tensor)
      held.push_back(tensor->memory());
}
