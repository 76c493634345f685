"""benchmarks/profile_top.py: the busiest functions of py-spy's collapsed stacks, counted on and at the top of
the stack, a recursive function once per sample."""
import pytest

from tests.support.benchmarks import load_benchmark

pytestmark = pytest.mark.slow

top = load_benchmark("profile_top")


def test_functions_are_ranked_by_the_samples_they_are_in():
    collapsed = "\n".join([
        "main (/a/app.py:1);views (/a/b/broadcast.py:10);suggest (/a/suggest.py:5) 6",
        "main (/a/app.py:1);views (/a/b/broadcast.py:11);diff (/a/patch.py:3);diff (/a/patch.py:9) 3",
        "main (/a/app.py:2);write (/a/socket.py:7) 1",
        "not a stack line",
    ])
    rows = top.top_functions(collapsed, count=4)
    assert rows == [("main (app.py)", 100.0, 0.0), ("views (broadcast.py)", 90.0, 0.0),
                    ("suggest (suggest.py)", 60.0, 60.0), ("diff (patch.py)", 30.0, 30.0)]
    assert top.top_functions("", 3) == []
    assert top.frame_name("<module> (x.py:3)") == "<module> (x.py)" and top.frame_name("bare") == "bare"
