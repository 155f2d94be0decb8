# The WebAssembly build (under emcmake): the one-file module for Node and the
# page, a debug variant with assertions, and the doctest suite run by Node.

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

# Each source parses the standard headers once through a precompiled header:
# compiled to bitcode for link-time optimisation, a source costs mostly its
# parsing, and the core and the command's library build in about half the
# time (the modules come out byte for byte the same). Natively the unity
# build does this.
set(NDCG_PCH <algorithm> <cmath> <cstddef> <cstdint> <cstring> <limits> <optional> <string> <string_view> <utility>
    <vector>)
target_precompile_headers(ndcg_core PRIVATE ${NDCG_PCH})
target_precompile_headers(ndcg_cli PRIVATE ${NDCG_PCH})

# Embind: the entry points and the JS objects they return are registered
# in cpp/wasm/ (EMSCRIPTEN_BINDINGS), and Emscripten writes the JS glue
# that binds them (build/wasm/<module>.js beside the .wasm). The glue is a
# factory (MODULARIZE) that scripts/web/build-web.mjs wraps with the API layer,
# which hands it the wasm, unpacked, as Module.wasm. Linked with Embind's JS
# runtime (embind.js, emval.js) but not libembind, whose constructor
# registers every builtin type and pulls each one's converter into the glue:
# cpp/wasm/wire_types.cpp registers the few the interface uses.
# cpp/wasm/runtime_lean.js, linked after them, replaces the parts of that
# runtime the interface reaches with smaller ones (no error classes,
# overload tables or type names): 1.6 KB less gzipped on dist/ndcg.js,
# 1.8 KB on the light module's files.
# WASM_BIGINT: no i64 crosses the boundary, so the glue needs no dynCall.
# MINIMAL_RUNTIME: the glue only instantiates the bytes it is given (no
# fetch, XHR, script directory or environment probing). No eval and no new
# Function (DYNAMIC_EXECUTION=0), so the page keeps a strict CSP. The
# link-time inliner runs only where inlining shrinks the code (a threshold
# below 0): 0.7 KB less zopfli'd on the full module than LLVM's -Oz default.
set(NDCG_EMBIND_JS "${EMSCRIPTEN_ROOT_PATH}/src/embind")
set(NDCG_WASM_COMMON
  "SHELL:--js-library ${NDCG_EMBIND_JS}/embind.js" "SHELL:--js-library ${NDCG_EMBIND_JS}/emval.js"
  "SHELL:--js-library ${CMAKE_SOURCE_DIR}/cpp/wasm/runtime_lean.js"
  -fno-rtti -sMINIMAL_RUNTIME=1 -sMODULARIZE=1 -sEXPORT_NAME=ndcgCore -sENVIRONMENT=web
  -sDYNAMIC_EXECUTION=0 -sTEXTDECODER=2 -sWASM_BIGINT=1
  -sFILESYSTEM=0 -sSUPPORT_LONGJMP=0 -sMALLOC=emmalloc -sALLOW_MEMORY_GROWTH=1
  "-Wl,-mllvm,-inline-threshold=-10")

# The entry points: one ranking's (explain, analyse, render, the tables) and
# the batch evaluation's. The full module has both; the light one, carried by
# the embed page and the <ndcg-calc> element, only the first, so the linker
# keeps only the core those reach.
# Each set is compiled once, as an object library, for every module that
# links it (the modules' compile flags are the same; only their links differ).
function(ndcg_binding_objects target)
  add_library(${target} OBJECT ${ARGN})
  target_link_libraries(${target} PRIVATE ndcg_core)
  target_compile_options(${target} PRIVATE ${NDCG_WARNINGS})
  # With -fno-rtti, Embind names types by registration only.
  target_compile_definitions(${target} PRIVATE EMSCRIPTEN_HAS_UNBOUND_TYPE_NAMES=0)
