"""benchmarks/busy.py: a live result says when the phones or the machine, not the server, may be what was measured."""
from __future__ import annotations

import sys

import pytest

from tests.support.benchmarks import load_benchmark


@pytest.mark.parametrize("phones, server, processes, cores, says", [
    (40.0, 60.0, 1, 2, None),                                   # room to spare: nothing to say
    (95.0, 30.0, 1, 4, "95% of a core each"),                   # one phone process nearly saturated
    (150.0, 30.0, 2, 4, None),                                  # the same load spread over two processes
    (70.0, 110.0, 1, 2, "180% of the machine's 2 cores"),       # the machine itself saturated
])
def test_a_result_says_when_the_load_generator_or_the_machine_may_be_what_is_measured(phones, server, processes, cores,
                                                                                       says):
    note = load_benchmark("busy").load_note({"phones_cpu_pct": phones, "server_cpu_pct": server}, processes, cores)
    assert (note is None) if says is None else (says in note), note


def test_a_benchmark_that_patches_the_process_is_not_loaded_into_the_tests():
    """live.py monkey-patches with eventlet on import; loaded here it would patch the test process itself."""
    with pytest.raises(RuntimeError, match="monkey-patches"):
        load_benchmark("live")
    assert "live" not in sys.modules
