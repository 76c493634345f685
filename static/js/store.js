// Games this phone takes part in (id, seat, token), and the last state seen, in localStorage.

const KEY = "tw.games";

function all() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

function save(games) { localStorage.setItem(KEY, JSON.stringify(games)); }

/**
 * Every game on this phone, most recent first.
 * @returns {GameRecord[]}
 */
export function listGames() {
  return Object.values(all()).sort((a, b) => (b.touched || 0) - (a.touched || 0));
}

/**
 * One game's record, or null.
 * @param {string} id
 * @returns {GameRecord|null}
 */
export function getGame(id) { return all()[id] || null; }

/**
 * Create or update a game's record (merged).
 * @param {string} id
 * @param {object} patch
 * @returns {GameRecord}
 */
export function putGame(id, patch) {
  const games = all();
  games[id] = { ...(games[id] || { id }), ...patch, touched: Date.now() };
  save(games);
  return games[id];
}

/**
 * Forget a game on this phone.
 * @param {string} id
 * @returns {void}
 */
export function dropGame(id) {
  const games = all();
  delete games[id];
  save(games);
  localStorage.removeItem(`tw.snap.${id}`);
}

/**
 * Last known table (view, suggestions, log) so the game opens offline.
 * @param {string} id
 * @param {object} snap
 * @returns {void}
 */
export function saveSnapshot(id, snap) {
  try { localStorage.setItem(`tw.snap.${id}`, JSON.stringify(snap)); } catch { /* quota: not fatal */ }
}

/**
 * The last known table of a game saved by saveSnapshot, or null.
 * @param {string} id
 * @returns {object|null}
 */
export function loadSnapshot(id) {
  try { return JSON.parse(localStorage.getItem(`tw.snap.${id}`)); } catch { return null; }
}
