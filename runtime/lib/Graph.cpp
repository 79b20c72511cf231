//===- Graph.cpp - Launches captured once and replayed --------------------===//

#include "tile/runtime/Graph.h"

using namespace tile::rt;

void Graph::replay(Stream &stream) {
  if (!(stream.device() == state->device))
    throw Error("a graph captured on " + state->device.name() +
                " cannot be replayed on a stream of " + stream.device().name());
  state->capture.graph->replay(stream.backend());
  stream.retain(state);
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
  for (const TensorView *tensor : launch.tensors.first(launch.count))
    if (tensor)
      state->capture.resources.push_back(tensor->memory());
}
