"""explain(): the worked example, the fields against the command's JSON,
every report byte for byte, and options refused as the command refuses them."""
import json
import math

import pytest

import ndcg_calc
from conftest import WORKED, cli, cli_error


def test_the_worked_example_by_hand():
    e = ndcg_calc.explain(WORKED, k=10)
    # DCG = 7/1 + 3/log2(3) + 1/log2(5) + 3/log2(8) + 1/log2(9); IDCG over 3 2 2 1 1.
    dcg = 7 + 3 / math.log2(3) + 1 / math.log2(5) + 3 / math.log2(8) + 1 / math.log2(9)
    idcg = 7 + 3 / math.log2(3) + 3 / math.log2(4) + 1 / math.log2(5) + 1 / math.log2(6)
    assert e.dcg == pytest.approx(dcg, rel=1e-15)
    assert e.idcg == pytest.approx(idcg, rel=1e-15)
    assert e.ndcg == 0.9490301792919195
    assert e['ndcg'] == e.ndcg
    assert [s['rel'] for s in e.ideal_steps] == [3, 2, 2, 1, 1]
    assert e.steps[1] == {'position': 2, 'id': None, 'rel': 2.0, 'gain': 3.0, 'discount': 1.584962500721156,
                          'weight': 1.0, 'contribution': 1.8927892607143724, 'cumulative': 8.892789260714373, 'judged': True}
    assert repr(e) == '<Explanation NDCG@10 = 0.9490301792919195 of 10 items>'


def test_grades_as_a_list_or_an_array_give_the_same_explanation():
    import numpy as np
    text = ndcg_calc.explain(WORKED, k=10)
    as_list = ndcg_calc.explain([3, 2, 0, 1, 0, 0, 2, 1, 0, 0], k=10)
    as_array = ndcg_calc.explain(np.array([3, 2, 0, 1, 0, 0, 2, 1, 0, 0], dtype=np.int64), k=10)
    assert as_list.ndcg == as_array.ndcg == text.ndcg
    assert as_list.steps == text.steps


def test_the_fields_are_the_command_s_json_fields_with_the_same_values():
    for args, kwargs in [((WORKED,), {'k': 10}),
                         (('a 0.9 0\nb 0.9 3\nc 0.5 1',), {}),
                         (('a 0.9\nb 0.8\nc 0.7',), {'ideal': 'judgments', 'qrels': 'q 0 a 2\nq 0 c 1\nq 0 d 3\n'}),
                         ((WORKED,), {'preset': 'sklearn', 'k': 3, 'weights': [2, 1]})]:
        e = ndcg_calc.explain(*args, **kwargs)
        words = ['explain', '--format', 'json']
        for key, value in kwargs.items():
            if key == 'qrels':
                continue
            words += ['--' + key.replace('_', '-'), ','.join(map(str, value)) if isinstance(value, list) else str(value)]
        if 'qrels' in kwargs:
            import tempfile
            with tempfile.NamedTemporaryFile('w', suffix='.qrels', delete=False) as f:
                f.write(kwargs['qrels'])
            words += ['--qrels', f.name]
        expected = json.loads(cli(*words, stdin=args[0].encode()))
        fields = e.to_dict()
        assert {k: fields[k] for k in expected} == expected
        # The package adds only what the page's analysis adds.
        assert set(fields) - set(expected) == {'items', 'matching_preset'}


@pytest.mark.parametrize('format', ['text', 'markdown', 'json', 'csv', 'latex', 'html'])
def test_every_report_is_byte_for_byte_the_command_s(format):
    e = ndcg_calc.explain(WORKED, k=10, decimals=4)
    assert e.render(format) == cli('explain', '--k', '10', '--decimals', '4', '--format', format, *WORKED.split())


@pytest.mark.parametrize('format', ['text', 'markdown', 'latex', 'html'])
def test_language_zh_gives_the_command_s_chinese_report(format):
    e = ndcg_calc.explain(WORKED, k=10, language='zh')
    text = e.render(format)
    assert text == cli('explain', '--k', '10', '--language', 'zh', '--format', format, *WORKED.split())
    assert '舍入' in text and 'rounded' not in text
    assert e.ndcg == ndcg_calc.explain(WORKED, k=10).ndcg


def test_the_notebook_views_are_the_html_and_markdown_reports():
    e = ndcg_calc.explain('doc<b> 0.9 3\ndoc&a 0.5 1', k=2)
    html = e._repr_html_()
    assert html == e.render('html')
    assert 'doc&lt;b&gt;' in html and 'doc&amp;a' in html and '<b>' not in html
    assert html.count('<table>') == 2
    assert '<strong>NDCG@2 = DCG@2 / IDCG@2' in html
    assert e._repr_markdown_() == e.render('markdown')


