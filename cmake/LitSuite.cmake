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
add_custom_target(check-lit
  COMMAND ${TILE_LIT} -sv ${PROJECT_BINARY_DIR}/test
  DEPENDS ${TILE_LIT_DEPENDS}
  USES_TERMINAL)
add_test(NAME lit COMMAND ${TILE_LIT} -sv ${PROJECT_BINARY_DIR}/test)
