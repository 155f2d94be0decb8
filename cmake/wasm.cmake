# The WebAssembly build (under emcmake): the one-file module for Node and the
# page, a debug variant with assertions, and the doctest suite run by Node.

add_compile_options(-fno-exceptions -Oz -flto)
add_link_options(-flto)

# The batch evaluation's hot loops (reading a run line by line, one query's
# measures) are built for speed, outside LTO so the link's -Oz keeps them:
# twice as fast on a 1,000,000-line run for a few KB.
set_source_files_properties(cpp/src/trec_stream.cpp cpp/src/trec_measures.cpp
  PROPERTIES COMPILE_OPTIONS "-O2;-fno-lto")

# Emscripten's sysroot hides /usr/include: expose only doctest to em++.
set(NDCG_DOCTEST_DIR "${CMAKE_BINARY_DIR}/doctest-include")
file(MAKE_DIRECTORY "${NDCG_DOCTEST_DIR}")
if(NOT EXISTS "${NDCG_DOCTEST_DIR}/doctest")
  file(CREATE_LINK /usr/include/doctest "${NDCG_DOCTEST_DIR}/doctest" SYMBOLIC)
endif()

set(NDCG_WASM_COMMON
  -lembind -sMODULARIZE=1 -sEXPORT_NAME=createNdcgModule
  -sENVIRONMENT=web,worker,node -sSINGLE_FILE=1 -sDYNAMIC_EXECUTION=0
  -sFILESYSTEM=0 -sMALLOC=emmalloc -sALLOW_MEMORY_GROWTH=1
  -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0)

add_executable(ndcg_module cpp/wasm/bindings.cpp)
target_link_libraries(ndcg_module PRIVATE ndcg_core)
target_compile_options(ndcg_module PRIVATE ${NDCG_WARNINGS})
set_target_properties(ndcg_module PROPERTIES OUTPUT_NAME ndcg SUFFIX .js)
target_link_options(ndcg_module PRIVATE -Oz ${NDCG_WASM_COMMON})

add_executable(ndcg_module_debug cpp/wasm/bindings.cpp)
target_link_libraries(ndcg_module_debug PRIVATE ndcg_core)
set_target_properties(ndcg_module_debug PROPERTIES OUTPUT_NAME ndcg-debug SUFFIX .js)
target_link_options(ndcg_module_debug PRIVATE -O1 -sASSERTIONS=2 ${NDCG_WASM_COMMON})

ndcg_add_suite(ndcg_tests_wasm node)
target_include_directories(ndcg_tests_wasm PRIVATE "${NDCG_DOCTEST_DIR}")
target_compile_definitions(ndcg_tests_wasm PRIVATE DOCTEST_CONFIG_NO_EXCEPTIONS_BUT_WITH_ALL_ASSERTS)
set_target_properties(ndcg_tests_wasm PROPERTIES SUFFIX .js)
target_link_options(ndcg_tests_wasm PRIVATE -O2 -sSINGLE_FILE=1 -sNODERAWFS=1
  -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=node -sEXIT_RUNTIME=1)
