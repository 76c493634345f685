// The Tables tab (the scorekeeper's dashboard): every table of the round on one screen, live.
import { h, button } from "../dom.js";
import { putGame } from "../store.js";
import { plural } from "../words.js";
import { MODES, STATUS, actorName, disputeLine, resultText } from "./words.js";
import { attempt, callTimeControl, roundClock } from "./parts.js";
import { extraText, tableTools } from "./bookkeeping.js";

function minutesSince(progress) {
  if (!progress || progress.minutes_since_entry === null || progress.minutes_since_entry === undefined) return null;
  const extra = progress.received_at ? (Date.now() - progress.received_at) / 60000 : 0;
  return Math.floor(progress.minutes_since_entry + extra);
}

/** No entry for the tournament's slow_minutes (the server's verdict, aged since the last push). */
function isSlow(d, t) {
  const p = t.progress;
  const idle = minutesSince(p);
  return Boolean(p && !p.over && t.status === "playing" && idle !== null && idle >= d.slow_minutes);
}

function where(p) {
  if (!p) return "Not tracked";
  if (p.over) return "Game over";
  if (p.phase === "setup") return "Setting up";
  if (p.phase === "end") return `Round ${p.round}: end phase`;
  return p.activation ? `Round ${p.round}, activation ${p.activation}` : `Round ${p.round}`;
}

/**
 * Open a table's game as its referee (judges and the organiser).
 * @param {TournamentContext} ctx
 * @param {number} round
 * @param {number} table
 * @returns {Promise<void>}
 */
export async function openAsReferee(ctx, round, table, entry) {
  const reply = await attempt(ctx.call("POST", `/rounds/${round}/tables/${table}/seat`));
  if (!reply) return;
  const g = reply.body;
  putGame(g.game, { token: g.token, seat: g.seat, seatLabel: "Referee", ruleset: g.ruleset, title: g.title,
    join_code: g.join_code, event: ctx.tournamentId });
  location.assign(`/play?game=${encodeURIComponent(g.game)}${entry ? `&entry=${entry}` : ""}`);
}

/**
 * One table on the dashboard: players, status, progress, time since the last entry, disputes, judge calls.
 * @param {TournamentContext} ctx
 * @param {object} d the round's dashboard
 * @param {object} t one table of it
 * @returns {HTMLElement}
 */
export function tableCard(ctx, d, t) {
  const p = t.progress;
  const idle = minutesSince(p);
  const slow = isSlow(d, t);
  const glory = p && p.glory && p.glory.p1 !== undefined ? `${p.glory.p1} – ${p.glory.p2}` : null;
  const referee = ["judge", "organiser"].includes(ctx.view.you.role) && t.game;
  return h("li", { class: `card dash-table status-${t.status}${slow ? " slow" : ""}${t.judge_calls ? " calling" : ""}`,
    dataset: { table: String(t.table) } },
    h("div", { class: "dash-head" }, h("span", { class: "table-no" }, `T${t.table}`),
      h("b", { class: "grow" }, `${t.names[0]} vs ${t.names[1]}`),
      h("span", { class: `badge status-${t.status}` }, STATUS[t.status])),
    h("div", { class: "dash-stats" },
      h("span", {}, t.mode === "untracked" ? MODES.untracked : where(p)),
      glory ? h("span", {}, h("small", {}, "Glory "), glory) : null,
      extraText(t) ? h("span", { class: "extra" }, extraText(t)) : null,
      p && !p.over && idle !== null ? h("span", { class: slow ? "slow-text" : "" }, slow ? `No entry for ${idle} min` : `Last entry ${idle} min ago`) : null),
    t.result ? h("small", {}, resultText(t.result, t.players, t.names)) : null,
    t.status === "disputed" ? (t.disputes || []).map((x) => h("small", { class: "warn-text dispute-line" }, disputeLine(ctx.view, x))) : null,
    t.judge_calls ? h("p", { class: "warn-text", role: "status" }, `Judge called (${t.judge_calls})`,
      (t.calls || []).filter((c) => c.note && !c.closed).map((c) => h("small", {}, c.note))) : null,
    (t.changes || []).map((c) => h("small", { class: "warn-text change-line" }, changeLine(ctx.view, c))),
    h("div", { class: "row tight" }, referee ? button("Open as referee", () => openAsReferee(ctx, d.round, t.table), { cls: "btn small" }) : null,
      t.status !== "confirmed" ? tableTools(ctx, d.round, t) : null));
}

/** A registration edited once the rounds began, as a judge at the table reads it (who, when, what it was). */
function changeLine(view, c) {
  const was = [c.before.name ? `name was ${c.before.name}` : null,
    c.before.warband ? `warband was ${c.before.warband}, now ${c.now.warband}` : null,
    c.fields.includes("printing") && !c.before.warband ? "fighter cards' printing changed" : null,
    c.fields.includes("deck") ? "deck changed" : null].filter(Boolean).join("; ");
  return `${c.name}'s registration edited in round ${c.round} by ${actorName(view, c.actor)}${c.at ? ` at ${c.at.slice(11, 16)}` : ""}: ${was}`;
}

/**
 * The Tables tab: every table of the current round.
 * @param {TournamentContext} ctx
 * @returns {HTMLElement}
 */
export function renderDashboard(ctx) {
  const d = ctx.dash;
  if (!d || !d.round) return h("p", { class: "muted" }, "No round yet.");
  if (!d.published) return h("p", { class: "muted" }, `Round ${d.round} is not published yet.`);
  const slow = d.tables.filter((t) => isSlow(d, t));
  const order = [...d.tables].sort((a, b) => Number(slow.includes(b)) - Number(slow.includes(a)) || (b.judge_calls - a.judge_calls) || a.table - b.table);
  const done = d.tables.filter((t) => t.status === "confirmed").length;
  return h("div", { class: "stack" },
    h("div", { class: "dash-top" }, roundClock(d.timer, d.end_of_time),
      h("div", { class: "clock" }, h("small", {}, "Results confirmed"), h("b", {}, `${done} / ${d.tables.length}`))),
    // Calling time is kept up here with the clock, away from the tables a tap may be meant for, and asks first.
    ctx.view.you.role !== "judge" ? callTimeControl(ctx, d.round, d.timer) : null,
    slow.length ? h("p", { class: "warn-text", role: "status" }, `${plural(slow.length, "slow table")}: ${slow.map((t) => `T${t.table}`).join(", ")}`) : null,
    h("ol", { class: "list dash" }, order.map((t) => tableCard(ctx, d, t))),
    d.bye_name ? h("p", { class: "muted" }, `Bye: ${d.bye_name}`) : null,
    (d.bye_changes || []).map((c) => h("p", { class: "warn-text change-line" }, changeLine(ctx.view, c))));
}
