"""pytrec_eval's interface over the core, so `import ndcg_calc as
pytrec_eval` runs a pytrec_eval script unchanged: RelevanceEvaluator,
supported_measures, supported_nicknames, parse_run, parse_qrel and
compute_aggregated_measure, with pytrec_eval's measure spellings ("ndcg",
"P_5", "ndcg_cut.10,20") and output shape ({qid: {measure: float}}).

As in pytrec_eval, a query of the run without judgments is left out, and so
is a judged query the run does not have."""
import math
import re

from . import _core
from ._errors import NdcgError
from ._evaluate import evaluate
from ._inputs import qrels_text
from ._options import utf8

supported_measures = frozenset(_core.measure_tables()['names'])
# trec_eval's nicknames; the core expands them (evaluate(measures='official')).
supported_nicknames = frozenset(_core.measure_tables()['nicknames'])

_PARAMETERS = re.compile(r'[._]([0-9]+(\.[0-9]+)?(,[0-9]+(\.[0-9]+)?)*)$')


def _measure(name):
    """pytrec_eval's spellings ("P_5", "P.5,10", "ndcg") as `-m` takes them."""
    if not isinstance(name, str):
        raise NdcgError('a measure is a str, got %s' % type(name).__name__, code='bad-type', source='options',
                        key='measures', args={'expected': 'a str'})
    if name in supported_measures or name in supported_nicknames:
        return name
    for base in sorted(supported_measures, key=len, reverse=True):
        if name.startswith(base):
            found = _PARAMETERS.match(name[len(base):])
            if found:
                return base + '.' + found.group(1)
    return name  # the core names what it does not know (unknown-measure)


class RelevanceEvaluator:
    """RelevanceEvaluator(query_relevance, measures, relevance_level=1,
    judged_docs_only_flag=False).evaluate(scores) -> {qid: {measure: value}}."""

    def __init__(self, query_relevance, measures, relevance_level=1, judged_docs_only_flag=False):
        self._qrels = qrels_text(query_relevance)
        self._measures = sorted({_measure(m) for m in measures})
        self._options = {'relevance_level': relevance_level, 'shard': True}
        if judged_docs_only_flag:
            self._options['judged_only'] = True  # trec_eval's -J
        if not self._measures:
            raise NdcgError('no measures given', code='missing-value', source='options', key='measures')
        # Refuse an unknown measure here, as pytrec_eval does, not at evaluate().
        evaluate(self._qrels, {}, self._measures, **self._options)

    def evaluate(self, scores):
        if not scores:
            return {}
        result = evaluate(self._qrels, scores, self._measures, **self._options)
        return {qid: {m: float(v) if v is not None else v for m, v in values.items()} for qid, values in result.items()}


def _text_of(lines):
    text = lines if isinstance(lines, (str, bytes)) else ''.join(lines)
    return utf8(text)


def parse_run(f_run):
    """{qid: {docid: score}} from a run file's lines (read by the core)."""
    return _core.run_dict(_text_of(f_run))


def parse_qrel(f_qrel):
    """{qid: {docid: grade}} from a qrels file's lines (read by the core)."""
    return _core.qrels_dict(_text_of(f_qrel))


def compute_aggregated_measure(measure, values):
    """The "all" value of per-query values as pytrec_eval aggregates them:
    the sum for counts (num_*), exp of the mean for gm_* (whose per-query
    values are logarithms there), else the mean."""
    values = list(values)
    if measure.startswith('num_'):
        return float(sum(values))
    if measure.startswith('gm_'):
        return math.exp(sum(values) / len(values))
    return sum(values) / len(values)
