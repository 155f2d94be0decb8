"""DataFrames reach the core as their columns (no text between): every frame
here gives what the same frame written as CSV gives (results, report text,
readings worded alike), hand-checked values too, and bad frames fail on the
same row, with the same code and message, as their CSV text: the line is the
row's line in that text (the header is line 1) and the column the column's
place (1-based)."""
import math

import numpy as np
import pandas as pd
import pytest

import ndcg_calc
from conftest import ROOT

DATA = ROOT / 'tests' / 'data' / 'trec-parity'
RUN_ROWS = [line.split() for line in (DATA / 'set1.run').read_text().splitlines() if line.strip()]
QRELS_ROWS = [line.split() for line in (DATA / 'set1.qrels').read_text().splitlines() if line.strip()]


def csv_of(frame):
    return frame.to_csv(index=False, lineterminator='\n')


def as_csv(qrels, run=None, measures=None, **options):
    return ndcg_calc.evaluate(csv_of(qrels), None if run is None else csv_of(run), measures, **options)


def same_as_csv(qrels, run=None, measures='all_trec', **options):
    """The frames' evaluation, checked against their CSV text's."""
    options.setdefault('per_query', True)
    by_frames = ndcg_calc.evaluate(qrels, run, measures, **options)
    by_text = as_csv(qrels, run, measures, **options)
    assert dict(by_frames) == dict(by_text)
    assert by_frames.mean == by_text.mean and by_frames.run_id == by_text.run_id
    assert by_frames.text == by_text.text
    assert by_frames.notes == by_text.notes
    assert [r.replace('DataFrame', 'CSV').replace('one table', 'one file') for r in by_frames.readings] == by_text.readings
    assert by_frames.read_as['qrels'] == 'DataFrame'
    return by_frames


def parity_frames():
    run = pd.DataFrame({'query_id': [r[0] for r in RUN_ROWS], 'docno': [r[2] for r in RUN_ROWS],
                        'score': [float(r[4]) for r in RUN_ROWS], 'tag': [r[5] for r in RUN_ROWS]})
    qrels = pd.DataFrame({'topic': [r[0] for r in QRELS_ROWS], 'corpus-id': [r[2] for r in QRELS_ROWS],
                          'relevance': [int(r[3]) for r in QRELS_ROWS]})
    return qrels, run


def test_hand_checked_values():
    # q1 ranks d1 (score 3, rel 1), d2 (2, rel 0), d3 (1, rel 2); d4 (rel 1) is not ranked.
    qrels = pd.DataFrame({'qid': ['q1'] * 4, 'docid': ['d1', 'd2', 'd3', 'd4'], 'rel': [1, 0, 2, 1]})
    run = pd.DataFrame({'qid': ['q1'] * 3, 'docid': ['d1', 'd2', 'd3'], 'score': [3.0, 2.0, 1.0]})
    r = same_as_csv(qrels, run, ['ndcg', 'P.2', 'map', 'num_rel'])
    dcg = 1 / math.log2(2) + 2 / math.log2(4)
    ideal = 2 / math.log2(2) + 1 / math.log2(3) + 1 / math.log2(4)
    assert r['q1']['ndcg'] == pytest.approx(dcg / ideal)
    assert r['q1']['P_2'] == 0.5
    assert r['q1']['map'] == pytest.approx((1 / 1 + 2 / 3) / 3)  # relevant at ranks 1 and 3, of 3 relevant
    assert r.mean['num_rel'] == 3
    assert r.readings == ['qrels read as DataFrame: qid -> query, docid -> doc, rel -> rel',
                          'run read as DataFrame: qid -> query, docid -> doc, score -> score']


def test_the_parity_set_as_frames_gives_the_trec_text():
    qrels, run = parity_frames()
    r = same_as_csv(qrels, run)
    trec = ndcg_calc.evaluate(str(DATA / 'set1.qrels'), str(DATA / 'set1.run'), 'all_trec', per_query=True)
    assert r.text == trec.text


