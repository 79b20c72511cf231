# The lit suite: tile-opt and tilecc tests under test/, run by ctest.
find_program(TILE_LIT lit HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
find_program(TILE_FILECHECK FileCheck HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
find_program(TILE_NOT not HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)

configure_file(${PROJECT_SOURCE_DIR}/test/lit.site.cfg.py.in
               ${PROJECT_BINARY_DIR}/test/lit.site.cfg.py @ONLY)

set(TILE_LIT_DEPENDS tile-opt tile-interp)
if(TARGET tilecc)
  list(APPEND TILE_LIT_DEPENDS tilecc)
endif()
# Tests that REQUIRES skipped (no ptxas, no libdevice) and expected failures
# are listed by name after the run.
set(TILE_LIT_ARGS -sv --show-unsupported --show-xfail)
add_custom_target(check-lit
  COMMAND ${TILE_LIT} ${TILE_LIT_ARGS} ${PROJECT_BINARY_DIR}/test
  DEPENDS ${TILE_LIT_DEPENDS}
  USES_TERMINAL)
add_test(NAME lit COMMAND ${TILE_LIT} ${TILE_LIT_ARGS} ${PROJECT_BINARY_DIR}/test)
# The lit suite is one ctest entry, which passes when some of its tests did
# not run. This one evaluates the REQUIRES lines without running anything and
# is reported as skipped when a test is unsupported, so that the summary
# shows it; `ctest -R lit-unsupported -V` names them.
add_test(NAME lit-unsupported
  COMMAND ${TILE_LIT} -q --no-execute --show-unsupported ${PROJECT_BINARY_DIR}/test)
set_tests_properties(lit-unsupported PROPERTIES
  SKIP_REGULAR_EXPRESSION "Unsupported Tests")
