// A private link handed over on the spot: the link as text, a Copy button, and its QR code drawn on this
// device (the token rides in the fragment, so the code is never asked of a server).
import { h, button, toast } from "../dom.js";

const drawn = new Map();  // link -> its QR code, drawn once however often the page is redrawn

/**
 * Copy a text to the clipboard, saying whether it worked.
 * @param {string} text
 * @param {string} what what was copied, for the toast
 * @returns {Promise<void>}
 */
export async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    toast(`${what} copied`, "info", 2000);
  } catch {
    toast("This browser does not allow copying here: select the text and copy it by hand.");
  }
}

/**
 * A link's QR code, drawn on this device once however often it is asked for (a fresh copy each time).
 * @param {string} url
 * @param {string} label what a screen reader says
 * @returns {Promise<SVGElement>}
 */
export async function qrCode(url, label) {
  let done = drawn.get(url);
  if (!done) {
    done = await import("../qr.js").then((m) => m.qrSvg(url, 180, `QR code of ${label}`));
    drawn.set(url, done);
  }
  return done.cloneNode(true);
}

function qrBox(url, label) {
  const box = h("div", { class: "link-qr" });
  qrCode(url, label).then((el) => box.append(el))
    .catch(() => box.append(h("p", { class: "muted" }, "The QR code could not be drawn; copy the link instead.")));
  return box;
}

const opened = new Set();  // links whose QR code was asked for on tap, kept open through redraws

/**
 * A card with a private link: title, the link (read-only, selected on focus), Copy, and a QR code to scan — drawn at
 * once, or (`qrOnTap`, for a long list of links) behind a QR code button, so the list stays short on a phone.
 * @param {{title: string, label: string, url: string, note?: string, id?: string, cls?: string, dataset?: object,
 *   qrOnTap?: boolean}} link label names the link for screen readers and the Copy button ("Ana's link")
 * @returns {HTMLElement}
 */
export function linkCard({ title, label, url, note, id, cls = "", dataset, qrOnTap = false }) {
  const shown = !qrOnTap || opened.has(url);
  const toggle = qrOnTap ? button("QR code", () => {
    if (opened.has(url)) opened.delete(url); else opened.add(url);
    card.replaceWith(linkCard({ title, label, url, note, id, cls, dataset, qrOnTap }));
  }, { cls: "btn small", "aria-pressed": String(shown), "aria-label": `QR code of ${label}` }) : null;
  const card = h("li", { class: `card link-card ${cls}`.trim(), id, dataset },
    h("div", { class: "grow stack tight" }, h("b", {}, title),
      h("input", { class: "link-text", readonly: true, value: url, "aria-label": label, onfocus: (e) => e.target.select() }),
      note ? h("small", { class: "muted" }, note) : null,
      h("div", { class: "row tight" }, button("Copy", () => copyText(url, label), { cls: "btn small", "aria-label": `Copy ${label}` }),
        toggle)),
    shown ? qrBox(url, label) : null);
  return card;
}
