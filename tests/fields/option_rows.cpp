// Prints every row of the option table as the core's JSON sink writes its
// field list (put_option_row), one JSON object a line, both halves of the
// table in order: what tests/js/fields.test.mjs holds the JS schemas to.
#include <iostream>

#include "ndcg/option_table.hpp"
#include "ndcg/report.hpp"

int main() {
  for (const auto* table : {&ndcg::option_table(), &ndcg::batch_option_table()})
    for (const ndcg::option_row& row : *table)
      std::cout << ndcg::json_object([&](ndcg::field_sink& out) { ndcg::put_option_row(row, out); }) << "\n";
  return 0;
}
