// Games this phone takes part in (id, seat, token), and the last state seen, in localStorage.

const KEY = "tw.games";

function all() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

function save(games) { localStorage.setItem(KEY, JSON.stringify(games)); }

/** Every game on this phone, most recent first. */
export function listGames() {
  return Object.values(all()).sort((a, b) => (b.touched || 0) - (a.touched || 0));
}

/** One game's record, or null. */
export function getGame(id) { return all()[id] || null; }

/** Create or update a game's record (merged). */
export function putGame(id, patch) {
  const games = all();
  games[id] = { ...(games[id] || { id }), ...patch, touched: Date.now() };
  save(games);
  return games[id];
}

/** Forget a game on this phone. */
export function dropGame(id) {
  const games = all();
  delete games[id];
  save(games);
  localStorage.removeItem(`tw.snap.${id}`);
}

/** Last known table (view, suggestions, log) so the game opens offline. */
export function saveSnapshot(id, snap) {
  try { localStorage.setItem(`tw.snap.${id}`, JSON.stringify(snap)); } catch { /* quota: not fatal */ }
}

export function loadSnapshot(id) {
  try { return JSON.parse(localStorage.getItem(`tw.snap.${id}`)); } catch { return null; }
}
