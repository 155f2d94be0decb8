"""Keyword arguments as the texts the core reads: every value is turned
into the word the command line would carry (True -> "true", 0.5 -> "0.5",
[1, 2] -> "1,2"), and the core's option tables read, check and refuse
them, so Python accepts exactly what the CLI accepts. Only a value no
word can stand for (a dict, an object) is refused here."""
import math
import numbers

from .errors import NdcgError


def utf8(text):
    """A str as the bytes the core reads. Bytes that were not UTF-8 come back
    from the core as surrogate escapes and go back as those bytes; any other
    lone surrogate (which no UTF-8 holds) is passed as its own bytes, which
    the core reads as text that is not UTF-8, as it reads such a file."""
    if isinstance(text, bytes):
        return text
    try:
        return text.encode('utf-8', 'surrogateescape')
    except UnicodeEncodeError:
        return text.encode('utf-8', 'surrogatepass')


def _scalar_text(key, value):
    if isinstance(value, bool):
        return 'true' if value else 'false'
    if isinstance(value, str):
        return value
    item = getattr(value, 'item', None)  # a NumPy scalar
    if item is not None and not isinstance(value, (list, tuple)) and getattr(value, 'shape', None) == ():
        return _scalar_text(key, item())
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        v = float(value)
        # repr is the shortest text that reads back as the same double; the
        # core refuses what is not finite, as it refuses "nan" on the CLI.
        return repr(v) if math.isfinite(v) else str(v)
    raise NdcgError('option %s takes a number, a text, true or false, or a list of numbers; got %s'
                    % (key, type(value).__name__), code='bad-type', source='options', key=key,
                    args={'expected': 'a number, a text, a flag or a list'})


def value_texts(key, value):
    """The texts one option stands for: one, or one per entry of a list of
    texts (measures, names); a list of numbers is one comma-separated text."""
    if isinstance(value, (list, tuple)) or (hasattr(value, 'tolist') and getattr(value, 'shape', ()) != ()):
        items = list(value.tolist() if hasattr(value, 'tolist') else value)
        if items and all(isinstance(v, str) for v in items):
            return [(key, v) for v in items]
        return [(key, ','.join(_scalar_text(key, v) for v in items))]
    return [(key, _scalar_text(key, value))]


def option_texts(options):
    """[(key, text), ...] as bytes from a dict of options; None means "not given"."""
    out = []
    for key, value in options.items():
        if value is not None:
            out.extend((utf8(k), utf8(v)) for k, v in value_texts(key, value))
    return out
