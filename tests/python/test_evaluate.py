"""evaluate(): trec_eval's parity files, and every kind of input giving the
command's values (`ndcg trec -q --digits 17` on the same data)."""
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import ndcg_calc
from conftest import PARITY, QRELS, RUN, cli

PARITY_MEASURES = ['ndcg', 'ndcg_cut.5,10,20', 'P.5,10', 'recall.10', 'map', 'recip_rank']


def test_trec_eval_s_full_precision_output_byte_for_byte():
    r = ndcg_calc.evaluate(QRELS, RUN, PARITY_MEASURES, per_query=True, digits=17)
    assert r.text == (PARITY / 'set1.trec_eval_fullprec.txt').read_text()
    gains = ndcg_calc.evaluate(QRELS, RUN, 'ndcg.1=1,2=3,3=7,4=15', per_query=True)
    assert gains.text == (PARITY / 'set1.trec_eval_expgain.txt').read_text()


def _trec_eval_values(name):
    """{qid: {measure: value}} and the "all" line from a trec_eval output file."""
    per_query, mean = {}, {}
    for line in (PARITY / name).read_text().splitlines():
        measure, qid, value = line.split('\t')
        target = mean if qid == 'all' else per_query.setdefault(qid, {})
        target[measure.strip()] = float(value)
    return per_query, mean


def test_the_values_are_trec_eval_s():
    per_query, mean = _trec_eval_values('set1.trec_eval_fullprec.txt')
    r = ndcg_calc.evaluate(QRELS, RUN, PARITY_MEASURES)
    assert dict(r) == per_query
    assert r.mean == mean
    assert r.num_q == 50 and r.read_as == {'qrels': 'file', 'run': 'file'}


def _as_dicts(qrels_text, run_text):
    qrels, run = {}, {}
    for line in qrels_text.splitlines():
        q, _, d, rel = line.split()
        qrels.setdefault(q, {})[d] = int(rel)
    for line in run_text.splitlines():
        q, _, d, _, score, _ = line.split()
        run.setdefault(q, {})[d] = float(score)
    return qrels, run


def _frames(qrels_text, run_text):
    qrels = pd.DataFrame([line.split() for line in qrels_text.splitlines()], columns=['query_id', 'it', 'doc_id', 'relevance'])
    qrels['relevance'] = qrels['relevance'].astype(int)
    run = pd.DataFrame([line.split() for line in run_text.splitlines()], columns=['qid', 'q0', 'docid', 'rank', 'score', 'tag'])
    run['score'] = run['score'].astype(float)
    return qrels, run


def test_every_input_kind_gives_the_command_s_values():
    expected = cli('trec', '-q', '--digits', '17', '-m', 'ndcg_cut.10', '-m', 'map', '-m', 'P.5', QRELS, RUN)
    qrels_text, run_text = QRELS.read_text(), RUN.read_text()
    qrels_dict, run_dict = _as_dicts(qrels_text, run_text)
    qrels_frame, run_frame = _frames(qrels_text, run_text)
    kinds = {
        'str paths': (str(QRELS), str(RUN)),
        'Path objects': (Path(QRELS), Path(RUN)),
        'text': (qrels_text, run_text),
        'bytes': (qrels_text.encode(), run_text.encode()),
        'dicts': (qrels_dict, run_dict),
        'DataFrames': (qrels_frame, run_frame),
        'mixed': (qrels_dict, str(RUN)),
    }
    for name, (qrels, run) in kinds.items():
        r = ndcg_calc.evaluate(qrels, run, ['ndcg_cut.10', 'map', 'P.5'], per_query=True, digits=17)
        # The run's tag is runid; dicts and frames have none, so their runid line says "run".
        assert r.text.replace('\trun\n', '\tsys\n') == expected.replace('\trun\n', '\tsys\n'), name
    assert ndcg_calc.evaluate(qrels_dict, run_text).read_as == {'qrels': 'dict', 'run': 'text'}


def test_labels_scores_and_groups_as_xgboost_and_lightgbm_hold_them():
    labels = np.array([2, 0, 1, 0, 3, 1, 0])
    scores = np.array([0.3, 0.9, 0.5, 0.1, 0.2, 0.8, 0.8])
    r = ndcg_calc.evaluate(labels, scores, 'ndcg', group=[3, 4])
    # Group 1: scores 0.9 (0), 0.5 (1), 0.3 (2) -> DCG = 1/log2(3) + 2/log2(4); IDCG = 2 + 1/log2(3).
    g1 = (1 / np.log2(3) + 2 / 2) / (2 + 1 / np.log2(3))
    assert r['1']['ndcg'] == pytest.approx(g1, rel=1e-15)
    same = ndcg_calc.evaluate(labels, scores, 'ndcg', qid=np.array([7, 7, 7, 9, 9, 9, 9]))
    assert same['7']['ndcg'] == r['1']['ndcg'] and same['9']['ndcg'] == r['2']['ndcg']
    assert r.read_as == {'qrels': 'labels', 'run': 'scores'}
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.evaluate(labels, scores, group=[3, 3])
    assert e.value.code == 'field-count'


