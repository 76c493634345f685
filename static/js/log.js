// The log: every event with who entered it, when, its consequences and their rules; overrides
// with their reasons; undo of your own last event; referee revert and step back.
import { h, button, clock } from "./dom.js";

/**
 * One entry in words (the game's renderer first, else the catalogue label and its fields).
 * @param {LogRecord|Envelope} ev
 * @param {TableContext} c
 * @returns {string}
 */
export function summary(ev, c) {
  const own = c.renderer && c.renderer.describeEvent && c.renderer.describeEvent(ev, c);
  if (own) return own;
  const data = Object.entries(ev.data || {}).map(([k, v]) => `${k.replace(/_/g, " ")}: ${c.describe(k, v)}`);
  return `${c.catalogueLabel(ev.type)}${data.length ? ` (${data.join(", ")})` : ""}`;
}

/**
 * One automatic consequence in words.
 * @param {{type: string, data?: object}} cons
 * @param {TableContext} c
 * @returns {string}
 */
export function consequenceText(cons, c) {
  const own = c.renderer && c.renderer.describeConsequence && c.renderer.describeConsequence(cons, c);
  if (own) return own;
  const data = Object.entries(cons.data || {}).map(([k, v]) => `${k.replace(/_/g, " ")}: ${c.describe(k, v)}`);
  return `${cons.type.replace(/_/g, " ")}${data.length ? ` (${data.join(", ")})` : ""}`;
}

/** Who set the rules aside for an entry, and why: the referee's ruling names the referee; a player's, the table. */
export function overrideNote(ev) {
  const reason = (ev.override && ev.override.reason) || "";
  return ev.actor === "referee" ? `Ruled by the referee: ${reason}` : `Rules overridden by the table: ${reason}`;
}

/** Why a logged event no longer has any effect (the server's fold after a referee's revert), or null. */
function inertNote(ev, c) {
  const why = (c.inert || {})[ev.seq];
  if (!why) return null;
  if (why.status === "refused_now") {
    const vs = why.violations || [];
    return h("div", { class: "inert-why", "data-inert": "refused_now" },
      h("b", {}, "No longer has any effect: "), "since an earlier event was taken back, the rules refuse it",
      vs.length ? ": " : ".",
      vs.map((v) => h("span", {}, c.humanise(v.message || ""), v.rule ? h("span", { class: "rule" }, v.rule) : null)));
  }
  return h("div", { class: "inert-why", "data-inert": why.status },
    h("b", {}, "Changes nothing now: "), "with the earlier event taken back, this leaves the game as it was.");
}

/**
 * The log, newest first, with pending (not yet sent) events on top.
 * @param {LogRecord[]} events
 * @param {Envelope[]} pending
 * @param {TableContext} c
 * @returns {HTMLElement}
 */
export function renderLog(events, pending, c) {
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  const reverted = new Map();
  for (const ev of sorted) if (ev.type === "revert" && ev.data) reverted.set(ev.data.seq, ev);
  const live = sorted.filter((e) => e.type !== "revert" && !reverted.has(e.seq));
  const last = live[live.length - 1];
  const items = [];
  for (const p of [...pending].reverse()) {
    items.push(h("li", { class: "pending", "data-pending": p.envelope.id },
      h("div", { class: "meta" }, h("span", {}, "waiting to send"), h("span", {}, c.seatName(p.envelope.by)), h("span", {}, clock(p.queued_at))),
      h("div", { class: "what" }, summary(p.envelope, c))));
  }
  for (const r of [...(c.refused || [])].reverse()) {
    const vs = r.error.violations || [r.error];
    items.push(h("li", { class: "refused", "data-refused": r.envelope.id },
      h("div", { class: "meta" }, h("span", {}, r.appliedAnyway ? "refused, then applied anyway"
        : "refused on this phone (not in the game)"), h("span", {}, clock(r.at))),
      h("div", { class: "what" }, summary(r.envelope, c)),
      vs.map((v) => h("div", {}, h("span", { class: "error" }, c.humanise(v.message || "")), v.rule ? h("span", { class: "rule" }, v.rule) : null)),
      c.enterAgain && !c.readOnly && !r.appliedAnyway ? h("div", { class: "row" }, button("Enter again", () => c.enterAgain(r.envelope),
        { cls: "btn small", "data-action": "enter-again" })) : null));
  }
  for (const ev of [...sorted].reverse()) {
    const undoneBy = reverted.get(ev.seq);
    const inert = !undoneBy && ev.type !== "revert" ? inertNote(ev, c) : null;
    const cls = [undoneBy ? "reverted" : "", inert ? "inert" : "", ev.override ? "override" : ""].join(" ").trim();
    // A player never takes back the referee's entry (the server refuses it too): a ruling stands until the referee changes it.
  const canUndo = last && ev.seq === last.seq && (ev.by === c.seat || (c.actsForAll && !c.isReferee)) && !c.readOnly
    && (ev.actor !== "referee" || c.isReferee);
    items.push(h("li", { class: cls, "data-seq": ev.seq, "data-type": ev.type },
      h("div", { class: "meta" },
        h("span", {}, `#${ev.seq}`), h("span", {}, c.seatName(ev.by)),
        ev.actor && ev.actor !== ev.by ? h("span", {}, `entered by ${c.seatName(ev.actor)}`) : null,
        h("span", {}, clock(ev.created_at))),
      h("div", { class: "what" }, ev.type === "revert" ? `Took back #${ev.data.seq}: ${ev.data.reason || ""}` : summary(ev, c)),
      ev.override ? h("div", { class: "ovr" }, overrideNote(ev)) : null,
      undoneBy ? h("div", { class: "ovr" }, `Taken back (#${undoneBy.seq})`) : null,
      inert,
      (ev.consequences || []).length ? h("ul", { class: "cons", "aria-label": "What the rules did" },
        ev.consequences.map((cons) => h("li", {}, consequenceText(cons, c), cons.rule ? h("span", { class: "rule" }, cons.rule) : null))) : null,
      (canUndo || (c.isReferee && ev.type !== "revert" && !undoneBy)) ? h("div", { class: "row" },
        canUndo ? button("Undo", () => c.revert(ev, true), { cls: "btn small", "data-action": "undo" }) : null,
        c.isReferee && !canUndo ? button("Revert…", () => c.revert(ev, false), { cls: "btn small danger", "data-action": "revert" }) : null,
        c.isReferee ? button("State after this", () => c.stepBack(ev.seq), { cls: "btn small ghost" }) : null) : null));
  }
  if (!items.length) items.push(h("li", { class: "muted" }, "Nothing entered yet."));
  return h("ol", { class: "log", "aria-label": "Game log", reversed: true }, items);
}
