# Fails, saying how to get them, when Qwen3's tokenizer files are not in
# QWEN3_TOKENIZER_DIR.
foreach(name tokenizer.json tokenizer_config.json)
  if(NOT EXISTS "${QWEN3_TOKENIZER_DIR}/${name}")
    message(FATAL_ERROR
      "${QWEN3_TOKENIZER_DIR}/${name} is missing: run scripts/fetch-tokenizer.sh "
      "to download Qwen3's tokenizer files, or set QWEN3_TOKENIZER_DIR to a "
      "directory that has them.")
  endif()
endforeach()