@pytest.mark.parametrize('options', [
    {}, {'complete': True}, {'judged_only': True}, {'relevance_level': 2}, {'max_docs': 5}, {'tie_range': True},
    {'ci': True, 'trials': 200}, {'gain': 'exp', 'k': 3}, {'docs_in_collection': 1000},
])
def test_options_as_the_csv_path(options):
    qrels, run = parity_frames()
    same_as_csv(qrels, run, ['ndcg', 'ndcg_cut.5', 'map', 'P.5', 'recall.10', 'num_q'], **options)


def test_ids_of_every_dtype():
    qrels, run = parity_frames()
    run = run.sample(frac=1, random_state=3).reset_index(drop=True)  # queries interleaved
    same_as_csv(qrels, run)
    same_as_csv(qrels.astype({'topic': 'category', 'corpus-id': 'category'}), run.astype({'docno': 'category'}))
    same_as_csv(qrels.astype({'topic': 'string'}), run.astype({'query_id': 'string', 'docno': 'string'}))
    number = {q: i + 1 for i, q in enumerate(sorted(set(qrels['topic']) | set(run['query_id'])))}
    same_as_csv(qrels.assign(topic=qrels['topic'].map(number).astype('int64')),
                run.assign(query_id=run['query_id'].map(number).astype('int64')))
    ints = pd.DataFrame({'qid': np.array([1, 1, 2], dtype='int32'), 'docid': np.array([10, 2**62, 7], dtype='int64'),
                         'label': np.array([1, 0, 2], dtype='int8'), 'score': np.array([0.5, 0.2, 1], dtype='float32')})
    same_as_csv(ints)
    same_as_csv(pd.DataFrame({'qid': ['a', 'a', 'b'], 'label': pd.array([1, 0, 2], dtype='Int64'),
                              'score': [1, 2, 3]}))


def test_one_frame_holds_both_and_runs_by_rank():
    frame = pd.DataFrame({'qid': ['1', '1', '2'], 'label': [2, 0, 1], 'score': [0.5, 0.9, 0.3]})
    r = same_as_csv(frame, None, 'ndcg')
    assert r.mean['ndcg'] == pytest.approx((0.6309297535714575 + 1) / 2)
    assert r.readings == ['qrels read as DataFrame: qid -> query, score -> score, label -> rel; doc ids: each row\'s position in its '
                          'query (run and qrels in one table)']
    qrels, run = parity_frames()
    ranked = run.assign(rank=run.groupby('query_id').cumcount() + 1).drop(columns='score')
    same_as_csv(qrels, ranked)
    beir = qrels.rename(columns={'relevance': 'score'})  # BEIR's qrels: the score is the judgment
    same_as_csv(beir, run)


def test_zscores_and_the_readings_of_ignored_columns():
    qrels, run = parity_frames()
    means = ''.join('%s ndcg 0.5 0.25\n' % q for q in sorted(set(qrels['topic'])))
    same_as_csv(qrels.assign(extra=1), run.assign(note='x'), 'ndcg', zscores=means)


def error_of(call):
    with pytest.raises(ndcg_calc.NdcgError) as e:
        call()
    return e.value


def same_error(qrels, run=None, column=None, **options):
    """The frames' error against their CSV text's: the same code, source, line and message."""
    by_frames = error_of(lambda: ndcg_calc.evaluate(qrels, run, 'ndcg', **options))
    by_text = error_of(lambda: as_csv(qrels, run, 'ndcg', **options))
    assert (by_frames.code, by_frames.source, by_frames.line, by_frames.reason) == \
        (by_text.code, by_text.source, by_text.line, by_text.reason)
    if column is not None:
        assert by_frames.column == column
    return by_frames


QRELS = pd.DataFrame({'qid': ['q1', 'q1', 'q2'], 'docid': ['a', 'b', 'a'], 'rel': [1, 0, 2]})
RUN = pd.DataFrame({'qid': ['q1', 'q1', 'q2', 'q2'], 'docid': ['a', 'b', 'a', 'c'], 'score': [1.0, 0.5, 2.0, 1.0]})


