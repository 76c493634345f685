// The event links this device holds (event id -> {token, role, name}), in localStorage.
const KEY = "tw.events";

function all() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

/**
 * Remember (or update) this device's link to an event.
 * @param {string} id
 * @param {{token?: string}} patch
 * @returns {void}
 */
export function rememberEvent(id, patch) {
  const events = all();
  events[id] = { ...(events[id] || {}), ...patch, touched: Date.now() };
  localStorage.setItem(KEY, JSON.stringify(events));
  return events[id];
}

/**
 * This device's link to an event, or null.
 * @param {string} id
 * @returns {{token?: string, touched: number}|null}
 */
export function eventLink(id) { return all()[id] || null; }
