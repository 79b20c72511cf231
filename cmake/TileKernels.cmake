# tile_add_kernels(TARGET SOURCES...): compiles each kernel source with
# tilecc at build time into the build's kernel cache
# (${PROJECT_BINARY_DIR}/kernel-cache) and writes its manifest to
# ${PROJECT_BINARY_DIR}/kernels/<name>.json, which programs load at run time.
# Needs tilecc and ptxas; without them the target is empty.
set(TILE_KERNEL_CACHE_DIR ${PROJECT_BINARY_DIR}/kernel-cache)
set(TILE_MANIFEST_DIR ${PROJECT_BINARY_DIR}/kernels)
set(TILE_KERNEL_ARCH "sm_90" CACHE STRING "GPU architecture of built kernels")

file(GLOB_RECURSE TILE_KERNEL_HEADERS CONFIGURE_DEPENDS
     ${PROJECT_SOURCE_DIR}/runtime/include/tile/*.h)

function(tile_add_kernels target)
  set(manifests)
  if(TARGET tilecc AND EXISTS ${TILE_CUDA_ROOT}/bin/ptxas)
    foreach(source ${ARGN})
      get_filename_component(name ${source} NAME_WE)
      get_filename_component(path ${source} ABSOLUTE)
      set(manifest ${TILE_MANIFEST_DIR}/${name}.json)
      add_custom_command(
        OUTPUT ${manifest}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${TILE_MANIFEST_DIR}
        COMMAND tilecc ${path} --arch=${TILE_KERNEL_ARCH} --emit=manifest
                --cache-dir=${TILE_KERNEL_CACHE_DIR} -o ${manifest}
        DEPENDS tilecc ${path} ${TILE_KERNEL_HEADERS}
        COMMENT "tilecc ${name}"
        VERBATIM)
      list(APPEND manifests ${manifest})
    endforeach()
  endif()
  add_custom_target(${target} ALL DEPENDS ${manifests})
endfunction()
