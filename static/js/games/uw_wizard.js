// The Underworlds parts of the setup wizard (loaded on demand): each seat's deck, checked against the
// deck-building rules before the game is created; custom warbands saved on the server and shared by link.
import { h, button, toast } from "../dom.js";
import { api, errorText } from "../api.js";

/** Decks a seat may pick: those of the ruleset's era (the server filters by ruleset), its warband's or universal. */
export const decksFor = (decks, ruleset, seat) => decks.filter((d) =>
  d.symbol === "universal" || (d.warband && d.warband === seat.warband));

function deckNote(d, format, ruleset) {
  if (!d) return "The cards stay on the table: enter them as they are played.";
  let note = d.kind === "collection" ? `${d.cards} cards of ${d.product || "this product"} to build from; pick them by name as you play`
    : d.complete ? `${d.cards} cards, each picked by name as you play` : `${d.cards || "None"} of its cards known to the app`;
  if (ruleset === "underworlds/deathgorge" && format && format !== "rivals") {
    note += `; a ${format[0].toUpperCase()}${format.slice(1)} deck is built card by card, so a whole deck is checked against that format's rules`;
  }
  return `${note}.`;
}

/** The deck field of one seat, the deck-building problems found (each with its rule), and "play it anyway". */
export function deckPicker(seat, index, { decks, ruleset, format, rerender, askReason }) {
  const offered = decksFor(decks, ruleset, seat);
  const chosen = offered.find((d) => d.id === seat.deck) || null;
  if (!chosen) seat.deck = null;  // none, or the warband or edition changed under it
  const problems = seat.deckProblems || [];
  return h("div", { class: "stack", "data-deck-seat": index },
    h("label", { class: "field" }, h("span", {}, "Deck"),
      h("select", { id: `deck-${index}`, onchange: (e) => { Object.assign(seat, { deck: e.target.value || null, deckProblems: null, deckAccepted: null }); rerender(); } },
        h("option", { value: "" }, "No deck data"),
        offered.map((d) => h("option", { value: d.id, selected: d.id === seat.deck }, d.name)))),
    h("p", { class: "muted", style: "margin:0" }, deckNote(chosen, format, ruleset)),
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

/** Check every seat's deck (problems kept on the seat); the first unaccepted problem as a sentence, or null. */
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

/** options.deck_override when any seat's deck was accepted despite the rules (the reasons joined). */
export function deckOverride(seats) {
  const reasons = seats.filter((s) => s.deck && s.deckAccepted).map((s) => `${s.name.trim()}: ${s.deckAccepted}`);
  return reasons.length ? { reason: reasons.join("; ") } : null;
}

// Saved warbands (/api/content/custom/warband), shared by a /new?warband=<id> link.
const KEY = "tw.warbands";

/** Warbands saved or opened on this phone, most recent first: [{id, name}]. */
export function mySaved() {
  try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch { return []; }
}

function remember(rec) {
  const list = [{ id: rec.id, name: rec.name }, ...mySaved().filter((x) => x.id !== rec.id)].slice(0, 30);
  localStorage.setItem(KEY, JSON.stringify(list));
}

/** A saved warband's id from what a player pasted: the share link, the API link, or the id itself. */
export function idFrom(text) {
  const m = String(text || "").trim().match(/^(?:.*warband[=/])?([\w-]{1,64})$/);
  return m ? m[1] : null;
}

/** One call for a saved warband: the record ({id, name, fighters...}, remembered on this phone) or null after a toast. */
async function call(method, path, body, ok, why) {
  const reply = await api(method, path, { body }).catch(() => null);
  if (!reply) { toast("This needs the connection."); return null; }
  if (reply.status !== ok) { toast(why(reply), "error", 8000); return null; }
  const rec = { id: reply.body.id, ...reply.body.payload };
  remember(rec);
  return rec;
}

/** Fetch a saved warband by id. */
export const openSaved = (id) => call("GET", `/api/content/custom/warband/${encodeURIComponent(id)}`, undefined, 200,
  (r) => (r.status === 404 ? "There is no saved warband with that link." : errorText(r)));

/** Save a typed-in warband on the server. */
export const saveWarband = (name, fighters) => call("POST", "/api/content/custom/warband", { name, fighters }, 201,
  (r) => `Not saved: ${errorText(r)}`);

/** What a seat playing a saved warband shows: its fighters, and (just saved) the link to share. */
export function savedSummary(rec, { shared }) {
  const url = new URL(`/new?warband=${rec.id}`, location.href).href;
  return h("div", { class: "card stack", "data-saved-warband": rec.id },
    h("div", { style: "font-weight:700;overflow-wrap:anywhere" }, rec.name),
    h("div", { class: "muted", style: "overflow-wrap:anywhere" },
      rec.fighters.map((f) => `${f.leader ? "♛ " : ""}${f.name} (Move ${f.move ?? "?"}, Wounds ${f.wounds ?? "?"})`).join(" · ")),
    shared ? h("div", { class: "stack" },
      h("p", { style: "margin:0" }, "Saved. Anyone with this link can play it:"),
      h("input", { readonly: true, value: url, id: "share-link", "aria-label": "Share link of this warband", onfocus: (e) => e.target.select() }),
      navigator.share ? button("Share", () => navigator.share({ title: rec.name, url }).catch(() => {}), { cls: "btn small" }) : null) : null);
}

/** Field to open a shared warband by its link or id. */
export function openField(index, onopen) {
  const input = h("input", { id: `open-warband-${index}`, autocomplete: "off" });
  return h("div", { class: "row", style: "align-items:flex-end" },
    h("label", { class: "field", style: "flex:1 1 160px" }, h("span", {}, "Shared warband link or id"), input),
    button("Open", async () => {
      const id = idFrom(input.value);
      if (!id) { toast("Paste the warband's link or type its id."); return; }
      const rec = await openSaved(id);
      if (rec) onopen(rec);
    }, { cls: "btn", "data-action": "open-warband" }));
}
