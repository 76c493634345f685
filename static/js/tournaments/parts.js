// Pieces the tournament pages share: the round clock, the standings table, a result sheet, errors.
import { h, button, sheet, toast, control } from "../dom.js";
import { errorText } from "../api.js";
import { capital } from "../words.js";
import { SHORT, TIEBREAKERS, actorName, resultText, separatedBy } from "./words.js";

export { askText } from "./asktext.js";

/**
 * The round's clock (time left, or time called with the tournament's end-of-time rule).
 * @param {{started_at: string, minutes: number, called_at?: string}|null} timer
 * @param {string} endOfTime
 * @param {number} [extra] minutes this table's clock runs past the round's (a judge's extension)
 * @param {boolean} [own] the clock of the viewer's own table (its end alerts the phone)
 * @returns {HTMLElement}
 */
export function roundClock(timer, endOfTime, extra = 0, own = false) {
  if (!timer) return h("div", { class: "clock idle" }, h("small", {}, "Round clock"), h("b", {}, "Not started"));
  if (timer.called_at) {
    return h("div", { class: "clock called", role: "status" },
      h("small", {}, "Time called"), h("b", {}, "Time!"), h("p", {}, endOfTime));
  }
  return h("div", { class: "clock", role: "timer" }, h("small", {}, extra ? `Time left at this table (+${extra} min)` : "Time left in the round"),
    h("b", { dataset: { started: timer.started_at, minutes: String(timer.minutes + (extra || 0)), own: own ? "yes" : null } }, "…"));
}

/**
 * The standings: rank, record, every tiebreaker's value and what separated each player from the one above. At a
 * phone's width each row stacks (name and points, then the record and every tiebreaker, labelled), so nothing
 * scrolls sideways; the viewer's own row (a player's link) stands out.
 * @param {object} view the tournament's view
 * @returns {HTMLElement}
 */
export function standingsTable(view) {
  const keys = view.setup.tiebreakers;
  if (!view.standings.length) return h("p", { class: "muted" }, "Nobody is registered yet.");
  const me = view.you && view.you.role === "player" ? view.you.subject : null;
  const cell = (label, value, cls = "") => h("td", { class: cls, "data-label": label }, value);
  return h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Standings table" }, h("table", { class: "standings" },
    h("caption", { class: "muted" }, view.current_round ? "Live: updated after every confirmed result" : "Before round 1"),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Pts"),
      h("th", { scope: "col" }, "W-D-L"), keys.map((k) => h("th", { scope: "col" }, h("abbr", { title: TIEBREAKERS[k] }, SHORT[k]))),
      h("th", { scope: "col" }, "Ahead of the next on"))),
    h("tbody", {}, view.standings.map((r, i) => {
      const below = view.standings[i + 1];
      const mine = r.player === me;
      return h("tr", { class: [r.status === "dropped" ? "dropped" : "", mine ? "me" : ""].join(" ").trim(),
        dataset: { player: r.player }, "aria-current": mine ? "true" : null },
      h("td", { class: "rank", "data-label": "#" }, r.rank), h("th", { scope: "row", class: "who" }, r.name,
        mine ? h("small", { class: "you" }, "you") : null, h("small", {}, r.warband || ""),
        r.status === "dropped" ? h("small", {}, "dropped") : null),
      cell("Pts", r.adjusted && r.adjusted.points ? h("span", {}, String(r.points),
        h("small", { class: "adjusted", title: "Event points a judge's bonus or penalty moved" }, ` (${r.adjusted.points > 0 ? "+" : ""}${r.adjusted.points})`)) : r.points, "num pts"), cell("W-D-L", `${r.wins}-${r.draws}-${r.losses}`, "wdl"),
      keys.map((k) => cell(SHORT[k], k === "roll_off" && typeof r.tiebreakers[k] === "number" ? r.tiebreakers[k].toLocaleString("en") : r.tiebreakers[k], `num tb tb-${k}`)),
      cell("Ahead on", below ? separatedBy(below.separated_by) : "", "ahead"));
    }))),
  h("p", { class: "legend" }, ["Pts: match points", ...keys.map((k) => `${SHORT[k]}: ${TIEBREAKERS[k]}`)].join(" · "),
    keys.includes("head_to_head") ? " (head-to-head counts only games between the players still tied)" : ""));
}

/**
 * Call time (asked first: every table is told the end-of-time rule), or take a call back.
 * @param {TournamentContext} ctx
 * @param {number} round
 * @param {{called_at?: string}|null} timer
 * @returns {HTMLElement|null}
 */
export function callTimeControl(ctx, round, timer) {
  if (!timer) return null;
  if (!timer.called_at) {
    return button("Call time…", async () => {
      if (!await confirmSheet(`Call time in round ${round}?`, `Every table is told at once: ${ctx.view.setup.end_of_time} You can take it back.`, "Call time")) return;
      if (await attempt(ctx.call("POST", `/rounds/${round}/time-called`, {}), "Time called at every table")) ctx.refresh();
    }, { cls: "btn", id: "call-time" });
  }
  return button("Take back the time call", async () => {
    if (!await confirmSheet("Take back the time call?", "The round's clock runs on and every table is told time was not called after all.", "Take it back")) return;
    if (await attempt(ctx.call("POST", `/rounds/${round}/time-called/withdraw`, {}), "Time call taken back")) ctx.refresh();
  }, { cls: "btn ghost", id: "withdraw-time" });
}

