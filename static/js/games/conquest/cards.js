// Conquest cards by name: the card pool from the server (the player's faction and its allies first,
// community-made cards only at a table that chose them), a search field with tappable matches, and
// what a picked card puts into an event (numbers, keywords, traits, unique from the data).
import { h, button } from "../../dom.js";
import { api } from "../../api.js";
import { plural } from "../../words.js";

const pools = new Map();
const SHOWN = 8;
const TYPE_NAMES = { army_unit: "army unit", support: "support", event: "event", attachment: "attachment",
  token: "token", synapse: "synapse" };

/**
 * The card pool for a faction ({factions, items}); one request per faction and community choice.
 * @param {string|null} faction
 * @param {boolean} community
 * @returns {Promise<{factions: string[], items: ConquestCard[]}>}
 */
export function loadPool(faction, community) {
  const key = `${faction || ""}|${community ? 1 : 0}`;
  if (!pools.has(key)) {
    const q = new URLSearchParams({ ...(faction ? { faction } : {}), community: community ? "1" : "0" });
    pools.set(key, api("GET", `/api/content/conquest/cards?${q}`).then((r) => (r.status === 200 ? r.body : { items: [] }))
      .catch(() => { pools.delete(key); return { items: [] }; }));
  }
  return pools.get(key);
}

/** Folded for matching: case, accents and punctuation do not matter ("ku'gath" finds "Ku'gath"). */
const fold = (s) => String(s || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();

/**
 * One line under a card's name: faction, type and the numbers the data has.
 * @param {ConquestCard} card
 * @returns {string}
 */
export function cardMeta(card) {
  const bits = [card.faction, TYPE_NAMES[card.type] || card.type];
  if (card.cost_x) bits.push("cost X"); else if (card.cost != null) bits.push(`cost ${card.cost}`);
  if (card.attack != null) bits.push(`${card.attack} ATK / ${card.hp ?? "?"} HP`);
  if (card.command_icons) bits.push(`${card.command_icons} command`);
  if (card.shields) bits.push(plural(card.shields, "shield"));
  return bits.join(" · ");
}

/** The forms a typed word may stand for: itself and, for a plural, its singular ("guards" -> "guard"). */
function wordForms(w) {
  const out = [w];
  if (w.length > 3 && w.endsWith("es")) out.push(w.slice(0, -2));
  if (w.length > 2 && w.endsWith("s")) out.push(w.slice(0, -1));
  return out;
}

/**
 * The cards a query names, best first. Every typed word must start a word of the name (in any order; a plural
 * also finds the singular); cards the pool can pay for come first (`afford`: the resources, null when not
 * deploying), then names that start with the query, then the pool's order (the player's faction first).
 * @param {ConquestCard[]} items
 * @param {string} query
 * @param {number|null} [afford]
 * @returns {ConquestCard[]}
 */
export function matchCards(items, query, afford = null) {
  const q = fold(query);
  if (!q) return [];
  const typed = q.split(" ").map(wordForms);
  const found = [];
  items.forEach((c, i) => {
    const words = fold(c.name).split(" ");
    if (!typed.every((forms) => forms.some((f) => words.some((w) => w.startsWith(f))))) return;
    const dear = afford != null && !c.cost_x && (c.cost || 0) > afford;
    const starts = fold(c.name).startsWith(typed[0][typed[0].length - 1]);
    found.push({ c, key: [Number(dear), Number(!starts), i] });
  });
  found.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2]);
  return found.map((x) => x.c);
}

/**
 * Search field + matches. `types` limits the card types; `afford` (resources) lists first what the pool can
 * pay for; onpick(card) gets the data record.
 * @param {{items?: ConquestCard[]}} pool
 * @param {{types?: string[], onpick: (card: ConquestCard) => void, label?: string, id?: string, afford?: number|null, deck?: {faction: string, shields?: boolean}|null}} options
 * @returns {HTMLElement}
 */
