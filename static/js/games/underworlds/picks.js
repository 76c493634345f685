// An entry picked on its own button: an Attack or Charge activation a button per weapon and per target among a few
// (kept per fighter until its Attack action follows with them), the Attack actions also on the table's own screen,
// and a card played by its name.
import { card, fighterName, profilesOf, profileName } from "./pieces.js";

// The weapon and the target picked with an Attack or Charge activation, per fighter, until its dice sheet opens.
const weaponPicked = new Map();
const targetPicked = new Map();
// At most this many targets are offered with the action itself (more: the sheet's picker, grouped by player).
const TARGETS_WITH_THE_ACTION = 4;

/** The enemy fighters on the battlefield. */
function enemiesOf(view, seat) {
  return Object.keys(view.fighters || {}).filter((fid) => view.fighters[fid].seat !== seat && !view.fighters[fid].out);
}

/** The enemy fighters `seat` may target with the action, when they are few and all of one opponent; else []. */
function targetsWithTheAction(view, seat) {
  const fids = enemiesOf(view, seat);
  const seats = new Set(fids.map((fid) => view.fighters[fid].seat));
  return fids.length > 1 && fids.length <= TARGETS_WITH_THE_ACTION && seats.size === 1 ? fids : [];
}

// The group of the Attack actions on the table's own screen (expandPicks below).
const ATTACK_GROUP = "Attack with";

/** How many of the seat's fighters are on the battlefield. */
function ownFighters(view, seat) {
  return Object.values(view.fighters || {}).filter((f) => f.seat === seat && !f.out).length;
}

/** Whether an attack template's profile is this weapon of the fighter card (by name, else by its numbers). */
function sameWeapon(profile, weapon) {
  if (!profile) return false;
  if (profile.name || weapon.name) return profile.name === weapon.name;
  return ["range", "dice", "symbol", "damage"].every((k) => profile[k] === undefined || profile[k] === weapon[k]);
}

/** A ploy or a reaction played by a card's name, whose only open choices are those its effect needs (the fighter
 *  it goes to, one of its options): played through cardplay.js, which shows what the card does first. A spell's
 *  effects wait for its casting roll, and an upgrade's fighter is asked as before. */
function playsCard(s) {
  const t = s.event || s.template;
  if (!t || !t.data || typeof t.data.card !== "string" || Object.keys(s.fields || {}).length) return false;
  if (!(t.type === "reaction" || (t.type === "power" && t.data.play === "ploy"))) return false;
  return Object.keys(s.choices || {}).every((k) => k === "chosen" || k === "option");
}

/** An activation entered with its weapon or target picked on its button: what it picked kept for the Attack action, its data resolved (null for any other entry). @param {Suggestion} s @returns {Promise<object>|null} */
export function enterPicked(s) {
  if (s.picked && s.template.type === "activate") {
    if (s.weapon) weaponPicked.set(s.template.data.fighter, s.weapon);
    if (s.target) targetPicked.set(s.template.data.fighter, s.target);
    return Promise.resolve(JSON.parse(JSON.stringify(s.template.data)));
  }
  return null;
}

/** After an Attack or Charge activation: the fighter's Attack action with the weapon picked with it (or its only one). @param {Envelope} entered @param {Advice|null} advice @returns {Suggestion|null} */
export function attackFollowing(entered, advice) {
  const d = entered.data || {};
  if (entered.type !== "activate" || !["attack", "charge"].includes(d.action) || !advice) return null;
  const attacks = (advice.suggestions || []).filter((s) => s.template && s.template.type === "attack"
    && (s.template.data.attacker === d.fighter || ((s.choices || {}).attacker || []).includes(d.fighter)));
  const weapon = weaponPicked.get(d.fighter);
  const target = targetPicked.get(d.fighter);
  weaponPicked.delete(d.fighter);
  targetPicked.delete(d.fighter);
  // The engine offers a template per weapon (and per Defence known or not): the one with the weapon and target picked.
  const at = target ? attacks.filter((s) => ((s.choices || {}).target || []).includes(target)) : attacks;
  const same = weapon ? at.filter((s) => sameWeapon(s.template.data.profile, weapon)) : [];
  const chosen = same.length === 1 ? same[0] : at.length === 1 ? at[0] : null;
  return chosen && target ? { ...chosen, choices: { ...chosen.choices, target: [target] } } : chosen;
}

/** An Attack or Charge activation of a fighter with several weapons, or against one of a few enemy fighters: one
 *  button per weapon and target, so both are picked with the action, and the dice sheet then opens by itself with
 *  them (a tap less for each than picking it after); a card played by its name. @param {Suggestion} s @param {TableContext} c @returns {Suggestion[]|null} */
export function expandPicks(s, c) {
  if (playsCard(s)) return [{ ...s, event: undefined, template: s.event || s.template, choices: s.choices || {}, fields: {}, cardPlay: true }];
  const ev = s.event;
  if (!ev || ev.type !== "activate" || !["attack", "charge"].includes(ev.data.action) || !c.view) return null;
  const weapons = profilesOf(c.view, ev.data.fighter).filter((p) => !p.spell || (card(c.view, ev.data.fighter).traits || []).includes("wizard"));
  const targets = targetsWithTheAction(c.view, ev.by);
  const ws = weapons.length > 1 ? weapons : [null];
  const each = weapons.length < 2 && !targets.length ? [s] : ws.flatMap((p) => (targets.length ? targets : [null]).map((t) => ({
    label: `${s.label}${p ? `: ${profileName(p)}` : ""}${t ? ` → ${fighterName(c.view, t)}` : ""}`,
    group: s.group, template: ev, choices: {}, fields: {}, weapon: p, target: t, picked: true })));
  // The Attack actions also on the table's own screen, a button per fighter (and weapon), when the fighters are in
  // a picker: the target is then tapped with its defence roll in the dice sheet (combat.js), so an attack is the
  // fighter, the two rolls and Commit. (A Charge moves first: it stays with the fighter's other actions.)
  const lifted = ev.data.action === "attack" && enemiesOf(c.view, ev.by).length && ownFighters(c.view, ev.by) > 1
    ? ws.map((p) => ({ label: `${fighterName(c.view, ev.data.fighter)}${p ? `: ${profileName(p)}` : ""}`, group: ATTACK_GROUP,
      template: ev, choices: {}, fields: {}, weapon: p, target: null, picked: true, shortcut: true }))
    : [];
  return [...each, ...lifted];
}