# Options: each accepted or refused exactly as `ndcg explain` takes its flag.
OPTION_CASES = [
    ('k', '3', None), ('k', '-1', 'out-of-range'), ('k', '1e1', 'not-whole'), ('k', 'x', 'not-a-number'),
    ('alpha', '2', 'out-of-range'), ('alpha', '0.25', None), ('log_base', '1', 'out-of-range'),
    ('log_base', '10', None), ('gain', 'cubic', 'unknown-choice'), ('gain', 'linear', None),
    ('weights', '1,,2', 'empty-field'), ('weights', '2,1', None), ('preset', 'nope', 'unknown-choice'),
    ('zero_idcg', 'one', None), ('decimals', '18', 'out-of-range'), ('integer_grades', 'maybe', 'unknown-choice'),
    ('integer_grades', '1', None),
]


@pytest.mark.parametrize('key,value,code', OPTION_CASES)
def test_options_are_read_as_the_command_reads_them(key, value, code):
    status, message = cli_error('explain', '--' + key.replace('_', '-') + '=' + value, *WORKED.split())
    try:
        ndcg_calc.explain(WORKED, **{key: value})
    except ndcg_calc.NdcgError as e:
        assert status == 2 and message.strip() == 'ndcg explain: ' + str(e)
        assert e.source == 'options' and e.key == key
        if code:
            assert e.code == code
    else:
        assert status == 0 and code is None, message


def test_python_values_become_the_command_s_words():
    assert ndcg_calc.explain(WORKED, k=3).k == 3
    assert ndcg_calc.explain(WORKED, weights=(2, 1)).options['weights'] == [2, 1]
    assert ndcg_calc.explain(WORKED, ideal_cut_to_retrieved=True).options['ideal_cut_to_retrieved'] is True
    assert ndcg_calc.explain(WORKED, log_base=10.0).options['log_base'] == 10
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.explain(WORKED, k=float('nan'))
    assert e.value.code == 'not-a-number'
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.explain(WORKED, k={'a': 1})
    assert e.value.code == 'bad-type' and e.value.key == 'k'
    with pytest.raises(ndcg_calc.NdcgError) as e:
        ndcg_calc.explain(WORKED, cutoff=3)
    assert e.value.code == 'unknown-option' and e.value.values == {'found': 'cutoff'}


def test_bad_input_is_an_ndcg_error_with_its_place():
    with pytest.raises(ndcg_calc.NdcgError) as caught:
        ndcg_calc.explain('3 2\n1 x')
    e = caught.value
    assert (e.code, e.source, e.line, e.column, e.values) == ('not-a-number', 'ranking', 2, 3, {'found': 'x'})
    assert str(e) == 'ranking: line 2, column 3: expected a grade (a number), got "x"'
    assert isinstance(e, ValueError)
    codes = {c['code'] for c in ndcg_calc.error_codes()}
    assert e.code in codes and 'out-of-range' in codes


def test_columns_and_data_frames_are_read_as_csv():
    import pandas as pd
    columns = {'id': ['doc-a', 'doc-b', 'doc-c', 'doc-d'], 'score': [0.91, 0.85, 0.85, 0.40], 'rel': [3, 0, 2, 1]}
    from_dict = ndcg_calc.explain(columns, preset='sklearn', k=3)
    from_frame = ndcg_calc.explain(pd.DataFrame(columns), preset='sklearn', k=3)
    text = ndcg_calc.explain('doc-a 0.91 3\ndoc-b 0.85 0\ndoc-c 0.85 2\ndoc-d 0.40 1\n', preset='sklearn', k=3)
    assert from_dict.ndcg == from_frame.ndcg == text.ndcg
    assert from_dict.format == 'csv' and text.format == 'id_score_grade'
    assert [s['id'] for s in from_dict.steps] == ['doc-a', 'doc-b', 'doc-c']


def test_judgments_from_a_dict():
    e = ndcg_calc.explain('a 0.9\nb 0.8\nc 0.7', ideal='judgments', qrels={'a': 2, 'c': 1, 'd': 3})
    assert e.has_judgments and e.ndcg == pytest.approx(e.ndcg_judged)
    assert e.ndcg_judged == pytest.approx(3.5 / (7 + 3 / math.log2(3) + 1 / math.log2(4)), rel=1e-6)