/**
 * Enter a result by hand: winner (or draw), each player's glory, what decided a game level on glory (the
 * tournament's book names its tiebreaks; a judge or the organiser may record a ruling), and a reason (needed for
 * a correction, a disputed table and a ruling). The server checks the result against the book.
 * @param {string} title
 * @param {{players: string[], names: string[]}} table
 * @param {{needReason?: boolean, games?: boolean, victory?: {rule: string|null, decided_by: Array<{code: string, words: string}>},
 *   prefill?: object|null, notes?: string[]}} [options] prefill: a result the sheet starts from (the game's outcome,
 *   a confirmation, the result being corrected); notes: what is known of the table (the game, each confirmation)
 * @returns {Promise<object|null>} the result body, or null
 */
export function resultSheet(title, table, { needReason = false, games = false, victory = null, prefill = null, notes = [] } = {}) {
  return sheet(title, (close) => {
    const [a, b] = table.players;
    const [na, nb] = table.names;
    const start = prefill || {};
    const pick = start.glory ? (start.winner === undefined ? a : start.winner || "") : a;
    const winner = h("select", { id: "res-winner", "aria-label": "Winner" },
      h("option", { value: a, selected: pick === a }, `${na} won`), h("option", { value: "", selected: pick === "" }, "Draw"),
      h("option", { value: b, selected: pick === b }, `${nb} won`));
    const number = (value) => String(Number.isInteger(value) ? value : 0);
    const glory = (id, name, p) => h("label", { class: "field grow" }, h("span", {}, `${name}'s glory`),
      h("input", { id, type: "number", min: "0", max: "999", value: number((start.glory || {})[p]), inputmode: "numeric" }));
    const won = (id, name, p) => h("label", { class: "field grow" }, h("span", {}, `Games ${name} won`),
      h("input", { id, type: "number", min: "0", max: "2", value: number((start.games_won || {})[p]), inputmode: "numeric" }));
    const reason = h("input", { id: "res-reason", maxlength: "300", placeholder: needReason ? "Why (needed)" : "Optional" });
    const ways = (victory && victory.decided_by) || [];
    const decided = ways.length ? h("select", { id: "res-decided", "aria-label": "Decided by" },
      h("option", { value: "" }, games ? "Games won" : "Glory (the most glory wins)"),
      ways.map((w) => h("option", { value: w.code, selected: w.code === start.decided_by }, capital(w.words)))) : null;
    const submit = () => {
      const out = {
        winner: winner.value || null,
        glory: { [a]: Number(control("res-ga").value), [b]: Number(control("res-gb").value) },
        reason: reason.value.trim(),
      };
      if (games) out.games_won = { [a]: Number(control("res-wa").value), [b]: Number(control("res-wb").value) };
      if (decided && decided.value) out.decided_by = decided.value;
      if ((needReason || out.decided_by === "ruling") && !out.reason) { toast("Say why: the players read it."); return; }
      close(out);
    };
    return h("div", { class: "stack" },
      notes.length ? h("ul", { class: "sheet-notes", id: "res-notes" }, notes.map((n) => h("li", {}, n))) : null,
      h("label", { class: "field" }, h("span", {}, "Result"), winner),
      h("div", { class: "row" }, glory("res-ga", na, a), glory("res-gb", nb, b)),
      games ? h("div", { class: "row" }, won("res-wa", na, a), won("res-wb", nb, b)) : null,
      decided ? h("label", { class: "field" }, h("span", {}, "Decided by"), decided,
        victory.rule ? h("small", { class: "rule" }, victory.rule) : null) : null,
      h("label", { class: "field" }, h("span", {}, "Reason"), reason),
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn ghost" }),
        button("Save result", submit, { cls: "btn primary" })));
  });
}

/**
 * Run an API call; toast its error; the reply when it went through, else false.
 * @param {Promise<ApiReply>} promise
 * @param {string} [ok] toast on success
 * @returns {Promise<ApiReply|false>} the reply when it went through
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

/**
 * What a result sheet starts from and shows for a table: the tracked game's outcome, else a player's
 * confirmation, else the result being corrected; and a line for the game and each confirmation.
 * @param {object} view the tournament's view
 * @param {object} t the table (a dashboard row: outcome, confirmations; or a round's table)
 * @returns {{prefill: object|null, notes: string[]}}
 */
export function knownResults(view, t) {
  const confirmations = Object.entries(t.confirmations || {});
  const notes = [];
  if (t.outcome) notes.push(`The game's outcome: ${resultText(t.outcome, t.players, t.names)}`);
  for (const [by, result] of confirmations) {
    notes.push(`${by === "device" ? "The table device" : actorName(view, `player:${by}`)} confirmed: ${resultText(result, t.players, t.names)}`);
  }
  const prefill = t.outcome || (confirmations[0] && confirmations[0][1]) || t.result || null;
  return { prefill, notes };
}
