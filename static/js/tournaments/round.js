// The Round tab: pair, swap and choose how each table plays, publish; then the clock and results.
import { h, button } from "../dom.js";
import { MODES, STATUS, resultText } from "./words.js";
import { attempt, callTimeControl, exportLinks, knownResults, printLink, resultSheet, roundClock, standingsTable } from "./parts.js";
import { bracketPanel } from "./bracket.js";
import { extraText, tableTools } from "./bookkeeping.js";

let picked = null;  // the first player tapped for a swap

/** The staff's warning on a table where a player who keeps a fixed table (accessibility) does not sit at it. */
const offFixed = (t) => (t.off_fixed || []).map((p) => h("small", { class: "warn-text off-fixed" },
  `${p.name}'s fixed table is T${p.fixed_table}, not T${t.table}`));

function draft(ctx, rnd) {
  const tap = async (pid) => {
    if (!picked) { picked = pid; ctx.render(); return; }
    if (picked === pid) { picked = null; ctx.render(); return; }
    const a = picked;
    picked = null;
    if (await attempt(ctx.call("POST", `/rounds/${rnd.round}/swap`, { a, b: pid }), "Swapped")) ctx.refresh();
    else ctx.render();
  };
  const who = (pid, name) => button(name, () => tap(pid), { cls: `btn player-pick${picked === pid ? " picked" : ""}`,
    "aria-pressed": String(picked === pid), "data-player": pid });
  return h("div", { class: "stack" },
    h("p", { class: "muted" }, rnd.stage === "cut" ? "The cut's pairings follow the bracket. Choose how each table plays, then publish."
      : picked ? "Now tap the player to swap with." : "Tap two players to swap them. Then publish."),
    rnd.stale ? h("p", { class: "error" }, "A player of this draft was merged away: pair the round again.") : null,
    h("ol", { class: "list" }, rnd.tables.map((t) => h("li", { class: "card draft-table", dataset: { table: String(t.table) } },
      h("span", { class: "table-no" }, `T${t.table}`),
      h("div", { class: "grow stack tight" }, h("div", { class: "row" }, who(t.players[0], t.names[0]), h("span", {}, "vs"), who(t.players[1], t.names[1])),
        offFixed(t),
        h("label", { class: "field" }, h("span", {}, "Played on"),
          h("select", { "aria-label": `Table ${t.table} played on`, onchange: async (e) => {
            if (await attempt(ctx.call("POST", `/rounds/${rnd.round}/tables/${t.table}/mode`, { mode: e.target.value }))) ctx.refresh();
          } }, Object.entries(MODES).map(([k, label]) => h("option", { value: k, selected: t.mode === k }, label)))))))),
    rnd.bye ? h("div", { class: "card" }, h("span", { class: "table-no" }, "Bye"), who(rnd.bye, rnd.bye_name)) : null,
    h("div", { class: "row" },
      button(`Publish ${rnd.stage === "cut" ? rnd.name : `round ${rnd.round}`}`, async () => {
        if (await attempt(ctx.call("POST", `/rounds/${rnd.round}/publish`), `${rnd.name || `Round ${rnd.round}`} published`)) ctx.refresh();
      }, { cls: "btn primary big grow" }),
      rnd.stage === "cut" ? null : button("Pair again", async () => {
        if (await attempt(ctx.call("POST", `/rounds/${rnd.round}/pair`))) ctx.refresh();
      }, { cls: "btn ghost" })));
}

