"""pytrec_eval's interface: its README example, its measure spellings, and a
pytrec_eval script run unchanged but for the import."""
import json
import math
import subprocess
import sys

import pytest

import ndcg_calc as pytrec_eval
from conftest import QRELS, ROOT, RUN, cli

QREL = {'q1': {'d1': 0, 'd2': 1, 'd3': 0}, 'q2': {'d2': 1, 'd3': 1}}
RUN_DICT = {'q1': {'d1': 1.0, 'd2': 0.0, 'd3': 1.5}, 'q2': {'d1': 1.5, 'd2': 0.2, 'd3': 0.5}}


def test_the_readme_example():
    evaluator = pytrec_eval.RelevanceEvaluator(QREL, {'map', 'ndcg'})
    result = evaluator.evaluate(RUN_DICT)
    # q1 ranks d3, d1, d2: one relevant document at rank 3. q2 ranks d1 (unjudged), d3, d2.
    q2_ndcg = (1 / math.log2(3) + 1 / math.log2(4)) / (1 + 1 / math.log2(3))
    assert result == {'q1': {'map': 1 / 3, 'ndcg': 0.5},
                      'q2': {'map': (1 / 2 + 2 / 3) / 2, 'ndcg': pytest.approx(q2_ndcg, rel=1e-15)}}
    assert result['q2']['ndcg'] == 0.6934264036172708  # as pytrec_eval's README prints it


def test_measures_as_pytrec_eval_spells_them():
    evaluator = pytrec_eval.RelevanceEvaluator(QREL, {'P_1', 'ndcg_cut.2,3', 'recall_2', 'recip_rank', 'P'})
    result = evaluator.evaluate(RUN_DICT)
    # P named with a parameter (P_1) takes it in place of P's defaults.
    assert set(result['q1']) == {'P_1', 'ndcg_cut_2', 'ndcg_cut_3', 'recall_2', 'recip_rank'}
    assert result['q2']['P_1'] == 0.0 and result['q1']['recip_rank'] == 1 / 3
    assert all(isinstance(v, float) for q in result.values() for v in q.values())
    assert {'map', 'ndcg', 'ndcg_cut', 'P', 'recall', 'recip_rank', 'bpref', 'num_ret'} <= pytrec_eval.supported_measures
    with pytest.raises(ValueError):
        pytrec_eval.RelevanceEvaluator(QREL, {'ndcg_cutt'})


def test_queries_judged_but_not_run_or_run_but_not_judged_are_left_out():
    evaluator = pytrec_eval.RelevanceEvaluator(QREL, {'map'}, relevance_level=1)
    assert evaluator.evaluate({'q1': RUN_DICT['q1'], 'q9': {'d1': 1.0}}) == {'q1': {'map': 1 / 3}}
    assert evaluator.evaluate({}) == {}


def test_parse_run_and_parse_qrel_read_with_the_core_s_readers():
    with open(RUN) as f:
        run = pytrec_eval.parse_run(f)
    with open(QRELS) as f:
        qrel = pytrec_eval.parse_qrel(f)
    evaluator = pytrec_eval.RelevanceEvaluator(qrel, {'map', 'ndcg_cut.10'})
    result = evaluator.evaluate(run)
    expected = cli('trec', '-q', '--digits', '17', '-m', 'map', '-m', 'ndcg_cut.10', QRELS, RUN)
    for line in expected.splitlines():
        measure, qid, value = (part.strip() for part in line.split('\t'))
        if qid != 'all':
            assert result[qid][measure] == float(value)
    values = [q['map'] for q in result.values()]
    assert pytrec_eval.compute_aggregated_measure('map', values) == pytest.approx(sum(values) / len(values))
    assert pytrec_eval.compute_aggregated_measure('num_ret', [1, 2]) == 3


SCRIPT = '''
import json
import pytrec_eval

qrel = {'q1': {'d1': 0, 'd2': 1, 'd3': 0}, 'q2': {'d2': 1, 'd3': 1}}
run = {'q1': {'d1': 1.0, 'd2': 0.0, 'd3': 1.5}, 'q2': {'d1': 1.5, 'd2': 0.2, 'd3': 0.5}}
evaluator = pytrec_eval.RelevanceEvaluator(qrel, {'map_cut', 'ndcg_cut'})
results = evaluator.evaluate(run)
for measure in sorted(results['q1']):
    print(measure, pytrec_eval.compute_aggregated_measure(measure, [q[measure] for q in results.values()]))
print(json.dumps(results['q2'], sort_keys=True))
'''