endfunction()
ndcg_binding_objects(ndcg_wasm_explain cpp/wasm/bindings.cpp cpp/wasm/js_values.cpp cpp/wasm/wire_types.cpp)
ndcg_binding_objects(ndcg_wasm_batch cpp/wasm/batch.cpp)
set(NDCG_WASM_EXPLAIN $<TARGET_OBJECTS:ndcg_wasm_explain>)
set(NDCG_WASM_FULL ${NDCG_WASM_EXPLAIN} $<TARGET_OBJECTS:ndcg_wasm_batch>)
# The light module reads lines the careful way alone: its own read_record
# (cpp/src/parse/trec_lines.cpp), so the linker never takes the core's
# one-pass one from the library (about 190 bytes gzipped on each light file).
ndcg_binding_objects(ndcg_wasm_careful_lines cpp/src/parse/trec_lines.cpp)
target_include_directories(ndcg_wasm_careful_lines PRIVATE cpp/src)
target_compile_definitions(ndcg_wasm_careful_lines PRIVATE NDCG_CAREFUL_LINES)
set(NDCG_WASM_LIGHT ${NDCG_WASM_EXPLAIN} $<TARGET_OBJECTS:ndcg_wasm_careful_lines>)

# A module: build/wasm/<output>.js (the glue) and <output>.wasm, which
# scripts/web/build-web.mjs packs into the one-file dist/<output>.js.
function(ndcg_add_module target output)
  add_executable(${target} ${ARGN})
  target_link_libraries(${target} PRIVATE ndcg_core)
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${output} SUFFIX .js
                        LINK_DEPENDS "${CMAKE_SOURCE_DIR}/cpp/wasm/runtime_lean.js")
endfunction()

# Binaryen's wasm-opt run again on the linked module until it stops
# shrinking (emcc runs it once): about 0.7 KB less on each packed module.
# `-g` keeps the function names of the profiling builds.
find_program(NDCG_WASM_OPT wasm-opt REQUIRED)
function(ndcg_converge target)
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND "${NDCG_WASM_OPT}" --enable-sign-ext --enable-mutable-globals -Oz --converge ${ARGN}
            "$<TARGET_FILE_DIR:${target}>/$<TARGET_FILE_BASE_NAME:${target}>.wasm"
            -o "$<TARGET_FILE_DIR:${target}>/$<TARGET_FILE_BASE_NAME:${target}>.wasm"
    VERBATIM)
endfunction()

# Binaryen folds every function with one caller into it, -Oz or not, so a
# loop that calls a function per batch of lines (detail::record_batches)
# would be one function again, run by V8 unoptimised to its end: in the
# modules that evaluate runs (the full one, the command's) only functions of
# at most 100 bytes are. Smaller too: dist/ndcg.js 71 bytes, ndcg-cli.js 117.
set(NDCG_ONE_CALLER_INLINE 100)
set(NDCG_WASM_BATCH_LINK "-sBINARYEN_EXTRA_PASSES=--one-caller-inline-max-function-size=${NDCG_ONE_CALLER_INLINE}")

ndcg_add_module(ndcg_module ndcg ${NDCG_WASM_FULL})
target_link_options(ndcg_module PRIVATE -Oz ${NDCG_WASM_COMMON} ${NDCG_WASM_BATCH_LINK})
ndcg_converge(ndcg_module -ocimfs ${NDCG_ONE_CALLER_INLINE})

ndcg_add_module(ndcg_module_light ndcg-light ${NDCG_WASM_LIGHT})
target_link_options(ndcg_module_light PRIVATE -Oz ${NDCG_WASM_COMMON})
ndcg_converge(ndcg_module_light)

ndcg_add_module(ndcg_module_debug ndcg-debug ${NDCG_WASM_FULL})
target_link_options(ndcg_module_debug PRIVATE -O1 --profiling-funcs ${NDCG_WASM_COMMON})

