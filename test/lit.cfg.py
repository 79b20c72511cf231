# lit configuration of the tile project: tile-opt, tilecc and FileCheck.
import os
import sys

import lit.formats

config.name = "tile"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".cpp", ".test"]
config.excludes = ["Inputs", "unit", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.tile_tools_dir, config.llvm_tools_dir,
     config.environment.get("PATH", os.environ.get("PATH", ""))])
# Each test gets its own kernel cache unless it names one.
config.environment["TILE_CACHE_DIR"] = os.path.join(config.test_exec_root,
                                                    "cache-default")

config.substitutions.append(("%tile_src", config.tile_src_root))
config.substitutions.append(("%tile_obj", config.tile_obj_root))
config.substitutions.append(("%kernel_include",
                             os.path.join(config.tile_src_root, "runtime",
                                          "include")))
config.substitutions.append(("%cuda_root", config.cuda_root))
# The C++ compiler of host mode.
config.substitutions.append(("%host_cxx", config.host_cxx))
if config.has_ptxas:
    config.available_features.add("ptxas")
# Math functions link CUDA's libdevice into the PTX.
if os.path.exists(os.path.join(config.cuda_root, "nvvm", "libdevice",
                               "libdevice.10.bc")):
    config.available_features.add("libdevice")
# Test helpers written in Python run under the interpreter running lit.
config.substitutions.append(("%python", sys.executable))
