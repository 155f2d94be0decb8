"""pytrec_eval's interface over the core, so `import ndcg_calc as
pytrec_eval` runs a pytrec_eval script unchanged: RelevanceEvaluator,
supported_measures, supported_nicknames, parse_run, parse_qrel and
compute_aggregated_measure, with pytrec_eval 0.5's semantics:

- the dicts reach the core as memory (no text in between): a run query the
  qrels lack is left out, a run query with no documents is in the result
  with every measure's value, a judged query the run lacks is left out;
- a measure named with parameters ("ndcg_cut.1,4", "ndcg_cut_20") replaces
  its family's defaults, parameters of several names are unioned, and `_`
  and `.` both introduce them;
- every query's dict holds every measure asked for, summary ones included
  (num_q 1, runid and relstring 0, gm_map and gm_bpref as the logarithms
  compute_aggregated_measure takes the exp of the mean of);
- a family whose parameters make one column (set_F.0.5, utility.1,-1,0,0,
  ndcg.1=1,2=3) is keyed by its name alone, as pytrec_eval keys it;
- supported_nicknames are pytrec_eval 0.5's (trec_eval 9's all_trec);
  supported_measures names every measure computed from a qrels dict: those,
  trec_eval 10's rbp, rbp_resid and unj, and our err_cut and judged."""
import math
import re

from .. import _core
from .errors import NdcgError
from .options import option_texts, utf8

# What trec_eval 10.0's all_trec added to the trec_eval that pytrec_eval 0.5 builds on.
_AFTER_PYTREC_EVAL = frozenset({'rbp', 'rbp_resid', 'unj'})
_TABLES = _core.measure_tables()
supported_nicknames = {name: set(families) - _AFTER_PYTREC_EVAL if name in ('all_trec', 'all_qrels') else set(families)
                       for name, families in _TABLES['nickname_families'].items()}
# Every family computed from a qrels dict: pytrec_eval 0.5's, trec_eval 10's, and ours that read plain qrels.
supported_measures = frozenset(supported_nicknames['all_trec'] | _AFTER_PYTREC_EVAL | {'err_cut', 'judged'})
_COMPUTABLE = supported_measures
_ONE_COLUMN = frozenset(_TABLES['one_column'])
_FAMILIES = sorted(_TABLES['names'], key=len, reverse=True)  # the longest first: ndcg_cut before ndcg
_GM_FLOOR = 0.00001  # trec_eval's floor before the logarithm of gm_map and gm_bpref

_PARAMETERS = r'{}[\._]([0-9]+(\.[0-9]+)?(,[0-9]+(\.[0-9]+)?)*)'


def _unsupported(name):
    return NdcgError('unsupported measure %r' % (name,), code='unknown-measure', source='options', key='measures',
                     args={'found': str(name)})


def _measures(names):
    """pytrec_eval's nicknames expanded and spellings combined into `-m` names:
    {family: parameters}, parameters replacing the defaults."""
    wanted = set()
    for name in names:
        if not isinstance(name, str):
            raise NdcgError('a measure is a str, got %s' % type(name).__name__, code='bad-type', source='options',
                            key='measures', args={'expected': 'a str'})
        wanted.update(supported_nicknames.get(name, {name}))
    params = {}
    for name in wanted:
        if name in _COMPUTABLE:
            params.setdefault(name, set())
            continue
        base = next((b for b in sorted(_COMPUTABLE, key=len, reverse=True)
                     if re.match(_PARAMETERS.format(re.escape(b)) + '$', name)), None)
        if base is None:
            raise _unsupported(name)
        params.setdefault(base, set()).update(name[len(base) + 1:].split(','))
    return sorted(base + ('.' + ','.join(sorted(p)) if p else '') for base, p in params.items())


def _checked_qrels(query_relevance):
    """A copy of the qrels (as pytrec_eval builds its own at construction)."""
    if not isinstance(query_relevance, dict):
        raise NdcgError('qrels: expected a dict {qid: {docid: grade}}, got %s' % type(query_relevance).__name__,
                        code='bad-type', source='qrels', args={'expected': 'a dict {qid: {docid: grade}}'})
    copy = {}
    for qid, docs in query_relevance.items():
        if not isinstance(docs, dict):
            raise NdcgError('qrels: expected a dict {docid: grade} for each query, got %s' % type(docs).__name__,
                            code='bad-type', source='qrels', args={'expected': 'a dict {docid: grade}'})
        copy[qid] = dict(docs)
    return copy


def _per_query_value(name, value):
    if value is None or isinstance(value, str):  # relstring's text, runid: pytrec_eval's 0
        return 0.0 if isinstance(value, str) else None
    if name.startswith('gm_'):
        return math.log(max(value, _GM_FLOOR))
    return float(value)


def _key_of(printed):
    """pytrec_eval's key of a column: "set_F" for set_F_0.5, as it names
    every column but those of cutoffs and fractions by the family alone."""
    family = next((b for b in _FAMILIES if printed == b or printed.startswith(b + '_')), printed)
    return family if family in _ONE_COLUMN else printed


class RelevanceEvaluator:
    """RelevanceEvaluator(query_relevance, measures, relevance_level=1,
    judged_docs_only_flag=False).evaluate(scores) -> {qid: {measure: value}}."""

    def __init__(self, query_relevance, measures, relevance_level=1, judged_docs_only_flag=False):
        self._qrels = _checked_qrels(query_relevance)
        self._measures = _measures(measures)
        options = {'relevance_level': relevance_level, 'measures': self._measures}
        if judged_docs_only_flag:
            options['judged_only'] = True  # trec_eval's -J
        self._options = option_texts(options)
        if self._measures:  # an unknown measure or option is refused here, as pytrec_eval does
            _core.evaluate_dicts({}, {}, self._options, 1)

    def evaluate(self, scores):
        if not scores:
            return {}
        if not self._measures:
            return {qid: {} for qid in scores if qid in self._qrels}
        reply = _core.evaluate_dicts(self._qrels, scores, self._options, 0)
        columns = reply['columns']
        keys = {m: _key_of(m) for m in reply['measures']}
        return {qid: {keys[m]: _per_query_value(m, columns[m][i]) for m in reply['measures']}
                for i, qid in enumerate(reply['qids'])}


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
    values are logarithms), else the mean."""
    values = list(values)
    if measure.startswith('num_'):
        return float(sum(values))
    if measure.startswith('gm_'):
        return math.exp(sum(values) / len(values))
    return sum(values) / len(values)
