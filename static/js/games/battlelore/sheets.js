// BattleLore's entry sheets: the scenario card, a move or retreat with its likely hex chosen, and an attack or
// counter with its dice.
import { h, button, sheet } from "../../dom.js";
import { dicePad } from "../../dicepad.js";
import { stepper } from "../../actions.js";
import { capital } from "../../words.js";
import { FACES, kids, unitName } from "./pieces.js";

/** The scenario cards the seat may choose, a tap on one enters it (a card is all the entry says: no Enter). */
export function scenarioSheet(s) {
  const codes = (s.choices && s.choices.scenario) || [];
  return sheet("Choose scenario card", (close) => h("div", { class: "stack" },
    h("p", { class: "muted", style: "margin:0" }, "The card you chose of the three you drew: it stays secret until both are chosen."),
    h("div", { class: "btn-grid", role: "group", "aria-label": "Scenario cards" },
      codes.map((code) => button(code, () => close({ scenario: code }), { cls: "btn", "data-field": "scenario", "data-value": code }))),
    h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }))), { label: "Scenario card" });
}

// -- a hex to move to: where the unit stands, clear, no banner, unless changed ----------------------

export const POSITIONED = ["move", "defend", "place", "reposition"];

/** The suggestion with the likely answers chosen already (the unit's own section, clear terrain, no banner, the
 *  fewest hexes), so a move or a retreat is its button and Enter, and any choice can still be changed. */
export function withDefaults(s, view) {
  const out = JSON.parse(JSON.stringify(s));
  const data = out.template.data;
  const choices = out.choices || {};
  const uid = data.unit || (s.template.type === "defend" && view.combat ? view.combat.target : null);
  const here = uid && view.units[uid] && view.units[uid].pos;
  const pick = (path, value) => {
    const values = choices[path];
    if (!values || !values.some((v) => JSON.stringify(v) === JSON.stringify(value))) return;
    const parts = path.split(".");
    let cur = data;
    for (const part of parts.slice(0, -1)) cur = (cur[part] = cur[part] && typeof cur[part] === "object" ? cur[part] : {});
    cur[parts[parts.length - 1]] = value;
  };
  if (here) pick("to.section", here.section);
  pick("to.terrain", "clear");
  pick("to.banner", 0);
  for (const path of ["hexes", "moved"]) if (choices[path]) pick(path, choices[path][0]);
  return out;
}

// -- deployment: pick a section, tap the units that go there ------------------------------------

/** The entry an attack or counter form sends: the dice, distance, committed results, tokens and dice added. */
function combatData(type, base, st) {
  const data = { ...base, roll: [...st.roll] };
  if (type === "attack") data.distance = st.distance;
  const commit = Object.fromEntries(Object.entries(st.commit).filter(([, n]) => n > 0));
  if (Object.keys(commit).length) data.commit = commit;
  for (const k of ["ability_damage", "ability_retreats", "poison_damage"]) if (st[k]) data[k] = st[k];
  if (st.inflict.length) data.inflict = [...st.inflict];
  if (st.modifier) data.dice_modifier = st.modifier;
  return data;
}

/** The folded part of the combat form: results committed to abilities, what they cause, tokens, extra dice. */
function combatExtras(st, expected, redraw, later) {
  const count = (face) => st.roll.filter((f) => f === face).length;
  const committed = Object.values(st.commit).reduce((a, b) => a + b, 0);
  return h("details", {}, h("summary", { style: "min-height:44px;font-weight:700;cursor:pointer" }, "Abilities, tokens, extra dice"),
    h("div", { class: "stack" },
      ...["heroic", "lore", "strike", "cleave", "pierce", "morale"].map((face) => h("div", { class: "row" },
        h("span", { class: "grow" }, `${capital(face)} committed to abilities`),
        stepper(() => st.commit[face] || 0, (v) => { st.commit[face] = Math.min(v, count(face)); later(); }, 0, Math.max(0, count(face)), `${face} committed`))),
      h("div", { class: "row" }, h("span", { class: "grow" }, "Damage they cause"),
        stepper(() => st.ability_damage, (v) => { st.ability_damage = v; later(); }, 0, Math.max(0, committed || 6), "Ability damage")),
      h("div", { class: "row" }, h("span", { class: "grow" }, "Retreats they cause"),
        stepper(() => st.ability_retreats, (v) => { st.ability_retreats = v; later(); }, 0, 6, "Ability retreats")),
      h("div", { class: "row" }, h("span", { class: "grow" }, "Morale committed to poison"),
        stepper(() => st.poison_damage, (v) => { st.poison_damage = v; later(); }, 0, 6, "Poison damage")),
      h("div", { class: "row" }, ["stun", "poison"].map((t) => h("label", { class: "check", style: "flex:1 1 45%" },
        h("input", { type: "checkbox", checked: st.inflict.includes(t), onchange: (e) => {
          st.inflict = e.target.checked ? [...st.inflict, t] : st.inflict.filter((x) => x !== t); later(); } }),
        `Target becomes ${t === "stun" ? "stunned" : "poisoned"}`))),
      h("div", { class: "row" }, h("span", { class: "grow" }, "Dice added/removed by effects"),
        stepper(() => st.modifier, (v) => { st.modifier = v; st.roll.length = Math.min(st.roll.length, expected()); redraw(); },
          -3, 4, "Dice modifier"))));
}

