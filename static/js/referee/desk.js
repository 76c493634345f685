// The referee's desk (loaded only on the referee's phone): what an undo will void (the server's preview) before it
// is entered, a correction in place (the undo and the corrected entry in one action) and what an entry changed.
// The server checks every entry. Entering voided entries again and notes on an entry are in logview.js (players
// use them too).
import { h, button, sheet, toast } from "../dom.js";
import { api, errorText, uuid } from "../api.js";
import { summary } from "../log.js";
import { entryLabel as label, post } from "../logview.js";
import { describeChanges } from "./statediff.js";

// The desk's own stylesheet, at this module's versioned path (a link the page's CSP allows: our origin).
if (!document.getElementById("referee-css")) {
  document.head.append(h("link", { rel: "stylesheet", id: "referee-css", href: new URL("../../css/referee.css", import.meta.url).href }));
}

/** @typedef {{humanise: (text: string) => string, seatName: (seat: string) => string} & Object<string, *>} Desk the page's context (its members are listed with Desk in logview.js) */

/** The server's preview of taking back `ev` (and entering `then` right after it), or {error}. */
async function previewUndo(ev, d, then = null) {
  try {
    const reply = await post(d, "preview", { type: "revert", by: "referee", data: { seq: ev.seq }, ...(then ? { then } : {}) });
    return reply.status === 200 ? reply.body : { error: errorText(reply) };
  } catch (err) {
    return { error: "The preview needs the connection." };
  }
}

/** The list of entries an undo voids, each with whether it fits again once entered again. */
function voidList(voids, d) {
  if (!voids.length) return h("p", { class: "muted", "data-voids": "0" }, "No later entry loses its effect.");
  return h("div", { class: "voids", "data-voids": String(voids.length) },
    h("p", {}, h("b", {}, `${voids.length} later ${voids.length === 1 ? "entry" : "entries"} will no longer have any effect:`)),
    h("ul", {}, voids.map((v) => h("li", { "data-void": v.seq },
      label(v, d),
      v.status === "no_effect" ? h("div", { class: "muted" }, "changes nothing now")
        : v.fits_again ? h("div", { class: "fits" }, "fits again: you can enter it again in one tap")
          : h("div", { class: "inert-why" }, "would be refused if entered again now",
            (v.refused_again || []).slice(0, 1).map((x) => h("span", {}, `: ${d.humanise(x.message)}`, x.rule ? h("span", { class: "rule" }, x.rule) : null)))))));
}

/**
 * Referee: take back an entry, after seeing what it voids; resolves true when the undo was entered.
 * @param {object} ev the log entry
 * @param {Desk} d
 * @returns {Promise<boolean>}
 */
export async function revertWithPreview(ev, d) {
  const seen = await previewUndo(ev, d);
  if (seen.error) { toast(seen.error); return false; }
  if (!seen.allowed) { toast(d.humanise((seen.violations[0] || {}).message || "This cannot be taken back.")); return false; }
  const reason = await sheet(`Take back #${ev.seq}`, (close) => {
    const area = h("textarea", { id: "reason", maxlength: 480, "aria-label": "Reason", placeholder: "e.g. Vex was not in range" });
    const waiting = seen.voids.some((v) => v.status === "refused_now" && !v.fits_again);
    return h("div", { class: "stack", "data-dialog": "revert" },
      h("p", {}, label(ev, d)),
      voidList(seen.voids, d),
      waiting && d.correct ? h("p", { class: "muted", "data-hint": "correct" },
        "To enter this entry again with another target or die, use Correct… instead: it checks the later entries after the corrected one, and offers them back.") : null,
      h("label", { for: "reason" }, "Why? Everyone sees the reason in the log."), area,
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }),
        button("Take it back", () => {
          const text = area.value.trim();
          if (!text) { area.focus(); area.setAttribute("aria-invalid", "true"); return; }
          close(text);
        }, { cls: "btn danger", "data-action": "confirm-reason" })));
  });
  if (!reason) return false;
  const reply = await post(d, "events", { id: uuid(), type: "revert", by: "referee", data: { seq: ev.seq, reason } }).catch(() => null);
  if (!reply || reply.status !== 201) { toast(reply ? errorText(reply) : "Taking back needs the connection."); return false; }
  return true;
}

