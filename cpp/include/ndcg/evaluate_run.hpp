// One batch evaluation of a run handed over in pieces (a file, standard
// input, the JS bytes of the wasm module): the run streamed query by query
// when it reads as a TREC run, so memory holds the judgments and a piece of
// the run; any other format read by its reader (inputs.hpp) as records, fed
// to the same evaluation query by query (judgments built from records). The
// command, the wasm module and Python evaluate and compare through here, so
// they read the same inputs the same way.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ndcg/error.hpp"
#include "ndcg/inputs.hpp"
#include "ndcg/settings.hpp"
#include "ndcg/trec.hpp"

namespace ndcg {

struct run_evaluation {
  trec_result result;
  std::optional<trec_tie_range> ties;  // with batch_settings::tie_range
};

// True when `qrels` are read as qrels (in any format the readers know);
// other judgments (-R prefs, ...) pass as they are.
bool judgments_are_qrels(const batch_settings& b, std::string_view qrels);

// The run from `run` against `qrels` (its text as given, in any format). With b.tie_range the run is read twice more, in the worst
// and best order of equal scores: from its start again when it can rewind,
// else from a copy of it read whole. `readings` says how the inputs that
// are not plain TREC were read, also when the evaluation then fails (the
// reading may be why).
expected<run_evaluation> evaluate_run(std::string_view qrels, run_source& run, const batch_settings& b,
                                      std::string_view subtopics, const input_reading& ir,
                                      std::vector<batch_reading>& readings);
#ifndef __EMSCRIPTEN__
// The same with the judgments from a source (a file): a LETOR file is read
// in pieces, not held (its predictions read beside it); others are read whole.
expected<run_evaluation> evaluate_run(run_source& qrels, run_source& run, const batch_settings& b,
                                      std::string_view subtopics, const input_reading& ir,
                                      std::vector<batch_reading>& readings);
// Whether judgments whose first bytes are `head` are read so (a LETOR file),
// which a caller holding them whole can then leave unread.
bool judgments_in_pieces(std::string_view head, const batch_settings& b);
#endif

// The same against judgments read once (judgments_for_runs): many runs, on
// several threads at once.
expected<run_evaluation> evaluate_run(const trec_judgments& judged, run_source& run, const batch_settings& b,
                                      const input_reading& ir, std::vector<batch_reading>& readings);

// Each run (bytes as given, any format) against the same judgments, read
// once (compare's runs): an error in a run has index = its place, 1-based,
// and `failed`, when given, gets the place of the run whose evaluation
// failed (0: the judgments); `readings` as above, none on an error.
expected<std::vector<run_evaluation>> evaluate_runs(std::string_view qrels, const std::vector<std::string_view>& runs,
                                                    const batch_settings& b, const input_reading& ir,
                                                    std::vector<batch_reading>& readings, std::size_t* failed = nullptr);

// Judgments read once for the evaluate_run above (Python's evaluator): TREC
// text in the format b.trec names, any other format's records built into
// judgments. Their reading, when they are not plain TREC, goes to `readings`.
expected<trec_judgments> judgments_for_runs(std::string_view qrels, const batch_settings& b, const input_reading& ir,
                                        std::vector<batch_reading>& readings);

// One input that holds both the judgments and the scores (a table with a
// rel and a score column, JSON records), read whole.
expected<run_evaluation> evaluate_table(std::string_view table, const batch_settings& b, std::string_view subtopics,
                                        const input_reading& ir, std::vector<batch_reading>& readings);

}  // namespace ndcg
