// The printed sheets of a round (pairings by table, pairings by player name, a result slip per table) and
// the pairings-by-name list the venue screen shows: built from the public view only.
import { h } from "../dom.js";
import { resultText } from "./words.js";

/**
 * Every player of a round, alphabetically by name, with their table and opponent (or the bye).
 * @param {{tables: Array<{table: number, names: string[]}>, bye?: string|null, bye_name?: string|null}} rnd
 * @returns {Array<{name: string, table: number|null, opponent: string|null}>}
 */
export function seatsByName(rnd) {
  const out = [];
  for (const t of rnd.tables) {
    out.push({ name: t.names[0], table: t.table, opponent: t.names[1] });
    out.push({ name: t.names[1], table: t.table, opponent: t.names[0] });
  }
  if (rnd.bye) out.push({ name: rnd.bye_name, table: null, opponent: null });
  return out.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
}

/**
 * The warband each player registered with, by player id.
 * @param {object} view
 * @returns {Object<string, string>}
 */
function warbands(view) {
  return Object.fromEntries(view.players.map((p) => [p.id, p.warband_name || p.warband || ""]));
}

function heading(view, title) {
  return h("header", { class: "sheet-head" }, h("h2", {}, title), h("p", {}, [view.setup.name, view.setup.date].join(" · ")));
}

/**
 * Pairings table by table, with each warband and the result once there is one.
 * @param {object} view
 * @param {object} rnd
 * @returns {HTMLElement}
 */
export function pairingsByTableSheet(view, rnd) {
  const wb = warbands(view);
  return h("section", { class: "sheet", id: "sheet-tables" }, heading(view, `${rnd.name || `Round ${rnd.round}`} pairings by table`),
    h("table", { class: "print-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Table"), h("th", { scope: "col" }, "Player"),
        h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Result"))),
      h("tbody", {}, rnd.tables.map((t) => h("tr", {},
        h("td", { class: "num big" }, String(t.table)),
        t.players.map((p, i) => h("td", {}, h("b", {}, t.names[i]), h("small", {}, wb[p]))),
        h("td", {}, t.result ? resultText(t.result, t.players, t.names) : ""))),
      rnd.bye ? h("tr", {}, h("td", { class: "big" }, "Bye"), h("td", {}, h("b", {}, rnd.bye_name), h("small", {}, wb[rnd.bye])),
        h("td", {}), h("td", {})) : null)));
}

/**
 * Pairings by player name: find your name, read your table.
 * @param {object} view
 * @param {object} rnd
 * @returns {HTMLElement}
 */
export function pairingsByNameSheet(view, rnd) {
  return h("section", { class: "sheet", id: "sheet-names" }, heading(view, `${rnd.name || `Round ${rnd.round}`} pairings by name`),
    h("table", { class: "print-table by-name" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Table"),
        h("th", { scope: "col" }, "Opponent"))),
      h("tbody", {}, seatsByName(rnd).map((s) => h("tr", {}, h("td", {}, h("b", {}, s.name)),
        h("td", { class: "num big" }, s.table === null ? "Bye" : String(s.table)), h("td", {}, s.opponent || ""))))));
}

/**
 * One result slip per table (cut along the dashed lines): both players, glory, the winner, signatures.
 * @param {object} view
 * @param {object} rnd
 * @returns {HTMLElement}
 */
export function slipsSheet(view, rnd) {
  const wb = warbands(view);
  const games = view.setup.best_of === 3;
  const slip = (t) => h("article", { class: "slip", dataset: { table: String(t.table) } },
    h("header", {}, h("b", { class: "big" }, `Table ${t.table}`), h("span", {}, `${view.setup.name} · ${rnd.stage === "cut" ? rnd.name : `round ${rnd.round}`}`)),
    h("table", { class: "print-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Glory"),
        games ? h("th", { scope: "col" }, "Games won") : null, h("th", { scope: "col" }, "Winner"),
        h("th", { scope: "col" }, "Signature"))),
      h("tbody", {}, t.players.map((p, i) => h("tr", {}, h("td", {}, h("b", {}, t.names[i]), h("small", {}, wb[p])),
        h("td", { class: "blank" }), games ? h("td", { class: "blank" }) : null, h("td", { class: "tick" }, "☐"),
        h("td", { class: "blank wide" }))))),
    h("p", { class: "muted" }, "A draw: tick neither. Hand this slip to the desk."));
  return h("section", { class: "sheet", id: "sheet-slips" }, heading(view, `${rnd.name || `Round ${rnd.round}`} result slips`),
    h("div", { class: "slips" }, rnd.tables.map(slip)));
}