def test_the_mean_of_counts_is_their_sum_and_runid_is_the_run_s_tag():
    r = ndcg_calc.evaluate(QRELS, RUN)  # trec_eval's default measures
    per_query = sum(q['num_ret'] for q in r.values())
    assert r.mean['num_ret'] == per_query and isinstance(per_query, int)
    assert r.run_id == RUN.read_text().splitlines()[-1].split()[-1]
    assert r.text == cli('trec', QRELS, RUN)


def test_input_errors_say_which_input_and_where():
    with pytest.raises(ndcg_calc.NdcgError) as caught:
        ndcg_calc.evaluate('q1 0 d1 1\n', 'q1 Q0 d1 1 x run\n')
    e = caught.value
    assert (e.code, e.source, e.line, e.column) == ('not-a-number', 'run', 1, 12)
    with pytest.raises(ndcg_calc.NdcgError) as caught:
        ndcg_calc.evaluate('no-such-file.qrels', RUN)
    assert caught.value.code == 'bad-file' and caught.value.source == 'qrels'
    with pytest.raises(ndcg_calc.NdcgError) as caught:
        ndcg_calc.evaluate(QRELS, RUN, 'ndcg_cutt.10')
    assert caught.value.code == 'unknown-measure'
    with pytest.raises(ndcg_calc.NdcgError) as caught:
        ndcg_calc.evaluate({'q 1': {'d': 1}}, RUN)
    assert caught.value.code == 'bad-input' and caught.value.source == 'qrels'
    with pytest.raises(ndcg_calc.NdcgError) as caught:
        ndcg_calc.evaluate(QRELS, RUN, all_pairs=True)
    assert caught.value.code == 'unknown-option'


def test_options_as_the_command_s_flags():
    missing = 'q1 0 d1 1\nq2 0 d1 1\n'
    run = 'q1 Q0 d1 1 0.5 r\n'
    # Left out, as trec_eval documents; -c scores it 0; --strict refuses it.
    assert ndcg_calc.evaluate(missing, run, 'P.5').mean['P_5'] == 0.2
    with pytest.raises(ndcg_calc.NdcgError) as caught:
        ndcg_calc.evaluate(missing, run, 'P.5', strict=True)
    assert caught.value.code == 'missing-query'
    assert ndcg_calc.evaluate(missing, run, 'P.5', complete=True).mean['P_5'] == 0.1
    assert ndcg_calc.evaluate(missing, run, 'P.5', shard=True).mean['P_5'] == 0.2
    exp = ndcg_calc.evaluate(QRELS, RUN, 'ndcg', gain='exp', per_query=True)
    assert exp.text == cli('trec', '-q', '--gain', 'exp', '-m', 'ndcg', QRELS, RUN)
    level = ndcg_calc.evaluate(QRELS, RUN, 'map', relevance_level=2)
    assert level.text == cli('trec', '-l', '2', '-m', 'map', QRELS, RUN)


def test_dict_keys_no_trec_line_can_carry_are_refused_and_numpy_values_read():
    for bad in ({'#q': {'d': 1}}, {'q': {'': 1}}, {'q': {'d\t2': 1}}, {'q': {'d\n': 1}}):
        with pytest.raises(ndcg_calc.NdcgError) as caught:
            ndcg_calc.evaluate(bad, RUN)
        assert caught.value.code == 'bad-input' and caught.value.source == 'qrels', bad
    with pytest.raises(ndcg_calc.NdcgError) as caught:
        ndcg_calc.evaluate({'q': {'d': True}}, {'q': {'d': 1.0}})
    assert caught.value.code == 'bad-type'
    with pytest.raises(ndcg_calc.NdcgError) as caught:
        ndcg_calc.evaluate({'q': {'d': 1}}, {'q': {'d': float('nan')}})
    assert (caught.value.code, caught.value.source, caught.value.line) == ('not-a-number', 'run', 1)
    r = ndcg_calc.evaluate({7: {'d': np.int64(2), 'e': 1.0}}, {7: {'d': np.float32(0.5), 'e': 0.75}}, 'ndcg')
    # e (0.75, grade 1) then d (0.5, grade 2); trec_eval's gains are the grades.
    assert r['7']['ndcg'] == pytest.approx((1 + 2 / np.log2(3)) / (2 + 1 / np.log2(3)), rel=1e-15)


