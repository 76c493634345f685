// The log: each entry with who entered it, when, its consequences and rules, overrides, undo, voided entries back,
// notes on an entry, search and filters. Loaded the first time the log is shown; the referee's tools: referee/.
import { h, button, clock, sheet, toast, keptOpen } from "./dom.js";
import { api, errorText, uuid } from "./api.js";
import { consequenceText, fightersOf, overrideNote, summary } from "./log.js";

/** @typedef {{gameId: string, token: string, what: Function, seatName: Function, humanise: Function, describe: Function, mine?: Function}} Desk */

/** POST to the game's `path`; an entry's id goes to `d.mine` first (its live echo is no news to this phone). */
export function post(d, path, body) {
  if (body.id && d.mine) d.mine(body.id);
  return api("POST", `/api/games/${encodeURIComponent(d.gameId)}/${path}`, { token: d.token, body });
}

/** An entry with its number and who it was for: "#9 Ben: Guard: Rok". */
export const entryLabel = (ev, d) => `#${ev.seq} ${d.seatName(ev.by)}: ${d.humanise(d.what(ev))}`;
const label = entryLabel;

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

/** Same entry entered again: a later live entry of the same type, seat and data. */
function enteredAgainAs(ev, live) {
  const same = JSON.stringify(ev.data || {});
  return live.find((x) => x.seq > ev.seq && x.type === ev.type && x.by === ev.by && JSON.stringify(x.data || {}) === same);
}

/**
 * The entries a referee's undo left void that the rules refuse now and nobody has entered again yet, oldest first.
 * @param {LogRecord[]} events
 * @param {object} inert seq -> why (view.inert)
 * @returns {LogRecord[]}
 */
export function voidedEntries(events, inert) {
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  const gone = new Set(sorted.filter((e) => e.type === "revert").map((e) => e.data.seq));
  const live = sorted.filter((e) => e.type !== "revert" && !gone.has(e.seq) && !(inert || {})[e.seq]);
  return sorted.filter((e) => (inert || {})[e.seq] && inert[e.seq].status === "refused_now" && !gone.has(e.seq)
    && !enteredAgainAs(e, live));
}

/** Notes about one entry (a ruling, a flag), by that entry's seq. */
function notesBySeq(sorted) {
  const out = new Map();
  for (const ev of sorted) {
    if (ev.type === "note" && ev.data && Number.isInteger(ev.data.seq)) {
      if (!out.has(ev.data.seq)) out.set(ev.data.seq, []);
      out.get(ev.data.seq).push(ev);
    }
  }
  return out;
}

/** The rulings and flags under an entry: who wrote each and what. */
function entryNotes(notes, c) {
  if (!notes || !notes.length) return null;
  return h("ul", { class: "entry-notes", "aria-label": "Notes on this entry" }, notes.map((n) => {
    const ruling = n.by === "referee";
    return h("li", { class: ruling ? "ruling" : "flag", "data-note": n.seq },
      h("b", {}, ruling ? "Ruling by the referee: " : `Flagged by ${c.seatName(n.actor && n.actor !== n.by ? n.actor : n.by)}: `), n.data.text);
  }));
}

/** A log line for an entry waiting to be sent. */
function pendingItem(p, c) {
  return h("li", { class: "pending", "data-pending": p.envelope.id },
    h("div", { class: "meta" }, h("span", {}, "waiting to send"), h("span", {}, c.seatName(p.envelope.by)), h("span", {}, clock(p.queued_at))),
    h("div", { class: "what" }, summary(p.envelope, c)));
}

