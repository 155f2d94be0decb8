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
// type missing here fails the first call that needs it ("unknown type"),
// which every suite would meet.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

using namespace emscripten::internal;

// Embind's typed-array numbering (embind.js's typeMapping).
constexpr unsigned uint8_array = 1, float64_array = 7;

__attribute__((constructor(101))) void register_wire_types() {
  _embind_register_void(TypeID<void>::get(), "void");
  _embind_register_bool(TypeID<bool>::get(), "bool", sizeof(bool), true, false);
  _embind_register_float(TypeID<double>::get(), "double", sizeof(double));
  _embind_register_emval(TypeID<emscripten::val>::get(), "emscripten::val");
  _embind_register_memory_view(TypeID<emscripten::memory_view<unsigned char>>::get(), uint8_array,
                               "memory_view<unsigned char>");
  _embind_register_memory_view(TypeID<emscripten::memory_view<double>>::get(), float64_array,
                               "memory_view<double>");
}

}  // namespace

// Embind's JS names an unregistered type by this in its error message:
// the id in hex (ids are addresses; names need RTTI, which the core is
// built without), written here with no printf.
extern "C" EMSCRIPTEN_KEEPALIVE const char* __getTypeName(const void* id) {
  char* out = static_cast<char*>(std::malloc(2 + 2 * sizeof(void*) + 1));
  auto v = reinterpret_cast<std::uintptr_t>(id);
  std::size_t n = 0;
  out[n++] = '0';
  out[n++] = 'x';
  for (int shift = 4 * (2 * sizeof(void*) - 1); shift >= 0; shift -= 4) out[n++] = "0123456789abcdef"[(v >> shift) & 15];
  out[n] = '\0';
  return out;
}
