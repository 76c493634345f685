// The log's words: an entry, a consequence and an override in the players' language (the game's renderer first).
// Every phone needs them at once (what just happened); the log itself is drawn by logview.js, loaded when shown.

/**
 * One entry in words (the game's renderer first, else the catalogue label and its fields).
 * @param {LogRecord|Envelope} ev
 * @param {TableContext} c
 * @returns {string}
 */
export function summary(ev, c) {
  const own = c.renderer && c.renderer.describeEvent && c.renderer.describeEvent(ev, c);
  if (own) return own;
  const data = Object.entries(ev.data || {}).map(([k, v]) => `${k.replace(/_/g, " ")}: ${c.describe(k, v)}`);
  return `${c.catalogueLabel(ev.type)}${data.length ? ` (${data.join(", ")})` : ""}`;
}

/**
 * One automatic consequence in words.
 * @param {{type: string, data?: object}} cons
 * @param {TableContext} c
 * @returns {string}
 */
export function consequenceText(cons, c) {
  const own = c.renderer && c.renderer.describeConsequence && c.renderer.describeConsequence(cons, c);
  if (own) return own;
  const data = Object.entries(cons.data || {}).map(([k, v]) => `${k.replace(/_/g, " ")}: ${c.describe(k, v)}`);
  return `${cons.type.replace(/_/g, " ")}${data.length ? ` (${data.join(", ")})` : ""}`;
}

/** Who set the rules aside for an entry, and why: the referee's ruling names the referee; a player's, the table. */
export function overrideNote(ev) {
  const reason = (ev.override && ev.override.reason) || "";
  return ev.actor === "referee" ? `Ruled by the referee: ${reason}` : `Rules overridden by the table: ${reason}`;
}

/** Fighters an entry names (in its data or its consequences: the fighter, attacker, target, a card's chosen), by id. */
export function fightersOf(ev) {
  return [...new Set((JSON.stringify([ev.data || {}, ev.consequences || []]).match(/"p[1-4]\.[a-z0-9][a-z0-9_-]*"/g) || [])
    .map((m) => m.slice(1, -1)))];
}