/** A log line for an entry the server refused: why, and (unless applied anyway) a way to enter it again. */
function refusedItem(r, c) {
  const vs = r.error.violations || [r.error];
  return h("li", { class: "refused", "data-refused": r.envelope.id },
    h("div", { class: "meta" }, h("span", {}, r.appliedAnyway ? "refused, then applied anyway"
      : "refused on this phone (not in the game)"), h("span", {}, clock(r.at))),
    h("div", { class: "what" }, summary(r.envelope, c)),
    vs.map((v) => h("div", {}, h("span", { class: "error" }, c.humanise(v.message || "")), v.rule ? h("span", { class: "rule" }, v.rule) : null)),
    c.enterAgain && !c.readOnly && !r.appliedAnyway ? h("div", { class: "row" }, button("Enter again", () => c.enterAgain(r.envelope),
      { cls: "btn small", "data-action": "enter-again" })) : null);
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
  const notes = notesBySeq(sorted);
  const voided = new Set(voidedEntries(sorted, c.inert).map((e) => e.seq));
  const effective = live.filter((e) => !(c.inert || {})[e.seq]);
  const items = [];
  for (const p of [...pending].reverse()) items.push(pendingItem(p, c));
  for (const r of [...(c.refused || [])].reverse()) items.push(refusedItem(r, c));
  for (const ev of [...sorted].reverse()) {
    if (ev.type === "note" && ev.data && notes.has(ev.data.seq) && sorted.some((x) => x.seq === ev.data.seq)) continue;  // shown under its entry
    const undoneBy = reverted.get(ev.seq);
    const inert = !undoneBy && ev.type !== "revert" ? inertNote(ev, c) : null;
    const again = inert ? enteredAgainAs(ev, effective) : null;
    const flagged = (notes.get(ev.seq) || []).some((n) => n.by !== "referee");
    const cls = [undoneBy ? "reverted" : "", inert ? "inert" : "", ev.override ? "override" : "", flagged ? "flagged" : ""].join(" ").trim();
    const mayEnterAgain = voided.has(ev.seq) && !c.readOnly && (c.isReferee || ev.by === c.seat);
    const text = ev.type === "revert" ? `Took back #${ev.data.seq}: ${ev.data.reason || ""}` : summary(ev, c);
    // A player never takes back the referee's entry (the server refuses it too): a ruling stands until the referee changes it.
  const canUndo = last && ev.seq === last.seq && (ev.by === c.seat || (c.actsForAll && !c.isReferee)) && !c.readOnly
    && (ev.actor !== "referee" || c.isReferee);
    const standing = ev.type !== "revert" && ev.type !== "note" && !undoneBy;
    const tools = c.isReferee && standing && !inert;
    items.push(h("li", { class: cls, "data-seq": ev.seq, "data-type": ev.type, "data-by": ev.by,
      "data-fighters": fightersOf(ev).join(" "), "data-text": c.humanise(`${text} ${c.seatName(ev.by)}`).toLowerCase() },
      h("div", { class: "meta" },
        h("span", {}, `#${ev.seq}`), h("span", {}, c.seatName(ev.by)),
        ev.actor && ev.actor !== ev.by ? h("span", {}, `entered by ${c.seatName(ev.actor)}`) : null,
        h("span", {}, clock(ev.created_at)),
        c.flag && standing && !c.isReferee && !c.readOnly ? button("⚑ Flag", () => c.flag(ev), { cls: "btn small ghost flag-btn", "data-action": "flag", aria: `Flag #${ev.seq} for the referee` }) : null),
      h("div", { class: "what" }, text),
      ev.override ? h("div", { class: "ovr" }, overrideNote(ev)) : null,
      undoneBy ? h("div", { class: "ovr" }, `Taken back (#${undoneBy.seq})`) : null,
      inert,
      again ? h("div", { class: "again" }, `Entered again as #${again.seq}`) : null,
      entryNotes(notes.get(ev.seq), c),
      (ev.consequences || []).length ? h("ul", { class: "cons", "aria-label": "What the rules did" },
        ev.consequences.map((cons) => h("li", { "data-cons": cons.type }, consequenceText(cons, c), cons.rule ? h("span", { class: "rule" }, cons.rule) : null))) : null,
      mayEnterAgain && c.enterVoided ? h("div", { class: "row" }, button("Enter again", () => c.enterVoided([ev]),
        { cls: "btn small primary", "data-action": "enter-void", aria: `Enter again: #${ev.seq}` })) : null,
      (canUndo || tools) ? h("div", { class: "row tools" },
        canUndo ? button("Undo", () => c.revert(ev, true), { cls: "btn small", "data-action": "undo" }) : null,
        tools && c.correct ? button("Correct…", () => c.correct(ev), { cls: "btn small", "data-action": "correct" }) : null,
        tools && !canUndo ? button("Revert…", () => c.revert(ev, false), { cls: "btn small danger", "data-action": "revert" }) : null,
        ...(tools && c.desk ? c.desk.moreTools(ev, c) : [])) : null));
  }
  // The referee's panels on top: flags waiting for a ruling, entries voided by an undo (referee/desk.js).
  if (c.desk) items.unshift(...c.desk.panels(sorted, notes, sorted.filter((e) => voided.has(e.seq)), c));
  if (!items.length) items.push(h("li", { class: "muted" }, "Nothing entered yet."));
  const list = h("ol", { class: "log", "aria-label": "Game log", reversed: true }, items);
  if (c.filter) filterLog(list, c.filter);
  return list;
}

