"""The one exception the package raises for bad input or bad options."""


class NdcgError(ValueError):
    """An error from the core, as the JS API's NdcgError carries it.

    code    one of error_codes() (the core's NDCG_ERROR_CODES), e.g. 'not-a-number'
    source  which input: 'ranking', 'judgments', 'run', 'qrels', 'subtopics',
            'options', or '' when none
    key     the option's key when source is 'options' (snake_case)
    index   which of several inputs of the source, 1-based (compare's runs); 0 when one
    line, column  1-based place in the input; 0 when not tied to a place
    values  the values the message names, by the code's argument names (the JS
            error's `args`; Python's own `args` stays the message, as for any exception)
    reason  the message without where it is (the place is in source, line, column)

    A subclass of ValueError, so code written for pytrec_eval (which raises
    ValueError for an unknown measure) still catches it.
    """

    def __init__(self, message, code='bad-input', source='', key='', index=0, line=0, column=0, args=None,
                 reason=None):
        super().__init__(message)
        self.message = message
        self.reason = message if reason is None else reason
        self.code = code
        self.source = source
        self.key = key
        self.index = index
        self.line = line
        self.column = column
        self.values = dict(args or {})

    def __reduce__(self):
        return (NdcgError, (self.message, self.code, self.source, self.key, self.index, self.line, self.column,
                            self.values, self.reason))
