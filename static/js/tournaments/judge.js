// The Judge tab: disputed tables and judge calls first, settle a result, and the tournament's rulings log.
import { h, button } from "../dom.js";
import { STATUS, actorName, disputeLine } from "./words.js";
import { attempt, knownResults, resultSheet } from "./parts.js";
import { openAsReferee } from "./dashboard.js";
import { decksPanel, penaltiesPanel } from "./bookkeeping.js";

function rulingForm(ctx) {
  const tables = (ctx.dash && ctx.dash.tables) || [];
  const where = h("select", { id: "ruling-table", "aria-label": "Table" }, h("option", { value: "" }, "Whole event"),
    tables.map((t) => h("option", { value: String(t.table) }, `Table ${t.table}: ${t.names.join(" vs ")}`)));
  const q = h("textarea", { id: "ruling-question", rows: "2", maxlength: "1000" });
  const a = h("textarea", { id: "ruling-answer", rows: "2", maxlength: "1000" });
  const rule = h("input", { id: "ruling-rule", maxlength: "300", placeholder: "e.g. Core rules, Drive back, pg 27" });
  return h("form", { class: "stack card", onsubmit: async (e) => {
    e.preventDefault();
    const body = { question: q.value.trim(), answer: a.value.trim(), rule: rule.value.trim() };
    if (where.value) Object.assign(body, { round: ctx.dash.round, table: Number(where.value) });
    if (await attempt(ctx.call("POST", "/rulings", body), "Ruling added to the log")) {
      for (const el of [q, a, rule]) el.value = "";
      ctx.refresh();
    }
  } },
  h("h3", {}, "Add a ruling"),
  h("label", { class: "field" }, h("span", {}, "At"), where),
  h("label", { class: "field" }, h("span", {}, "Question"), q),
  h("label", { class: "field" }, h("span", {}, "Answer"), a),
  h("label", { class: "field" }, h("span", {}, "Rule cited"), rule),
  h("button", { type: "submit", class: "btn primary" }, "Add ruling"));
}

/**
 * The Judge tab: disputed tables and judge calls first, then the rulings log.
 * @param {TournamentContext} ctx
 * @returns {HTMLElement}
 */
export function renderJudge(ctx) {
  const d = ctx.dash;
  const needs = d && d.published ? d.tables.filter((t) => t.status === "disputed" || t.judge_calls) : [];
  return h("div", { class: "stack" },
    h("h2", {}, "Needs a judge"),
    needs.length ? h("ol", { class: "list" }, needs.map((t) => h("li", { class: `card status-${t.status}`, dataset: { table: String(t.table) } },
      h("div", { class: "grow" }, h("b", {}, `Table ${t.table}: ${t.names.join(" vs ")}`), h("small", {}, STATUS[t.status]),
        (t.disputes || []).map((x) => h("small", {}, disputeLine(ctx.view, x))),
        (t.calls || []).filter((x) => !x.closed).map((x) => h("small", {}, `Called by ${actorName(ctx.view, x.actor)}${x.entry ? ` on entry #${x.entry}` : ""}${x.note ? `: ${x.note}` : ""}`))),
      h("div", { class: "stack tight" },
        // A call on a flagged entry opens the game as referee at that entry (the latest such call).
        (t.calls || []).filter((x) => !x.closed && x.entry && x.game === t.game).slice(-1).map((x) => button(`Open entry #${x.entry}`,
          () => openAsReferee(ctx, d.round, t.table, x.entry), { cls: "btn small primary", "data-action": "open-entry" })),
        t.game ? button("Open as referee", () => openAsReferee(ctx, d.round, t.table), { cls: "btn small" }) : null,
        button("Settle result", async () => {
          // The sheet starts from what is known: the game's outcome, each player's confirmation.
          const out = await resultSheet(`Settle table ${t.table}`, t, { needReason: true, games: ctx.view.setup.best_of === 3,
            victory: ctx.view.victory, ...knownResults(ctx.view, t) });
          if (out && await attempt(ctx.call("POST", `/rounds/${d.round}/tables/${t.table}/result`, out), "Result settled")) ctx.refresh();
        }, { cls: "btn primary small" }),
        t.judge_calls ? button("Close call", async () => {
          if (await attempt(ctx.call("POST", `/rounds/${d.round}/tables/${t.table}/judge/close`, {}), "Call closed")) ctx.refresh();
        }, { cls: "btn small ghost", "aria-label": `Close the call at table ${t.table}` }) : null)))) : h("p", { class: "muted" }, "No disputes or calls right now."),
    h("h2", {}, "Rulings log"),
    (ctx.view.rulings || []).length ? h("ol", { class: "list rulings" }, ctx.view.rulings.map((r) => h("li", { class: "card ruling" },
      h("div", {}, h("small", {}, [r.table ? `Round ${r.round}, table ${r.table}` : "Whole event", actorName(ctx.view, r.actor)].join(" · ")),
        h("p", {}, h("b", {}, "Q: "), r.question), h("p", {}, h("b", {}, "A: "), r.answer),
        r.rule ? h("p", { class: "rule" }, r.rule) : null)))) : h("p", { class: "muted" }, "No rulings yet."),
    ["judge", "organiser"].includes(ctx.view.you.role) ? rulingForm(ctx) : null,
    penaltiesPanel(ctx),
    ["judge", "organiser"].includes(ctx.view.you.role) ? decksPanel(ctx) : null);
}
