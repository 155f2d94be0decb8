# The WebAssembly build (under emcmake): the one-file module for Node and the
# page, a debug variant with assertions, and the doctest suite run by Node.

add_compile_options(-fno-exceptions -fno-rtti -Oz -flto)
add_link_options(-flto)

# Emscripten's sysroot hides /usr/include: expose only the header-only
# libraries we use from Debian (doctest for the tests; fast_float and {fmt}
# for the core's number text).
function(ndcg_expose_headers dir)
  file(MAKE_DIRECTORY "${dir}")
  foreach(name IN LISTS ARGN)
    if(NOT EXISTS "${dir}/${name}")
      file(CREATE_LINK "/usr/include/${name}" "${dir}/${name}" SYMBOLIC)
    endif()
  endforeach()
endfunction()
set(NDCG_DOCTEST_DIR "${CMAKE_BINARY_DIR}/doctest-include")
ndcg_expose_headers("${NDCG_DOCTEST_DIR}" doctest)
set(NDCG_NUMBER_LIBS_DIR "${CMAKE_BINARY_DIR}/number-libs-include")
ndcg_expose_headers("${NDCG_NUMBER_LIBS_DIR}" fast_float fmt)
target_include_directories(ndcg_core SYSTEM PRIVATE "${NDCG_NUMBER_LIBS_DIR}")

set(NDCG_WASM_COMMON
  -sEXPORTED_FUNCTIONS=_malloc,_free -sMODULARIZE=1 -sEXPORT_NAME=createNdcgModule
  -sENVIRONMENT=web,worker,node -sDYNAMIC_EXECUTION=0
  -sFILESYSTEM=0 -sMALLOC=emmalloc -sALLOW_MEMORY_GROWTH=1
  -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0)

# The module: Emscripten's loader and a separate ndcg.wasm, which
# scripts/build-web.mjs compresses into the one-file dist/ndcg.js.
add_executable(ndcg_module cpp/wasm/bindings.cpp)
target_link_libraries(ndcg_module PRIVATE ndcg_core)
target_compile_options(ndcg_module PRIVATE ${NDCG_WARNINGS})
set_target_properties(ndcg_module PROPERTIES OUTPUT_NAME ndcg SUFFIX .js)
target_link_options(ndcg_module PRIVATE -Oz ${NDCG_WASM_COMMON})

add_executable(ndcg_module_debug cpp/wasm/bindings.cpp)
target_link_libraries(ndcg_module_debug PRIVATE ndcg_core)
set_target_properties(ndcg_module_debug PROPERTIES OUTPUT_NAME ndcg-debug SUFFIX .js)
target_link_options(ndcg_module_debug PRIVATE -O1 -sASSERTIONS=2 -sSINGLE_FILE=1 ${NDCG_WASM_COMMON})

ndcg_add_suite(ndcg_tests_wasm node)
target_include_directories(ndcg_tests_wasm PRIVATE "${NDCG_DOCTEST_DIR}")
target_compile_definitions(ndcg_tests_wasm PRIVATE DOCTEST_CONFIG_NO_EXCEPTIONS_BUT_WITH_ALL_ASSERTS)
set_target_properties(ndcg_tests_wasm PROPERTIES SUFFIX .js)
target_link_options(ndcg_tests_wasm PRIVATE -O2 -sSINGLE_FILE=1 -sNODERAWFS=1
  -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=node -sEXIT_RUNTIME=1)

# For `npm run size`: the same module with function names and the wasm in
# its own file, read by scripts/size.mjs with wasm-objdump (Debian's wabt).
add_executable(ndcg_module_profile EXCLUDE_FROM_ALL cpp/wasm/bindings.cpp)
target_link_libraries(ndcg_module_profile PRIVATE ndcg_core)
set_target_properties(ndcg_module_profile PROPERTIES OUTPUT_NAME ndcg-profile SUFFIX .js)
target_link_options(ndcg_module_profile PRIVATE -Oz --profiling-funcs ${NDCG_WASM_COMMON})
