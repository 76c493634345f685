// Conquest's set-up wizard hooks (pages/new.js): community cards for the table; each seat's warlord, its starter
// deck or a deck typed in and checked by the server.
import { h, button } from "../../dom.js";
import { api } from "../../api.js";

let warlords = null;

function loadWarlords(rerender) {
  if (warlords !== null) return;
  warlords = [];
  api("GET", "/api/content/conquest/warlords").then(({ status, body }) => {
    // Community-made warlords only at a table that chose community cards (wizard checkbox).
    warlords = status === 200 ? body.records || [] : [];
    rerender();
  }).catch(() => {});
}

function numberField(seat, key, label, min, max) {
  return h("label", { class: "field" }, h("span", {}, label),
    h("input", { type: "number", inputmode: "numeric", min, max, value: seat[key] ?? "", "data-field": key,
      oninput: (e) => { seat[key] = e.target.value === "" ? null : Number(e.target.value); } }));
}

// -- the module -------------------------------------------------------------------------------

// The table's choice of community-made cards (wizard), shared by every seat's lists.
const table = { community: false };

/** Setup wizard hooks (static/js/seatform.js): community cards for the table; each seat's warlord, deck size
 * and (optionally) its registered deck, checked against the deck rules. */
export const wizard = {
  tableFields(ctx, rerender) {
    return h("label", { class: "check", id: "community-cards" },
      h("input", { type: "checkbox", checked: table.community, onchange: (e) => { table.community = e.target.checked; rerender(); } }),
      "This table also uses community-made cards (not published by FFG)");
  },

  seatFields(ctx, seat, index, rerender) {
    loadWarlords(rerender);
    const list = (warlords || []).filter((w) => w.official !== false || table.community);
    const factions = [...new Set(list.map((w) => w.faction))].sort();
    const select = h("select", { id: `warlord-${index}`, "data-warlord-select": index, onchange: (e) => {
      Object.assign(seat, { warlord: e.target.value, deckProblems: null, deckAccepted: null, starter: false });
      rerender();
    } },
    h("option", { value: "" }, "Choose a warlord…"),
    factions.map((f) => h("optgroup", { label: f }, list.filter((w) => w.faction === f).map((w) =>
      h("option", { value: w.slug, selected: seat.warlord === w.slug },
        `${w.name} (ATK ${w.attack}, HP ${w.hp})${w.official === false ? " · community" : ""}`)))),
    h("option", { value: "custom", selected: seat.warlord === "custom" }, "Other: type in the warlord card"));
    if (seat.deck_size === undefined) seat.deck_size = 50;
    const chosen = list.find((w) => w.slug === seat.warlord);
    return h("div", { class: "stack" },
      h("label", { class: "field" }, h("span", {}, "Warlord"), select),
      seat.warlord === "custom" ? h("div", { class: "stack" },
        h("label", { class: "field" }, h("span", {}, "Warlord name"),
          h("input", { value: seat.wl_name || "", maxlength: 60, oninput: (e) => { seat.wl_name = e.target.value; } })),
        numberField(seat, "wl_attack", "ATK", 0, 20), numberField(seat, "wl_hp", "HP", 1, 30),
        numberField(seat, "wl_hand", "Starting hand (left number)", 0, 20),
        numberField(seat, "wl_resources", "Starting resources (right number)", 0, 20)) : null,
      chosen && chosen.starter_deck ? starterField(seat, index, chosen, rerender) : null,
      seat.deckText || seat.starter ? null : numberField(seat, "deck_size", "Cards in the deck", 10, 200),
      chosen && !seat.starter ? deckFields(seat, index, chosen, rerender) : null);
  },

  seatProblem(ctx, seat) {
    const problem = warlordProblem(seat);
    if (problem) return `${seat.name.trim() || "A player"}: ${problem}`;
    if (seat.starter) return null;  // the core set's own deck: the server builds it from the content
    const open = (seat.deckProblems || []).filter((p) => !(seat.deckAccepted && p.overridable));
    if (seat.deckText && seat.deckProblems === null) return `${seat.name.trim() || "A player"}: check the registered deck first.`;
    return open.length ? `${seat.name.trim() || "A player"}'s deck: ${open[0].message}` : null;
  },

  seatBody: (ctx, seat) => seatBodyOf(seat),

  options(w) {
    const reasons = w.seats.filter((s) => s.deckText && s.deckAccepted).map((s) => `${s.name.trim()}: ${s.deckAccepted}`);
    return { ...(table.community ? { community_cards: true } : {}), ...(reasons.length ? { deck_override: { reason: reasons.join("; ") } } : {}) };
  },
};

/**
 * "3 Goff Nob" / "Goff Nob x3" / "Goff Nob" lines -> [{name, count}].
 * @param {string} text
 * @returns {Array<{name: string, count: number}>}
 */