/**
 * The log's search and filters: text, player, fighter (the fighter's timeline), kind of entry, flagged only, and
 * inferred passes and rule citations hidden. Filtering hides entries in place (no redraw: typing keeps its focus).
 * @param {LogRecord[]} events
 * @param {object} f the filter {text, by, fighter, type, flagged, quiet} (changed in place)
 * @param {TableContext} c
 * @returns {HTMLElement}
 */
export function logFilters(events, f, c) {
  const words = () => (f.quiet ? "Show passes and rules" : "Fold passes and rules");
  const apply = () => {
    const list = document.querySelector("ol.log");
    if (list) filterLog(list, f);
    const toggle = document.getElementById("log-quiet-toggle");
    if (toggle) toggle.textContent = words();
  };
  const seats = [...new Set(events.map((e) => e.by))];
  const fighters = [...new Set(events.flatMap(fightersOf))].sort();
  const types = [...new Set(events.filter((e) => e.type !== "revert").map((e) => e.type))];
  const select = (id, label, key, options) => h("label", { class: "filter-field", for: id }, label,
    h("select", { id, onchange: (e) => { f[key] = e.target.value; apply(); } },
      h("option", { value: "" }, "All"), options.map(([v, t]) => h("option", { value: v, selected: f[key] === v }, t))));
  const check = (id, label, key) => h("label", { class: "check", for: id },
    h("input", { type: "checkbox", id, checked: !!f[key], onchange: (e) => { f[key] = e.target.checked; apply(); } }), label);
  // One tap shows (or folds again) the passes nobody said and the rules cited: folded by default on a player's phone.
  const quiet = button(words(), () => {
    f.quiet = !f.quiet;
    apply();
    const box = /** @type {HTMLInputElement|null} */ (document.getElementById("log-quiet"));
    if (box) box.checked = f.quiet;
  }, { cls: "btn ghost small", id: "log-quiet-toggle" });
  return h("div", { class: "log-tools" }, h("details", { class: "card log-filter", ...keptOpen(Boolean(f.open), (o) => { f.open = o; }) },
    h("summary", {}, "Search and filter the log"),
    h("input", { type: "search", id: "log-search", placeholder: "Search: a name, a card, a word", "aria-label": "Search the log",
      value: f.text || "", oninput: (e) => { f.text = e.target.value; apply(); } }),
    h("div", { class: "filter-row" },
      select("log-by", "Player", "by", seats.map((s) => [s, c.seatName(s)])),
      select("log-fighter", "Fighter", "fighter", fighters.map((id) => [id, c.humanise(id)])),
      select("log-type", "Kind", "type", types.map((t) => [t, c.catalogueLabel(t)]))),
    h("div", { class: "filter-row" },
      check("log-quiet", "Hide inferred passes and rules", "quiet"),
      check("log-flagged", "Only flagged or ruled", "flagged"))), quiet);
}

