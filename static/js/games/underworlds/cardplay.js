// Playing a card whose effect the content carries (content/README.md, "What a card does"): the engine applies its
// fixed effects with the play (card_effects.py), so the phone shows what the play will do, from the server's
// preview, before the one confirm. When the effect goes to a fighter the player chooses (or the card has options),
// each choice is one button saying what it does: the tap on it is the confirm. A card with no fixed effect is
// played at once (the tap on its name was the play): nothing to show, no tap more.
import { h, button, sheet } from "../../dom.js";

// Consequences the preview gives that are the game's step-keeping, not what the card does.
const QUIET = new Set(["passes_inferred", "reaction_step_closed", "power_step_ends", "turn_begins"]);
const MAX_CHOICES = 12;   // a warband's fighters (up to 7 a side at four players) or a card's options: a bound

/** The choices the engine asks with the play (a chosen fighter, an option), as the list of data to add. */
function combinations(choices) {
  let out = [{}];
  for (const key of ["option", "chosen"]) {
    const values = choices[key];
    if (!values || !values.length) continue;
    out = out.flatMap((base) => values.map((v) => ({ ...base, [key]: v })));
  }
  return out.slice(0, MAX_CHOICES);
}

/** What a preview says the play does: the card's own consequences and what they cause (damage, out of action). */
function effectsOf(reply) {
  if (!reply || reply.error) return null;
  const cons = reply.consequences || [];
  const first = cons.findIndex((x) => x.type === "card_effect" || x.type === "upgrade_grants");
  return first < 0 ? [] : cons.slice(first).filter((x) => !QUIET.has(x.type));
}

/**
 * Play a card by name with its fixed effects shown first; resolves with the event data, or null when cancelled.
 * @param {Suggestion} s a power or reaction suggestion naming a card (as index.js `expand` marks it)
 * @param {TableContext} c
 * @param {{words: (cons: object) => string|null, nameOf: (fid: string) => string}} say the renderer's sentences
 * @returns {Promise<object|null>}
 */
export async function playCard(s, c, { words, nameOf }) {
  const base = JSON.parse(JSON.stringify(s.template.data || {}));
  const type = s.template.type;
  const combos = combinations(s.choices || {});
  const replies = await Promise.all(combos.map((extra) => c.preview(type, { ...base, ...extra })));
  const effects = replies.map(effectsOf);
  const asked = combos.length > 1 || Object.keys(combos[0]).length > 0;
  // Nothing fixed to show (or no preview offline): the tap on the card was the play; the server checks it.
  if (!asked && !(effects[0] && effects[0].length)) return base;
  const card = base.card || base.name || "the card";
  const lines = (list) => (list || []).map(words).filter(Boolean);
  const refused = (reply) => (reply && reply.violations && reply.violations.length ? reply.violations[0].message : null);
  return sheet(`Play ${card}`, (close) => {
    if (!asked) {
      return h("div", { class: "stack", "data-dialog": "card-play" },
        h("p", { class: "muted" }, "What it does:"),
        h("ul", { class: "card-effects" }, lines(effects[0]).map((t) => h("li", { "data-effect": "" }, t))),
        refused(replies[0]) ? h("p", { class: "error" }, refused(replies[0])) : null,
        h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }),
          button(`Play ${card}`, () => close(base), { cls: "btn primary", "data-action": "confirm-card" })));
    }
    // One button per choice, saying what that choice does: the tap is the choice and the confirm.
    const choose = (s.choices || {}).chosen ? "Choose the fighter:" : "Choose one:";
    return h("div", { class: "stack", "data-dialog": "card-play" },
      h("p", { class: "muted" }, choose),
      h("div", { class: "btn-grid one" }, combos.map((extra, i) => {
        const said = lines(effects[i]);
        const who = extra.chosen ? nameOf(extra.chosen) : null;
        const label = said.length ? said.join(" · ") : who || `Option ${(extra.option ?? 0) + 1}`;
        return button(label, () => close({ ...base, ...extra }), {
          cls: "btn", "data-card-choice": extra.chosen || String(extra.option ?? ""), disabled: !!refused(replies[i]),
          ...(refused(replies[i]) ? { title: refused(replies[i]) } : {}) });
      })),
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" })));
  });
}