def test_a_pytrec_eval_script_runs_unchanged_but_for_the_import(tmp_path):
    script = tmp_path / 'script.py'
    script.write_text(SCRIPT.replace('import pytrec_eval', 'import ndcg_calc as pytrec_eval'))
    env = {'PYTHONPATH': ':'.join(p for p in sys.path if p)}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # Sorted names: map_cut_10, map_cut_100, ..., ndcg_cut_5. q1 has its one relevant document at rank 3
    # (AP 1/3), q2 its two at ranks 2 and 3 (AP (1/2 + 2/3) / 2 = 7/12): the mean is 11/24 at every cutoff >= 3.
    q2_ap = (1 / 2 + 2 / 3) / 2  # added, then divided, as trec_eval does
    assert lines[0].split() == ['map_cut_10', repr((1 / 3 + q2_ap) / 2)]
    q2 = json.loads(lines[-1])
    assert q2['map_cut_5'] == q2_ap
    assert q2['ndcg_cut_5'] == pytest.approx(0.6934264036172708)


def test_judged_docs_only_flag_is_trec_eval_s_minus_j():
    # q2's d1 has no judgment: with the flag it leaves the ranking, so d3 and d2 (both relevant) rank 1 and 2.
    plain = pytrec_eval.RelevanceEvaluator(QREL, {'map', 'ndcg', 'P_1'}).evaluate(RUN_DICT)
    judged = pytrec_eval.RelevanceEvaluator(QREL, {'map', 'ndcg', 'P_1'}, judged_docs_only_flag=True).evaluate(RUN_DICT)
    assert plain['q2']['P_1'] == 0.0 and judged['q2'] == {'map': 1.0, 'ndcg': 1.0, 'P_1': 1.0}
    assert judged['q1'] == plain['q1']  # every document of q1 is judged
    expected = cli('trec', '-q', '-J', '--digits', '17', '-m', 'map', '-m', 'ndcg', QRELS, RUN)
    with open(RUN) as f:
        run = pytrec_eval.parse_run(f)
    with open(QRELS) as f:
        qrel = pytrec_eval.parse_qrel(f)
    result = pytrec_eval.RelevanceEvaluator(qrel, {'map', 'ndcg'}, judged_docs_only_flag=True).evaluate(run)
    for line in expected.splitlines():
        measure, qid, value = (part.strip() for part in line.split('\t'))
        if qid != 'all':
            assert result[qid][measure] == float(value)
    assert {'all_trec', 'official', 'set', 'all_prefs', 'qrels_jg'} <= set(pytrec_eval.supported_nicknames)


def test_no_measures_and_no_queries_give_an_empty_result():
    assert pytrec_eval.RelevanceEvaluator(QREL, set()).evaluate({}) == {}
    assert pytrec_eval.RelevanceEvaluator(QREL, {'map'}).evaluate({}) == {}


def test_a_run_query_with_no_documents_has_every_measure_at_zero():
    result = pytrec_eval.RelevanceEvaluator(QREL, {'map', 'ndcg', 'P_5', 'num_ret'}).evaluate({'q1': {}, 'q9': {}})
    assert result == {'q1': {'map': 0.0, 'ndcg': 0.0, 'P_5': 0.0, 'num_ret': 0.0}}


def test_a_measure_named_with_parameters_replaces_its_family_s_defaults():
    measures = {'ndcg_cut', 'ndcg_cut.1,4', 'ndcg_cut_20,4', 'ndcg_cut_15', 'recall.1000', 'P'}
    result = pytrec_eval.RelevanceEvaluator(QREL, measures).evaluate(RUN_DICT)
    assert set(result['q1']) == {'ndcg_cut_1', 'ndcg_cut_4', 'ndcg_cut_15', 'ndcg_cut_20', 'recall_1000', 'P_5',
                                 'P_10', 'P_15', 'P_20', 'P_30', 'P_100', 'P_200', 'P_500', 'P_1000'}


