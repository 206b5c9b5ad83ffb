"""dlxcli.memo.memoised: the functools-free cache behind the per-shape tables."""

from dlxcli.memo import memoised


def counting(maxsize=None):
    calls = []

    @memoised(maxsize)
    def square(x):
        """Doc."""
        calls.append(x)
        return x * x
    return square, calls


def test_each_argument_is_computed_once():
    square, calls = counting()
    assert [square(3), square(4), square(3), square(4)] == [9, 16, 9, 16]
    assert calls == [3, 4]


def test_a_bound_evicts_the_oldest_entry_first():
    square, calls = counting(maxsize=2)
    for x in (1, 2, 3, 2, 1):
        square(x)
    assert calls == [1, 2, 3, 1]  # 3 evicted 1; 2 was still cached; 1 came back


def test_the_cached_function_keeps_its_name_and_docstring():
    square, _ = counting()
    assert (square.__name__, square.__doc__) == ("square", "Doc.")
    assert square.__wrapped__(5) == 25