// -- correcting an entry in place ------------------------------------------------------------------

const getPath = (obj, path) => path.split(".").reduce((o, k) => (o == null ? undefined : o[k]), obj);
function setPath(obj, path, value) {
  const keys = path.split(".");
  let o = obj;
  for (const k of keys.slice(0, -1)) { if (!o[k] || typeof o[k] !== "object") o[k] = {}; o = o[k]; }
  o[keys[keys.length - 1]] = value;
}

/** Whole-number fields of an entry's data, two levels deep ("attack_roll.smash"): the dice a correction changes. */
function numberPaths(data, prefix = "", depth = 0) {
  const out = [];
  for (const [k, v] of Object.entries(data || {})) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (Number.isInteger(v)) out.push(path);
    else if (v && typeof v === "object" && !Array.isArray(v) && depth < 1) out.push(...numberPaths(v, path, depth + 1));
  }
  return out;
}

/** Fields an entry names by id (a fighter, a seat): another target is one of the same kind. */
const namePaths = (data) => Object.entries(data || {}).filter(([, v]) => typeof v === "string" && /^p[1-4](\.[\w-]+)?$/.test(v)).map(([k]) => k);

const MAX_DIE = 12;   // a bound for a corrected count the entry's rules give none for (no roll has more dice)

/** The server's verdict on a correction: the corrected entry and what it brings, or why it is refused. */
function showVerdict(verdict, seen, corrected, d) {
  const then = seen.then || {};
  verdict.replaceChildren(
    then.allowed ? h("p", { class: "fits" }, h("b", {}, `Corrected: ${d.humanise(d.what(corrected))}`))
      : h("div", {}, (then.violations || []).map((v) => h("div", {}, h("span", { class: "error" }, d.humanise(v.message)), v.rule ? h("span", { class: "rule" }, v.rule) : null))),
    then.allowed ? h("ul", { class: "cons" }, (then.consequences || []).slice(0, 4).map((c) => h("li", {}, d.consequence(c)))) : null,
    voidList(seen.voids || [], d));
}

/** A name in an entry to correct (a fighter or a seat), offered as radio buttons. */
function correctionPicker(ev, d, data, p, check) {
  const current = getPath(ev.data, p);
  const kind = current.includes(".") ? d.fighters : d.seats;
  // Another target is another player's fighter; the server judges whether the rules allow it.
  const options = p === "target" ? kind.filter((x) => !x.startsWith(`${ev.by}.`) || x === current) : kind;
  const words = p.replace(/_/g, " ");
  const radio = (x) => button(d.describe(p, x), (e) => {
    setPath(data, p, x);
    for (const b of /** @type {HTMLElement} */ (e.currentTarget).closest("fieldset").querySelectorAll("[role=radio]")) b.setAttribute("aria-checked", String(b === e.currentTarget));
    check();
  }, { cls: "btn small", role: "radio", "aria-checked": String(x === current), "data-field": p, "data-value": x });
  // Fighters come grouped under their player's name (a four-player table has many).
  const seats = [...new Set(options.map((x) => x.split(".")[0]))];
  const groups = current.includes(".") && seats.length > 1
    ? seats.map((seat) => h("div", { class: "correct-group", "data-seat": seat }, h("div", { class: "muted" }, `${d.seatName(seat)}'s fighters`),
      h("div", { class: "seg", role: "radiogroup", "aria-label": `${words}: ${d.seatName(seat)}'s fighters` },
        options.filter((x) => x.startsWith(`${seat}.`)).map(radio))))
    : [h("div", { class: "seg", role: "radiogroup", "aria-label": words }, options.map(radio))];
  return h("fieldset", { class: "correct-field" }, h("legend", {}, words), groups);
}

/**
 * The numbers of an entry to correct: those it holds, and every face of each roll it holds that the ruleset's
 * catalogue lists (a face the entry lacks counts 0), each with its bound; so a die can be turned to any face.
 * @returns {{paths: string[], max: Map<string, number>}}
 */
