// Pieces the tournament pages share: the round clock, the standings table, a result sheet, errors.
import { h, button, sheet, toast } from "../dom.js";
import { errorText } from "../api.js";
import { SHORT, TIEBREAKERS, separatedBy } from "./words.js";

export { askText } from "./asktext.js";

/**
 * The round's clock (time left, or time called with the tournament's end-of-time rule).
 * @param {{started_at: string, minutes: number, called_at?: string}|null} timer
 * @param {string} endOfTime
 * @returns {HTMLElement}
 */
export function roundClock(timer, endOfTime) {
  if (!timer) return h("div", { class: "clock idle" }, h("small", {}, "Round clock"), h("b", {}, "Not started"));
  if (timer.called_at) {
    return h("div", { class: "clock called", role: "status" },
      h("small", {}, "Time called"), h("b", {}, "Time!"), h("p", {}, endOfTime));
  }
  return h("div", { class: "clock", role: "timer" }, h("small", {}, "Time left in the round"),
    h("b", { dataset: { started: timer.started_at, minutes: String(timer.minutes) } }, "…"));
}

/**
 * The standings: rank, record, every tiebreaker's value and what separated each player from the one above.
 * @param {object} view the tournament's view
 * @returns {HTMLElement}
 */
export function standingsTable(view) {
  const keys = view.setup.tiebreakers;
  if (!view.standings.length) return h("p", { class: "muted" }, "Nobody is registered yet.");
  // Wider than a phone: the region scrolls sideways, and takes keyboard focus to do so.
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Standings table" }, h("table", { class: "standings" },
    h("caption", { class: "muted" }, view.current_round ? "Live: updated after every confirmed result" : "Before round 1"),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Pts"),
      h("th", { scope: "col" }, "W-D-L"), keys.map((k) => h("th", { scope: "col" }, h("abbr", { title: TIEBREAKERS[k] }, SHORT[k]))),
      h("th", { scope: "col" }, "Ahead of the next on"))),
    h("tbody", {}, view.standings.map((r, i) => {
      const below = view.standings[i + 1];
      return h("tr", { class: r.status === "dropped" ? "dropped" : "" },
        h("td", {}, r.rank), h("th", { scope: "row" }, r.name, h("small", {}, r.warband || ""),
          r.status === "dropped" ? h("small", {}, "dropped") : null),
        h("td", { class: "num" }, r.points), h("td", {}, `${r.wins}-${r.draws}-${r.losses}`),
        keys.map((k) => h("td", { class: "num" }, k === "roll_off" ? "—" : r.tiebreakers[k])),
        h("td", {}, below ? separatedBy(below.separated_by) : ""));
    }))),
  h("p", { class: "legend" }, ["Pts: match points", ...keys.map((k) => `${SHORT[k]}: ${TIEBREAKERS[k]}`)].join(" · "),
    keys.includes("head_to_head") ? " (head-to-head counts only games between the players still tied)" : ""));
}

/**
 * Enter a result by hand: winner (or draw), each player's glory, what decided a game level on glory (the
 * tournament's book names its tiebreaks; a judge or the organiser may record a ruling), and a reason (needed for
 * a correction, a disputed table and a ruling). The server checks the result against the book.
 * @param {string} title
 * @param {{players: string[], names: string[]}} table
 * @param {{needReason?: boolean, games?: boolean, victory?: {rule: string|null, decided_by: Array<{code: string, words: string}>}}} [options]
 * @returns {Promise<object|null>} the result body, or null
 */
