// A player's (or a table device's) part of a tournament: my table, the clock, open the game, one tap to confirm.
import { h, button } from "../dom.js";
import { putGame } from "../store.js";
import { STATUS, matchGames, resultText } from "./words.js";
import { askText, attempt, roundClock, standingsTable } from "./parts.js";
import { bracketPanel } from "./bracket.js";
import { myRecord, myTableNotes } from "./bookkeeping.js";
import { alertsControl } from "./alerts.js";

async function openGame(ctx, mine) {
  const reply = await attempt(ctx.call("POST", `/rounds/${mine.round}/tables/${mine.table}/seat`));
  if (!reply) return;
  const g = reply.body;
  putGame(g.game, { token: g.token, seat: g.seat, seatLabel: g.name, ruleset: g.ruleset, title: g.title,
    join_code: g.join_code, event: ctx.tournamentId });
  location.assign(`/play?game=${encodeURIComponent(g.game)}`);
}

function resultPart(ctx, mine) {
  const path = `/rounds/${mine.round}/tables/${mine.table}`;
  const other = ctx.view.you.role === "player" ? mine.names[1 - mine.players.indexOf(ctx.view.you.subject)] : null;
  if (mine.status === "confirmed") {
    return h("div", { class: "card ok-card", role: "status" }, h("b", {}, "Result confirmed"),
      h("p", {}, resultText(mine.result, mine.players, mine.names)));
  }
  if (mine.status === "disputed") {
    return h("div", { class: "card warn-card", role: "status" }, h("b", {}, STATUS.disputed),
      h("p", {}, "A judge will settle the result with you."));
  }
  if (!mine.game) return h("p", { class: "muted" }, "This table is not tracked: the scorekeeper enters its result.");
  if (ctx.view.you.role === "table" && mine.mode !== "device") {
    return h("p", { class: "muted" }, "This table plays on the players' phones: they confirm its result.");
  }
  if (!mine.proposed) {
    return h("p", { class: "muted" }, ctx.view.setup.best_of === 3
      ? "When the match's last game ends, the match result appears here to confirm. Start each next game from the game's own screen."
      : "When the game ends, its result appears here to confirm.");
  }
  if (mine.i_confirmed) {
    return h("div", { class: "card", role: "status" }, h("b", {}, "You confirmed"),
      h("p", {}, resultText(mine.proposed, mine.players, mine.names)),
      h("p", { class: "muted" }, other ? `Waiting for ${other} to confirm.` : "Waiting for the scorekeeper."));
  }
  return h("div", { class: "card confirm-card" },
    h("small", { class: "muted" }, mine.proposed.games_won ? "The match's result" : "The game's result"),
    h("p", { class: "big-result" }, resultText(mine.proposed, mine.players, mine.names)),
    mine.proposed.games ? h("div", { class: "match-games" },
      matchGames(mine.proposed, mine.players, mine.names).map((line) => h("div", { class: "muted match-game" }, line))) : null,
    button("Confirm this result", async () => {
      if (await attempt(ctx.call("POST", `${path}/confirm`, {}), "Confirmed")) ctx.refresh();
    }, { cls: "btn primary big" }),
    button("That's not right", async () => {
      const reason = await askText("Dispute the result", "What is wrong with it?", { required: true, action: "Dispute" });
      if (reason && await attempt(ctx.call("POST", `${path}/dispute`, { reason }), "A judge will come to the table")) ctx.refresh();
    }, { cls: "btn ghost" }));
}

/**
 * The "my table" screen.
 * @param {TournamentContext} ctx
 * @returns {HTMLElement}
 */
export function renderMine(ctx) {
  const v = ctx.view;
  const mine = v.mine;
  const parts = [];
  if (!mine) parts.push(h("p", { class: "lead" }, "Round 1 is not published yet. Your table appears here when it is."));
  else if (mine.bye) parts.push(h("div", { class: "card" }, h("h2", {}, `Round ${mine.round}: you have the bye`),
    h("p", {}, "It counts as a win. Enjoy the break.")));
  else if (mine.not_paired) parts.push(h("p", { class: "lead" }, `${mine.name}: you are not paired in this round.`));
  else if (mine.no_table) parts.push(h("p", { class: "lead" }, `Round ${mine.round} has no table ${v.you.subject}.`));
  else {
    const path = `/rounds/${mine.round}/tables/${mine.table}`;
    const tracked = mine.game && (mine.mode === "phones" ? v.you.role === "player" : v.you.role === "table");
    parts.push(
      h("div", { class: "my-table" }, h("small", {}, mine.name || `Round ${mine.round}`), h("b", {}, `Table ${mine.table}`)),
      h("div", { class: "vs" }, mine.names.map((n, i) => h("div", { class: "side" }, h("b", {}, n), h("small", {}, mine.warbands[i] || ""))),
        h("span", { class: "vs-word", "aria-hidden": "true" }, "vs")),
      roundClock(mine.timer, mine.end_of_time, mine.extra_minutes, true),
      ...myTableNotes(mine),
      // Once the game (or the match) is over, its result to confirm comes first: no game left to open.
      tracked && mine.status === "playing" && !mine.proposed ? button(v.you.role === "table" ? "Open the game on this device" : "Open my game",
        () => openGame(ctx, mine), { cls: "btn primary big" }) : null,
      mine.mode === "device" && v.you.role === "player" ? h("p", { class: "muted" }, "This table plays on one table device.") : null,
      resultPart(ctx, mine),
      button("Call a judge", async () => {
        const note = await askText("Call a judge", "What is the question? (optional)", { action: "Call" });
        if (note !== null && await attempt(ctx.call("POST", `${path}/judge`, { note }), "A judge has been called")) ctx.refresh();
      }, { cls: "btn" }));
  }
  parts.push(alertsControl());
  if (v.you.role === "player") parts.push(myRecord(v.me));
  if (v.cut) parts.push(bracketPanel(v.cut));
  parts.push(h("h2", {}, v.cut ? "Swiss standings" : "Standings"), standingsTable(v));
  return h("div", { class: "stack" }, parts);
}