function correctionNumbers(ev, d, data) {
  const paths = numberPaths(data);
  const max = new Map();
  const entry = (d.catalogue || []).find((c) => c.type === ev.type);
  for (const [k, f] of Object.entries((entry && entry.fields) || {})) {
    const rolled = data[k];
    if (!f || f.type !== "object" || !f.fields || !rolled || typeof rolled !== "object" || Array.isArray(rolled)) continue;
    for (const [face, spec] of Object.entries(f.fields)) {
      if (spec.type !== "int") continue;
      const path = `${k}.${face}`;
      if (!paths.includes(path)) paths.push(path);
      if (Number.isInteger(spec.max)) max.set(path, spec.max);
    }
  }
  return { paths, max };
}

/** A number in an entry to correct (a die count), with one less and one more; a face the entry lacks starts at 0. */
function correctionStepper(data, p, check, most = MAX_DIE) {
  const shown = h("output", { "data-number": p }, String(getPath(data, p) || 0));
  const step = (by) => () => { setPath(data, p, Math.max(0, Math.min(most, (getPath(data, p) || 0) + by))); shown.textContent = String(getPath(data, p)); check(); };
  return h("div", { class: "row stepper" }, h("span", { class: "grow" }, p.replace(/[._]/g, " ")),
    button("−", step(-1), { cls: "btn small", aria: `One less: ${p.replace(/[._]/g, " ")}` }), shown,
    button("+", step(1), { cls: "btn small", aria: `One more: ${p.replace(/[._]/g, " ")}` }));
}

/** What a correction changes, in words ("attack roll smash 1 → 0"); a face the entry lacked counts 0. */
function correctionChanges(ev, data, names, numbers, d) {
  const out = [];
  for (const p of [...names, ...numbers]) {
    if (JSON.stringify(getPath(data, p) ?? 0) !== JSON.stringify(getPath(ev.data, p) ?? 0)) {
      const was = numbers.includes(p) ? getPath(ev.data, p) ?? 0 : getPath(ev.data, p);
      out.push(`${p.replace(/[._]/g, " ")} ${d.describe(p, was)} → ${d.describe(p, getPath(data, p))}`);
    }
  }
  return out;
}

/**
 * Referee: correct an entry in place. One sheet: another value for what the entry names (a target) or a number (a
 * die), checked by the server as it would be entered right after taking the entry back; Correct enters both.
 * Resolves the voided entries the server reported (to offer them back), or null when nothing was entered.
 * @param {object} ev
 * @param {Desk & {fighters: string[], seats: string[]}} d
 * @returns {Promise<object[]|null>}
 */
