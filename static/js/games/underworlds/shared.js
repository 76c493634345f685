// Warbands saved on the server (/api/content/custom/warband) and shared by a /new?warband=<id> link, and those saved
// or opened on this phone.
import { h, button, toast } from "../../dom.js";
import { api, errorText } from "../../api.js";

const KEY = "tw.warbands";

/**
 * Warbands saved or opened on this phone, most recent first: [{id, name}].
 * @returns {Array<{id: string, name: string}>}
 */
export function mySaved() {
  try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch { return []; }
}

function remember(rec) {
  const list = [{ id: rec.id, name: rec.name }, ...mySaved().filter((x) => x.id !== rec.id)].slice(0, 30);
  localStorage.setItem(KEY, JSON.stringify(list));
}

/**
 * A saved warband's id from what a player pasted: the share link, the API link, or the id itself.
 * @param {string} text
 * @returns {string|null}
 */
export function idFrom(text) {
  const m = String(text || "").trim().match(/^(?:.*warband[=/])?([\w-]{1,64})$/);
  return m ? m[1] : null;
}

/** One call for a saved warband: the record ({id, name, fighters...}, remembered on this phone) or null after a toast. */
async function call(method, path, body, ok, why) {
  const reply = await api(method, path, { body }).catch(() => null);
  if (!reply) { toast("This needs the connection."); return null; }
  if (reply.status !== ok) { toast(why(reply), "error", 8000); return null; }
  const rec = { id: reply.body.id, ...reply.body.payload };
  remember(rec);
  return rec;
}

/**
 * Fetch a saved warband by id.
 * @param {string} id
 * @returns {Promise<object|null>}
 */
export const openSaved = (id) => call("GET", `/api/content/custom/warband/${encodeURIComponent(id)}`, undefined, 200,
  (r) => (r.status === 404 ? "There is no saved warband with that link." : errorText(r)));

/**
 * Save a typed-in warband on the server.
 * @param {string} name
 * @param {object[]} fighters
 * @returns {Promise<object|null>}
 */
export const saveWarband = (name, fighters) => call("POST", "/api/content/custom/warband", { name, fighters }, 201,
  (r) => `Not saved: ${errorText(r)}`);

/**
 * What a seat playing a saved warband shows: its fighters, and (just saved) the link to share.
 * @param {{id: string, name: string, fighters: object[]}} rec
 * @param {{shared?: boolean}} options
 * @returns {HTMLElement}
 */
export function savedSummary(rec, { shared }) {
  const url = new URL(`/new?warband=${rec.id}`, location.href).href;
  return h("div", { class: "card stack", "data-saved-warband": rec.id },
    h("div", { style: "font-weight:700;overflow-wrap:anywhere" }, rec.name),
    h("div", { class: "muted", style: "overflow-wrap:anywhere" },
      rec.fighters.map((f) => `${f.leader ? "♛ " : ""}${f.name} (Move ${f.move ?? "?"}, Wounds ${f.wounds ?? "?"})`).join(" · ")),
    shared ? h("div", { class: "stack" },
      h("p", { style: "margin:0" }, "Saved. Anyone with this link can play it:"),
      h("input", { readonly: true, value: url, id: "share-link", "aria-label": "Share link of this warband", onfocus: (e) => e.target.select() }),
      navigator.share ? button("Share", () => navigator.share({ title: rec.name, url }).catch(() => {}), { cls: "btn small" }) : null) : null);
}

const openTyped = new Map();   // seat index -> the link or id typed so far

/**
 * Field to open a shared warband by its link or id.
 * @param {number} index
 * @param {(rec: object) => void} onopen
 * @returns {HTMLElement}
 */
export function openField(index, onopen) {
  // What is typed survives the step drawn again meanwhile (a saved warband of another seat arriving).
  const input = h("input", { id: `open-warband-${index}`, autocomplete: "off", value: openTyped.get(index) || "",
    oninput: () => openTyped.set(index, input.value) });
  return h("div", { class: "row", style: "align-items:flex-end" },
    h("label", { class: "field", style: "flex:1 1 160px" }, h("span", {}, "Shared warband link or id"), input),
    button("Open", async () => {
      const id = idFrom(input.value);
      if (!id) { toast("Paste the warband's link or type its id."); return; }
      const rec = await openSaved(id);
      if (rec) onopen(rec);
    }, { cls: "btn", "data-action": "open-warband" }));
}
