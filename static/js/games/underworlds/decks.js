// An Underworlds seat's deck in the setup wizard: the decks offered, the picker, and the check against the
// deck-building rules before the game is created.
import { h, button, toast, sheet } from "../../dom.js";
import { api, errorText } from "../../api.js";

/**
 * Decks a seat may pick: those of the ruleset's era (the server filters by ruleset), its warband's or universal.
 * A Rivals game plays a pre-built Rivals deck (Deathgorge rulebook, The decks, pg 7; Ways to play: Rivals, pg 40):
 * an older product's loose cards are not offered there, and a warband without a Rivals deck is offered the
 * universal ones (Ways to play: Nemesis, pg 40). The server checks the same rule when the game is created.
 * @param {Array<{symbol: string, warband?: string, kind?: string}>} decks
 * @param {string} ruleset
 * @param {{warband?: string}} seat
 * @param {string} [format]
 * @returns {object[]}
 */
export const decksFor = (decks, ruleset, seat, format) => decks.filter((d) =>
  (d.symbol === "universal" || (d.warband && d.warband === seat.warband))
  && (!rivalsOnly(ruleset, format) || d.kind === "rivals"));

/** Whether these rules and format play one pre-built Rivals deck as it comes (no deck-building). */
const rivalsOnly = (ruleset, format) => ruleset.endsWith("deathgorge") && (!format || format === "rivals");

// Formats whose decks are built card by card (Deathgorge rulebook, Ways to play; the 2018/2019 rules have one
// deck-building rule): the wizard offers a builder over the real card lists.
const BUILT = ["nemesis", "relic", "championship"];
const builds = (ruleset, format) => !ruleset.endsWith("deathgorge") || BUILT.includes(format);
const GAMBITS = ["ploy", "spell"];

/** Every card a warband may use under these rules (its own and universal), a few pages of the card index. */
async function usableCards(ruleset, warband) {
  const out = [];
  for (let page = 1; page; ) {
    const reply = await api("GET", `/api/content/underworlds/cards?ruleset=${encodeURIComponent(ruleset)}&usable_by=${encodeURIComponent(warband)}&per_page=500&page=${page}`);
    if (reply.status !== 200) throw new Error(errorText(reply));
    out.push(...reply.body.items);
    page = reply.body.next;
  }
  return out;
}

const fold = (text) => String(text).toLowerCase();
const key = (c) => `${c.deck}/${c.name}`;

/** What a built deck holds so far, against the usual sizes (the check cites the format's own rule). */
function tally(chosen) {
  const obj = chosen.filter((c) => c.type === "objective");
  const pow = chosen.filter((c) => c.type !== "objective");
  return `Objectives ${obj.length}/12 (surge ${obj.filter((c) => c.scoring === "surge").length}/6) · ` +
    `power ${pow.length}/20 (gambits ${pow.filter((c) => GAMBITS.includes(c.type)).length})`;
}

/** The deck builder: search the usable cards, tap to add or remove; resolves with the chosen cards or null. */
async function buildDeck(seat, ruleset) {
  let pool;
  try { pool = await usableCards(ruleset, seat.warband); } catch (err) { toast("The card lists need the connection."); return null; }
  const chosen = [...(seat.built || [])];
  return sheet("Build a deck", (close) => {
    const count = h("p", { class: "muted", "data-tally": "" }, tally(chosen));
    const mine = h("div", { class: "btn-grid one", "aria-label": "Cards in the deck" });
    const found = h("div", { class: "btn-grid one", "aria-label": "Matching cards" });
    const input = h("input", { type: "search", autocomplete: "off", "aria-label": "Search cards to add", placeholder: "Type part of a card's name",
      "data-field": "deck-search", enterkeyhint: "search", oninput: () => draw() });
    const label = (c) => `${c.name} · ${c.type}${c.type === "objective" ? ` (${c.scoring}, ${c.glory ?? "?"} glory)` : ""}`;
    function draw() {
      count.textContent = tally(chosen);
      mine.replaceChildren(...chosen.map((c) => button(`✓ ${label(c)}`, () => { chosen.splice(chosen.indexOf(c), 1); draw(); },
        { cls: "btn selected", "data-chosen": c.name })));
      const q = fold(input.value.trim());
      const taken = new Set(chosen.map(key));
      const hits = q ? pool.filter((c) => !taken.has(key(c)) && fold(c.name).includes(q)).slice(0, 12) : [];
      found.replaceChildren(...hits.map((c) => button([h("b", {}, c.name), h("small", { class: "muted" }, ` ${c.type} · ${c.deck_name}`)],
        () => { chosen.push(c); input.value = ""; draw(); input.focus(); }, { cls: "btn", "data-card": c.name })));
    }
    draw();
    return h("div", { class: "stack" }, count, input, found, h("p", { class: "muted", style: "margin:0" }, "In the deck (tap one to take it out):"), mine,
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }),
        button("Use this deck", () => close(chosen), { cls: "btn primary", "data-action": "use-deck" })));
  });
}

/**
 * The deck a seat sends for built cards: the decks they come from and their names by kind.
 * @param {Array<{name: string, type: string, deck: string}>} cards
 * @returns {{rivals: string[], objectives: string[], power: string[]}}
 */
export function builtDeck(cards) {
  return { rivals: [...new Set(cards.map((c) => c.deck))],
    objectives: cards.filter((c) => c.type === "objective").map((c) => c.name),
    power: cards.filter((c) => c.type !== "objective").map((c) => c.name) };
}

