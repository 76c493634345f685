// The opening hand, told in one tap a card: in round 1, a player whose deck the content knows and who has not said
// its objectives yet finds its objectives open on the table (the likeliest first, as the engine's `hand` offer lists
// them); each tap ticks one, and the hand is saved by itself once all of them are ticked. Objectives only: the
// engine needs them to say what is met, while power cards are offered from the deck anyway (telling them stays
// optional, under "Which cards I hold"). It sits above the actions while the player has nothing else to do, under
// them while it has (never over, nor pushing down, a control it may use now), and one tap puts it away for this
// game on this phone.
import { h, button } from "../../dom.js";

const QUIET_GROUPS = new Set(["Table", "My hand"]);
const picked = new Map();   // game and seat -> the objectives ticked so far (kept across redraws)
const key = (c) => `tw.opening-hand.${c.gameId}.${c.seat}`;

function dismissed(c) {
  try { return localStorage.getItem(key(c)) === "1"; } catch { return false; }
}

function dismiss(c) {
  try { localStorage.setItem(key(c), "1"); } catch { /* private mode: it shows again next time */ }
}

/** The engine's offer to say this seat's hand, when this phone may tell its opening objectives now. */
function offer(view, c) {
  if (!c.isPlayer || c.readOnly || c.actsForAll || !c.submit || view.phase !== "action" || view.round !== 1) return null;
  const seat = view.seats && view.seats[c.seat];
  if (!seat || seat.cards_hidden || ((seat.cards || {}).objectives || []).length) return null;   // objectives told
  const s = ((c.advice && c.advice.suggestions) || []).find((x) => x.template && x.template.type === "hand" && x.template.by === c.seat);
  const field = s && s.fields && s.fields.objectives;
  return field && field.max > 0 && (field.items || []).length && !dismissed(c) ? field : null;
}

/**
 * The opening hand panel (null when there is nothing to tell): a button per objective of the deck, a tap ticks it.
 * Above the actions while this player has nothing else to do; under them while it has (its activation, its power
 * step, a reaction), so the control it uses stays where it is.
 * @param {object} view
 * @param {TableContext} c
 * @param {"above"|"below"} where the place asking (the step guide's, or the board's)
 * @returns {HTMLElement|null}
 */
export function openingHand(view, c, where) {
  // Busy: the player has something to do now beside the table's corrections and its hand (a step's choices, even
  // an optional power step or reaction).
  const busy = ((c.advice && c.advice.suggestions) || []).some((x) => !QUIET_GROUPS.has(x.group || ""));
  if ((where === "below") !== busy) return null;
  const field = offer(view, c);
  if (!field) return null;
  const id = key(c);
  if (!picked.has(id)) picked.set(id, new Set());
  const ticked = picked.get(id);
  // Above the actions, it is what the player has to do now: the table keeps it in view after an entry (play.js).
  const panel = h("section", { class: "card opening-hand", "aria-label": "Your opening hand", "data-opening-hand": "",
    ...(busy ? {} : { "data-in-view": "" }) });
  const draw = () => {
    const left = field.max - ticked.size;
    panel.replaceChildren(
      h("div", { class: "row" },
        h("h2", { class: "grow" }, "Your opening hand"),
        button("Not now", () => { dismiss(c); panel.remove(); }, { cls: "btn ghost small", "data-action": "opening-hand-later" })),
      h("p", { class: "muted" }, `Tap your ${field.max} objective cards (${left} to go): the app then says which are met. Power cards are offered from your deck anyway.`),
      h("div", { class: "btn-grid" }, field.items.map((name) => button(name, () => {
        if (ticked.has(name)) ticked.delete(name); else if (ticked.size < field.max) ticked.add(name);
        if (ticked.size === field.max) {   // the hand is complete: saved by itself
          c.submit("hand", { objectives: [...ticked] });
          picked.delete(id);
          panel.remove();
          return;
        }
        draw();
      }, { cls: "btn small", "aria-pressed": String(ticked.has(name)), "data-opening-card": name }))));
  };
  draw();
  return panel;
}
