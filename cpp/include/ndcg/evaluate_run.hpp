// One batch evaluation of a run handed over in pieces (a file, standard
// input, the JS bytes of the wasm module): the run streamed query by query
// when it reads as a TREC run, so memory holds the judgments and a piece of
// the run; any other format read whole and turned into TREC text first. The
// command's `ndcg trec` and the wasm module's evaluateTrec both evaluate
// through here, so they read the same runs the same way.
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

// True when `qrels` are read as qrels (in any format read_inputs knows);
// other judgments (-R prefs, ...) pass as they are.
bool judgments_are_qrels(const batch_settings& b, std::string_view qrels);

// The run from `run` against `qrels` (its text as given: read_inputs reads
// its format). With b.tie_range the run is read twice more, in the worst
// and best order of equal scores: from its start again when it can rewind,
// else from a copy of it read whole. `readings` says how the inputs that
// are not plain TREC were read, also when the evaluation then fails (the
// reading may be why).
expected<run_evaluation> evaluate_run(std::string_view qrels, run_source& run, const batch_settings& b,
                                      std::string_view subtopics, const input_reading& ir,
                                      std::vector<batch_reading>& readings);

// The same against judgments read once (trec_judgments::read of the TREC
// text read_qrels gives): many runs, on several threads at once.
expected<run_evaluation> evaluate_run(const trec_judgments& judged, run_source& run, const batch_settings& b,
                                      const input_reading& ir, std::vector<batch_reading>& readings);

// One input that holds both the judgments and the scores (a table with a
// rel and a score column, JSON records), read whole.
expected<run_evaluation> evaluate_table(std::string_view table, const batch_settings& b, std::string_view subtopics,
                                        const input_reading& ir, std::vector<batch_reading>& readings);

}  // namespace ndcg