export async function correctEntry(ev, d) {
  const data = JSON.parse(JSON.stringify(ev.data || {}));
  const names = namePaths(data).filter((k) => k !== "attacker" && k !== "fighter" || namePaths(data).length === 1);
  const { paths: numbers, max } = correctionNumbers(ev, d, data);
  if (!names.length && !numbers.length) { toast("Nothing in this entry to correct here: take it back and enter it again."); return null; }
  const first = await previewUndo(ev, d);
  if (first.error) { toast(first.error); return null; }
  if (!first.allowed) { toast(d.humanise((first.violations[0] || {}).message || "This cannot be taken back.")); return null; }
  const changes = () => correctionChanges(ev, data, names, numbers, d);
  /** @type {{then?: {allowed: boolean}, voids?: LogRecord[]}|null} */
  let last = null;   // the server's latest verdict on the correction as it stands in the sheet
  const result = await sheet(`Correct #${ev.seq}`, (close) => {
    const verdict = h("div", { class: "preview", "aria-live": "polite", id: "correction-preview" });
    const ok = button("Correct", () => close(true), { cls: "btn primary", "data-action": "confirm-correction", disabled: true });
    let timer = null;
    const check = () => {
      clearTimeout(timer);
      ok.disabled = true;
      if (!changes().length) { verdict.replaceChildren(h("p", { class: "muted" }, "Change what was wrong.")); return; }
      verdict.replaceChildren(h("p", { class: "muted" }, "Checking…"));
      timer = setTimeout(async () => {
        const asked = JSON.stringify(data);
        const seen = await previewUndo(ev, d, { type: ev.type, by: ev.by, data, ...(ev.override ? { override: ev.override } : {}) });
        if (asked !== JSON.stringify(data)) return;  // changed again meanwhile: a newer check is on its way
        last = seen;
        if (seen.error) { verdict.replaceChildren(h("p", { class: "error" }, seen.error)); return; }
        const then = seen.then || {};
        showVerdict(verdict, seen, { ...ev, data }, d);
        ok.disabled = !then.allowed;
      }, 150);
    };
    const pickers = names.map((p) => correctionPicker(ev, d, data, p, check));
    const steppers = numbers.map((p) => correctionStepper(data, p, check, max.get(p)));
    check();
    return h("div", { class: "stack", "data-dialog": "correct" },
      h("p", { class: "muted" }, `Entered: ${label(ev, d)}`),
      // Open when the entry names nothing to pick: its numbers are all a correction can change (no tap to reach them).
      pickers, numbers.length ? h("details", { class: "dice", open: !pickers.length }, h("summary", {}, "Dice and numbers ▾"), steppers) : null,
      verdict,
      h("p", { class: "muted" }, "Correct takes the entry back and enters the corrected one; the entries after it are checked again."),
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }), ok));
  });
  if (!result || !last || !last.then || !last.then.allowed) return null;
  const reason = `Corrected by the referee: ${changes().join("; ")}`;
  const undo = await post(d, "events", { id: uuid(), type: "revert", by: "referee", data: { seq: ev.seq, reason } }).catch(() => null);
  if (!undo || undo.status !== 201) { toast(undo ? errorText(undo) : "Correcting needs the connection."); return null; }
  const redo = await post(d, "events", { id: uuid(), type: ev.type, by: ev.by, data, ...(ev.override ? { override: ev.override } : {}) }).catch(() => null);
  if (!redo || redo.status !== 201) {
    toast(`#${ev.seq} is taken back, but the corrected entry was refused: ${redo ? errorText(redo) : "no connection"}. Enter it from the table.`);
    return null;
  }
  return last.voids || [];
}

// -- what an entry changed -------------------------------------------------------------------------

/**
 * Referee: the state before and after an entry, in words (wounds, glory, tokens...).
 * @param {object} ev
 * @param {Desk} d
 * @returns {Promise<void>}
 */
export async function showChanges(ev, d) {
  const at = (seq) => api("GET", `/api/games/${encodeURIComponent(d.gameId)}/state?seq=${seq}`, { token: d.token }).catch(() => null);
  const [before, after] = await Promise.all([at(ev.seq - 1), at(ev.seq)]);
  if (!before || !after || before.status !== 200 || after.status !== 200) {
    toast(before && before.status !== 200 ? errorText(before) : after && after.status !== 200 ? errorText(after) : "Needs the connection.");
    return;
  }
  const lines = describeChanges(before.body.state, after.body.state, d);
  const list = (ls) => h("dl", { class: "changes" }, ls.map((l) => [h("dt", {}, l.who), h("dd", {}, d.humanise(l.what))]));
  const onTable = lines.filter((l) => l.table);
  const steps = lines.filter((l) => !l.table);
  await sheet(`What #${ev.seq} changed`, (close) => h("div", { class: "stack", "data-dialog": "changes" },
    h("p", {}, label(ev, d)),
    onTable.length ? list(onTable) : h("p", { class: "muted" }, lines.length
      ? "No fighter or player changed: only the game's own steps moved on." : "It changed nothing in the game."),
    steps.length ? h("details", { class: "game-steps" }, h("summary", {}, `The game's steps (${steps.length} changes)`), list(steps)) : null,
    h("div", { class: "sheet-actions" }, button("Close", () => close(null), { cls: "btn" }))));
}

// -- the referee's rows in the log -----------------------------------------------------------------

