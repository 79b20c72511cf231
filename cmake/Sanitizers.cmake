# TILE_SANITIZE: builds the project's own code with the sanitizers it names,
# "address,undefined" or "thread" (empty: none). LLVM, MLIR, Clang and the
# system's libraries are linked as they are installed, uninstrumented.
# A report aborts the program (-fno-sanitize-recover=all), so that a test
# that triggers one fails; frame pointers keep the reports' stacks whole
# (the runtimes unwind by them).
# Every executable gets the runtime defaults of cmake/SanitizerOptions.cpp
# (tile_sanitize_executables, called once all targets exist).
# The fuzzers' build (TILE_BUILD_FUZZER) sanitizes with ASan and UBSan by
# default.
set(tile_default_sanitize "")
if(TILE_BUILD_FUZZER)
  set(tile_default_sanitize "address,undefined")
endif()
set(TILE_SANITIZE "${tile_default_sanitize}" CACHE STRING
  "Sanitizers for the project's code: address,undefined or thread (empty: none)")

if(TILE_SANITIZE)
  if(NOT TILE_SANITIZE MATCHES "^(address,undefined|address|undefined|thread)$")
    message(FATAL_ERROR "TILE_SANITIZE=${TILE_SANITIZE}: expected "
                        "address,undefined, address, undefined or thread")
  endif()
  message(STATUS "tile: sanitizing the project's code with ${TILE_SANITIZE}")
  # -g1: line tables only, enough for the reports' stacks to name files
  # and lines, at a fraction of full debug information's build time. The
  # checkout's path is left out of the debug information, so that ccache
  # shares these objects between checkouts (a CI clone) as it does those
  # without debug information.
  add_compile_options(-fsanitize=${TILE_SANITIZE} -fno-sanitize-recover=all
                      -fno-omit-frame-pointer -g1
                      -fdebug-prefix-map=${PROJECT_SOURCE_DIR}=.)
  add_link_options(-fsanitize=${TILE_SANITIZE})
endif()

# Adds the sanitizer runtimes' defaults to every executable of the project.
# They must be defined in the program itself, where the runtimes look for
# them before main: a static library's member that only defines them would
# never be linked in.
function(tile_sanitize_executables)
  if(NOT TILE_SANITIZE)
    return()
  endif()
  set(dirs ${PROJECT_SOURCE_DIR})
  while(dirs)
    list(POP_FRONT dirs dir)
    get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
    list(APPEND dirs ${subdirs})
    get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
    foreach(target ${targets})
      get_target_property(type ${target} TYPE)
      get_target_property(imported ${target} IMPORTED)
      if(type STREQUAL "EXECUTABLE" AND NOT imported)
        target_sources(${target} PRIVATE
          ${PROJECT_SOURCE_DIR}/cmake/SanitizerOptions.cpp)
      endif()
    endforeach()
  endwhile()
endfunction()
