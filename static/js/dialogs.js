// Dialogs the shell needs: a refused event (sentence + rule, with "apply anyway") and a reason.
import { h, button, sheet } from "./dom.js";
import { listAnd } from "./words.js";

/**
 * Every violation in a refusal, whatever shape the error has.
 * @param {object|null} error the `error` member of a refusal
 * @returns {Array<{code: string, message: string, rule?: string, overridable?: boolean}>}
 */
export function violationsOf(error) {
  if (!error) return [];
  if (Array.isArray(error.violations) && error.violations.length) return error.violations;
  return [{ code: error.code, message: error.message, rule: error.rule, overridable: error.overridable }];
}

/**
 * Show why an event was refused; resolves "override" when the player wants to apply it anyway.
 * @param {Envelope} envelope
 * @param {object} error
 * @param {{catalogueLabel: (type: string) => string, describeEvent?: (ev: Envelope) => string|null, humanise?: (text: string) => string, referee?: boolean} & Object<string, *>} words
 * @returns {Promise<string|null>} "override" (apply it anyway), "ok", or null when dismissed
 */
export function showRejection(envelope, error, { catalogueLabel, describeEvent, humanise = (t) => t, referee = false }) {
  const vs = violationsOf(error);
  // Only rule violations can be overridden; other refusals (no such seat, offline...) cannot.
  const overridable = Array.isArray(error.violations) && vs.length > 0 && vs.every((v) => v.overridable === true);
  return sheet("Not allowed by the rules", (close) => h("div", { class: "stack", "data-dialog": "rejection" },
    h("p", { class: "muted" }, `You entered: ${(describeEvent && describeEvent(envelope)) || catalogueLabel(envelope.type)}`),
    vs.map((v) => h("div", { class: "violation" },
      h("div", { class: "message" }, humanise(v.message || "Refused.")),
      v.rule ? h("div", { class: "rule" }, `Rule: ${v.rule}`) : null)),
    overridable ? h("p", { class: "muted" }, referee
      ? "As the referee you may rule that it stands: apply it anyway and say why."
      : "If a card says otherwise, the table decides: apply it anyway and say which card.")
      : h("p", { class: "muted" }, "This cannot be overridden: the event itself does not fit this game."),
    h("div", { class: "sheet-actions" },
      button("OK", () => close("ok"), { cls: "btn" }),
      overridable ? button(referee ? "Rule that it stands" : "Apply anyway (card effect)", () => close("override"), { cls: "btn danger", "data-action": "override" }) : null)));
}

const STEP_WORDS = { reaction: "the reaction step", power: "the power step", drive_back: "the drive back" };

/** A play that came too late: a quicker entry closed its step as passed. Names that entry and who made it;
 *  resolves "take_back" when this phone may take that entry back and enter the play again, else "ok".
 * @param {Envelope} envelope the refused entry
 * @param {object} error the refusal (its `closed_by` names the entry that closed the step)
 * @param {{describeEvent?: (ev: Envelope) => string|null, catalogueLabel: (type: string) => string, seatName: (seat: string) => string, closer?: LogRecord, mayTakeBack?: boolean}} words
 * @returns {Promise<string|null>} "take_back", "ok", or null when dismissed
 */
export function showLatePlay(envelope, error, { describeEvent, catalogueLabel, seatName, closer, mayTakeBack }) {
  const c = error.closed_by;
  const what = (ev) => (describeEvent && describeEvent(ev)) || catalogueLabel(ev.type);
  const steps = listAnd((c.steps || []).map((s) => STEP_WORDS[s] || s.replace(/_/g, " ")));
  const who = c.name || seatName(c.by);
  const yours = c.by === envelope.by;
  const entry = closer ? `#${c.seq} (${what(closer)})` : `#${c.seq}`;
  return sheet("Too late for this step", (close) => h("div", { class: "stack", "data-dialog": "late-play" },
    h("p", {}, `You entered: ${what(envelope)}`),
    h("div", { class: "violation" },
      h("div", { class: "message" }, `${yours ? "Your" : `${who}'s`} entry ${entry} closed ${steps} as passed.`)),
    mayTakeBack
      ? h("p", { class: "muted" }, `Take back ${entry} and enter this now? Then ${yours ? "enter" : `${who} enters`} ${closer ? what(closer) : "it"} again.`)
      : h("p", { class: "muted" }, `${c.last && c.actor !== "referee" ? `Ask ${who} (Undo) or the referee` : "Ask the referee"} to take back ${entry}, then tap “Enter again” on your entry in the Log: it is kept there until then.`),
    h("div", { class: "sheet-actions" },
      button(mayTakeBack ? "Cancel" : "OK", () => close("ok"), { cls: "btn" }),
      mayTakeBack ? button(`Take back #${c.seq} and enter mine`, () => close("take_back"), { cls: "btn primary", "data-action": "take-back" }) : null)));
}

/**
 * Ask for a reason (required); resolves the trimmed text or null when cancelled.
 * @param {string} title
 * @param {string} prompt
 * @returns {Promise<string|null>}
 */
export function askReason(title, prompt) {
  return sheet(title, (close) => {
    const area = h("textarea", { id: "reason", maxlength: 480, required: true, "aria-label": "Reason", placeholder: "e.g. card: Ready for Action" });
    const ok = button("Confirm", () => {
      const text = area.value.trim();
      if (!text) { area.focus(); area.setAttribute("aria-invalid", "true"); return; }
      close(text);
    }, { cls: "btn primary", "data-action": "confirm-reason" });
    return h("div", { class: "stack" }, h("p", {}, prompt), area,
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }), ok));
  });
}

/**
 * Before a player's phone becomes the referee's: say that it shows every hand and that the log will record it.
 * @param {string} who this phone's player
 * @returns {Promise<boolean>} true when confirmed
 */
export function confirmRefereeHere(who) {
  return sheet("Referee on this phone?", (close) => h("div", { class: "stack", "data-dialog": "referee-here" },
    h("p", {}, "The referee's view shows every player's hand and deck, your opponents' included."),
    h("p", {}, "Use it only at a table with no separate referee, when the players agree. "
      + `The log records for everyone that ${who}'s phone opened the referee's view.`),
    h("div", { class: "sheet-actions" }, button("Cancel", () => close(false), { cls: "btn" }),
      button("Open the referee's view", () => close(true), { cls: "btn danger", "data-action": "confirm-referee-here" }))))
    .then((yes) => yes === true);
}