def test_bad_frames_fail_as_their_csv_text():
    e = same_error(QRELS, RUN.drop(columns='score'))
    assert e.code == 'no-grade-column' and e.source == 'run' and e.line == 1
    e = same_error(QRELS, RUN.assign(score=[1.0, float('nan'), 2.0, 1.0]), column=3)
    assert e.code == 'empty-field' and e.line == 3
    e = same_error(QRELS, RUN.assign(qid=['q1', None, 'q2', 'q2']), column=1)
    assert e.code == 'bad-input' and e.line == 3
    e = same_error(QRELS.assign(docid=['a', float('nan'), 'a']), RUN, column=2)
    assert e.source == 'qrels' and e.line == 3
    e = same_error(QRELS, RUN.assign(score=[1.0, 'high', 2, '3']), column=3)  # mixed types
    assert e.code == 'not-a-number' and e.line == 3
    e = same_error(QRELS, RUN.assign(docid=['a', 'b', 'c', 'c']), column=2)
    assert e.code == 'duplicate-id' and e.line == 5 and e.values['first_line'] == '4'
    e = same_error(QRELS.assign(rel=[1, 0.5, 2]), RUN)
    assert e.code == 'not-whole' and e.line == 3
    e = same_error(QRELS, RUN.assign(qid=['q1', 'q1', 'q 2', 'q2']))
    assert e.line == 4
    same_error(QRELS.iloc[:0], RUN)
    same_error(QRELS, RUN.iloc[:0])
    e = same_error(QRELS.assign(query_id=['x'] * 3), RUN)
    assert e.code == 'duplicate-column'
    # the first bad row is named, whatever is wrong with later ones
    e = same_error(QRELS, RUN.assign(docid=['a', 'a', 'b', 'c'], score=[1.0, 2.0, 'x', 1.0]))
    assert e.code == 'duplicate-id' and e.line == 3
    e = same_error(QRELS.assign(docid=['a', 'a', 'b'], rel=[1, 0, 'x']), RUN)
    assert e.code == 'duplicate-id' and e.line == 3


def test_categorical_columns_read_as_their_cells():
    # A categorical reaches the core as its codes and its categories: every
    # row reads as the cell it stands for, missing (code -1) as an empty one.
    qrels, run = shuffled_rows(4, copies=False)
    coded = {'qid': 'category', 'docid': 'category'}
    plain = same_as_csv(qrels, run, ['ndcg', 'map', 'P.5'])
    both = same_as_csv(qrels.astype(coded), run.astype(coded), ['ndcg', 'map', 'P.5'])
    assert dict(both) == dict(plain) and both.mean == plain.mean
    # categories no row uses, and categories that are numbers (read as their str)
    wide = run.astype(coded)
    wide['docid'] = wide['docid'].cat.add_categories(['unused', 'never'])
    same_as_csv(qrels.astype(coded), wide, ['ndcg', 'map'])
    numbered = pd.DataFrame({'qid': pd.Categorical([3, 3, 4]), 'docid': pd.Categorical([1.5, 2.0, 1.5]),
                             'score': pd.Categorical([0.25, 1, 0.25])})
    judged = pd.DataFrame({'qid': [3, 4], 'docid': ['1.5', '1.5'], 'rel': pd.Categorical([1, 2])})
    same_as_csv(judged, numbered, ['ndcg', 'num_rel_ret'])
    assert ndcg_calc._impl.inputs.frame_columns(numbered)[0][1].dtype == np.int32  # as codes, not cells


def test_bad_categorical_cells_fail_as_their_csv_text():
    e = same_error(QRELS, RUN.assign(qid=pd.Categorical(['q1', None, 'q2', 'q2'])), column=1)
    assert e.code == 'bad-input' and e.line == 3
    e = same_error(QRELS, RUN.assign(docid=pd.Categorical(['a', 'b', 'c', 'c'])), column=2)
    assert e.code == 'duplicate-id' and e.line == 5
    e = same_error(QRELS.assign(docid=pd.Categorical(['a', 'b c', 'a'])), RUN, column=2)
    assert e.source == 'qrels' and e.line == 3