NICKNAME_CASES = {
    'set': {'num_q', 'num_rel', 'num_rel_ret', 'num_ret', 'runid', 'set_F', 'set_map', 'set_P', 'set_recall',
            'set_relative_P', 'utility'},
    'official': {'runid', 'num_q', 'num_ret', 'num_rel', 'num_rel_ret', 'map', 'gm_map', 'Rprec', 'bpref',
                 'recip_rank'} | {'iprec_at_recall_%.2f' % (i / 10) for i in range(11)}
                | {'P_%d' % k for k in (5, 10, 15, 20, 30, 100, 200, 500, 1000)},
}


def test_nicknames_name_what_pytrec_eval_s_name_every_query_carries_every_measure():
    for nickname, expected in NICKNAME_CASES.items():
        result = pytrec_eval.RelevanceEvaluator(QREL, {nickname}).evaluate({'q1': {}, 'q2': {}})
        assert set(result['q1']) == expected, nickname
    all_trec = pytrec_eval.RelevanceEvaluator(QREL, {'all_trec'}).evaluate({'q1': {}, 'q2': {}})
    assert {'relstring', 'gm_bpref', 'utility', 'ndcg_cut_1000', 'num_nonrel_judged_ret'} <= set(all_trec['q1'])
    assert not {'rbp', 'unj_5'} & set(all_trec['q1'])  # trec_eval 10's, after pytrec_eval 0.5's all_trec
    assert {'rbp', 'rbp_resid', 'unj', 'err_cut', 'judged'} <= pytrec_eval.supported_measures  # computed when named
    assert pytrec_eval.supported_nicknames['official'] == {'runid', 'num_q', 'num_ret', 'num_rel', 'num_rel_ret',
                                                           'map', 'gm_map', 'Rprec', 'bpref', 'recip_rank',
                                                           'iprec_at_recall', 'P'}


def test_every_supported_measure_is_computed_from_a_qrels_dict():
    for name in sorted(pytrec_eval.supported_measures):
        result = pytrec_eval.RelevanceEvaluator(QREL, {name}).evaluate(RUN_DICT)
        assert set(result) == {'q1', 'q2'} and result['q1'], name
    with pytest.raises(ValueError):  # pytrec_eval lists it nowhere and refuses it: it needs judgment groups
        pytrec_eval.RelevanceEvaluator(QREL, {'P_avgjg'})


def test_summary_measures_per_query_aggregate_to_trec_eval_s_all_line():
    with open(RUN) as f:
        run = pytrec_eval.parse_run(f)
    with open(QRELS) as f:
        qrel = pytrec_eval.parse_qrel(f)
    measures = {'num_q', 'num_ret', 'gm_map', 'map', 'gm_bpref'}
    result = pytrec_eval.RelevanceEvaluator(qrel, measures).evaluate(run)
    expected = cli('trec', '--digits', '17', '-m', 'num_q', '-m', 'num_ret', '-m', 'gm_map', '-m', 'map', '-m',
                   'gm_bpref', QRELS, RUN)
    for line in expected.splitlines():
        measure, _, value = (part.strip() for part in line.split('\t'))
        got = pytrec_eval.compute_aggregated_measure(measure, [q[measure] for q in result.values()])
        assert got == pytest.approx(float(value), rel=1e-12), measure


def test_a_family_of_one_column_is_keyed_by_its_name_whatever_its_parameters():
    # QREL and RUN_DICT: q1 ranks d3, d1, d2 with d2 alone relevant, so P = 1/3, R = 1 and
    # set_F.x = (x + 1) P R / (x P + R): 0.5 at x = 1, 3/7 at x = 0.5, 0.6 at x = 2.
    for params, expected in (('', 0.5), ('.0.5', 3 / 7), ('_2', 0.6)):
        result = pytrec_eval.RelevanceEvaluator(QREL, {'set_F' + params}).evaluate(RUN_DICT)
        assert set(result['q1']) == {'set_F'}
        assert result['q1']['set_F'] == pytest.approx(expected, rel=1e-15), params
    others = pytrec_eval.RelevanceEvaluator(QREL, {'utility', 'ndcg_cut.2', 'ndcg'}).evaluate(RUN_DICT)  # ndcg_cut is not ndcg's
    assert set(others['q1']) == {'utility', 'ndcg_cut_2', 'ndcg'}
