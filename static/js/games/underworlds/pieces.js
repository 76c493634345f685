// What the Underworlds renderer and its parts read off a seat's view: fighters, their cards and what upgrades
// change, a weapon's name and an attack's result in words.
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