@pytest.mark.parametrize('codes, distinct, found', [
    (np.array([0, 1, 2], dtype=np.int32), np.array(['q1', 'q2'], dtype=object), 'codes from -1 to 1'),
    (np.array([0, -2, 1], dtype=np.int32), np.array(['q1', 'q2'], dtype=object), 'codes from -1 to 1'),
    (np.array([0, 0, 0], dtype=np.int32), np.array([], dtype=object), 'codes from -1 to -1'),
    (np.array([0, 1, 0], dtype=np.int64), np.array(['q1', 'q2'], dtype=object), 'int32 codes'),
    (np.array([[0], [1], [0]], dtype=np.int32), np.array(['q1', 'q2'], dtype=object), 'int32 codes'),
    (np.array([0, 1, 0], dtype=np.int32), np.array([1.0, 2.0]), 'codes into an array of objects'),
])
def test_bad_codes_given_to_the_core_are_refused(codes, distinct, found):
    # The core's own call, as a caller other than frame_columns might make it:
    # a code outside its categories is an error, never a read out of bounds.
    from ndcg_calc import _core
    from ndcg_calc._impl.inputs import frame_columns
    from ndcg_calc._impl.options import option_texts
    run = frame_columns(pd.DataFrame({'docid': ['a', 'b', 'c'], 'score': [1.0, 2.0, 3.0]}))
    qrels = frame_columns(QRELS)
    e = error_of(lambda: _core.evaluate_columns(qrels, [('qid', codes, distinct)] + run, b'', 'DataFrame',
                                                option_texts({'measures': ['ndcg']}), 0))
    assert e.code == 'bad-type' and found in str(e)


def test_columns_of_unequal_lengths_given_to_the_core_are_refused():
    from ndcg_calc import _core
    from ndcg_calc._impl.inputs import frame_columns
    from ndcg_calc._impl.options import option_texts
    qrels = frame_columns(QRELS)
    for short in (0, 2):  # a short column first or last: no read past its end either way
        run = [('qid', np.array(['q1'] * 1000, dtype=object)), ('docid', np.array(['a'] * 1000, dtype=object)),
               ('score', np.ones(1000))]
        run[short] = (run[short][0], run[short][1][:1])
        e = error_of(lambda: _core.evaluate_columns(qrels, run, b'', 'DataFrame', option_texts({'measures': ['ndcg']}), 0))
        assert e.code == 'bad-type' and 'rows, as the columns before it' in str(e)


def shuffled_rows(seed, copies):
    """A run and qrels of 40 queries in random row order: each id one str object
    shared by its rows, or (copies) a new object with the same text per row."""
    rng = np.random.default_rng(seed)
    qids, docs = ['q%d' % i for i in range(40)], ['doc%d' % i for i in range(30)]
    pairs = [(q, d) for q in qids for d in docs if rng.random() < 0.5]
    own = (lambda s: ''.join(list(s))) if copies else (lambda s: s)
    order = rng.permutation(len(pairs))
    run = pd.DataFrame({'qid': [own(pairs[i][0]) for i in order], 'docid': [own(pairs[i][1]) for i in order],
                        'score': rng.integers(0, 8, len(pairs)) / 4})
    qrels = run.sample(frac=0.4, random_state=seed)[['qid', 'docid']].reset_index(drop=True)
    qrels['rel'] = rng.integers(0, 3, len(qrels))
    return qrels, run


def test_ids_shared_or_not_in_any_order():
    # The core remembers an id it has checked by the address of its text
    # (pandas holds one str per distinct id): the same id as one object or as
    # many, rows in any order, reads as the CSV text does.
    shared = same_as_csv(*shuffled_rows(3, copies=False), ['ndcg', 'map', 'P.5'])
    copied = same_as_csv(*shuffled_rows(3, copies=True), ['ndcg', 'map', 'P.5'])
    assert dict(shared) == dict(copied) and shared.mean == copied.mean