export function cardPicker(pool, { types, onpick, label = "Find the card", id = "card-search", afford = null, deck = null }) {
  const items = (pool.items || []).filter((c) => !types || types.includes(c.type));
  // A starter deck's cards of these types are listed before anything is typed (what it can pay for first).
  const own = deck ? deckCards(items, deck, afford) : [];
  const list = h("div", { class: "cq-matches", role: "listbox", "aria-label": own.length ? "Cards of your deck" : "Matching cards" });
  const input = h("input", { id, type: "search", autocomplete: "off", "data-field": "card-search", enterkeyhint: "search",
    placeholder: own.length ? "Or type the start of a word of the name" : "Type the start of a word of the name", oninput: () => draw() });
  function draw() {
    const typing = !!fold(input.value);
    if (!typing && !own.length) { list.replaceChildren(); return; }
    const found = typing ? matchCards(items, input.value, afford) : own;
    const shown = typing ? SHOWN : own.length;
    list.replaceChildren(...[...found.slice(0, shown).map((c) => {
      const dear = afford != null && !c.cost_x && (c.cost || 0) > afford;
      return button([
        h("b", {}, c.name), c.official === false ? h("span", { class: "badge cq-community" }, "community") : null,
        dear ? h("span", { class: "badge cq-dear" }, "more than your resources") : null,
        h("small", { class: "muted" }, cardMeta(c))], () => onpick(c),
      { cls: `btn cq-match${dear ? " dear" : ""}`, role: "option", "data-card": c.id });
    }),
    found.length > shown ? h("p", { class: "muted" }, `${found.length - shown} more: type more of the name`) : null,
    found.length ? null : h("p", { class: "muted" }, "Not in the card list: type it in below.")].filter(Boolean));
  }
  draw();
  return h("div", { class: "stack cq-picker" }, h("label", { class: "field" }, h("span", {}, label), input), list);
}

/**
 * The cards of a core set starter deck among `items`: the faction's core set cards and the neutral ones (rules
 * summary, Setup), those the pool can pay for first, then by cost and name.
 * @param {ConquestCard[]} items
 * @param {{faction: string, shields?: boolean}} deck
 * @param {number|null} afford
 * @returns {ConquestCard[]}
 */
export function deckCards(items, deck, afford) {
  const dear = (c) => Number(afford != null && !c.cost_x && (c.cost || 0) > afford);
  // For a shield, only the cards the data says carry shield icons, the most icons first.
  const shields = (c) => (deck.shields ? -(c.shields || 0) : 0);
  return items.filter((c) => c.set === "Core Set" && (c.faction === deck.faction || c.faction === "Neutral")
    && (!deck.shields || (c.shields || 0) > 0))
    .sort((a, b) => shields(a) - shields(b) || dear(a) - dear(b) || (a.cost || 0) - (b.cost || 0) || a.name.localeCompare(b.name));
}

/**
 * The event's card record from a picked card: every number the data gives, the rest left to ask.
 * @param {ConquestCard} card
 * @param {string} type the event's card type
 * @returns {object}
 */
export function cardFromData(card, type) {
  return {
    name: card.name, type, ...(card.cost_x ? {} : { cost: card.cost ?? 0 }),
    ...(card.attack != null ? { attack: card.attack } : {}), ...(card.hp != null ? { hp: card.hp } : {}),
    ...(["army_unit", "token", "synapse"].includes(card.type) ? { command: card.command_icons ?? 0 } : {}),
    ...(card.shields ? { shields: card.shields } : {}),
    keywords: [...(card.keywords || [])], traits: [...(card.traits || [])], unique: !!card.unique,
  };
}

/**
 * Numbers a picked card still needs (the data has none for them): "cost" for an X cost, "hp"...
 * @param {ConquestCard} card
 * @param {string[]} wanted
 * @returns {string[]}
 */
export function unknownNumbers(card, wanted) {
  const unitCard = ["army_unit", "token", "synapse"].includes(card.type);
  return wanted.filter((k) => (k === "cost" ? card.cost_x : k === "hp" ? unitCard && card.hp == null : false));
}

/**
 * A keyword as printed: "no attachments wargear" -> "No Wargear Attachments", "area effect 2" -> "Area Effect 2".
 * @param {string} k
 * @returns {string}
 */
export function keywordLabel(k) {
  const m = String(k).match(/^no attachments (.+)$/);
  const text = m ? `no ${m[1]} attachments` : String(k);
  return text.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

/**
 * What a picked card shows in a form: its name, the community label, the numbers filled in.
 * @param {ConquestCard} card
 * @param {() => void} onclear
 * @returns {HTMLElement}
 */
export function pickedSummary(card, onclear) {
  return h("div", { class: "card cq-picked", "data-picked": card.id },
    h("div", {}, h("b", {}, card.name), card.official === false ? h("span", { class: "badge cq-community" }, "community card") : null),
    h("div", { class: "muted" }, cardMeta(card)),
    (card.keywords || []).length ? h("div", { class: "cq-kw" }, card.keywords.map(keywordLabel).join(" · ")) : null,
    (card.traits || []).length ? h("div", { class: "muted", style: "font-size:.85rem" }, card.traits.join(". ")) : null,
    button("Another card", onclear, { cls: "btn small", "data-action": "clear-card" }));
}
