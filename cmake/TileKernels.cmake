# tile_add_kernels(TARGET SOURCES... [INCLUDE_DIRS DIRS...]): compiles each
# kernel source with tilecc at build time into the build's kernel cache
# (${PROJECT_BINARY_DIR}/kernel-cache) and writes its manifest to
# ${PROJECT_BINARY_DIR}/kernels/<name>.json, which programs load at run time.
# INCLUDE_DIRS are searched for included kernel sources (whose .cpp and .h
# files the manifests then depend on). Needs tilecc and ptxas; without them
# the target is empty.
set(TILE_KERNEL_CACHE_DIR ${PROJECT_BINARY_DIR}/kernel-cache)
set(TILE_MANIFEST_DIR ${PROJECT_BINARY_DIR}/kernels)
set(TILE_KERNEL_ARCH "sm_90a" CACHE STRING
    "GPU architecture of built kernels (sm_90a: matrix products as warpgroup products; the cubins run on H100-class GPUs only)")

set(TILE_TUNING_RECORDS ${PROJECT_SOURCE_DIR}/tuning/records.json CACHE FILEPATH
    "Tuning records (tile-tune, docs/tuning.md) that kernel builds read; none when the file does not exist")
set(TILE_TUNING_DIR ${PROJECT_BINARY_DIR}/tuning)

file(GLOB_RECURSE TILE_KERNEL_HEADERS CONFIGURE_DEPENDS
     ${PROJECT_SOURCE_DIR}/runtime/include/tile/*.h)

# Whether tilecc can compile kernels into cubins in this build.
if(TARGET tilecc AND EXISTS ${TILE_CUDA_ROOT}/bin/ptxas)
  set(TILE_CAN_COMPILE_KERNELS ON)
else()
  set(TILE_CAN_COMPILE_KERNELS OFF)
endif()

# Adds, for each of SOURCES, a command that runs tilecc with --emit=EMIT on
# it into OUTPUT_DIR/<name>.json, and sets OUTPUTS to those files. INCLUDE_DIRS
# are searched for included kernel sources; the outputs depend on their
# .cpp and .h files, on the headers beside each source, on tilecc and the
# kernel language, and on DEPENDS. FLAGS are more tilecc flags.
function(_tile_compile_sources outputs outputDir emit)
  cmake_parse_arguments(PARSE_ARGV 3 arg "" ""
    "SOURCES;INCLUDE_DIRS;FLAGS;DEPENDS")
  set(includeFlags)
  set(includedSources)
  foreach(dir ${arg_INCLUDE_DIRS})
    get_filename_component(dir ${dir} ABSOLUTE)
    list(APPEND includeFlags -I${dir})
    file(GLOB_RECURSE dirSources CONFIGURE_DEPENDS ${dir}/*.cpp ${dir}/*.h)
    list(APPEND includedSources ${dirSources})
  endforeach()
  set(written)
  foreach(source ${arg_SOURCES})
    get_filename_component(name ${source} NAME_WE)
    get_filename_component(path ${source} ABSOLUTE)
    get_filename_component(dir ${path} DIRECTORY)
    # Helpers shared by the kernels of one directory.
    file(GLOB localHeaders CONFIGURE_DEPENDS ${dir}/*.h)
    set(output ${outputDir}/${name}.json)
    add_custom_command(
      OUTPUT ${output}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${outputDir}
      COMMAND tilecc ${path} ${includeFlags} --arch=${TILE_KERNEL_ARCH}
              --emit=${emit} --cache-dir=${TILE_KERNEL_CACHE_DIR}
              ${arg_FLAGS} -o ${output}
      DEPENDS tilecc ${path} ${TILE_KERNEL_HEADERS} ${localHeaders}
              ${includedSources} ${arg_DEPENDS}
      COMMENT "tilecc --emit=${emit} ${name}"
      VERBATIM)
    list(APPEND written ${output})
  endforeach()
  set(${outputs} ${written} PARENT_SCOPE)
endfunction()

function(tile_add_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "INCLUDE_DIRS")
  set(manifests)
  if(TILE_CAN_COMPILE_KERNELS)
    set(tuning)
    set(tuningRecords)
    if(EXISTS ${TILE_TUNING_RECORDS})
      set(tuning --tuning-records=${TILE_TUNING_RECORDS})
      set(tuningRecords ${TILE_TUNING_RECORDS})
    endif()
    _tile_compile_sources(manifests ${TILE_MANIFEST_DIR} manifest
      SOURCES ${arg_UNPARSED_ARGUMENTS} INCLUDE_DIRS ${arg_INCLUDE_DIRS}
      FLAGS ${tuning} DEPENDS ${tuningRecords})
  endif()
  add_custom_target(${target} ALL DEPENDS ${manifests})
endfunction()

# tile_add_tuning_spaces(TARGET SOURCES... [INCLUDE_DIRS DIRS...]): a target,
# not built by default, that compiles every configuration of the tunable
# kernels of each source into the build's kernel cache and writes its
# tuning space to ${TILE_TUNING_DIR}/<name>.json, for tile-tune on a GPU
# (docs/tuning.md).
function(tile_add_tuning_spaces target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "INCLUDE_DIRS")
  if(NOT TILE_CAN_COMPILE_KERNELS)
    return()
  endif()
  _tile_compile_sources(spaces ${TILE_TUNING_DIR} tuning-space
    SOURCES ${arg_UNPARSED_ARGUMENTS} INCLUDE_DIRS ${arg_INCLUDE_DIRS})
  add_custom_target(${target} DEPENDS ${spaces})
endfunction()

# tile_add_launchers(TARGET [EMBED_CUBIN] SOURCES...): an INTERFACE library
# TARGET whose include path holds <name>_launcher.h for each kernel source
# <name>.cpp, the typed launchers that `tilecc --emit=launcher` writes at
# build time (with the cubin embedded given EMBED_CUBIN), and the sources'
# directories, since each header includes its kernel source. The kernels go
# into the build's kernel cache. Needs tilecc and ptxas
# (TILE_CAN_COMPILE_KERNELS); without them TARGET is not defined.
function(tile_add_launchers target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "EMBED_CUBIN" "" "")
  if(NOT TILE_CAN_COMPILE_KERNELS)
    return()
  endif()
  set(dir ${PROJECT_BINARY_DIR}/launchers/${target})
  set(embed)
  if(ARG_EMBED_CUBIN)
    set(embed --embed-cubin)
  endif()
  set(headers)
  set(sourceDirs)
  foreach(source ${ARG_UNPARSED_ARGUMENTS})
    get_filename_component(name ${source} NAME_WE)
    get_filename_component(path ${source} ABSOLUTE)
    get_filename_component(sourceDir ${path} DIRECTORY)
    set(header ${dir}/${name}_launcher.h)
    add_custom_command(
      OUTPUT ${header}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
      COMMAND tilecc ${path} --arch=${TILE_KERNEL_ARCH} --emit=launcher
              ${embed} --cache-dir=${TILE_KERNEL_CACHE_DIR} -o ${header}
      DEPENDS tilecc ${path} ${TILE_KERNEL_HEADERS}
      COMMENT "tilecc --emit=launcher ${name}"
      VERBATIM)
    list(APPEND headers ${header})
    list(APPEND sourceDirs ${sourceDir})
  endforeach()
  list(REMOVE_DUPLICATES sourceDirs)
  add_custom_target(${target}_headers DEPENDS ${headers})
  add_library(${target} INTERFACE)
  target_include_directories(${target} INTERFACE ${dir} ${sourceDirs})
  add_dependencies(${target} ${target}_headers)
endfunction()