def test_repeated_docs_of_a_large_shuffled_run_named_in_judged_order():
    # A large run whose queries come back is looked at in two halves of its
    # judged queries at once: the repeat named is still the first, in order.
    rng = np.random.default_rng(5)
    qids, docs = ['q%d' % i for i in range(60)], ['d%d' % i for i in range(2000)]
    run = pd.DataFrame({'qid': np.repeat(qids, len(docs)), 'docid': docs * len(qids), 'score': 1.0})
    qrels = run.iloc[::50][['qid', 'docid']].assign(rel=1).reset_index(drop=True)
    for late_only in (False, True):
        again = run[run['docid'] == 'd7']
        again = again[again['qid'].isin(['q57'] if late_only else qids)]
        both = pd.concat([run, again], ignore_index=True).iloc[rng.permutation(len(run) + len(again))]
        e = same_error(qrels, both.reset_index(drop=True), column=2)
        assert e.code == 'duplicate-id' and e.values['found'] == 'd7'
        assert ('query "q57"' in e.reason) == late_only


def test_repeated_docs_and_bad_ids_found_by_address_too():
    qrels, run = shuffled_rows(4, copies=False)
    block = pd.DataFrame({'qid': ['qx'] * 12, 'docid': ['e%d' % i for i in range(11)] + ['e9'], 'score': 1.0})
    e = same_error(qrels, pd.concat([run, block], ignore_index=True), column=2)  # past eight rows: a table
    assert e.code == 'duplicate-id' and e.line == len(run) + 13 and e.values['first_line'] == str(len(run) + 11)
    short = pd.DataFrame({'qid': ['qy'] * 3, 'docid': ['f1', 'f2', 'f1'], 'score': 1.0})
    e = same_error(qrels, pd.concat([run, short], ignore_index=True), column=2)  # one by one
    assert e.code == 'duplicate-id' and e.line == len(run) + 4
    apart = pd.DataFrame({'qid': ['q1', 'q2', 'q1', 'q2', 'q1'], 'docid': ['a', 'a', 'b', 'c', 'a'], 'score': 1.0})
    e = same_error(QRELS, apart, column=2)  # a judged query's doc again after another query's rows
    assert e.code == 'duplicate-id' and e.line == 6 and e.values['first_line'] == '2'
    bad = 'q 1'  # one object on many rows: the first of them is named
    e = same_error(qrels, run.assign(qid=[bad if i % 7 == 3 else q for i, q in enumerate(run['qid'])]), column=1)
    assert e.code == 'bad-input' and e.line == 5


def test_strict_and_no_common_query():
    # The frame names the qrels row of q2 (line 4 of its CSV text); the CSV
    # path names the line of the TREC text it made of it (3).
    e = error_of(lambda: ndcg_calc.evaluate(QRELS, RUN[RUN['qid'] == 'q1'], 'ndcg', strict=True))
    assert e.code == 'missing-query' and e.source == 'qrels' and e.line == 4 and e.values['found'] == 'q2'
    same_error(QRELS, RUN.assign(qid='q9'))


def test_frames_do_not_pass_through_text(monkeypatch):
    from ndcg_calc._impl import inputs
    monkeypatch.setattr(inputs, 'frame_text', lambda frame: pytest.fail('a frame went as text'))
    ndcg_calc.evaluate(QRELS, RUN, 'ndcg')
    ndcg_calc.evaluate(QRELS.assign(score=1.0), None, 'ndcg')


# ---- compare() on frames ------------------------------------------------------------------

def compare_as_csv(qrels, runs, measures=None, **options):
    texts = {name: csv_of(run) for name, run in runs.items()} if hasattr(runs, 'items') else [csv_of(r) for r in runs]
    return ndcg_calc.compare(csv_of(qrels), texts, measures, **options)


def same_comparison(qrels, runs, measures=None, **options):
    """The frames' comparison, checked against their CSV texts'."""
    by_frames = ndcg_calc.compare(qrels, runs, measures, **options)
    by_text = compare_as_csv(qrels, runs, measures, **options)
    assert {k: v for k, v in by_frames.items() if k not in ('readings', 'inputs')} == \
        {k: v for k, v in by_text.items() if k not in ('readings', 'inputs')}
    assert [r.replace('DataFrame', 'CSV') for r in by_frames['readings']] == by_text['readings']
    return by_frames


