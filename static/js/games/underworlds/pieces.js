// What the Underworlds renderer and its parts read off a seat's view: fighters, their cards and what upgrades
// change, a weapon's name and an attack's result in words; the names of the tokens, the steps and the end phase's
// stages, and a card's Inspire condition in the table's words.
import { capital } from "../../words.js";

export const fighter = (view, fid) => (view && view.fighters && view.fighters[fid]) || null;
export const card = (view, fid) => (view && view.fighter_cards && view.fighter_cards[fid]) || {};

/**
 * Display name of a fighter id ("p1.cyreni" -> "Cyreni of the Abyss").
 * @param {object} view
 * @param {string} fid
 * @returns {string}
 */
export function fighterName(view, fid) {
  const c = card(view, fid);
  return c.name || (typeof fid === "string" ? fid.split(".").slice(1).join(".").replace(/-/g, " ") : String(fid));
}

// What the fighter's upgrades change (Move, Defence, Wounds, Attack actions), as the server works it out.
const upgraded = (view, fid) => (view && view.derived && view.derived[fid]) || {};

export function characteristic(view, fid, key) {
  const d = upgraded(view, fid);
  if (key in d) return d[key];
  const c = card(view, fid);
  const f = fighter(view, fid);
  if (f && f.inspired && c.inspired && key in c.inspired) return c.inspired[key];
  return c[key];
}

export function profilesOf(view, fid) {
  const d = upgraded(view, fid);
  if (d.profiles) return d.profiles;
  const c = card(view, fid);
  const f = fighter(view, fid);
  if (f && f.inspired && c.inspired && c.inspired.profiles) return c.inspired.profiles;
  return c.profiles || [];
}


/** A weapon's name, or its symbol and range when the card gives none. */
export const profileName = (p) => p.name || `${p.symbol === "fury" ? "Fury" : p.symbol === "smash" ? "Smash" : capital(p.symbol || "Attack")} ${p.range ? `range ${p.range}` : ""}`.trim();

export const RESULT_TEXT = { critical_hit: "Critical hit", hit: "Hit", draw: "Draw", miss: "Miss", critical_defence: "Critical defence" };

export const TOKEN_NAMES = { move: "Move", charge: "Charge", guard: "Guard", stagger: "Stagger", raise: "Raise" };

export const STEP_NAMES = {
  boards: "Roll-off: who chooses the first board", do_overs: "Do-overs", deployment_roll_off: "Roll-off: who places first",
  deployment: "Placing fighters", roll_off: "Roll-off: who takes the first turn", activation: "Activation step",
  power: "Power step", end: "End phase", hazard: "Hazard phase", over: "Game over",
  held: "Tied on glory: the objectives held decide",
};
export const END_STAGES = { 1: "score objectives", 2: "discard objectives", 3: "play upgrades", 4: "discard power cards", 5: "draw objectives", 6: "draw power cards" };

/** Whether a value is one of the view's fighter ids. @param {*} v @param {object} view @returns {boolean} */
export const isFighterId = (v, view) => typeof v === "string" && view && view.fighters && v in view.fighters;

/** A condition's words for the table, without the content's note of its source ("(S4, summarised)"). @param {string} text @returns {string} */
export function conditionWords(text) {
  return String(text || "").replace(/\s*\(S\d+(?:,[^)]*)?\)/g, "").trim();
}
