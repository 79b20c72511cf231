# cmake -DLIBRARY=... -DLANGUAGE=... -DOUTPUT=... -P HashKernelLibrary.cmake:
# writes OUTPUT, a header defining QWEN3_KERNEL_LIBRARY_HASH as the start of
# the SHA-256 of the headers under LIBRARY (the kernel library) and
# LANGUAGE (the kernel language), each file's path and contents, so that
# kernels compiled at load from another library are not taken for this
# one's. The file is rewritten only when the hash changes.
set(all "")
foreach(dir ${LIBRARY} ${LANGUAGE})
  file(GLOB_RECURSE headers LIST_DIRECTORIES false ${dir}/*.h)
  list(SORT headers)
  foreach(header ${headers})
    file(RELATIVE_PATH name ${dir} ${header})
    file(SHA256 ${header} digest)
    string(APPEND all "${name} ${digest}\n")
  endforeach()
endforeach()
string(SHA256 hash "${all}")
string(SUBSTRING ${hash} 0 16 hash)
set(text "#define QWEN3_KERNEL_LIBRARY_HASH \"${hash}\"\n")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUTPUT} "${text}")
endif()
