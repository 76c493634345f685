// The organiser's bookkeeping on the tournament pages: a table's extra time and its call, penalties and warnings,
// paid status at check-in, and the deck checks (every deck for the judges, the deck deadline for the organiser).
import { h, button, sheet, toast } from "../dom.js";
import { plural } from "../words.js";
import { actorName, extraText } from "./words.js";
import { askText, attempt } from "./parts.js";

export const PENALTY = { warning: "Warning", glory: "Glory penalty", game: "Game loss", points: "Event points" };
const STEPS = [1, 2, 3, 4, 5, 10, 15];  // minutes a ruling usually takes: one tap each

export { extraText };   // beside the tools that add the minutes

/** Ask how many more minutes a table gets, and why: {minutes, reason} or null. */
function askExtension(t) {
  return sheet(`More time for table ${t.table}`, (close) => {
    let minutes = null;
    const reason = h("textarea", { id: "extend-reason", rows: "2", maxlength: "300", "aria-label": "Why" });
    const steps = h("div", { class: "row", role: "group", "aria-label": "Minutes" }, STEPS.map((n) => button(`+${n}`, (e) => {
      minutes = n;
      for (const b of steps.children) b.setAttribute("aria-pressed", String(b === e.currentTarget));
    }, { cls: "btn small", "aria-pressed": "false", "data-minutes": String(n) })));
    return h("div", { class: "stack" }, h("p", { class: "muted" }, "Only this table's clock runs longer; its players are told."), steps,
      h("label", { class: "field" }, h("span", {}, "Why (the players read it)"), reason),
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn ghost" }),
        button("Give more time", () => {
          if (!minutes) { toast("Tap how many minutes."); return; }
          if (!reason.value.trim()) { toast("Please say why."); return; }
          close({ minutes, reason: reason.value.trim() });
        }, { cls: "btn primary", id: "extend-save" })));
  });
}

/**
 * The staff's buttons on a published table of the Round tab: more time, call the table.
 * @param {TournamentContext} ctx
 * @param {number} round
 * @param {object} t the table's row
 * @returns {HTMLElement}
 */
export function tableTools(ctx, round, t) {
  return h("div", { class: "row tight" },
    button("More time", async () => {
      const out = await askExtension(t);
      if (out && await attempt(ctx.call("POST", `/rounds/${round}/tables/${t.table}/extend`, out), `Table ${t.table}: +${out.minutes} min`)) ctx.refresh();
    }, { cls: "btn small ghost", "aria-label": `More time: table ${t.table}` }),
    button("Call", async () => {
      const note = await askText(`Call table ${t.table}`, "Where or why (the players read it)", { action: "Call the table" });
      if (note !== null && await attempt(ctx.call("POST", `/rounds/${round}/tables/${t.table}/call`, { note }), `Table ${t.table} called`)) ctx.refresh();
    }, { cls: "btn small ghost", "aria-label": `Call table ${t.table}` }));
}

/** What a player's (or table device's) page says of the table's own time and call. */
export function myTableNotes(mine) {
  const out = [];
  if (mine.called) {
    out.push(h("div", { class: "card warn-card", role: "alert", id: "table-called" }, h("b", {}, `Table ${mine.table} is called`),
      mine.called.note ? h("p", {}, mine.called.note) : null));
  }
  if (mine.extra_minutes) {
    out.push(h("div", { class: "card", id: "extra-time" }, h("b", {}, `Your table has ${mine.extra_minutes} more minutes`),
      (mine.extensions || []).map((x) => h("small", {}, `+${x.minutes} min: ${x.reason}`))));
  }
  return out;
}

function penaltyWords(p) {
  if (p.kind === "points") return `${p.amount > 0 ? "+" : ""}${plural(p.amount, "event point")}`;
  if (p.kind === "glory") return `−${p.amount} glory`;
  return PENALTY[p.kind];
}

/** A player's own record of penalties and warnings (their page only). */
export function myRecord(me) {
  const list = (me && me.penalties) || [];
  if (!list.length) return null;
  return h("section", { class: "card stack", id: "my-record", "aria-labelledby": "my-record-h" }, h("h2", { id: "my-record-h" }, "Your record"),
    h("ul", { class: "list" }, list.map((p) => h("li", {}, h("b", {}, penaltyWords(p)), p.round ? ` (round ${p.round})` : "", `: ${p.reason}`))));
}

function penaltyForm(ctx) {
  const players = ctx.view.players.filter((p) => p.status !== "merged");
  const who = h("select", { id: "penalty-player", "aria-label": "Player" }, players.map((p) => h("option", { value: p.id }, p.name)));
  const kind = h("select", { id: "penalty-kind", "aria-label": "Kind" }, Object.entries(PENALTY).map(([k, w]) => h("option", { value: k }, w)));
  const amount = h("input", { id: "penalty-amount", type: "number", inputmode: "numeric", min: "-100", max: "100", value: "1",
    "aria-label": "Amount (glory taken; event points: + bonus, − penalty)" });
  const reason = h("input", { id: "penalty-reason", maxlength: "300", "aria-label": "Reason" });
  const amountField = h("label", { class: "field" }, h("span", {}, "Amount"), amount);
  const shown = () => { amountField.hidden = !["glory", "points"].includes(kind.value); };
  kind.addEventListener("change", shown);
  shown();
  return h("form", { class: "stack card", id: "penalty-form", onsubmit: async (e) => {
    e.preventDefault();
    const body = { kind: kind.value, reason: reason.value.trim(), round: ctx.view.current_round || null };
    if (!amountField.hidden) body.amount = Number(amount.value);
    if (await attempt(ctx.call("POST", `/players/${encodeURIComponent(who.value)}/penalties`, body), "Recorded")) {
      reason.value = "";
      ctx.refresh();
    }
  } }, h("h3", {}, "Record a penalty or warning"),
  h("label", { class: "field" }, h("span", {}, "Player"), who), h("label", { class: "field" }, h("span", {}, "Kind"), kind), amountField,
  h("label", { class: "field" }, h("span", {}, "Reason (the player reads it)"), reason),
  h("button", { type: "submit", class: "btn primary" }, "Record"));
}

