// Underworlds fighters typed in from the physical fighter cards (setup wizard): the shared
// fighter record of app/schemas/content.py (name, move, defence, wounds, leader, wizard level, traits, profiles).
import { h, button } from "../../dom.js";

const TRAITS = ["wizard", "beast", "flying", "minion"];
const KEYWORDS = ["cleave", "ensnare", "scything", "stagger", "grievous 1", "knockback 1"];

/**
 * Lower-case slug of a name: the fighter id in a game is "<seat>.<slug>".
 * @param {string} name
 * @returns {string}
 */
export function slugify(name) {
  return name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40);
}

/**
 * A fighter record with sensible starting numbers.
 * @param {boolean} [leader]
 * @returns {object}
 */
export function blankFighter(leader = false) {
  return {
    name: "", leader, traits: [], wizard_level: 0, move: 3,
    defence: { dice: 1, symbol: "block" }, wounds: 3,
    profiles: [{ name: "Attack", range: 1, dice: 2, symbol: "smash", damage: 1, keywords: [], spell: false }],
  };
}

/**
 * What is still missing from a fighter record, in words, or null when it is complete.
 * @param {object} f a fighter record
 * @returns {string|null}
 */
export function fighterProblem(f) {
  const name = (f.name || "").trim();
  if (!name) return "every fighter needs a name.";
  const bad = (v) => !Number.isInteger(v);
  if (bad(f.move)) return `${name} needs a Move.`;
  if (bad(f.wounds) || f.wounds < 1) return `${name} needs Wounds.`;
  if (!f.defence || bad(f.defence.dice) || !f.defence.symbol) return `${name} needs Defence dice and symbol.`;
  if (!(f.profiles || []).length) return `${name} needs an attack profile.`;
  for (const p of f.profiles) {
    if (!(p.name || "").trim()) return `${name} has an attack profile without a name.`;
    if (bad(p.range) || bad(p.dice) || bad(p.damage) || !p.symbol) return `${name}'s ${p.name || "attack"} needs Range, Dice, Damage and a symbol.`;
  }
  return null;
}

function num(label, value, min, max, onchange, id) {
  return h("label", { class: "field", style: "flex:1 1 90px" }, h("span", {}, label),
    h("input", { type: "number", inputmode: "numeric", min, max, value: value ?? "", id, required: true,
      onchange: (e) => { const v = parseInt(e.target.value, 10); onchange(Number.isNaN(v) ? null : Math.max(min, Math.min(max, v))); } }));
}

function pick(label, value, options, onchange) {
  return h("label", { class: "field", style: "flex:1 1 110px" }, h("span", {}, label),
    h("select", { onchange: (e) => onchange(e.target.value) },
      options.map(([v, text]) => h("option", { value: v, selected: v === value }, text))));
}

function profileEditor(p, remove) {
  return h("fieldset", {}, h("legend", {}, "Attack profile"),
    h("label", { class: "field" }, h("span", {}, "Attack name"),
      h("input", { value: p.name, maxlength: 40, placeholder: "as on the card", oninput: (e) => { p.name = e.target.value; } })),
    h("div", { class: "row" },
      num("Range", p.range, 1, 6, (v) => { p.range = v; }),
      num("Dice", p.dice, 1, 6, (v) => { p.dice = v; }),
      num("Damage", p.damage, 0, 6, (v) => { p.damage = v; }),
      pick("Symbol", p.symbol, [["smash", "Smash"], ["fury", "Fury"], ["channel", "Channel (spell)"], ["focus", "Focus (spell)"]],
        (v) => { p.symbol = v; p.spell = v === "channel" || v === "focus"; })),
    h("div", { class: "row" }, KEYWORDS.map((k) => h("label", { class: "check", style: "flex:1 1 45%" },
      h("input", { type: "checkbox", checked: p.keywords.includes(k),
        onchange: (e) => { p.keywords = e.target.checked ? [...p.keywords, k] : p.keywords.filter((x) => x !== k); } }), k))),
    remove ? button("Remove this profile", remove, { cls: "btn ghost small" }) : null);
}

/**
 * Form for one fighter, editing the record in place.
 * @param {object} f a fighter record (changed in place)
 * @param {string} key unique prefix for the fields' ids
 * @param {(() => void)|null} remove
 * @returns {HTMLElement}
 */
export function fighterEditor(f, key, remove) {
  f.defence = f.defence || { dice: null, symbol: "block" };
  f.traits = f.traits || [];
  f.profiles = f.profiles || [];
  f.wizard_level = f.wizard_level || 0;
  // A select always shows an option: make the record say what the screen shows.
  f.defence.symbol = f.defence.symbol || "block";
  for (const p of f.profiles) { p.keywords = p.keywords || []; p.symbol = p.symbol || "smash"; }
  const profiles = h("div", {});
  const drawProfiles = () => profiles.replaceChildren(...f.profiles.map((p, i) =>
    profileEditor(p, f.profiles.length > 1 ? () => { f.profiles.splice(i, 1); drawProfiles(); } : null)));
  drawProfiles();
  return h("div", { class: "card fighter-edit" },
    h("label", { class: "field" }, h("span", {}, "Fighter name"),
      h("input", { id: `fighter-${key}`, value: f.name, maxlength: 60, autocomplete: "off", oninput: (e) => { f.name = e.target.value; } })),
    h("div", { class: "row" },
      num("Move", f.move, 0, 9, (v) => { f.move = v; }),
      num("Wounds", f.wounds, 1, 12, (v) => { f.wounds = v; }),
      num("Defence dice", f.defence.dice, 0, 4, (v) => { f.defence.dice = v; }),
      pick("Defence", f.defence.symbol, [["block", "Block"], ["dodge", "Dodge"]], (v) => { f.defence.symbol = v; })),
    h("div", { class: "row" },
      h("label", { class: "check" }, h("input", { type: "checkbox", checked: f.leader, onchange: (e) => { f.leader = e.target.checked; } }), "Leader"),
      TRAITS.map((t) => h("label", { class: "check" },
        h("input", { type: "checkbox", checked: f.traits.includes(t),
          onchange: (e) => { f.traits = e.target.checked ? [...f.traits, t] : f.traits.filter((x) => x !== t); } }), t)),
      num("Wizard level", f.wizard_level, 0, 3, (v) => { f.wizard_level = v; })),
    profiles,
    h("div", { class: "row" },
      button("+ Attack profile", () => { f.profiles.push(blankFighter().profiles[0]); drawProfiles(); }, { cls: "btn small" }),
      remove ? button("Remove fighter", remove, { cls: "btn danger small" }) : null));
}
