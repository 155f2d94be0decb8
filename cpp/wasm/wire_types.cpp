// The C++ types that cross the module's boundary, registered with Embind
// before the entry points are (a constructor of higher priority than
// EMSCRIPTEN_BINDINGS's): void, bool, double, val and the two memory views
// (bytes in, numbers out). Texts cross as JS strings inside a val and
// counts as doubles (js_values.hpp), so no string or integer type is
// registered. Emscripten's libembind registers every builtin type instead
// (std::string, wide, UTF-16 and UTF-32 strings, nine integer types, 64-bit
// integers, float, twenty kinds of memory view) and formats type ids with
// printf: each registration pulls its converter into the JS glue, so the
// modules are linked with Embind's JS runtime alone (cmake/wasm.cmake). A
// type missing here leaves the functions that need it unregistered, which
// every suite would meet. Their names are left empty: the JS runtime
// (cpp/wasm/runtime_lean.js) keys types by id and never reads one.
#include <emscripten/bind.h>
#include <emscripten/val.h>

namespace {

using namespace emscripten::internal;

// Embind's typed-array numbering (embind.js's typeMapping).
constexpr unsigned uint8_array = 1, float64_array = 7;

__attribute__((constructor(101))) void register_wire_types() {
  _embind_register_void(TypeID<void>::get(), "");
  _embind_register_bool(TypeID<bool>::get(), "", sizeof(bool), true, false);
  _embind_register_float(TypeID<double>::get(), "", sizeof(double));
  _embind_register_emval(TypeID<emscripten::val>::get(), "");
  _embind_register_memory_view(TypeID<emscripten::memory_view<unsigned char>>::get(), uint8_array, "");
  _embind_register_memory_view(TypeID<emscripten::memory_view<double>>::get(), float64_array, "");
}

}  // namespace