# Linked at -O0, link-time code generation too (--lto-O0; wasm-ld's
# default is O2): the suite checks the core under wasm32 (32-bit sizes, no
# exceptions), which the core's own -Oz bitcode carries; optimising the
# whole suite at link time cost more than its run (the link took 23 CPU-s
# at O2, 15 at O0, the run the same).
ndcg_add_suite(ndcg_tests_wasm node)
target_include_directories(ndcg_tests_wasm PRIVATE "${NDCG_DOCTEST_DIR}")
# fast_float, for the test that holds the computed powers of five to its table.
target_include_directories(ndcg_tests_wasm SYSTEM PRIVATE "${NDCG_NUMBER_LIBS_DIR}")
target_compile_definitions(ndcg_tests_wasm PRIVATE DOCTEST_CONFIG_NO_EXCEPTIONS_BUT_WITH_ALL_ASSERTS)
# doctest too, but for main.cpp, which defines doctest's main before including it.
target_precompile_headers(ndcg_tests_wasm PRIVATE <doctest/doctest.h> ${NDCG_PCH} <fstream> <sstream>)
set_source_files_properties(tests/cpp/main.cpp PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
set_target_properties(ndcg_tests_wasm PROPERTIES SUFFIX .js)
target_link_options(ndcg_tests_wasm PRIVATE -O0 -Wl,--lto-O0 -sSINGLE_FILE=1 -sNODERAWFS=1
  -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=node -sEXIT_RUNTIME=1)

# For `npm run size`: the same module with function names, read by
# scripts/web/size.mjs with wasm-objdump (Debian's wabt).
ndcg_add_module(ndcg_module_profile ndcg-profile ${NDCG_WASM_FULL})
set_target_properties(ndcg_module_profile PROPERTIES EXCLUDE_FROM_ALL ON)
target_link_options(ndcg_module_profile PRIVATE -Oz --profiling-funcs ${NDCG_WASM_COMMON} ${NDCG_WASM_BATCH_LINK})
ndcg_converge(ndcg_module_profile -g -ocimfs ${NDCG_ONE_CALLER_INLINE})

ndcg_add_module(ndcg_module_light_profile ndcg-light-profile ${NDCG_WASM_LIGHT})
set_target_properties(ndcg_module_light_profile PROPERTIES EXCLUDE_FROM_ALL ON)
target_link_options(ndcg_module_light_profile PRIVATE -Oz --profiling-funcs ${NDCG_WASM_COMMON})
ndcg_converge(ndcg_module_light_profile -g)

# The .lzma decoder that the one-file builds carry as it is, to unpack the
# module's wasm (scripts/web/build-web.mjs), and to join its code streams back
# (cpp/unpack/unsplit.cpp): just under 4 KB, no imports.
add_executable(ndcg_unlzma cpp/unpack/unlzma.cpp cpp/unpack/unsplit.cpp)
target_compile_options(ndcg_unlzma PRIVATE ${NDCG_WARNINGS})
set_target_properties(ndcg_unlzma PROPERTIES OUTPUT_NAME unlzma SUFFIX .wasm)
target_link_options(ndcg_unlzma PRIVATE -Oz --no-entry -sSTANDALONE_WASM -sEXPORTED_FUNCTIONS=_unlzma,_unlzma_heap,_unsplit
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=131072 -sTOTAL_STACK=16384 -sERROR_ON_UNDEFINED_SYMBOLS=1)
# Only its four exports kept (web/api/unpack.js uses no other): the stack
# and errno functions Emscripten exports from a standalone wasm go, and the
# code only they reached (1970 -> 1784 bytes; about 180 bytes less gzipped
# on each file that carries the decoder).
find_program(NDCG_WASM_METADCE wasm-metadce REQUIRED)
add_custom_command(TARGET ndcg_unlzma POST_BUILD
  COMMAND "${NDCG_WASM_METADCE}" --enable-sign-ext --enable-mutable-globals
          --graph-file "${CMAKE_SOURCE_DIR}/cmake/unlzma-exports.json" "$<TARGET_FILE:ndcg_unlzma>" -o "$<TARGET_FILE:ndcg_unlzma>"
  COMMAND "${NDCG_WASM_OPT}" --enable-sign-ext --enable-mutable-globals -Oz --converge "$<TARGET_FILE:ndcg_unlzma>"
          -o "$<TARGET_FILE:ndcg_unlzma>"
  VERBATIM)

# The `ndcg` command on Node, for the npm package's bin (`npx ndcg-calc trec
# QRELS RUN`): the native command's own code (cpp/cli, main.cpp), its files
# read and written through Node's file system (NODERAWFS). scripts/web/build-web.mjs
# makes dist/ndcg-cli.js of Emscripten's loader and the wasm packed by LZMA,
# handed to the loader unpacked as Module.wasmBinary.
add_executable(ndcg_cli_node cpp/cli/main.cpp)
target_link_libraries(ndcg_cli_node PRIVATE ndcg_cli)
target_compile_options(ndcg_cli_node PRIVATE ${NDCG_WARNINGS})
set_target_properties(ndcg_cli_node PROPERTIES OUTPUT_NAME ndcg-cli SUFFIX .js)
target_link_options(ndcg_cli_node PRIVATE -Oz ${NDCG_WASM_BATCH_LINK} -sNODERAWFS=1 -sENVIRONMENT=node -sEXIT_RUNTIME=1
  -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0)
