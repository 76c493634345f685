// Underworlds decks in the setup wizard: pick a deck from the content (the warband's own and universal
// decks of the edition's era) or play without deck data, and check it against the deck-building rules
// (POST /api/content/underworlds/deck-check) before the game is created.
import { h, button } from "../dom.js";
import { api, errorText } from "../api.js";

// Which printing era of the decks each ruleset plays with (app/content.py PRINTING_PREFERENCE).
const ERA = { "underworlds/deathgorge": "current", "underworlds/dreadfane": "original", "underworlds/shadespire": "original" };

/** Decks a seat may sensibly pick: the edition's era, the seat's warband or the universal symbol. */
export function decksFor(decks, ruleset, seat) {
  const era = ERA[ruleset];
  return decks.filter((d) => (!era || d.era === era) &&
    (d.symbol === "universal" || (d.warband && d.warband === seat.warband)));
}

function deckNote(d, format, ruleset) {
  if (!d) return "The cards stay on the table: objectives and power cards are entered as they are played.";
  const parts = [d.complete ? `${d.cards} cards` : (d.cards ? `${d.cards} of its cards are known to the app` : "Its cards are not listed in the app: enter them as they are played")];
  if (ruleset === "underworlds/deathgorge" && format && format !== "rivals") {
    parts.push(`a ${format.charAt(0).toUpperCase() + format.slice(1)} deck is built card by card, so a whole deck is checked against that format's rules`);
  }
  return parts.join("; ") + ".";
}

/** The deck field of one seat. `rerender` redraws the wizard. */
export function deckPicker(seat, index, { decks, ruleset, format, rerender }) {
  const offered = decksFor(decks, ruleset, seat);
  const chosen = offered.find((d) => d.id === seat.deck) || null;
  if (seat.deck && !chosen) seat.deck = null;  // the warband or edition changed under it
  const select = h("select", { id: `deck-${index}`, onchange: (e) => {
    seat.deck = e.target.value || null;
    seat.deckProblems = null;
    seat.deckAccepted = null;
    rerender();
  } },
  h("option", { value: "" }, "No deck data (cards stay on the table)"),
  offered.map((d) => h("option", { value: d.id, selected: d.id === seat.deck }, d.name)));
  return h("div", { class: "stack", "data-deck-seat": index },
    h("label", { class: "field" }, h("span", {}, "Deck"), select),
    h("p", { class: "muted", style: "margin:0" }, deckNote(chosen, format, ruleset)),
    seat.deckProblems && seat.deckProblems.length ? problemList(seat) : null);
}

function problemList(seat) {
  return h("div", { class: "card", role: "alert", id: `deck-problems-${seat.deck}`, "data-deck-problems": "" },
    h("div", { style: "font-weight:700" }, seat.deckAccepted ? "Played anyway (the table agreed):" : "This deck breaks the deck-building rules:"),
    seat.deckProblems.map((p) => h("div", { class: "violation" },
      h("div", { class: "message" }, p.message),
      p.rule ? h("div", { class: "rule" }, `Rule: ${p.rule}`) : null)),
    seat.deckAccepted ? h("p", { class: "muted" }, `Reason: ${seat.deckAccepted}`) : null);
}

/**
 * Check every seat's chosen deck; returns null when all are fine (or accepted anyway), else the first
 * seat's problem as a sentence. Problems are kept on the seat for the form to show with their rules.
 */
export async function checkDecks(seats, { ruleset, format, fightersOf }) {
  let first = null;
  for (const seat of seats) {
    if (!seat.deck) { seat.deckProblems = null; continue; }
    const body = { format: format || "standard", ruleset, warband: seat.warband, deck: seat.deck };
    const fighters = fightersOf(seat);
    if (fighters) body.fighters = fighters;
    let reply;
    try {
      reply = await api("POST", "/api/content/underworlds/deck-check", { body });
    } catch (err) {
      seat.deckProblems = null;  // offline: the server checks the deck again when the game is created
      continue;
    }
    if (reply.status === 200) seat.deckProblems = reply.body.problems || [];
    else seat.deckProblems = [{ message: errorText(reply), rule: null, overridable: false }];
    if (seat.deckProblems.length && !seat.deckAccepted && !first) {
      first = `${seat.name.trim() || "A player"}'s deck: ${seat.deckProblems[0].message}`;
    }
  }
  return first;
}

/** "Play this deck anyway" for a seat whose deck breaks only overridable rules. */
export function acceptButton(seat, askReason, rerender) {
  if (!seat.deckProblems || !seat.deckProblems.length || seat.deckAccepted) return null;
  if (!seat.deckProblems.every((p) => p.overridable)) return null;
  return button("Play this deck anyway", async () => {
    const reason = await askReason("Play this deck anyway", "Why does the table accept this deck? The reason is kept with the game.");
    if (reason) { seat.deckAccepted = reason; rerender(); }
  }, { cls: "btn small", "data-action": "accept-deck" });
}

/** options.deck_override when any seat's deck was accepted despite the rules (the reasons joined). */
export function deckOverride(seats) {
  const reasons = seats.filter((s) => s.deck && s.deckAccepted).map((s) => `${s.name.trim()}: ${s.deckAccepted}`);
  return reasons.length ? { reason: reasons.join("; ") } : null;
}
