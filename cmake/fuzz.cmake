# libFuzzer targets (-DNDCG_FUZZ=ON, clang only): each fuzz/<name>.cpp,
# fuzz/parse/<name>.cpp or fuzz/batch/<name>.cpp
# is run by fuzz_<name>. `cmake --build <dir> --target fuzz_all` builds them
# all; scripts/fuzz runs them.
#
# With -DNDCG_SANITIZE=ON (scripts/sanitize and scripts/fuzz share build/asan)
# the core and the command's logic get coverage instrumentation on top of
# ASan and UBSan and the targets link with them, so the core is compiled
# once for the sanitizer suite and the fuzzers. Without it, the targets get
# an instrumented copy of their own.

if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "NDCG_FUZZ needs clang: configure with -DCMAKE_CXX_COMPILER=clang++ "
                      "(and Debian's libclang-rt-14-dev for libFuzzer)")
endif()

set(NDCG_FUZZ_FLAGS -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
    -fno-omit-frame-pointer -g)

if(NDCG_SANITIZE)
  # The ASan runtime that ndcg and ndcg_tests link supplies the coverage hooks.
  target_compile_options(ndcg_core PRIVATE -fsanitize=fuzzer-no-link)
  target_compile_options(ndcg_cli PRIVATE -fsanitize=fuzzer-no-link)
  set(NDCG_FUZZ_LIBRARY ndcg_cli)
else()
  add_library(ndcg_fuzz_core STATIC ${NDCG_CORE_SOURCES} ${NDCG_CLI_SOURCES})
  target_include_directories(ndcg_fuzz_core PUBLIC cpp/include cpp/cli PRIVATE cpp/src)
  target_compile_options(ndcg_fuzz_core PRIVATE ${NDCG_WARNINGS} ${NDCG_FUZZ_FLAGS})
  target_link_libraries(ndcg_fuzz_core PUBLIC Threads::Threads ZLIB::ZLIB)
  set_target_properties(ndcg_fuzz_core PROPERTIES UNITY_BUILD ${NDCG_UNITY} UNITY_BUILD_BATCH_SIZE ${NDCG_UNITY_BATCH})
  set(NDCG_FUZZ_LIBRARY ndcg_fuzz_core)
endif()

# One binary, ndcg_fuzz, holds every target, and fuzz_<name> is a link to it
# (fuzz/dispatch.cpp.in): one link under ASan instead of one a target (each
# about 1.4 CPU-s). Each source's LLVMFuzzerTestOneInput is renamed
# ndcg_fuzz_<name> as it is compiled; the generated table maps the names.
file(GLOB NDCG_FUZZ_TARGETS CONFIGURE_DEPENDS fuzz/*.cpp fuzz/*/*.cpp)
add_executable(ndcg_fuzz ${NDCG_FUZZ_TARGETS} "${CMAKE_BINARY_DIR}/fuzz_dispatch.cpp")
target_link_libraries(ndcg_fuzz PRIVATE ${NDCG_FUZZ_LIBRARY})
target_include_directories(ndcg_fuzz PRIVATE fuzz)
target_compile_options(ndcg_fuzz PRIVATE ${NDCG_WARNINGS} ${NDCG_FUZZ_FLAGS})
target_link_options(ndcg_fuzz PRIVATE -fsanitize=fuzzer,address,undefined)
add_custom_target(fuzz_all)
set(NDCG_FUZZ_DECLARATIONS "")
set(NDCG_FUZZ_TABLE "")
foreach(source ${NDCG_FUZZ_TARGETS})
  get_filename_component(name "${source}" NAME_WE)
  set_source_files_properties("${source}" PROPERTIES COMPILE_DEFINITIONS "LLVMFuzzerTestOneInput=ndcg_fuzz_${name}")
  string(APPEND NDCG_FUZZ_DECLARATIONS "extern \"C\" int ndcg_fuzz_${name}(const std::uint8_t*, std::size_t);\n")
  string(APPEND NDCG_FUZZ_TABLE "    {\"${name}\", ndcg_fuzz_${name}},\n")
  # The link is made whenever the target is built, so a removed one comes back.
  add_custom_target(fuzz_${name}
    COMMAND "${CMAKE_COMMAND}" -E create_symlink ndcg_fuzz "$<TARGET_FILE_DIR:ndcg_fuzz>/fuzz_${name}")
  add_dependencies(fuzz_${name} ndcg_fuzz)
  add_dependencies(fuzz_all fuzz_${name})
endforeach()
configure_file(fuzz/dispatch.cpp.in "${CMAKE_BINARY_DIR}/fuzz_dispatch.cpp" @ONLY)
