// The venue screen's panels: each is {id, title, slides(view) -> HTMLElement[]}; the screen cycles through the
// slides of every panel in order, and a panel with nothing to show (no slides) is passed over. A new panel (a
// bracket, say) is one more entry in PANELS.
import { h } from "../dom.js";
import { roundClock } from "./parts.js";
import { SHORT, TIEBREAKERS } from "./words.js";
import { seatsByName } from "./sheets.js";
import { bracketPanel } from "./bracket.js";

/** Rows a slide holds, read from across a room. */
export const ROWS = 10;

/**
 * The latest published round of the public view, or null.
 * @param {object} view
 * @returns {object|null}
 */
export function latestRound(view) {
  return view.rounds.length ? view.rounds[view.rounds.length - 1] : null;
}

function pages(rows, size = ROWS) {
  const out = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function pageNote(i, n) {
  return n > 1 ? h("small", { class: "venue-page" }, `${i + 1} / ${n}`) : null;
}

/** Pairings by player name: find your name, read your table (the round's players a slide at a time). */
function pairingSlides(view) {
  const rnd = latestRound(view);
  if (!rnd || rnd.complete) return [];
  const all = pages(seatsByName(rnd));
  const extra = Object.fromEntries(rnd.tables.filter((t) => t.extra_minutes).map((t) => [t.table, t.extra_minutes]));
  return all.map((rows, i) => h("section", { class: "venue-slide", dataset: { panel: "pairings" } },
    h("h2", {}, `${rnd.name || `Round ${rnd.round}`}: find your table`, pageNote(i, all.length)),
    h("table", { class: "venue-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Table"), h("th", { scope: "col" }, "Opponent"))),
      h("tbody", {}, rows.map((r) => h("tr", {}, h("th", { scope: "row" }, r.name),
        h("td", { class: "num" }, r.table === null ? "Bye" : String(r.table), extra[r.table] ? h("small", { class: "extra" }, ` +${extra[r.table]} min`) : null),
        h("td", {}, r.opponent || "")))))));
}

/** The round clock, as large as the screen allows. */
function clockSlides(view) {
  const rnd = latestRound(view);
  const title = rnd && rnd.stage === "cut" ? `Top ${view.cut.size} cut: ${rnd.name}` : rnd ? `Round ${rnd.round} of ${view.setup.rounds}` : "Round 1";
  let body;
  if (!rnd) body = h("p", { class: "venue-lead" }, "The pairings of round 1 are coming.");
  else if (rnd.complete) body = h("p", { class: "venue-lead" }, `Every result of ${rnd.stage === "cut" ? rnd.name : `round ${rnd.round}`} is in.`);
  else body = roundClock(rnd.timer, view.setup.end_of_time);
  // Tables a judge gave more time play on past the round's clock: each says how long.
  const longer = rnd && !rnd.complete ? rnd.tables.filter((t) => t.extra_minutes && t.status !== "confirmed") : [];
  return [h("section", { class: "venue-slide venue-clock", dataset: { panel: "clock" } }, h("h2", {}, title), body,
    longer.length ? h("ul", { class: "venue-extra", id: "venue-extra" }, longer.map((t) => h("li", {}, `Table ${t.table}: +${t.extra_minutes} min`))) : null)];
}

/** The standings, a slide of rows at a time, with the first two tiebreakers. */
function standingsSlides(view) {
  if (!view.standings.length) return [];
  const keys = view.setup.tiebreakers.filter((k) => k !== "roll_off").slice(0, 2);
  const all = pages(view.standings);
  return all.map((rows, i) => h("section", { class: "venue-slide", dataset: { panel: "standings" } },
    h("h2", {}, view.cut ? "Swiss standings" : view.current_round ? `Standings after round ${view.current_round}` : "Players", pageNote(i, all.length)),
    h("table", { class: "venue-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Player"),
        h("th", { scope: "col" }, "Pts"), h("th", { scope: "col" }, "W-D-L"),
        keys.map((k) => h("th", { scope: "col" }, h("abbr", { title: TIEBREAKERS[k] }, SHORT[k]))))),
      h("tbody", {}, rows.map((r) => h("tr", { class: r.status === "dropped" ? "dropped" : "" },
        h("td", { class: "num" }, String(r.rank)), h("th", { scope: "row" }, r.name, h("small", {}, r.warband || "")),
        h("td", { class: "num" }, String(r.points)), h("td", {}, `${r.wins}-${r.draws}-${r.losses}`),
        keys.map((k) => h("td", { class: "num" }, String(r.tiebreakers[k]))))))),
    h("p", { class: "venue-legend" }, keys.map((k) => `${SHORT[k]}: ${TIEBREAKERS[k]}`).join(" · "))));
}

/** The top cut's bracket, once the cut has started (one slide: at most 8 players). */
function bracketSlides(view) {
  if (!view.cut) return [];
  return [h("section", { class: "venue-slide venue-bracket", dataset: { panel: "bracket" } }, bracketPanel(view.cut))];
}

/** The screen's panels, in the order they are shown. */
export const PANELS = [
  { id: "pairings", title: "Pairings by name", slides: pairingSlides },
  { id: "clock", title: "Round clock", slides: clockSlides },
  { id: "standings", title: "Standings", slides: standingsSlides },
  { id: "bracket", title: "Top cut", slides: bracketSlides },
];

/**
 * Every slide of the chosen panels for this view, in order.
 * @param {object} view
 * @param {string[]|null} only panel ids to show (all when null)
 * @returns {Array<{panel: string, el: HTMLElement}>}
 */
export function slidesOf(view, only) {
  return PANELS.filter((p) => !only || only.includes(p.id))
    .flatMap((p) => p.slides(view).map((el) => ({ panel: p.id, el })));
}