def test_text_follows_format_and_no_summary_as_the_command_s_flags_and_notes_name_the_readings():
    measures = ['map', 'relstring.3', 'ndcg_cut.10']
    for fmt, flags in (('json', ['-q']), ('csv', ['-q', '-n']), ('text', ['-n', '-q'])):
        r = ndcg_calc.evaluate(QRELS, RUN, measures, format=fmt, per_query=True, no_summary='-n' in flags)
        expected = cli('trec', *flags, '--format', fmt, *[a for m in measures for a in ('-m', m)], str(QRELS), str(RUN))
        assert r.text == expected, (fmt, flags)
    with pytest.raises(ndcg_calc.NdcgError, match='markdown'):
        ndcg_calc.evaluate(QRELS, RUN, 'map', format='markdown')
    cut = ndcg_calc.evaluate(QRELS, RUN, 'ndcg_cut.23.4')
    assert cut.measures == ['ndcg_cut_23']
    assert cut.notes == ['ndcg_cut.23.4: cutoff 23.4 read as 23, as trec_eval reads it']


def test_zscores_and_the_parameter_rule_as_ndcg_trec_prints_them(tmp_path):
    means = tmp_path / 'means'
    means.write_text('481 num_ret 10 2\n481 map 0.5 0.25\n')
    measures = ['num_ret', 'map', 'relstring.3']
    r = ndcg_calc.evaluate(QRELS, RUN, measures, zscores=means, per_query=True)
    assert r.text == cli('trec', '-q', '-Z', means, *[a for m in measures for a in ('-m', m)], QRELS, RUN)
    assert r.measures == ['Znum_ret', 'Zmap', 'relstring_3']
    assert isinstance(r['481']['Znum_ret'], float)  # a z-score, no longer a count
    assert r.read_as['zscores'] == 'file'
    every = ndcg_calc.evaluate(QRELS, RUN, ['all_trec', 'relstring.20'])
    assert 'relstring_20' in every.measures and 'relstring' not in every.measures


def test_tie_range_as_ndcg_trec_tie_range_prints_it_and_its_json_values():
    import json
    args = ('--tie-range', '-q', '-m', 'ndcg_cut.10', '-m', 'map')
    r = ndcg_calc.evaluate(QRELS, RUN, ['ndcg_cut.10', 'map'], tie_range=True, per_query=True)
    assert r.text == cli('trec', *args, QRELS, RUN)
    native = json.loads(cli('trec', *args, '--format', 'json', QRELS, RUN))
    assert r.mean == native['all']
    assert r.mean['ndcg_cut_10:ties'] == 18 and r.mean['map:ties'] == 20
    assert dict(r) == {qid: values for qid, values in native.items() if qid != 'all'}
    # Every query's worst and best bound its value.
    for values in dict(r).values():
        assert values['map:worst'] <= values['map'] <= values['map:best']
    # From text, as from the file, the same values.
    assert ndcg_calc.evaluate(QRELS.read_text(), RUN.read_text(), ['ndcg_cut.10', 'map'], tie_range=True).mean == r.mean
    with pytest.raises(ndcg_calc.NdcgError, match='tie_range needs the run as text or a file'):
        ndcg_calc.evaluate(np.array([1.0, 0.0]), np.array([0.5, 0.5]), group=[2], tie_range=True)


def test_ci_gives_the_command_s_intervals_for_text_files_and_arrays():
    args = ['trec', '--ci', '--format', 'json', '-m', 'map', '-m', 'num_ret', str(QRELS), str(RUN)]
    native = json.loads(cli(*args))
    r = ndcg_calc.evaluate(QRELS, RUN, ['map', 'num_ret'], ci=True)
    assert r.ci95 == native['ci95'] and r.ci_queries == {'map': 50}
    assert r.ci95['map'][0] < r.mean['map'] < r.ci95['map'][1]
    assert ndcg_calc.evaluate(QRELS, RUN, 'map').ci95 is None
    # Arrays: the same values per query give the same interval from the same seed.
    labels = np.array([1.0, 0, 1] * 4)
    scores = np.array([0.9, 0.5, 0.7] * 4)
    texts = ''.join('q%d 0 d%d %d\n' % (q, d, labels[3 * q + d]) for q in range(4) for d in range(3))
    run = ''.join('q%d Q0 d%d 1 %r r\n' % (q, d, scores[3 * q + d]) for q in range(4) for d in range(3))
    arrays = ndcg_calc.evaluate(labels, scores, 'map', group=[3] * 4, ci=True, seed=5)
    text = ndcg_calc.evaluate(texts, run, 'map', ci=True, seed=5)
    assert arrays.ci95 == text.ci95 == {'map': [None, None]}  # 4 queries: withheld
    assert arrays.ci_queries == {'map': 4}


def test_describe_measure_is_the_command_s_help_measure():
    for name in ('ndcg_cut', 'bpref', 'P_5'):
        d = ndcg_calc.describe_measure(name)
        assert d['text'] == cli('trec', '--help-measure', name)
        assert d['text'].startswith('%s: %s\n  %s\n' % (d['name'], d['help'], d['about']))
    assert ndcg_calc.describe_measure('map')['judged_only'] == 'unjudged documents leave the ranking first'
    with pytest.raises(ndcg_calc.NdcgError) as err:
        ndcg_calc.describe_measure('nope')
    assert err.value.code == 'unknown-measure'
