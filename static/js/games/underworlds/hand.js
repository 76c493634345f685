// "My hand": the player ticks the cards it holds, from the engine's `hand` suggestion (a list field per kind:
// the deck's unused cards, those already said first, at most the hand size). Private: only this player and the
// referee see the names (engine privacy.py); the card picker then lists them first, marked "in hand". After a draw
// the field says how many cards of each kind were drawn and have no name yet (`drawn`): the sheet asks for those.
import { h, button, sheet } from "../../dom.js";

const KINDS = { objectives: "Objective cards", power: "Power cards" };
const WHOLE = "whole hand";   // the sheet's answer when the player asks to change the whole hand

/** The sheet of a hand this phone cannot read: it says so and stores nothing. */
function hiddenHand(title, seat, c) {
  return sheet(title, (close) => h("div", { class: "stack", "data-hand-hidden": seat },
    h("p", {}, `This phone cannot see ${c.seatName(seat)}'s cards: only their own phone and the referee's can say which they hold.`),
    h("div", { class: "sheet-actions" }, button("OK", () => close(null), { cls: "btn" }))));
}

/** A search field that hides the rows whose text does not contain what is typed. */
function searchBox(rows) {
  const input = h("input", { type: "search", "aria-label": "Search your cards", placeholder: "Type part of the name", oninput: () => {
    const q = input.value.trim().toLowerCase();
    rows.forEach((el) => { el.hidden = !el.textContent.toLowerCase().includes(q); });
  } });
  return input;
}

/**
 * Sheet: search and tick the cards held; resolves with the `hand` event data or null.
 * @param {Suggestion} s
 * @param {TableContext} c
 * @param {boolean} [whole] every card of the hand, even after a draw
 * @returns {Promise<object|null>}
 */
export function handEntry(s, c, whole = false) {
  const fields = s.fields || {};
  // The hand of the seat the suggestion is for: the referee (or the one-phone table) enters for another seat.
  const seat = (s.event || s.template || {}).by || c.seat;
  const theirs = (c.view || {}).seats?.[seat];
  const title = seat === c.seat ? "My hand" : `${c.seatName(seat)}'s hand`;
  // Never store a hand this phone could not read: saving would replace the cards held with an empty list.
  if (!theirs || theirs.cards_hidden) return hiddenHand(title, seat, c);
  const held = theirs.cards || {};
  // After a draw the engine says how many cards of each kind were drawn and have no name yet: ask for exactly those, keeping the
  // ones already said (unless the player asks to change the whole hand).
  const drawn = !whole && Object.values(held).some((names) => names.length) && Object.values(fields).some((f) => f.drawn > 0);
  const kept = (kind) => (drawn ? (held[kind] || []).filter((n) => (fields[kind].items || []).includes(n)) : []);
  const picked = Object.fromEntries(Object.keys(fields).map((k) => [k, new Set(drawn ? [] : held[k] || [])]));
  return sheet(title, (close) => {
    const rows = [];
    const limits = {};
    // Every card asked for is ticked (all those drawn, or the whole hand): the sheet saves by itself, no Save tap.
    const complete = () => Object.entries(limits).every(([kind, max]) => picked[kind].size >= max);
    const groups = Object.entries(fields).filter(([, spec]) => !drawn || spec.drawn > 0).map(([kind, spec]) => {
      const max = drawn ? spec.drawn : spec.max;
      const count = h("span", { class: "muted" });
      const boxes = [];
      const refresh = () => {
        count.textContent = ` (${picked[kind].size} of ${max})`;
        boxes.forEach((b) => { b.disabled = !b.checked && picked[kind].size >= max; });
      };
      limits[kind] = max;
      const items = (spec.items || []).filter((name) => !kept(kind).includes(name)).map((name) => {
        const box = h("input", { type: "checkbox", "data-hand-card": name, onchange: (e) => {
          if (e.target.checked) picked[kind].add(name); else picked[kind].delete(name);
          refresh();
          if (e.target.checked && complete()) save();
        } });
        box.checked = picked[kind].has(name);
        boxes.push(box);
        const row = h("label", { class: "check" }, box, name);
        rows.push(row);
        return row;
      });
      refresh();
      return h("fieldset", { "data-hand-kind": kind }, h("legend", {}, drawn ? `${KINDS[kind] || kind} drawn` : KINDS[kind] || kind, count), items);
    });
    const input = searchBox(rows);
    const save = () => close(Object.fromEntries(Object.entries(picked).map(([k, set]) => [k, [...kept(k), ...set]])));
    const still = Object.keys(fields).flatMap(kept);
    return h("div", { class: "stack" },
      drawn ? h("p", { "data-hand-drawn": "" }, `${s.label}${still.length ? ` Still held: ${still.join(", ")}.` : ""}`)
        : h("p", { class: "muted" }, seat === c.seat
          ? "Tick the cards you hold: they come first when you play a card. Only you and the referee see them."
          : `Tick the cards ${c.seatName(seat)} holds: they come first when a card is played for them. Only ${c.seatName(seat)} and the referee see them.`),
      input, groups,
      h("div", { class: "sheet-actions" },
        drawn ? button("Change the whole hand", () => close(WHOLE), { cls: "btn ghost small", "data-action": "whole-hand" }) : null,
        button("Cancel", () => close(null), { cls: "btn" }),
        button("Save", save, { cls: "btn primary", "data-action": "save-hand" })));
  }).then((out) => (out === WHOLE ? handEntry(s, c, true) : out));
}