function published(ctx, rnd) {
  const v = ctx.view;
  const best3 = v.setup.best_of === 3;
  const open = !rnd.complete;
  // The dashboard's row of a table knows more (its game over, the game's outcome): a table nobody has confirmed
  // yet whose game is over says so.
  const live = (t) => (ctx.dash && ctx.dash.round === rnd.round && (ctx.dash.tables || []).find((x) => x.table === t.table)) || t;
  return h("div", { class: "stack" },
    h("div", { class: "row print-links" }, printLink(ctx.tournamentId, "Print pairings", ["tables", "names"], rnd.round),
      printLink(ctx.tournamentId, "Print result slips", ["slips"], rnd.round)),
    open ? h("div", { class: "row clock-row" }, roundClock(rnd.timer, v.setup.end_of_time), callTimeControl(ctx, rnd.round, rnd.timer))
      : h("p", { class: "muted" }, "Every result of this round is confirmed."),
    open && !rnd.timer ? button("Start the clock", async () => {
      if (await attempt(ctx.call("POST", `/rounds/${rnd.round}/timer`, {}), "Clock started")) ctx.refresh();
    }, { cls: "btn primary" }) : null,
    h("ol", { class: "list" }, rnd.tables.map((t) => h("li", { class: `card result-row status-${live(t).status}`, dataset: { table: String(t.table) } },
      h("span", { class: "table-no" }, `T${t.table}`),
      h("div", { class: "grow" }, h("b", {}, `${t.names[0]} vs ${t.names[1]}`),
        h("small", {}, t.result ? resultText(t.result, t.players, t.names) : STATUS[live(t).status]),
        h("small", {}, [MODES[t.mode], t.join_code ? `code ${t.join_code}` : null, extraText(t)].filter(Boolean).join(" · ")),
        offFixed(t), open && t.status !== "confirmed" ? tableTools(ctx, rnd.round, t) : null),
      button(t.status === "confirmed" ? "Correct" : "Enter result", async () => {
        // A correction, and settling a disputed table, need a reason (the server refuses one without).
        const needReason = t.status === "confirmed" || t.status === "disputed";
        const known = t.status === "confirmed" ? { prefill: t.result, notes: [] } : knownResults(v, live(t));
        const out = await resultSheet(`Table ${t.table}: ${t.names[0]} vs ${t.names[1]}`, t, { needReason, games: best3, victory: v.victory, ...known });
        if (out && await attempt(ctx.call("POST", `/rounds/${rnd.round}/tables/${t.table}/result`, out), "Result saved")) ctx.refresh();
      }, { cls: "btn small", "aria-label": `${t.status === "confirmed" ? "Correct" : "Enter result"}: table ${t.table}` })))),
    rnd.bye ? h("p", { class: "muted" }, `Bye: ${rnd.bye_name}`) : null);
}

/**
 * After the Swiss rounds: start a top cut of 4 or 8 (the sizes the checked-in players allow), seeded from the standings.
 * @param {TournamentContext} ctx
 * @param {number[]} sizes
 * @returns {HTMLElement}
 */
function startCut(ctx, sizes) {
  return h("section", { class: "card stack", "aria-labelledby": "start-cut" },
    h("h2", { id: "start-cut" }, "Top cut"),
    sizes.length
      ? h("p", { class: "muted" }, "A single-elimination cut seeded from these standings (1 v 8, 4 v 5, 2 v 7, 3 v 6). The Swiss standings stay as they are.")
      : h("p", { class: "muted" }, "A top cut needs at least 4 checked-in players."),
    h("div", { class: "row" }, sizes.map((size) => button(`Start a top ${size} cut`, async () => {
      if (await attempt(ctx.call("POST", "/cut", { size }), `Top ${size} cut started`)) ctx.refresh();
    }, { cls: "btn primary grow" }))));
}

/**
 * The Round tab: pair, swap, publish; then the clock and results.
 * @param {TournamentContext} ctx
 * @returns {HTMLElement}
 */
export function renderRound(ctx) {
  const v = ctx.view;
  const rnd = v.rounds.find((r) => r.round === v.current_round);
  const parts = [];
  if (v.next === "finished") parts.push(h("h2", {}, v.cut ? "Swiss standings" : "Final standings"), standingsTable(v), exportLinks(ctx.tournamentId));
  if (v.next === "finished" && !v.cut && v.cut_sizes) parts.push(startCut(ctx, v.cut_sizes));
  if (v.cut) parts.push(bracketPanel(v.cut));
  if (v.next === "register") parts.push(h("p", { class: "lead" }, "Register players and check in at least two to pair round 1."));
  if (rnd && !rnd.published) parts.push(h("h2", {}, `${rnd.name}: draft`), draft(ctx, rnd));
  else if (rnd) parts.push(h("h2", {}, rnd.name), published(ctx, rnd));
  if (v.next === "pair") {
    const n = v.current_round + 1;
    const label = v.next_name && v.next_name !== `Round ${n}` ? v.next_name : `round ${n}`;
    parts.push(button(`Pair ${label}`, async () => {
      if (await attempt(ctx.call("POST", `/rounds/${n}/pair`))) ctx.refresh();
    }, { cls: "btn primary big" }));
  }
  if (v.next === "results") parts.push(h("p", { class: "muted" }, "The next round is paired once every table's result is confirmed."));
  return h("div", { class: "stack" }, parts);
}