/**
 * The Judge tab's penalties: every one recorded, and (judge, organiser) the form to record one.
 * @param {TournamentContext} ctx
 * @returns {HTMLElement}
 */
export function penaltiesPanel(ctx) {
  const list = ctx.view.penalties || [];
  return h("section", { class: "stack", "aria-labelledby": "penalties-h" }, h("h2", { id: "penalties-h" }, "Penalties and warnings"),
    list.length ? h("ol", { class: "list", id: "penalties" }, list.map((p) => h("li", { class: "card" },
      h("div", {}, h("b", {}, `${p.name}: ${penaltyWords(p)}`), h("small", {}, [p.round ? `Round ${p.round}` : null,
        actorName(ctx.view, p.actor)].filter(Boolean).join(" · ")), h("p", {}, p.reason))))) : h("p", { class: "muted" }, "None recorded."),
    ["judge", "organiser"].includes(ctx.view.you.role) ? penaltyForm(ctx) : null);
}

function deckText(p) {
  if (p.deck === null || p.deck === undefined) return "No deck registered";
  return typeof p.deck === "string" ? p.deck : "The player's own deck";
}

/**
 * The deck check: every registered deck (the judges and the organiser see them before they are published) and the
 * deck deadline.
 * @param {TournamentContext} ctx
 * @returns {HTMLElement}
 */
export function decksPanel(ctx) {
  const v = ctx.view;
  const players = v.players.filter((p) => p.status !== "merged");
  return h("section", { class: "stack", "aria-labelledby": "decks-h" }, h("h2", { id: "decks-h" }, "Deck check"),
    h("p", { class: "muted", id: "deck-deadline-text" }, deadlineText(v.deck_deadline)),
    h("ol", { class: "list", id: "deck-check" }, players.map((p) => h("li", { class: "card", dataset: { player: p.id } },
      h("div", {}, h("b", {}, p.name), h("small", {}, p.warband_name || p.warband), h("small", {}, deckText(p)))))));
}

/** "Decks lock at …" / "Decks are locked since …" / no deadline. */
export function deadlineText(at) {
  if (!at) return "No deck deadline: decks can be changed until the organiser sets one.";
  const when = new Date(at);
  const words = when.toLocaleString([], { weekday: "short", hour: "2-digit", minute: "2-digit" });
  return when <= new Date() ? `Decks are locked since ${words}.` : `Decks lock at ${words}.`;
}

/**
 * The organiser's deck deadline (Players tab): set it to a time, lock now, or lift it.
 * @param {TournamentContext} ctx
 * @returns {HTMLElement}
 */
export function deadlineControl(ctx) {
  const input = h("input", { id: "deck-deadline", type: "datetime-local", "aria-label": "Decks lock at" });
  const send = async (at, ok) => {
    if (await attempt(ctx.call("POST", "/decks/deadline", { at }), ok)) ctx.refresh();
  };
  return h("details", { class: "card", id: "deck-deadline-card" }, h("summary", {}, "Deck deadline"),
    h("div", { class: "stack" }, h("p", { class: "muted" }, deadlineText(ctx.view.deck_deadline)),
      h("label", { class: "field" }, h("span", {}, "Decks lock at"), input),
      h("div", { class: "row" },
        button("Set the deadline", () => {
          if (!input.value) { toast("Choose a date and time."); return; }
          send(new Date(input.value).toISOString(), "Deck deadline set");
        }, { cls: "btn" }),
        button("Lock decks now", () => send(new Date().toISOString(), "Decks locked"), { cls: "btn primary", id: "lock-decks" }),
        ctx.view.deck_deadline ? button("Lift", () => send(null, "Deadline lifted"), { cls: "btn ghost" }) : null)));
}

const FILTERS = { all: "Everyone", unpaid: "Not paid", paid: "Paid", waiting: "Not checked in" };
let filter = "all";

/** The check-in filter's choice applied to the players. */
export function filtered(players) {
  if (filter === "unpaid") return players.filter((p) => !p.paid && p.status !== "merged");
  if (filter === "paid") return players.filter((p) => p.paid);
  if (filter === "waiting") return players.filter((p) => p.status === "registered");
  return players;
}

/** The check-in filter (everyone, not paid, paid, not checked in), one tap each. */
export function paidFilter(ctx) {
  return h("div", { class: "row tight", role: "group", "aria-label": "Show", id: "player-filter" }, Object.entries(FILTERS).map(([k, w]) =>
    button(w, () => { filter = k; ctx.render(); }, { cls: `btn small${filter === k ? " primary" : " ghost"}`, "aria-pressed": String(filter === k), "data-filter": k })));
}

/** A player row's paid toggle (the desk's): one label, its state in aria-pressed and the button's style (a toggle's
 *  name does not change with its state, and its visible word is part of that name). */
export function paidButton(ctx, p) {
  if (p.status === "merged") return null;
  return button("Paid", async () => {
    if (await attempt(ctx.call("POST", `/players/${encodeURIComponent(p.id)}/paid`, { paid: !p.paid }), p.paid ? `${p.name}: not paid` : `${p.name} paid`)) ctx.refresh();
  }, { cls: `btn small ${p.paid ? "ok" : "ghost"}`, "aria-pressed": String(Boolean(p.paid)), "aria-label": `${p.name} paid` });
}
