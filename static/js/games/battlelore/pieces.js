// BattleLore's pieces as the other parts name them: dice faces, steps, phases and tokens, units and terrain.


export const FACES = [
  ["strike", "⚔", "Strike"], ["cleave", "", "Cleave"], ["pierce", "➶", "Pierce"],
  ["morale", "⚑", "Morale"], ["lore", "✦", "Lore"], ["heroic", "★", "Heroic"],
];

export const STEP_NAMES = {
  command: "Command step: play a command card", order: "Order step", move: "Move step", attack: "Attack step",
  vp: "Upkeep: victory points", lore: "Upkeep: lore step",
};

export const PHASE_NAMES = {
  scenario: "Choose scenario cards", first_player: "Choose the first player", muster: "Muster armies",
  deploy: "Place units", main: "Battle", over: "Game over",
};

export const TOKEN_NAMES = { poison: "Poison", stun: "Stun", bleed: "Bleed", blight: "Blight", panic: "Panic", shield: "Shield" };

export const RETREAT_ENDS = { free: "all the way", supported: "supported", blocked: "blocked" };

const unitOf = (view, uid) => (view && view.units && view.units[uid]) || null;

export const isUnitId = (v, view) => typeof v === "string" && !!unitOf(view, v);

/** Children without the empty ones (replaceChildren would print "null"). */
export const kids = (...xs) => xs.flat(Infinity).filter((x) => x !== null && x !== undefined && x !== false);

export const words = (s) => String(s ?? "").replace(/_/g, " ");

/**
 * "p1.spearmen-2" -> "Spearmen 2" (the number only when the player has more than one).
 * @param {object} view
 * @param {string} uid
 * @returns {string}
 */
export function unitName(view, uid) {
  const u = unitOf(view, uid);
  if (!u) return typeof uid === "string" ? uid.split(".").slice(1).join(".").replace(/-/g, " ") : String(uid);
  const same = Object.values(view.units).filter((x) => x.seat === u.seat && x.slug === u.slug).length;
  const n = uid.split("-").pop();
  return same > 1 ? `${u.name} ${n}` : u.name;
}

export function terrainName(view, value) {
  const f = view && view.features && view.features[value];
  if (f) return `${f.name}${f.owner ? ` (${f.owner.toUpperCase()})` : ""}`;
  return words(value);
}

export function left(u) { return Math.max(0, u.health - u.damage); }

export function weak(u) {
  if ((u.tokens || []).includes("blight")) return true;
  if ((u.abilities || []).includes("unyielding") || u.damage_tokens) return false;
  return left(u) === 1;
}
