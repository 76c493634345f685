// Conquest's pieces as the other parts name them: planet types, phases, keywords, units and planets.
import { capital as cap } from "../../words.js";

export const TYPES = { material: ["M", "Material"], strongpoint: ["S", "Strongpoint"], tech: ["T", "Tech"] };

export const PHASES = { setup: "Setup", deploy: "Deploy phase", command: "Command phase", combat: "Combat phase",
  headquarters: "Headquarters phase", over: "Game over" };

export const KEYWORDS = ["ranged", "flying", "armorbane", "brutal", "mobile", "ambush", "no attachments", "limited"];

export const other = (view, seat) => Object.keys(view.seats).find((s) => s !== seat);

export const unit = (view, id) => (view && view.units && view.units[id]) || null;

/** A card's name, also once it left play (the state keeps those names); an id the state never named reads as
 *  its words ("p2.scout-squad" -> "Scout squad"). */
export function unitName(view, id) {
  const known = (unit(view, id) || (view && view.cards && view.cards[id]) || {}).name || (view && view.left_play && view.left_play[id]);
  if (known) return known;
  const tail = String(id).split(".").slice(1).join(".").replace(/-\d+$/, "").replace(/-/g, " ");
  return tail ? cap(tail) : String(id);
}

function planetEntry(view, slot) {
  return (view.line || []).find((p) => p.slot === slot) || null;
}

/** "Ferrin (dial 2)" for a slot in the line. */
export function planetName(view, slot, withDial = true) {
  const p = planetEntry(view, slot);
  if (!p) return `planet ${slot}`;
  if (!p.name) return `planet ${slot} (face down)`;
  if (!withDial) return p.name;
  const up = (view.line || []).filter((x) => x.status === "line" && x.face_up).map((x) => x.slot);
  const dial = up.indexOf(slot);
  return dial >= 0 ? `${p.name} (dial ${dial + 1})` : p.name;
}