def test_compare_frames_hand_checked():
    # q1: A ranks a (rel 1) over b (rel 0), B the other way round; q2: both rank a (rel 2) first.
    qrels = pd.DataFrame({'qid': ['q1', 'q1', 'q2'], 'docid': ['a', 'b', 'a'], 'rel': [1, 0, 2]})
    a = pd.DataFrame({'qid': ['q1', 'q1', 'q2'], 'docid': ['a', 'b', 'a'], 'score': [2.0, 1.0, 1.0]})
    b = pd.DataFrame({'qid': ['q1', 'q1', 'q2'], 'docid': ['a', 'b', 'a'], 'score': [1.0, 2.0, 1.0]})
    c = same_comparison(qrels, {'A': a, 'B': b}, ['ndcg', 'P.1'])
    assert c['runs'] == ['A', 'B'] and c['qids'] == ['q1', 'q2']
    ndcg_b_q1 = (1 / math.log2(3)) / 1.0  # a at rank 2 of an ideal with a at rank 1
    assert c['per_query']['ndcg'] == [[1.0, 1.0], [pytest.approx(ndcg_b_q1), 1.0]]
    by_measure = {c['measures'][x['measure']] if isinstance(x['measure'], int) else x['measure']: x
                  for x in c['comparisons']}
    assert (by_measure['ndcg']['wins'], by_measure['ndcg']['losses'], by_measure['ndcg']['ties']) == (0, 1, 1)
    assert by_measure['ndcg']['diff'] == pytest.approx((ndcg_b_q1 - 1.0) / 2)
    assert by_measure['P_1']['diff'] == -0.5  # B puts b (rel 0) first in q1
    assert c['readings'][0] == 'qrels read as DataFrame: qid -> query, docid -> doc, rel -> rel'
    assert c['readings'][1:] == ['run read as DataFrame: qid -> query, docid -> doc, score -> score'] * 2
    assert [i['run'] for i in c['inputs']] == [0, 1, 2]


@pytest.mark.parametrize('options', [{}, {'tie_range': True}, {'all_pairs': True, 'trials': 300}, {'complete': True}])
def test_compare_frames_as_the_csv_path(options):
    qrels, run = parity_frames()
    other = run.assign(score=run['score'].rank(method='first') % 7)
    third = run.assign(score=-run['score'])
    same_comparison(qrels, [run, other, third], ['ndcg_cut.10', 'map', 'P.5'], **options)


def test_compare_frames_fail_as_their_csv_text():
    def same(qrels, runs, **options):
        by_frames = error_of(lambda: ndcg_calc.compare(qrels, runs, 'ndcg', **options))
        by_text = error_of(lambda: compare_as_csv(qrels, runs, 'ndcg', **options))
        assert (by_frames.code, by_frames.source, by_frames.line, by_frames.reason, by_frames.index) == \
            (by_text.code, by_text.source, by_text.line, by_text.reason, by_text.index)
        return by_frames
    e = same(QRELS, [RUN, RUN.assign(docid=['a', 'b', 'c', 'c'])])
    assert e.code == 'duplicate-id' and e.source == 'run' and e.index == 2 and e.line == 5
    e = same(QRELS, [RUN, RUN[RUN['qid'] == 'q1']])
    assert e.code == 'missing-query' and e.source == 'qrels' and '(run "run2")' in e.reason
    e = same(QRELS, {'base': RUN, 'new': RUN[RUN['qid'] == 'q1']})
    assert '(run "new")' in e.reason
    e = same(QRELS, [RUN])
    assert e.code == 'bad-input' and e.source == 'options'
    e = same(QRELS.assign(rel=[1, 0.5, 2]), [RUN, RUN])
    assert e.code == 'not-whole' and e.source == 'qrels'


def test_compare_frames_do_not_pass_through_text(monkeypatch):
    from ndcg_calc._impl import inputs
    monkeypatch.setattr(inputs, 'frame_text', lambda frame: pytest.fail('a frame went as text'))
    ndcg_calc.compare(QRELS, [RUN, RUN], 'ndcg')


class Tag(str):
    """A str subclass: pandas keeps such objects as they are."""


