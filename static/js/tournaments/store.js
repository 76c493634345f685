// The tournament links this device holds, in localStorage under the key the first version used (so links
// already on a phone stay): tournament id -> {token, role, name, touched, links: [{token, role, subject,
// label, touched}]}. A device keeps EVERY link it was given for a tournament (an organiser who opens a
// player's link to try it keeps the organiser's); the top-level token and role are the one in use, read
// also by the table page's tournament strip.
const KEY = "tw.events";

function all() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

function save(links) {
  localStorage.setItem(KEY, JSON.stringify(links));
}

/** An entry of the first version (one link) read as one with a list of links. */
function withLinks(entry) {
  const e = { ...(entry || {}) };
  if (!Array.isArray(e.links)) e.links = e.token ? [{ token: e.token, role: e.role, subject: e.subject, label: e.label }] : [];
  return e;
}

/**
 * Remember (or update) details of the link in use for a tournament (its name, the role the server named).
 * @param {string} id
 * @param {{token?: string, role?: string, subject?: string, name?: string, label?: string, lost?: boolean}} patch
 * @returns {object}
 */
export function rememberTournament(id, patch) {
  const links = all();
  const e = withLinks(links[id]);
  Object.assign(e, patch, { touched: Date.now() });
  if (e.token) {
    const at = e.links.findIndex((l) => l.token === e.token);
    const mine = { ...(at >= 0 ? e.links[at] : {}), token: e.token, touched: Date.now() };
    for (const k of ["role", "subject", "label"]) if (patch[k] !== undefined) mine[k] = patch[k];
    if (at >= 0) e.links[at] = mine; else e.links.push(mine);
    // A replaced link of the same person (a new one was made after it was lost) is not kept beside it.
    if (mine.role) e.links = e.links.filter((l) => l.token === mine.token || l.role !== mine.role || l.subject !== mine.subject);
  }
  links[id] = e;
  save(links);
  return e;
}

/**
 * What the server said a link is (its role, subject, label) and the tournament's name; the link in use is
 * not changed (a page still reading as one role never switches the device to it).
 * @param {string} id
 * @param {string} token
 * @param {{role: string, subject: string, label: string, name: string}} about
 * @returns {void}
 */
export function describeLink(id, token, { role, subject, label, name }) {
  const links = all();
  const e = withLinks(links[id]);
  const mine = e.links.find((l) => l.token === token);
  if (!mine) return;
  Object.assign(mine, { role, subject, label });
  // A replaced link of the same person (a new one was made after it was lost) is not kept beside it.
  e.links = e.links.filter((l) => l.token === token || l.role !== role || l.subject !== subject);
  e.name = name;
  if (e.token === token) Object.assign(e, { role, subject, label, touched: Date.now() });
  links[id] = e;
  save(links);
}

/**
 * A link this device was given (from a URL or a recovery): kept beside the others and put in use.
 * @param {string} id
 * @param {string} token
 * @returns {object}
 */
export function addLink(id, token) {
  const e = withLinks(all()[id]);
  const known = e.links.find((l) => l.token === token);
  return rememberTournament(id, { token, role: known ? known.role : undefined, subject: known ? known.subject : undefined,
    label: known ? known.label : undefined, lost: false });
}

/**
 * Use another of this device's links to a tournament.
 * @param {string} id
 * @param {string} token
 * @returns {void}
 */
export function useLink(id, token) {
  const e = withLinks(all()[id]);
  const link = e.links.find((l) => l.token === token);
  if (link) rememberTournament(id, { token, role: link.role, subject: link.subject, label: link.label });
}

/**
 * Forget a link the server refused (replaced or mistyped); the next one kept is put in use.
 * @param {string} id
 * @param {string} token
 * @returns {object|null} the link now in use, or null
 */
export function forgetLink(id, token) {
  const links = all();
  const e = withLinks(links[id]);
  e.links = e.links.filter((l) => l.token !== token);
  const next = e.links[0] || null;
  // With no other link left, the device remembers that its link was refused: the page says so on every load
  // (a reload must not turn a replaced link into the public page without a word).
  Object.assign(e, next ? { token: next.token, role: next.role, subject: next.subject, label: next.label, lost: false }
    : { token: undefined, role: undefined, subject: undefined, label: undefined, lost: true });
  links[id] = e;
  save(links);
  return next;
}

/**
 * This device's link in use for a tournament, or null.
 * @param {string} id
 * @returns {{token?: string, role?: string, links: object[], touched: number, lost?: boolean}|null}
 */
export function tournamentLink(id) {
  const e = all()[id];
  return e ? withLinks(e) : null;
}

/**
 * Every tournament this device holds a link to, most recently used first.
 * @returns {Array<{id: string, name?: string, token?: string, links: object[], touched: number}>}
 */
export function listTournaments() {
  return Object.entries(all()).map(([id, e]) => ({ id, ...withLinks(e) }))
    .filter((e) => e.links.length).sort((a, b) => (b.touched || 0) - (a.touched || 0));
}
