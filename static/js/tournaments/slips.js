// Players' slips to hand out, printed from the organiser's phone: one per player (name, the QR code of their
// link, the link as text, the event's name), several a page with cut lines. A link is the player's key, so the
// slips are made here from the links this page holds: nothing is sent to a server or put in a URL.
import { h } from "../dom.js";
import { qrCode } from "./linkcard.js";

/**
 * The links to print: each player's newest (a replaced link no longer works), by name.
 * @param {{player: string, name: string, link: string}[]} made newest first
 * @returns {{player: string, name: string, link: string}[]}
 */
export function slipLinks(made) {
  const newest = new Map();
  for (const m of made) if (!newest.has(m.player)) newest.set(m.player, m);
  return [...newest.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function takeDown() {
  document.getElementById("player-slips")?.remove();
  document.body.classList.remove("printing-slips");
}

/**
 * Lay out the slips (print-only: the screen never shows them) and open the browser's print dialog.
 * @param {string} eventName
 * @param {{player: string, name: string, link: string}[]} made every link made on the page, newest first
 * @returns {Promise<void>}
 */
export async function printSlips(eventName, made) {
  takeDown();
  const slips = await Promise.all(slipLinks(made).map(async (m) => h("article", { class: "player-slip" },
    h("div", { class: "slip-qr" }, await qrCode(m.link, `${m.name}'s link`)),
    h("div", { class: "slip-text" }, h("small", {}, eventName), h("b", { class: "slip-name" }, m.name),
      h("p", {}, "Scan the code or open the link: it is your key to the event. Keep it to yourself."),
      h("code", { class: "slip-link" }, m.link)))));
  document.body.append(h("section", { id: "player-slips", "aria-hidden": "true" }, slips));
  document.body.classList.add("printing-slips");
  window.addEventListener("afterprint", takeDown, { once: true });
  window.print();
}