def test_object_cells_of_every_kind_read_as_their_csv_text():
    # An object column is read in place, each distinct object's text once:
    # ASCII and other str (their UTF-8), str subclasses, numbers among texts.
    qrels = pd.DataFrame({'qid': ['é1', 'é1', '中', Tag('t'), 7], 'docid': ['a', 'ü', 'a', Tag('a'), 'x'],
                          'rel': [1, 2, 1, 3, 1]})
    run = pd.DataFrame({'qid': pd.Series(['é1', 'é1', '中', 't', '7', 7], dtype=object),
                        'docid': ['ü', 'b', Tag('a'), 'a', 'x', 'x'], 'score': [2.0, 1.0, 1.0, 1.0, 3.0, 2.0]})
    r = same_as_csv(qrels, run.iloc[:5], ['ndcg', 'P.5'])
    assert sorted(r) == sorted(['é1', '中', 't', '7'])
    e = same_error(qrels, run, column=2)  # 7 and '7' are one query, x its doc twice
    assert e.code == 'duplicate-id' and e.line == 7 and e.values['first_line'] == '6'
    e = same_error(qrels.assign(docid=['a', None, 'a', 'b', 'x']), run, column=2)
    assert e.line == 3


def test_lone_surrogates_in_ids_read_as_before():
    qrels = pd.DataFrame({'qid': ['q\udc80', 'q\udc80'], 'docid': ['a', 'b'], 'rel': [1, 0]})
    run = pd.DataFrame({'qid': ['q\udc80', 'q\udc80'], 'docid': ['b', 'a'], 'score': [2.0, 1.0]})
    r = ndcg_calc.evaluate(qrels, run, ['ndcg'], per_query=True)
    assert len(r) == 1 and list(r.values())[0]['ndcg'] == pytest.approx(1 / math.log2(3))


def test_whole_number_ids_in_any_order():
    # An int64 id's text is made once per distinct number: the same number as
    # a qid and as a docid, negative and past 2^53, rows in any order.
    rng = np.random.default_rng(7)
    pairs = pd.DataFrame({'qid': rng.integers(-3, 30, 600), 'docid': rng.choice([-1, 0, 5, 2**62, 2**53 + 1, 29], 600)})
    run = pairs.drop_duplicates().reset_index(drop=True).assign(score=lambda f: rng.integers(0, 9, len(f)) / 4)
    qrels = run.sample(frac=0.5, random_state=1)[['qid', 'docid']].assign(rel=lambda f: rng.integers(0, 3, len(f)))
    same_as_csv(qrels.reset_index(drop=True), run, ['ndcg', 'map', 'P.5'])
    e = same_error(qrels.reset_index(drop=True), pd.concat([run, run.iloc[[3]]], ignore_index=True), column=2)
    assert e.code == 'duplicate-id'


def test_ids_each_their_own_object_in_a_large_table():
    # read_csv makes a str per cell: past 65,536 rows, most of them missed
    # by the cache, equal texts may get two numbers; repeats are still found.
    n = 70000
    rng = np.random.default_rng(9)

    def table(extra):
        return pd.DataFrame({'qid': ['q%d' % (i % 500) for i in range(n)], 'docid': ['d%d' % (i // 500) for i in range(n)],
                             extra: rng.integers(0, 3, n)})
    run, qrels = table('score').sample(frac=1, random_state=2).reset_index(drop=True), table('rel')
    same_as_csv(qrels, run, ['ndcg', 'map'], per_query=False)
    again = pd.DataFrame({'qid': ['q7'], 'docid': ['d3'], 'score': [1]})
    e = same_error(qrels, pd.concat([run, again], ignore_index=True), column=2)  # a shuffled run's
    assert e.code == 'duplicate-id' and e.line == n + 2
    grouped = run.sort_values('qid', kind='stable').reset_index(drop=True)
    e = same_error(qrels, pd.concat([grouped, again], ignore_index=True).sort_values('qid', kind='stable'), column=2)
    assert e.code == 'duplicate-id'
    e = same_error(pd.concat([qrels, again.rename(columns={'score': 'rel'})], ignore_index=True), run, column=2)
    assert e.code == 'duplicate-id' and e.line == n + 2 and e.values['first_line'] == str(3 * 500 + 7 + 2)
