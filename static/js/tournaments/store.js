// The tournament links this device holds (tournament id -> {token, role, name}), in localStorage (under the
// key the first version used, so links already on a phone stay).
const KEY = "tw.events";

function all() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

/**
 * Remember (or update) this device's link to a tournament.
 * @param {string} id
 * @param {{token?: string}} patch
 * @returns {void}
 */
export function rememberTournament(id, patch) {
  const links = all();
  links[id] = { ...(links[id] || {}), ...patch, touched: Date.now() };
  localStorage.setItem(KEY, JSON.stringify(links));
  return links[id];
}

/**
 * This device's link to a tournament, or null.
 * @param {string} id
 * @returns {{token?: string, touched: number}|null}
 */
export function tournamentLink(id) { return all()[id] || null; }
