"""explain(): one ranking step by step, as `ndcg explain` shows it."""
from collections.abc import Mapping

from .. import _core
from .inputs import judgments_input, ranking_input
from .options import option_texts


class Explanation(Mapping):
    """The explanation of one ranking: the core's fields (put_explanation) as
    a read-only mapping and as attributes, under the names of `ndcg explain
    --format json` (snake_case; the JS API's in camelCase): k, n, dcg, idcg,
    ndcg, tie_range, cg, metrics, steps, ideal_steps, ndcg_at, loss, options,
    ... A number that is not defined (NDCG when IDCG = 0 is left out) is None.

    In a notebook it shows the step tables, the sum lines and the headline
    (`_repr_html_`, `_repr_markdown_`); render(format) gives the command's
    own report, byte for byte.
    """

    __slots__ = ('_core', '_fields')

    def __init__(self, core):
        self._core = core
        self._fields = core.fields()

    def __getitem__(self, name):
        return self._fields[name]

    def __iter__(self):
        return iter(self._fields)

    def __len__(self):
        return len(self._fields)

    def __getattr__(self, name):
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(name) from None

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._fields))

    def render(self, format='text'):
        """The report `ndcg explain --format FORMAT` prints: text, markdown,
        json, csv, latex or html."""
        return self._core.render(format)

    def to_dict(self):
        """The fields as plain dicts and lists (what render('json') holds)."""
        return dict(self._fields)

    def _repr_html_(self):
        return self._core.render('html')

    def _repr_markdown_(self):
        return self._core.render('markdown')

    def __repr__(self):
        k = '@%d' % self._fields['k'] if self._fields['k'] else ''
        ndcg = self._fields['ndcg']
        return '<Explanation NDCG%s = %s of %d items>' % (k, 'undefined' if ndcg is None else repr(ndcg),
                                                          self._fields['n'])


def explain(ranking, k=None, preset=None, qrels=None, **options):
    """Explains one ranking.

    ranking: text in any format `ndcg explain` reads (grades "3 2 0 1",
      "id score grade" lines, CSV/TSV with a header, a one-query TREC run),
      bytes, a list or NumPy array of grades, a dict of columns
      ({'score': [...], 'rel': [...]}, optionally 'id', 'subtopics') or a
      pandas DataFrame with such columns.
    k: the cutoff (None or 0: the whole list). preset: a library's convention
      (presets()). qrels: judgments (a file, text, bytes, {docid: grade}).
    options: every row of the core's option table (option_schema()) under
      its snake_case key, e.g. gain='linear', log_base=10, zero_idcg='one';
      values are read exactly as the command line reads them.
    Raises NdcgError for bad input or options.
    """
    given = dict(options)
    given['preset'] = preset
    given['k'] = k
    texts = option_texts(given)
    judgments = judgments_input(qrels)
    kind, value = ranking_input(ranking)
    if kind == 'grades':
        return Explanation(_core.explain_grades(value, judgments, texts))
    return Explanation(_core.explain_text(value, judgments, texts))