function deckNote(d, format, ruleset) {
  if (!d) return "The cards stay on the table: enter them as they are played.";
  let note = d.kind === "collection" ? `${d.cards} cards of ${d.product || "this product"} to build from; pick them by name as you play`
    : d.complete ? `${d.cards} cards, each picked by name as you play` : `${d.cards || "None"} of its cards known to the app`;
  if (ruleset === "underworlds/deathgorge" && format && format !== "rivals") {
    note += `; a ${format[0].toUpperCase()}${format.slice(1)} deck is built card by card, so a whole deck is checked against that format's rules`;
  }
  return `${note}.`;
}

/**
 * The deck field of one seat, the deck-building problems found (each with its rule), and "play it anyway".
 * @param {object} seat the wizard's seat (changed in place)
 * @param {number} index
 * @param {{decks: object[], ruleset: string, format: string, rerender: () => void, askReason: (title: string, prompt: string) => Promise<string|null>}} options
 * @returns {HTMLElement}
 */
export function deckPicker(seat, index, { decks, ruleset, format, rerender, askReason }) {
  const offered = decksFor(decks, ruleset, seat, format);
  const building = builds(ruleset, format) && seat.built && seat.builtFor === `${ruleset}|${seat.warband}`;
  const chosen = offered.find((d) => d.id === seat.deck) || null;
  if (!chosen && !building) seat.deck = null;  // none, or the warband or edition changed under it
  if (building) seat.deck = builtDeck(seat.built);
  const problems = seat.deckProblems || [];
  const openBuilder = async () => {
    const cards = await buildDeck(seat, ruleset);
    if (cards) Object.assign(seat, { built: cards, builtFor: `${ruleset}|${seat.warband}`, deck: builtDeck(cards), deckProblems: null, deckAccepted: null });
    rerender();
  };
  return h("div", { class: "stack", "data-deck-seat": index },
    h("label", { class: "field" }, h("span", {}, "Deck"),
      h("select", { id: `deck-${index}`, onchange: (e) => {
        if (e.target.value === "build") { openBuilder(); return; }
        Object.assign(seat, { deck: e.target.value || null, built: null, deckProblems: null, deckAccepted: null }); rerender();
      } },
        h("option", { value: "" }, "No deck data"),
        builds(ruleset, format) ? h("option", { value: "build", selected: !!building }, building ? `Built deck (${seat.built.length} cards)` : "Build a deck from the card lists…") : null,
        offered.map((d) => h("option", { value: d.id, selected: !building && d.id === seat.deck }, d.name)))),
    building ? h("p", { class: "muted", style: "margin:0" }, `${tally(seat.built)}. `, button("Edit the deck", openBuilder, { cls: "btn small", "data-action": "edit-deck" }))
      : h("p", { class: "muted", style: "margin:0" }, deckNote(chosen, format, ruleset)),
    problems.length ? h("div", { class: "card", role: "alert", "data-deck-problems": "" },
      h("b", {}, seat.deckAccepted ? "Played anyway (the table agreed):" : "This deck breaks the deck-building rules:"),
      problems.map((p) => h("div", { class: "violation" }, h("div", { class: "message" }, p.message),
        p.rule ? h("div", { class: "rule" }, `Rule: ${p.rule}`) : null)),
      seat.deckAccepted ? h("p", { class: "muted" }, `Reason: ${seat.deckAccepted}`) : null) : null,
    problems.length && !seat.deckAccepted && problems.every((p) => p.overridable) ? button("Play this deck anyway", async () => {
      seat.deckAccepted = await askReason("Play this deck anyway", "Why does the table accept this deck? The reason is kept with the game.");
      rerender();
    }, { cls: "btn small" }) : null);
}

/**
 * Check every seat's deck (problems kept on the seat); the first unaccepted problem as a sentence, or null.
 * @param {object[]} seats
 * @param {{ruleset: string, format: string, cardList?: string, fightersOf: (seat: object) => object}} options
 * @returns {Promise<string|null>}
 */
export async function checkDecks(seats, { ruleset, format, cardList, fightersOf }) {
  let first = null;
  for (const seat of seats) {
    seat.deckProblems = null;
    if (!seat.deck) continue;
    const fighters = fightersOf(seat);
    const reply = await api("POST", "/api/content/underworlds/deck-check", { body: { format: format || "standard", ruleset,
      warband: seat.warband, deck: seat.deck, ...(cardList ? { card_list: cardList } : {}), ...(fighters ? { fighters } : {}) } }).catch(() => null);
    if (!reply) continue;  // offline: the server checks the deck again when the game is created
    seat.deckProblems = reply.status === 200 ? reply.body.problems || [] : [{ message: errorText(reply), overridable: false }];
    if (seat.deckProblems.length && !seat.deckAccepted && !first) first = `${seat.name.trim()}'s deck: ${seat.deckProblems[0].message}`;
  }
  return first;
}

/**
 * options.deck_override when any seat's deck was accepted despite the rules (the reasons joined).
 * @param {object[]} seats
 * @returns {{reason: string}|null}
 */
export function deckOverride(seats) {
  const reasons = seats.filter((s) => s.deck && s.deckAccepted).map((s) => `${s.name.trim()}: ${s.deckAccepted}`);
  return reasons.length ? { reason: reasons.join("; ") } : null;
}
