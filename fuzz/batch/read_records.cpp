// Fuzzes the batch readers (inputs.hpp): CSV, TSV, JSON, JSON Lines, MS
// MARCO's run TSV and LETOR with predictions and a group file, detected or
// named, read as a run, as qrels or as both. The first byte names the
// format and the use; the rest is "TEXT\0PREDICTIONS[\0GROUP]". Every
// record handed on must hold what the evaluation relies on (ids with no
// spaces, at most lim.max_items of them, numbers that are numbers); every
// error a place inside the text.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "ndcg/inputs.hpp"

namespace {

constexpr ndcg::input_format formats[] = {ndcg::input_format::automatic, ndcg::input_format::msmarco,
                                          ndcg::input_format::csv,       ndcg::input_format::tsv,
                                          ndcg::input_format::json,      ndcg::input_format::jsonl,
                                          ndcg::input_format::letor,     ndcg::input_format::automatic};
constexpr ndcg::input_use uses[] = {ndcg::input_use::run, ndcg::input_use::qrels, ndcg::input_use::both,
                                    ndcg::input_use::run};

bool clean_id(std::string_view id) {
  if (id.empty()) return false;
  for (char c : id)
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\0') return false;
  return true;
}

class checked_sink final : public ndcg::record_sink {
 public:
  explicit checked_sink(std::size_t max) : max_(max) {}
  ndcg::status add(const ndcg::input_record& r) override {
    fuzz::require(clean_id(r.qid) && clean_id(r.doc) && clean_id(r.tag), "records' ids have no spaces", r.qid);
    fuzz::require(!std::isnan(r.score), "a score is a number");
    fuzz::require(r.line != 0 && r.qid_line != 0, "a record has its place");
    fuzz::require(++count_ <= max_, "no more records than the limit");
    return ndcg::done{};
  }

 private:
  std::size_t max_, count_ = 0;
};

void one(fuzz::bytes& in, const ndcg::limits& lim, std::uint8_t choice) {
  const auto parts = fuzz::split(in.rest(), '\0', 3);
  ndcg::input_reading how;
  how.lim = lim;
  if (parts.size() > 2) how.group = parts[2];
  auto u = ndcg::unpack_input(parts[0], lim, "qrels");
  if (!u) return fuzz::require(!u.err().message.empty(), "an error has a message");
  const ndcg::input_format f = ndcg::format_of(*u, formats[choice & 7], (choice & 8) != 0);
  checked_sink sink(lim.max_items);
  // What the page asks of a text first: what it holds, by the same detection.
  const ndcg::input_kind k = ndcg::kind_of(u->text());
  fuzz::require(k.format == ndcg::detect_input(u->text(), false), "kind_of's format is the registry's");
  fuzz::require(k.grouped || k.format == ndcg::input_format::letor, "only LETOR lines lack their queries");
  ndcg::expected<ndcg::batch_reading> read = ndcg::batch_reading();
  if (f == ndcg::input_format::letor) {
    const ndcg::unpacked_input predictions{{}, parts.size() > 1 ? parts[1] : std::string_view(), false};
    read = ndcg::read_letor_records(*u, choice & 16 ? &predictions : nullptr, how, "run", sink);
  } else if (f != ndcg::input_format::trec) {
    read = ndcg::read_records(*u, f, uses[(choice >> 5) & 3], how, "qrels", sink);
  }
  if (read) return fuzz::require(f == ndcg::input_format::trec || (read->said() && !ndcg::reading_line(*read).empty()), "a reading says what was read");
  // A LETOR error is on a line of the LETOR file or of its predictions.
  const ndcg::error& e = read.err();
  const bool scored = f == ndcg::input_format::letor && (choice & 16) && parts.size() > 1;
  const std::string_view text = e.source == "group" && parts.size() > 2                ? parts[2]
                                : scored && !fuzz::place_fits(e, u->text()) ? parts[1]
                                                                            : u->text();
  fuzz::check_error(e, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::bytes in(data, size);
  const std::uint8_t choice = in.take();
  one(in, ndcg::limits{}, choice);
  one(in, fuzz::tiny_limits(), choice);
  return 0;
}
