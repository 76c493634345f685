// "My hand": the player ticks the cards it holds, from the engine's `hand` suggestion (a list field per kind:
// the deck's unused cards, those already said first, at most the hand size). Private: only this player and the
// referee see the names (engine privacy.py); the card picker then lists them first, marked "in hand".
import { h, button, sheet } from "../../dom.js";

const KINDS = { objectives: "Objective cards", power: "Power cards" };

/**
 * Sheet: search and tick the cards held; resolves with the `hand` event data or null.
 * @param {Suggestion} s
 * @param {TableContext} c
 * @returns {Promise<object|null>}
 */
export function handEntry(s, c) {
  const fields = s.fields || {};
  const mine = (c.view || {}).seats?.[c.seat];
  const held = (mine && mine.cards) || {};
  const picked = Object.fromEntries(Object.keys(fields).map((k) => [k, new Set(held[k] || [])]));
  return sheet("My hand", (close) => {
    const rows = [];
    const groups = Object.entries(fields).map(([kind, spec]) => {
      const count = h("span", { class: "muted" });
      const boxes = [];
      const refresh = () => {
        count.textContent = ` (${picked[kind].size} of ${spec.max})`;
        boxes.forEach((b) => { b.disabled = !b.checked && picked[kind].size >= spec.max; });
      };
      const items = (spec.items || []).map((name) => {
        const box = h("input", { type: "checkbox", "data-hand-card": name, onchange: (e) => {
          if (e.target.checked) picked[kind].add(name); else picked[kind].delete(name);
          refresh();
        } });
        box.checked = picked[kind].has(name);
        boxes.push(box);
        const row = h("label", { class: "check" }, box, name);
        rows.push(row);
        return row;
      });
      refresh();
      return h("fieldset", { "data-hand-kind": kind }, h("legend", {}, KINDS[kind] || kind, count), items);
    });
    const input = h("input", { type: "search", "aria-label": "Search your cards", placeholder: "Type part of the name", oninput: () => {
      const q = input.value.trim().toLowerCase();
      rows.forEach((el) => { el.hidden = !el.textContent.toLowerCase().includes(q); });
    } });
    const save = () => close(Object.fromEntries(Object.entries(picked).map(([k, set]) => [k, [...set]])));
    return h("div", { class: "stack" },
      h("p", { class: "muted" }, "Tick the cards you hold: they come first when you play a card. Only you and the referee see them."),
      input, groups,
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }),
        button("Save", save, { cls: "btn primary", "data-action": "save-hand" })));
  });
}
