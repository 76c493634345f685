"""Earlier Underworlds editions: Shadespire (2018) and Dreadfane (2019), as data plus small overrides.

`SHADESPIRE_EDITION` and `DREADFANE_EDITION` (shadespire.py, dreadfane.py: data only) configure the base
Underworlds ruleset as `ClassicRuleset`s (ruleset.py; the game package builds SHADESPIRE and DREADFANE): their
`Edition` (numbers, lists, citations, combat rules and the switches the base checks read), with the additions in checks.py, flow.py (after each event), suggestions.py and victory.py.
Variants: matched_play.py (best of three, tiebreakers, sudden death), artefact.py (Capture the Artefact),
multiplayer_2018.py (clockwise/anticlockwise rounds), hazards.py (Dreadfane's hazard phase).
"""
