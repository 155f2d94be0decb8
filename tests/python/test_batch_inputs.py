"""evaluate() and compare() read what `ndcg trec` reads, through the core's
readers and its one table of column names: CSV, TSV, JSON, JSON Lines,
DataFrames (as CSV), lists of records, LETOR with predictions and a group
file, gzip; the parity set in each gives the TREC original's text."""
import csv
import gzip
import io
import json

import pytest

import ndcg_calc
from conftest import ROOT

DATA = ROOT / 'tests' / 'data' / 'trec-parity'
RUN = (DATA / 'set1.run').read_text()
QRELS = (DATA / 'set1.qrels').read_text()
RUN_ROWS = [line.split() for line in RUN.splitlines() if line.strip()]
QRELS_ROWS = [line.split() for line in QRELS.splitlines() if line.strip()]


def table(rows, header, sep):
    out = io.StringIO()
    w = csv.writer(out, delimiter=sep, lineterminator='\n')
    w.writerow(header)
    w.writerows(rows)
    return out.getvalue()


def reference(qrels=QRELS, run=RUN):
    return ndcg_calc.evaluate(qrels, run, 'all_trec', per_query=True).text


def test_csv_and_beir_tsv_give_the_trec_text():
    run = table([[r[0], r[2], r[4], r[5]] for r in RUN_ROWS], ['query_id', 'doc_id', 'score', 'tag'], ',')
    qrels = table([[r[0], r[2], r[3]] for r in QRELS_ROWS], ['query-id', 'corpus-id', 'score'], '\t')
    r = ndcg_calc.evaluate(qrels, run, 'all_trec', per_query=True)
    assert r.text == reference()
    assert r.readings == [
        'qrels read as TSV: query-id -> query, corpus-id -> doc, score -> rel (no rel column: the score is the judgment)',
        'run read as CSV: query_id -> query, doc_id -> doc, score -> score, tag -> tag']


def test_json_lines_and_records_give_the_trec_text():
    run = ''.join(json.dumps({'qid': r[0], 'docno': r[2], 'score': float(r[4]), 'run_id': r[5]}) + '\n' for r in RUN_ROWS)
    qrels = [{'query_id': r[0], 'doc_id': r[2], 'relevance': int(r[3])} for r in QRELS_ROWS]
    assert ndcg_calc.evaluate(qrels, run, 'all_trec', per_query=True).text == reference()


def test_gzip_bytes_and_files(tmp_path):
    path = tmp_path / 'run.gz'
    path.write_bytes(gzip.compress(RUN.encode()))
    r = ndcg_calc.evaluate(gzip.compress(QRELS.encode()), path, 'all_trec', per_query=True)
    assert r.text == reference()
    assert r.readings == ['qrels (gzip) read as TREC', 'run (gzip) read as TREC']


def test_a_csv_run_file_is_read_whole_and_a_trec_file_streams(tmp_path):
    path = tmp_path / 'run.csv'
    path.write_text(table([[r[0], r[2], r[4], r[5]] for r in RUN_ROWS], ['qid', 'docno', 'score', 'run'], ','))
    assert ndcg_calc.evaluate(QRELS, path, 'all_trec', per_query=True).text == reference()
    trec = tmp_path / 'run.txt'
    trec.write_text(RUN)
    r = ndcg_calc.evaluate(QRELS, trec, 'all_trec', per_query=True)
    assert r.text == reference() and r.readings == []


def letor_set():
    labels = {(r[0], r[2]): r[3] for r in QRELS_ROWS}
    order, by = [], {}
    for r in RUN_ROWS:
        if r[0] not in by:
            order.append(r[0])
            by[r[0]] = []
        by[r[0]].append(r)
    letor, bare, pred, group, trec_run, trec_qrels, g_run, g_qrels = [], [], [], [], [], [], [], []
    for qi, q in enumerate(order):
        group.append(len(by[q]))
        for i, r in enumerate(by[q]):
            label = labels.get((q, r[2]), '0')
            letor.append('%s qid:%s 1:0.5 2:%d # docid = %s inc = 0.04\n' % (label, q, i, r[2]))
            bare.append('%s 1:0.5\n' % label)
            pred.append(r[4] + '\n')
            trec_run.append('%s Q0 %s 0 %s run\n' % (q, r[2], r[4]))
            trec_qrels.append('%s 0 %s %s\n' % (q, r[2], label))
            g_run.append('%d Q0 %d 0 %s run\n' % (qi + 1, i + 1, r[4]))
            g_qrels.append('%d 0 %d %s\n' % (qi + 1, i + 1, label))
    j = ''.join
    return j(letor), j(bare), j(pred), group, j(trec_run), j(trec_qrels), j(g_run), j(g_qrels)


