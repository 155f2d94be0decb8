// Prints every row of the option table as the core's JSON sink writes its
// field list for each command that takes it (put_option_rows), one JSON
// object a line with the command's name: what tests/js/fields.test.mjs
// holds the JS schemas to.
#include <iostream>

#include "ndcg/option_table.hpp"
#include "ndcg/report.hpp"

int main() {
  for (ndcg::command c : {ndcg::command::explain, ndcg::command::trec, ndcg::command::compare})
    for (const ndcg::option_row* row : ndcg::option_rows(c))
      std::cout << ndcg::json_object([&](ndcg::field_sink& out) {
        out.text("command", ndcg::name_of(c));
        ndcg::put_option_row(*row, c, ndcg::default_text(*row, c), out);
      }) << "\n";
  return 0;
}
