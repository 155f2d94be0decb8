"""The table of inputs (tests/data/inputs/explain.json) through Python's
explain(): the reading taken, the order it ranks the items in, and NDCG
computed here from that order by the formula."""
import json
import math
import pathlib

import pytest

import ndcg_calc

TABLE = pathlib.Path(__file__).resolve().parents[1] / 'data' / 'inputs' / 'explain.json'
CASES = json.loads(TABLE.read_text(encoding='utf-8'))['cases']


def dcg(grades):
    return sum((2 ** rel - 1) / math.log2(i + 2) for i, rel in enumerate(grades))


@pytest.mark.parametrize('case', CASES, ids=[c['name'] for c in CASES])
def test_an_input_is_read_as_the_table_says(case):
    options = {key: case[key] for key in ('columns', 'query') if key in case}
    call = lambda: ndcg_calc.explain(case['ranking'], qrels=case.get('qrels'), **options)
    if 'error' in case:
        with pytest.raises(ndcg_calc.NdcgError) as caught:
            call()
        want = case['error']
        assert (caught.value.code, caught.value.source) == (want['code'], want['source'])
        assert (caught.value.line, caught.value.column) == (want['line'], want['column'])
        for name, value in want.get('args', {}).items():
            assert caught.value.values[name] == value
        return
    e = ndcg_calc.explain(case['ranking'], qrels=case.get('qrels'), **options)
    assert e.format == case['format']
    if 'note' in case:
        assert e.reading['note'] == case['note']
    if 'other' in case:
        assert e.reading['other'] == case['other']
    assert [s['rel'] for s in e.steps] == case['ranked']
    assert e.dcg == pytest.approx(dcg(case['ranked']), rel=1e-12)
    assert e.ndcg == pytest.approx(dcg(case['ranked']) / dcg(sorted(case['ranked'], reverse=True)), rel=1e-12)
    if 'qrels' in case:
        assert e.ndcg_judged == pytest.approx(dcg(case['ranked']) / dcg(sorted(case['ideal'], reverse=True)), rel=1e-12)
        assert e.unjudged == case.get('unjudged', 0)
    assert sum(not s['judged'] for s in e.steps) == case.get('unjudged', 0)