def test_letor_with_predictions_and_with_a_group_file(tmp_path):
    letor, bare, pred, group, trec_run, trec_qrels, g_run, g_qrels = letor_set()
    assert ndcg_calc.evaluate(letor, pred, 'all_trec', per_query=True).text == reference(trec_qrels, trec_run)
    want = reference(g_qrels, g_run)
    assert ndcg_calc.evaluate(bare, pred, 'all_trec', per_query=True, group=group).text == want
    group_file = tmp_path / 'train.query'
    group_file.write_text(''.join('%d\n' % g for g in group))
    assert ndcg_calc.evaluate(bare, pred, 'all_trec', per_query=True, group=group_file).text == want
    c = ndcg_calc.compare(letor, {'a': pred, 'b': pred}, 'map', trials=100)
    assert c.readings[0].startswith('qrels read as LETOR: labels -> rel, 4114 lines in 51 queries')


def test_letor_errors_name_the_file_line_and_column():
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.evaluate('2 qid:1 1:0.5\n1 1:0.3\n', '0.5\n0.4\n')
    assert (e.value.source, e.value.line, e.value.column, e.value.code) == ('qrels', 2, 3, 'bad-input')
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.evaluate('2 qid:1 1:0.5\n1 qid:1 1:0.3\n', '0.5\n')
    assert 'expected 2 predictions' in str(e.value) and e.value.source == 'run'
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.evaluate('1 1:0\n0 1:0\n', '1\n2\n', group=[1, 2])
    assert e.value.source == 'group' and e.value.code == 'field-count'


def test_a_named_format_and_a_bad_one():
    run = 'query_id,doc_id,score\nq,a,1\n'
    assert ndcg_calc.evaluate('q 0 a 1\n', run, 'map', run_format='csv').mean['map'] == 1
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.evaluate('q 0 a 1\n', run, 'map', run_format='xml')
    assert e.value.code == 'unknown-choice'


def test_one_table_holds_run_and_qrels():
    r = ndcg_calc.evaluate('qid,label,score\n1,2,0.5\n1,0,0.9\n2,1,0.3\n', None, 'ndcg')
    assert r.mean['ndcg'] == pytest.approx((0.6309297535714575 + 1) / 2)


def test_dataframes_through_the_core_table_of_names():
    pd = pytest.importorskip('pandas')
    frame = pd.DataFrame({'qid': ['1', '1', '2'], 'label': [2, 0, 1], 'score': [0.5, 0.9, 0.3]})
    r = ndcg_calc.evaluate(frame, measures='ndcg')
    assert r.mean['ndcg'] == pytest.approx((0.6309297535714575 + 1) / 2)
    assert 'label -> rel' in r.readings[0]
    run = pd.DataFrame({'query_id': [r[0] for r in RUN_ROWS], 'docno': [r[2] for r in RUN_ROWS],
                        'score': [float(r[4]) for r in RUN_ROWS], 'tag': [r[5] for r in RUN_ROWS]})
    qrels = pd.DataFrame({'topic': [r[0] for r in QRELS_ROWS], 'corpus-id': [r[2] for r in QRELS_ROWS],
                          'relevance': [int(r[3]) for r in QRELS_ROWS]})
    assert ndcg_calc.evaluate(qrels, run, 'all_trec', per_query=True).text == reference()
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.evaluate(qrels, pd.DataFrame({'query_id': ['q'], 'docno': ['d']}), 'map')
    assert e.value.code == 'no-grade-column' and e.value.line == 1
