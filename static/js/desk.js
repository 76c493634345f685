// The referee's desk: what an undo will void (the server's preview) before it is entered, a correction in place
// (the undo and the corrected entry in one action), the voided entries entered again, what an entry changed,
// and notes about one entry (the referee's ruling, a player's flag). The server checks every entry.
import { h, button, sheet, toast } from "./dom.js";
import { api, errorText, uuid } from "./api.js";
import { describeChanges } from "./statediff.js";

/**
 * @typedef {object} Desk
 * @property {string} gameId
 * @property {string} token this phone's token
 * @property {(ev: object) => string} what an entry in words
 * @property {(seat: string) => string} seatName
 * @property {(text: string) => string} humanise
 * @property {(path: string, value: *) => string} describe
 */

function post(d, path, body) {
  if (path === "events" && d.mine) d.mine(body.id);  // its live echo is this phone's own entry, not news from another
  return api("POST", `/api/games/${encodeURIComponent(d.gameId)}/${path}`, { token: d.token, body });
}

/** An entry with its number and who it was for: "#9 Ben: Guard: Rok". */
export const label = (ev, d) => `#${ev.seq} ${d.seatName(ev.by)}: ${d.humanise(d.what(ev))}`;

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
  const numbers = numberPaths(data);
  if (!names.length && !numbers.length) { toast("Nothing in this entry to correct here: take it back and enter it again."); return null; }
  const first = await previewUndo(ev, d);
  if (first.error) { toast(first.error); return null; }
  if (!first.allowed) { toast(d.humanise((first.violations[0] || {}).message || "This cannot be taken back.")); return null; }
  const changes = () => {
    const out = [];
    for (const p of [...names, ...numbers]) {
      if (JSON.stringify(getPath(data, p)) !== JSON.stringify(getPath(ev.data, p))) {
        out.push(`${p.replace(/[._]/g, " ")} ${d.describe(p, getPath(ev.data, p))} → ${d.describe(p, getPath(data, p))}`);
      }
    }
    return out;
  };
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
        verdict.replaceChildren(
          then.allowed ? h("p", { class: "fits" }, h("b", {}, `Corrected: ${d.humanise(d.what({ ...ev, data }))}`))
            : h("div", {}, (then.violations || []).map((v) => h("div", {}, h("span", { class: "error" }, d.humanise(v.message)), v.rule ? h("span", { class: "rule" }, v.rule) : null))),
          then.allowed ? h("ul", { class: "cons" }, (then.consequences || []).slice(0, 4).map((c) => h("li", {}, d.consequence(c)))) : null,
          voidList(seen.voids || [], d));
        ok.disabled = !then.allowed;
      }, 150);
    };
    const pickers = names.map((p) => {
      const current = getPath(ev.data, p);
      const kind = current.includes(".") ? d.fighters : d.seats;
      // Another target is another player's fighter; the server judges whether the rules allow it.
      const options = p === "target" ? kind.filter((x) => !x.startsWith(`${ev.by}.`) || x === current) : kind;
      return h("fieldset", { class: "correct-field" }, h("legend", {}, `${p.replace(/_/g, " ")}`),
        h("div", { class: "seg", role: "radiogroup", "aria-label": p.replace(/_/g, " ") },
          options.map((x) => button(d.describe(p, x), (e) => {
            setPath(data, p, x);
            for (const b of e.currentTarget.parentElement.children) b.setAttribute("aria-checked", String(b === e.currentTarget));
            check();
          }, { cls: "btn small", role: "radio", "aria-checked": String(x === current), "data-field": p, "data-value": x }))));
    });
    const steppers = numbers.map((p) => {
      const shown = h("output", { "data-number": p }, String(getPath(data, p)));
      const step = (by) => () => { setPath(data, p, Math.max(0, Math.min(MAX_DIE, getPath(data, p) + by))); shown.textContent = String(getPath(data, p)); check(); };
      return h("div", { class: "row stepper" }, h("span", { class: "grow" }, p.replace(/[._]/g, " ")),
        button("−", step(-1), { cls: "btn small", aria: `One less: ${p.replace(/[._]/g, " ")}` }), shown,
        button("+", step(1), { cls: "btn small", aria: `One more: ${p.replace(/[._]/g, " ")}` }));
    });
    check();
    return h("div", { class: "stack", "data-dialog": "correct" },
      h("p", { class: "muted" }, `Entered: ${label(ev, d)}`),
      pickers, numbers.length ? h("details", { class: "dice" }, h("summary", {}, "Dice and numbers"), steppers) : null,
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

// -- voided entries back -------------------------------------------------------------------------

/**
 * Enter voided entries again, in log order, each a new entry the rules check; says which came back and which not.
 * @param {object[]} entries
 * @param {Desk} d
 * @returns {Promise<{back: number, refused: Array<{ev: object, why: string}>}>}
 */
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

// -- notes about one entry ---------------------------------------------------------------------------

/**
 * A note about an entry: the referee's ruling, or a player's flag for the referee. It changes nothing in the game.
 * @param {object} ev
 * @param {Desk} d
 * @param {boolean} referee
 * @param {string} by the seat the note is entered as ("referee" or the player's seat)
 * @returns {Promise<boolean>} true when stored
 */
export async function noteOn(ev, d, referee, by) {
  const text = await sheet(referee ? `Ruling on #${ev.seq}` : `Flag #${ev.seq} for the referee`, (close) => {
    const area = h("textarea", { id: "note-text", maxlength: 480, "aria-label": referee ? "Ruling" : "What is wrong",
      placeholder: referee ? "e.g. Range measured from Vex's hex: Ula, not Rok" : "e.g. Vex attacked the wrong fighter" });
    return h("div", { class: "stack", "data-dialog": "note" }, h("p", {}, label(ev, d)),
      h("p", { class: "muted" }, referee ? "Shown under this entry on every phone; it changes nothing in the game."
        : "The referee sees your flag under this entry; it changes nothing in the game."), area,
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }),
        button(referee ? "Add the ruling" : "Flag it", () => {
          const t = area.value.trim();
          if (!t) { area.focus(); area.setAttribute("aria-invalid", "true"); return; }
          close(t);
        }, { cls: "btn primary", "data-action": "confirm-note" })));
  });
  if (!text) return false;
  const reply = await post(d, "events", { id: uuid(), type: "note", by, data: { text, seq: ev.seq } }).catch(() => null);
  if (!reply || reply.status !== 201) { toast(reply ? errorText(reply) : "Needs the connection."); return false; }
  return true;
}
