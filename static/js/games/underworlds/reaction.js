// A reaction named by typing: the engine lists the names of the seat's deck (its power cards, and Plunder) in the
// name field; a typed name that is none of them is asked about once before it is sent, so a typo does not go in
// silently (a fighter's own reaction is still entered by saying "Play it anyway").
import { h, button, sheet } from "../../dom.js";
import { fillTemplate } from "../../actions.js";

/**
 * Fill the "Another reaction (name it)" sheet; a name no card of the deck has asks first. Resolves with the event
 * data (the deck's spelling of a card typed in another case) or null.
 * @param {Suggestion} s
 * @param {TableContext} c
 * @returns {Promise<object|null>}
 */
export async function namedReaction(s, c) {
  const cards = s.fields.name.cards;
  let asked = s;
  for (;;) {
    const data = await fillTemplate(asked, c);
    const typed = String((data && data.name) || "").trim();
    if (!typed) return data;
    const card = cards.find((name) => name.toLowerCase() === typed.toLowerCase());
    if (card) return { ...data, name: card };
    if (await notInDeck(typed)) return data;
    asked = { ...s, template: { ...s.template, data } };   // back to the sheet, with what was typed
  }
}

/** Ask once: "No card of your deck is called X — play it anyway?"; true to send it as typed. */
function notInDeck(name) {
  return sheet("Not a card of your deck", (close) => h("div", { class: "stack", "data-dialog": "unknown-reaction" },
    h("p", {}, `No card of your deck is called “${name}”. Play it anyway?`),
    h("p", { class: "muted" }, "A fighter's own reaction is not a card: play it anyway. A typo: change the name."),
    h("div", { class: "sheet-actions" }, button("Play it anyway", () => close(true), { cls: "btn", "data-action": "play-anyway" }),
      button("Change the name", () => close(false), { cls: "btn primary" }))));
}