export function resultSheet(title, table, { needReason = false, games = false, victory = null } = {}) {
  return sheet(title, (close) => {
    const [a, b] = table.players;
    const [na, nb] = table.names;
    const winner = h("select", { id: "res-winner", "aria-label": "Winner" },
      h("option", { value: a }, `${na} won`), h("option", { value: "" }, "Draw"), h("option", { value: b }, `${nb} won`));
    const glory = (id, name) => h("label", { class: "field grow" }, h("span", {}, `${name}'s glory`),
      h("input", { id, type: "number", min: "0", max: "999", value: "0", inputmode: "numeric" }));
    const won = (id, name) => h("label", { class: "field grow" }, h("span", {}, `Games ${name} won`),
      h("input", { id, type: "number", min: "0", max: "2", value: "0", inputmode: "numeric" }));
    const reason = h("input", { id: "res-reason", maxlength: "300", placeholder: needReason ? "Why (needed)" : "Optional" });
    const ways = (victory && victory.decided_by) || [];
    const decided = ways.length ? h("select", { id: "res-decided", "aria-label": "Decided by" },
      h("option", { value: "" }, games ? "Games won" : "Glory (the most glory wins)"),
      ways.map((w) => h("option", { value: w.code }, w.words[0].toUpperCase() + w.words.slice(1)))) : null;
    const submit = () => {
      const out = {
        winner: winner.value || null,
        glory: { [a]: Number(document.getElementById("res-ga").value), [b]: Number(document.getElementById("res-gb").value) },
        reason: reason.value.trim(),
      };
      if (games) out.games_won = { [a]: Number(document.getElementById("res-wa").value), [b]: Number(document.getElementById("res-wb").value) };
      if (decided && decided.value) out.decided_by = decided.value;
      if ((needReason || out.decided_by === "ruling") && !out.reason) { toast("Say why: the players read it."); return; }
      close(out);
    };
    return h("div", { class: "stack" },
      h("label", { class: "field" }, h("span", {}, "Result"), winner),
      h("div", { class: "row" }, glory("res-ga", na), glory("res-gb", nb)),
      games ? h("div", { class: "row" }, won("res-wa", na), won("res-wb", nb)) : null,
      decided ? h("label", { class: "field" }, h("span", {}, "Decided by"), decided,
        victory.rule ? h("small", { class: "rule" }, victory.rule) : null) : null,
      h("label", { class: "field" }, h("span", {}, "Reason"), reason),
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn ghost" }),
        button("Save result", submit, { cls: "btn primary" })));
  });
}

/**
 * Run an API call; toast its error; true when it went through.
 * @param {Promise<ApiReply>} promise
 * @param {string} [ok] toast on success
 * @returns {Promise<ApiReply|null>} the reply when it went through
 */
export async function attempt(promise, ok) {
  let reply;
  try {
    reply = await promise;
  } catch {
    toast("The server cannot be reached. Check the Wi-Fi and try again.");
    return false;
  }
  if (reply.status >= 300) {
    toast(errorText(reply));
    return false;
  }
  if (ok) toast(ok, "info", 2500);
  return reply;
}

/**
 * Ask before something that cannot be taken back; resolves true when confirmed.
 * @param {string} title
 * @param {string} text
 * @param {string} action the confirming button's label
 * @returns {Promise<boolean>}
 */
export function confirmSheet(title, text, action) {
  return sheet(title, (close) => h("div", { class: "stack" }, h("p", {}, text),
    h("div", { class: "row" }, button("Cancel", () => close(false), { cls: "btn grow" }),
      button(action, () => close(true), { cls: "btn primary grow", "data-action": "confirm" })))).then(Boolean);
}

/**
 * The export links (CSV per part, one JSON).
 * @param {string} tournamentId
 * @returns {HTMLElement}
 */
export function exportLinks(tournamentId) {
  const base = `/api/tournaments/${encodeURIComponent(tournamentId)}`;
  return h("div", { class: "row exports" },
    ["standings", "results", "pairings", "players"].map((k) =>
      h("a", { class: "btn small", href: `${base}/export/${k}.csv`, download: `${k}.csv` }, `${k[0].toUpperCase()}${k.slice(1)} CSV`)),
    h("a", { class: "btn small", href: `${base}/export.json`, download: "event.json" }, "All as JSON"));
}

/**
 * A link that opens the print-ready sheets (a new tab: the organiser's page stays open).
 * @param {string} tournamentId
 * @param {string} label
 * @param {string[]} show which sheets: tables, names, slips, standings
 * @param {number} [round]
 * @returns {HTMLElement}
 */
export function printLink(tournamentId, label, show, round) {
  const query = new URLSearchParams({ show: show.join(",") });
  if (round) query.set("round", String(round));
  return h("a", { class: "btn small print-link", href: `/tournament/${encodeURIComponent(tournamentId)}/print?${query}`,
    target: "_blank", rel: "noopener" }, label);
}