/** Attack or counter: dice tapped per die, distance, committed results, tokens caused, preview. */
export function combatEntry(s, c) {
  const view = c.view;
  const type = s.template.type;
  const base = JSON.parse(JSON.stringify(s.template.data || {}));
  const choices = s.choices || {};
  const cb = view.combat;
  const attacker = type === "counter" ? cb.target : base.attacker;
  const target = type === "counter" ? cb.attacker : base.target;
  // The dice entered so far (a key per face adds one); `expected` dice were rolled (the template's, plus effects).
  const st = { roll: [], distance: base.distance ?? (choices.distance || [1])[0],
    commit: {}, ability_damage: 0, ability_retreats: 0, poison_damage: 0, inflict: [], modifier: 0 };
  const expected = () => Math.max(0, (base.roll || []).length + st.modifier);
  return sheet(s.label, (close) => {
    const body = h("div", { class: "stack", "data-form": type });
    const previewBox = h("div", { class: "preview", "aria-live": "polite", id: "attack-preview" });
    const commitBtn = button(type === "counter" ? "Commit counter" : "Commit attack", () => close(build()), { cls: "btn primary", "data-action": "commit" });
    let timer = null;
    const build = () => combatData(type, base, st);
    async function runPreview() {
      const ready = st.roll.length === expected();
      commitBtn.disabled = !ready;
      if (!ready) {
        const left = expected() - st.roll.length;
        previewBox.className = "preview";
        previewBox.replaceChildren(h("div", { class: "muted" }, left > 0 ? `Tap the face of each die: ${left} still to enter.` :
          `${-left} die${left === -1 ? "" : "s"} too many: tap an entered die to take it off.`));
        return;
      }
      const reply = await c.preview(type, build());
      const vs = (reply && reply.violations) || [];
      const roll = ((reply && reply.consequences) || []).find((x) => x.type === "combat_roll");
      previewBox.className = `preview${(reply && reply.error) || vs.length ? " bad" : ""}`;
      previewBox.replaceChildren(...kids(
        roll ? h("div", { class: "result", "data-preview": "combat" }, `${roll.data.damage > 0 ? roll.data.damage : 0} damage · ${roll.data.retreats > 0 ? roll.data.retreats : 0} retreats · ${roll.data.lore} lore`) : null,
        reply && reply.error ? h("div", {}, reply.error.message) : null,
        vs.map((v) => h("div", { class: "error" }, v.message, v.rule ? h("div", { class: "rule" }, v.rule) : null))));
    }
    const later = () => { clearTimeout(timer); timer = setTimeout(runPreview, 150); };
    function draw() {
      const dice = dicePad({ kind: "combat", faces: FACES, roll: st.roll, expected: expected(), label: "Combat", onchange: () => { draw(); later(); } });
      commitBtn.disabled = st.roll.length !== expected();
      body.replaceChildren(...kids(
        h("p", {}, h("b", {}, unitName(view, attacker)), " → ", h("b", {}, unitName(view, target))),
        choices.distance && choices.distance.length > 1 ? h("fieldset", {}, h("legend", {}, "Hexes to the target"),
          h("div", { class: "seg", role: "radiogroup", "aria-label": "Hexes to the target" }, choices.distance.map((d) =>
            button(String(d), () => { st.distance = d; draw(); later(); },
              { cls: "btn", role: "radio", "aria-checked": String(st.distance === d), "data-field": "distance" })))) : null,
        h("fieldset", {}, h("legend", {}, `${expected()} dice: tap the face each die shows`), dice),
        combatExtras(st, expected, () => { draw(); later(); }, later),
        previewBox,
        h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }), commitBtn)));
    }
    draw();
    runPreview();
    return body;
  }, { label: type === "counter" ? "Counter entry" : "Attack entry" });
}

// -- words ----------------------------------------------------------------------------------------
