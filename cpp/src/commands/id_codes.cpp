// number_ids (commands.hpp): a column's ids numbered by their text, each
// cell known by its address first, as the column reader knows it.
#include <string_view>

#include "base/hash_table.hpp"
#include "commands/address_cache.hpp"
#include "ndcg/commands.hpp"

#ifndef __EMSCRIPTEN__  // the modules take no tables held as columns

namespace ndcg {

id_numbers number_ids(const table_column& c, std::size_t rows) {
  using detail::cell_key;
  const auto key = [&](std::size_t row) { return detail::key_of_cell(c, row); };
  const auto text = [&](std::size_t row) { return detail::text_of_cell(c, row); };
  constexpr std::size_t ahead = 16;  // rows whose bucket is fetched before they are read
  id_numbers out;
  if (!c.objects && !c.codes && c.texts.size() < rows) return out;  // numbers: not ids to number here
  out.codes.resize(rows);
  detail::address_cache at(rows, &c);
  detail::handle_table seen;  // a text -> its number
  for (std::size_t row = 0; row < rows; ++row) {
    if (row + ahead < rows) at.fetch(key(row + ahead));
    const cell_key k = key(row);
    if (const std::uint32_t* known = at.find(k)) {
      out.codes[row] = *known;
      continue;
    }
    const std::string_view t = text(row);
    const auto next = static_cast<std::uint32_t>(out.texts.size());
    std::uint32_t code = seen.insert(detail::hash_of(t), next, [&](std::uint32_t n) { return out.texts[n] == t; });
    if (code == detail::handle_table::none) {
      out.texts.push_back(t);
      out.first.push_back(row);
      code = next;
    }
    at.put(k, code);
    out.codes[row] = code;
  }
  return out;
}

}  // namespace ndcg

#endif
