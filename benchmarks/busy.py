"""Whether a live benchmark's result measures the load generator or the machine rather than the server.

Kept apart from live.py, which monkey-patches the process with eventlet on import: tests import this.
"""
from __future__ import annotations

# A phone process busier than this share of a core queues its own phones' frames: the acks and broadcasts it times
# then include its own wait. A machine busier than this share of all its cores slows every process measured.
PHONES_BUSY = 0.8
MACHINE_BUSY = 0.85


def load_note(r: dict, phone_processes: int, cores: int) -> str | None:
    """Why a result may measure the load generator or the machine rather than the server, or None."""
    each = r["phones_cpu_pct"] / max(1, phone_processes)
    notes = []
    if each > 100 * PHONES_BUSY:
        notes.append(f"the phones' processes used {each:.0f}% of a core each: their own queue is in the ack and "
                     f"broadcast times (spread them: --phone-processes {phone_processes + 1})")
    if r["phones_cpu_pct"] + r["server_cpu_pct"] > 100 * MACHINE_BUSY * cores:
        notes.append(f"the phones and the server used {r['phones_cpu_pct'] + r['server_cpu_pct']:.0f}% of the "
                     f"machine's {cores} cores together: every time here is slowed by the machine")
    return "; ".join(notes) if notes else None