/** The referee's less frequent tools for an entry: inline on a wide screen, behind More… on a phone. */
export function moreTools(ev, c) {
  /** @type {Array<[string, () => *, string]>} */
  const tools = [];
  if (c.changes) tools.push(["What changed", () => c.changes(ev), "changes"]);
  if (c.rule) tools.push(["Ruling…", () => c.rule(ev), "ruling"]);
  tools.push(["State after this", () => c.stepBack(ev.seq), "state-after"]);
  if (c.wide) return tools.map(([label, run, action]) => button(label, run, { cls: "btn small ghost", "data-action": action }));
  return [button("More…", () => sheet(`#${ev.seq}`, (close) => h("div", { class: "stack", "data-dialog": "entry-tools" },
    h("p", {}, `${c.seatName(ev.by)}: ${c.humanise(summary(ev, c))}`),
    tools.map(([label, run, action]) => button(label, () => { close(null); run(); }, { cls: "btn", "data-action": action })),
    h("div", { class: "sheet-actions" }, button("Close", () => close(null), { cls: "btn" })))),
  { cls: "btn small ghost", "data-action": "more", aria: `More for #${ev.seq}` })];
}

/** Entries a player flagged that the referee has not ruled on since (a ruling note after the flag settles it). */
function openFlags(sorted, notes) {
  const out = [];
  for (const ev of sorted) {
    const on = notes.get(ev.seq) || [];
    const flags = on.filter((n) => n.by !== "referee");
    if (!flags.length) continue;
    const lastFlag = flags[flags.length - 1];
    const settled = on.some((n) => n.by === "referee" && n.seq > lastFlag.seq) || sorted.some((r) => r.type === "revert" && r.data.seq === ev.seq);
    if (!settled) out.push({ ev, flag: lastFlag });
  }
  return out;
}

/** Bring an entry into view (the filters cleared if they hide it). */
function showEntry(seq) {
  const li = /** @type {HTMLElement|null} */ (document.querySelector(`ol.log > li[data-seq="${seq}"]`));
  if (!li) return;
  li.hidden = false;
  li.scrollIntoView({ block: "start" });
  li.classList.add("flash");
  setTimeout(() => li.classList.remove("flash"), 1500);
}

/**
 * The referee's panels on top of the log: the entries an undo voided, offered back in one tap, and the flags
 * waiting for a ruling.
 * @param {object[]} sorted the log, oldest first
 * @param {Map<number, object[]>} notes the notes about each entry, by its seq
 * @param {object[]} voided the voided entries nobody has entered again, oldest first
 * @param {object} c the log's context
 * @returns {HTMLElement[]}
 */
export function panels(sorted, notes, voided, c) {
  const out = [];
  if (voided.length && c.enterVoided && !c.readOnly) {
    out.push(h("li", { class: "voided-panel", id: "voided" },
      h("div", { class: "what" }, `${voided.length} ${voided.length === 1 ? "entry has" : "entries have"} no effect since an earlier entry was taken back`),
      h("ul", {}, voided.map((e) => h("li", {}, `#${e.seq} ${c.seatName(e.by)}: ${c.humanise(summary(e, c))}`))),
      h("div", { class: "row" }, button(voided.length === 1 ? "Re-apply it if it still fits" : "Re-apply all that still fit",
        () => c.enterVoided(voided), { cls: "btn primary", "data-action": "reapply-all" }))));
  }
  const open = openFlags(sorted, notes);
  if (open.length) {
    out.push(h("li", { class: "flags-panel", id: "flags" },
      h("div", { class: "what" }, `Flagged for the referee (${open.length})`),
      open.map(({ ev, flag }) => h("div", { class: "row" },
        h("span", { class: "grow" }, `#${ev.seq} ${c.seatName(ev.by)}: ${c.humanise(summary(ev, c))} — ${c.seatName(flag.actor || flag.by)}: “${flag.data.text}”`),
        h("span", { class: "row" },
          c.correct ? button("Correct…", () => c.correct(ev), { cls: "btn small", "data-action": "correct-flagged", aria: `Correct… #${ev.seq}` }) : null,
          button("Show", () => showEntry(ev.seq), { cls: "btn small", "data-action": "show-flagged", aria: `Show #${ev.seq}` }))))));
  }
  return out;
}
