// Formats and player counts per ruleset, for the setup wizard. They mirror the engine's editions
// (app/engine/underworlds/edition.py; Conquest is a two-player game without formats; BattleLore's
// "campaign" starts a linked campaign, see app/engine/battlelore/setup.py); tests/test_web.py
// checks the Underworlds rows against the engine, so they cannot drift apart.
export const EDITIONS = /* JSON */ {
  "underworlds/deathgorge": { "formats": [["rivals", "Rivals"], ["nemesis", "Nemesis"], ["relic", "Relic"], ["championship", "Championship"]], "players": [2, 3, 4] },
  "underworlds/dreadfane": { "formats": [["standard", "Standard"]], "players": [2] },
  "underworlds/shadespire": { "formats": [["standard", "Standard"], ["matched", "Matched play (best of three)"]], "players": [2, 3, 4] },
  "conquest/core": { "formats": [], "players": [2] },
  "battlelore/second-edition": { "formats": [["scenario", "One scenario"], ["campaign", "Campaign (4 scenarios)"]], "players": [2] }
} /* /JSON */;
