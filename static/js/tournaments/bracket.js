// The top cut as a bracket: each cut round a column of its matches, the champion and the cut's placings.
// Rendered from the view's `cut` (app/tournaments/cut.py bracket()), on the public page and the venue screen.
import { h } from "../dom.js";

const MATCH_STATUS = {
  waiting_for_players: "Waiting for the previous match", not_started: "Not paired yet", playing: "Playing",
  waiting: "Waiting for confirmation", confirmed: "Confirmed", disputed: "Disputed: a judge decides",
};

function side(m, i) {
  const name = m.names[i];
  const won = m.winner && m.winner === m.players[i];
  const lost = m.winner && !won;
  return h("li", { class: `bracket-side${won ? " won" : ""}${lost ? " lost" : ""}` },
    h("span", { class: "seed" }, m.seeds[i] ? String(m.seeds[i]) : ""),
    h("span", { class: "grow" }, name || "—"),
    won ? h("small", { class: "won-mark" }, "won") : null);
}

/**
 * The bracket of a top cut.
 * @param {{size: number, rounds: Array<{round: number, name: string, matches: Array<object>}>, champion_name: string|null,
 *          placings: Array<{place: number, name: string, seed: number}>}|null} cut
 * @returns {HTMLElement|null}
 */
export function bracketPanel(cut) {
  if (!cut) return null;
  return h("section", { class: "bracket-panel", "aria-labelledby": "cut-title" },
    h("h2", { id: "cut-title" }, `Top ${cut.size} cut`),
    cut.champion_name ? h("p", { class: "champion" }, "Champion: ", h("b", {}, cut.champion_name)) : null,
    h("div", { class: "bracket" }, cut.rounds.map((r) => h("div", { class: "bracket-round", dataset: { round: String(r.round) } },
      h("h3", {}, r.name),
      h("ol", { class: "bracket-matches" }, r.matches.map((m) => h("li", { class: `bracket-match status-${m.status}` },
        h("ol", { class: "bracket-sides", "aria-label": `${r.name}, match ${m.match}` }, side(m, 0), side(m, 1)),
        h("small", { class: "muted" }, MATCH_STATUS[m.status] || m.status))))))),
    cut.placings.length ? h("table", { class: "standings cut-placings" },
      h("caption", {}, "Top cut placings (the Swiss standings stay as they were)"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Place"), h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Seed"))),
      h("tbody", {}, cut.placings.map((p) => h("tr", {}, h("td", { class: "num" }, String(p.place)), h("th", { scope: "row" }, p.name),
        h("td", { class: "num" }, String(p.seed)))))) : null);
}