function deckLines(text) {
  const out = [];
  for (const raw of String(text || "").split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    let m = line.match(/^(\d+)\s*x?\s+(.+)$/i);
    if (m) { out.push({ name: m[2].trim(), count: Number(m[1]) }); continue; }
    m = line.match(/^(.+?)\s+x\s*(\d+)$/i);
    out.push(m ? { name: m[1].trim(), count: Number(m[2]) } : { name: line, count: 1 });
  }
  return out;
}

/** The warlord's core set starter deck in one tap (its lines come from the content: nothing to type). */
function starterField(seat, index, chosen, rerender) {
  const total = chosen.starter_deck.reduce((n, c) => n + c.count, 0);
  return h("label", { class: "check", "data-starter-seat": index },
    h("input", { type: "checkbox", checked: !!seat.starter, "data-field": "starter",
      onchange: (e) => { Object.assign(seat, { starter: e.target.checked, deckProblems: null, deckAccepted: null }); rerender(); } }),
    `${chosen.name}'s core set starter deck (${total} cards, the signature squad with them)`);
}

/** Register a deck: the signature squad filled in, the rest typed one card per line, checked by the server. */
function deckFields(seat, index, chosen, rerender) {
  const squad = (chosen.signature_squad || []).map((s) => `${s.copies} ${s.name}`).join("\n");
  const problems = seat.deckProblems || [];
  const check = async () => {
    const reply = await api("POST", "/api/content/conquest/deck-check",
      { body: { warlord: chosen.slug, community: table.community, deck: { cards: deckLines(seat.deckText) } } }).catch(() => null);
    if (!reply) { seat.deckProblems = []; rerender(); return; }  // offline: the server checks again when the game is created
    seat.deckProblems = reply.status === 200 ? reply.body.problems : [{ message: (reply.body.error || {}).message || "Not checked.", overridable: false }];
    seat.deckAccepted = null;
    rerender();
  };
  return h("details", { class: "cq-deck", open: !!seat.deckText, "data-deck-seat": index },
    h("summary", {}, "Register a deck (optional)"),
    h("p", { class: "muted" }, `One card per line with its count ("3 Goff Nob"). ${chosen.name}'s signature squad is filled in.`),
    h("textarea", { id: `deck-${index}`, rows: 8, "data-field": "deck", spellcheck: false,
      text: seat.deckText ?? squad, oninput: (e) => { seat.deckText = e.target.value; seat.deckProblems = null; } }),
    button("Check the deck", () => { if (seat.deckText === undefined) seat.deckText = squad; check(); }, { cls: "btn", "data-action": "check-deck" }),
    seat.deckProblems && !problems.length ? h("p", { class: "ok", "data-deck-ok": "" }, `Deck checked: ${deckLines(seat.deckText).reduce((n, c) => n + c.count, 0)} cards, no problems.`) : null,
    problems.length ? h("div", { class: "card", role: "alert", "data-deck-problems": "" },
      h("b", {}, seat.deckAccepted ? "Played anyway (the table agreed):" : "This deck breaks the deck rules:"),
      problems.map((p) => h("div", { class: "violation" }, h("div", { class: "message" }, p.message),
        p.rule ? h("div", { class: "rule" }, `Rule: ${p.rule}`) : null))) : null,
    problems.length && !seat.deckAccepted && problems.every((p) => p.overridable) ? button("Play this deck anyway", async () => {
      const { askReason } = await import("../../dialogs.js");
      seat.deckAccepted = await askReason("Play this deck anyway", "Why does the table accept this deck? The reason is kept with the game.");
      rerender();
    }, { cls: "btn small" }) : null);
}

function warlordProblem(seat) {
  if (!seat.warlord) return "choose a warlord.";
  if (seat.warlord === "custom") {
    if (!seat.wl_name || !seat.wl_name.trim()) return "name the warlord.";
    for (const [k, label] of [["wl_attack", "ATK"], ["wl_hp", "HP"], ["wl_hand", "starting hand"], ["wl_resources", "starting resources"]]) {
      if (typeof seat[k] !== "number" || Number.isNaN(seat[k])) return `enter the warlord's ${label}.`;
    }
  }
  if (!(seat.deck_size > 0)) return "enter how many cards the deck holds.";
  return null;
}

function seatBodyOf(seat) {
  const warlord = seat.warlord === "custom"
    ? { name: seat.wl_name.trim(), attack: seat.wl_attack, hp: seat.wl_hp, starting_hand: seat.wl_hand,
      starting_resources: seat.wl_resources, bloodied: null }
    : seat.warlord;
  if (seat.starter && seat.warlord !== "custom") return { warlord, deck: "starter" };
  const deck = seat.deckText ? deckLines(seat.deckText) : null;
  return deck && deck.length ? { warlord, deck: { cards: deck } } : { warlord, deck_size: seat.deck_size || 50 };
}