/** Hide the entries the filter leaves out, and the passes and citations when asked. */
export function filterLog(list, f) {
  list.classList.toggle("quiet", !!f.quiet);
  const text = (f.text || "").trim().toLowerCase();
  let shown = 0;
  for (const li of list.children) {
    if (!li.dataset.seq) continue;
    const hide = (f.by && li.dataset.by !== f.by) || (f.type && li.dataset.type !== f.type)
      || (f.fighter && !(li.dataset.fighters || "").split(" ").includes(f.fighter))
      || (f.flagged && !li.querySelector(".entry-notes"))
      || (text && !(li.dataset.text || "").includes(text) && !li.textContent.toLowerCase().includes(text));
    li.hidden = !!hide;
    if (!hide) shown += 1;
  }
  list.dataset.shown = String(shown);
}

/** Enter voided entries again in log order, each a new entry the rules check; says which came back, which not. */
export async function enterAgain(entries, d) {
  const refused = [];
  let back = 0;
  for (const ev of [...entries].sort((a, b) => a.seq - b.seq)) {
    const body = { id: uuid(), type: ev.type, by: ev.by, data: ev.data, ...(ev.override ? { override: ev.override } : {}) };
    const reply = await post(d, "events", body).catch(() => null);
    if (reply && reply.status === 201) back += 1;
    else refused.push({ ev, why: reply ? d.humanise(errorText(reply)) : "no connection" });
  }
  if (refused.length) {
    toast(`${back} entered again; not ${refused.map((r) => `#${r.ev.seq} (${r.why})`).join(", ")}`, "error", 10000);
  } else {
    toast(`${back} ${back === 1 ? "entry" : "entries"} entered again`, "info");
  }
  return { back, refused };
}

/** A note about an entry, entered `by` a seat: the referee's ruling, or a player's flag ("That's not right", the
 *  reason optional; at an event the table's judge is called to the entry). It changes nothing in the game. */
export async function noteOn(ev, d, referee, by) {
  const text = await sheet(referee ? `Ruling on #${ev.seq}` : `That's not right: #${ev.seq}`, (close) => {
    const area = h("textarea", { id: "note-text", maxlength: 480, "aria-label": referee ? "Ruling" : "What is wrong (optional)",
      placeholder: referee ? "e.g. Range measured from Vex's hex: Ula, not Rok" : "What is wrong? (optional) e.g. Vex attacked the wrong fighter" });
    return h("div", { class: "stack", "data-dialog": "note" }, h("p", {}, label(ev, d)),
      h("p", { class: "muted" }, referee ? "Shown under this entry on every phone; it changes nothing in the game."
        : "The referee sees your flag under this entry (at an event, the judge is called); it changes nothing in the game."), area,
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }),
        button(referee ? "Add the ruling" : "Flag it", () => {
          const t = area.value.trim();
          if (!t && referee) { area.focus(); area.setAttribute("aria-invalid", "true"); return; }
          close({ t });
        }, { cls: "btn primary", "data-action": "confirm-note" })));
  });
  if (!text) return false;
  const reply = await (referee ? post(d, "events", { id: uuid(), type: "note", by, data: { text: text.t, seq: ev.seq } })
    : post(d, "flags", { id: uuid(), seq: ev.seq, text: text.t, by })).catch(() => null);
  if (!reply || reply.status >= 300) { toast(reply ? errorText(reply) : "Needs the connection."); return false; }
  if (!referee) toast(reply.body.judge_call ? "Flagged: the judge is called to this entry" : "Flagged for the referee", "info");
  return true;
}
