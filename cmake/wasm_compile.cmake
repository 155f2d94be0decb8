# Compiles under Emscripten call its clang directly, with the flags em++
# would add (`em++ --cflags`); links still go through em++. em++ spends
# about 0.4 CPU-s in Python before each compile reaches clang, as much as
# clang spends on a small source, over some 130 compiles.
#
# The rule is used only if a probe source compiled both ways, with the
# core's flags, gives the same object byte for byte; otherwise every
# compile goes through em++ as before. The outcome is cached (see below).

function(ndcg_probe_direct_compile flags out)
  set(dir "${CMAKE_BINARY_DIR}/CMakeFiles/ndcg-compile-probe")
  file(MAKE_DIRECTORY "${dir}")
  file(WRITE "${dir}/probe.cpp"
    "#include <algorithm>\n#include <string>\n#include <vector>\n"
    "std::string probe(std::vector<std::string> v) { std::sort(v.begin(), v.end()); return v.empty() ? \"\" : v[0]; }\n")
  set(${out} "" PARENT_SCOPE)
  execute_process(COMMAND "${CMAKE_CXX_COMPILER}" --cflags
    OUTPUT_VARIABLE cflags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE failed ERROR_QUIET)
  if(failed OR cflags STREQUAL "")
    return()
  endif()
  # The clang em++ runs is the first quoted word of its verbose command line.
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env EMCC_VERBOSE=1
    "${CMAKE_CXX_COMPILER}" ${flags} -c probe.cpp -o by-emxx.o
    WORKING_DIRECTORY "${dir}" ERROR_VARIABLE verbose OUTPUT_QUIET RESULT_VARIABLE failed)
  string(REGEX MATCH "\"([^\"]*clang\\+\\+[^\"]*)\"" found "${verbose}")
  set(clang "${CMAKE_MATCH_1}")
  if(failed OR clang STREQUAL "")
    return()
  endif()
  separate_arguments(cflag_list UNIX_COMMAND "${cflags}")
  execute_process(COMMAND "${clang}" ${cflag_list} ${flags} -c probe.cpp -o by-clang.o
    WORKING_DIRECTORY "${dir}" RESULT_VARIABLE failed OUTPUT_QUIET ERROR_QUIET)
  if(failed)
    return()
  endif()
  file(SHA256 "${dir}/by-emxx.o" a)
  file(SHA256 "${dir}/by-clang.o" b)
  if(a STREQUAL b)
    set(${out} "\"${clang}\" ${cflags}" PARENT_SCOPE)
  endif()
endfunction()

# The arguments: the flags add_compile_options gives every source. With
# the build type's flags and the language standard before and after them,
# as CMake's compile lines have them, they could change what em++ adds. The
# probe runs again when they, em++ or Emscripten's version change.
function(ndcg_compile_directly)
  string(TOUPPER "${CMAKE_BUILD_TYPE}" build_type)
  separate_arguments(flags UNIX_COMMAND "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${build_type}}")
  list(APPEND flags ${ARGN} -std=c++${CMAKE_CXX_STANDARD})
  set(probed_for "${CMAKE_CXX_COMPILER} ${EMSCRIPTEN_VERSION} ${flags}")
  if(NOT DEFINED CACHE{NDCG_WASM_COMPILE_PREFIX} OR NOT NDCG_WASM_COMPILE_FOR STREQUAL probed_for)
    ndcg_probe_direct_compile("${flags}" prefix)
    set(NDCG_WASM_COMPILE_PREFIX "${prefix}" CACHE INTERNAL "clang and em++'s flags, or empty for em++")
    set(NDCG_WASM_COMPILE_FOR "${probed_for}" CACHE INTERNAL "the em++, version and flags the prefix was probed for")
    if(prefix STREQUAL "")
      message(STATUS "Compiling through em++ (its clang made a different probe object)")
    endif()
  endif()
  if(NOT NDCG_WASM_COMPILE_PREFIX STREQUAL "")
    set(CMAKE_CXX_COMPILE_OBJECT
      "${NDCG_WASM_COMPILE_PREFIX} <DEFINES> <INCLUDES> <FLAGS> -o <OBJECT> -c <SOURCE>" PARENT_SCOPE)
  endif()
endfunction()
