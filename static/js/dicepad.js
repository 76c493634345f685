// The dice pad every game enters a roll with: a key per face (a tap adds a die showing it, a long press takes one
// off) and the dice entered (a tap takes one off). Names start with what the key shows, so speech matches the screen.
import { h, svg } from "./dom.js";

const LONG_PRESS_MS = 450;

// Faces whose symbol few phone fonts draw (U+26E8's shield; no font here has a double-bitted axe): drawn in SVG.
const DRAWN = {
  block: "M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z",
  cleave: "M10.9 1h2.2v22h-2.2z M13.1 4.5c4.8.3 8.4 2.6 8.4 6s-3.6 5.7-8.4 6z M10.9 4.5c-4.8.3-8.4 2.6-8.4 6s3.6 5.7 8.4 6z",
};

/**
 * A face's symbol: its text, or its drawing where fonts lack the glyph.
 * @param {string} key
 * @param {string} sym
 * @returns {HTMLElement}
 */
export function faceSymbol(key, sym) {
  if (!DRAWN[key]) return h("span", { class: "sym", "aria-hidden": "true" }, sym);
  return h("span", { class: "sym", "aria-hidden": "true", "data-drawn": key },
    svg("svg", { viewBox: "0 0 24 24", width: "1em", height: "1em" }, svg("path", { d: DRAWN[key], fill: "currentColor" })));
}

/**
 * @typedef {object} DicePad
 * @property {string} kind the roll's name in the page (`data-roll`, `data-kind`): attack, defence, magic, combat
 * @property {string[][]} faces [key, symbol, name] each, in the order the keys show them
 * @property {string[]} roll the faces entered, changed in place
 * @property {number} expected how many dice were rolled
 * @property {string} label the roll's name for speech ("Attack", "Combat")
 * @property {() => void} onchange after each die added or taken off
 * @property {string[]} [hits] the faces that succeed (marked on keys and dice)
 * @property {number|null} [card] the number the card gives, said beside the count when the roll differs
 * @property {string} [tint] a class the keys and dice carry (a defence roll's colour)
 */

/**
 * One roll entered die by die.
 * @param {DicePad} pad
 * @returns {HTMLElement}
 */
export function dicePad({ kind, faces, roll, expected, label, onchange, hits = [], card = null, tint = "" }) {
  const named = (key) => faces.find((f) => f[0] === key) || [key, "?", key];
  const cls = (base, key) => [base, tint, hits.includes(key) ? "hits" : ""].filter(Boolean).join(" ");
  const left = expected - roll.length;
  const count = left > 0 ? `${roll.length} of ${expected}`
    : `${roll.length} ${roll.length === 1 ? "die" : "dice"}${card !== null && roll.length !== card ? ` (card: ${card})` : ""}`;
  return h("div", { class: "dice-pad", "data-roll": kind },
    h("div", { class: "faces", role: "group", "aria-label": `${label} dice: tap the face each die shows` },
      faces.map(([key, sym, name]) => faceKey({ kind, key, sym, name, roll, onchange, cls: cls("face", key) }))),
    h("div", { class: "entered", role: "group", "aria-label": `${label} dice entered` },
      roll.map((key, i) => h("button", { type: "button", class: cls("die", key), "data-die": `${kind}-${i}`, "data-face": key,
        "aria-label": `Remove this ${named(key)[2]} die`, onclick: () => { roll.splice(i, 1); onchange(); } },
      faceSymbol(key, named(key)[1]))),
      left > 0 ? Array.from({ length: left }, (_, i) => h("span", { class: "die unset", "aria-hidden": "true", "data-die": `${kind}-${roll.length + i}` }, "?")) : null,
      h("span", { class: "count", "data-count": kind }, count)));
}

/** A face key: a tap adds one die showing the face; a long press takes one of them off again. */
function faceKey({ kind, key, sym, name, roll, onchange, cls }) {
  const n = roll.filter((f) => f === key).length;
  const word = name.split(" ")[0];
  let timer = null;
  let long = false;
  const press = () => { long = false; timer = setTimeout(() => { long = true; if (n) { roll.splice(roll.lastIndexOf(key), 1); onchange(); } }, LONG_PRESS_MS); };
  const release = () => clearTimeout(timer);
  return h("button", { type: "button", class: cls, "data-face": key, "data-kind": kind,
    "aria-label": n ? `${word} ×${n}: add another ${name} die` : `${word}: add a ${name} die`,
    onpointerdown: press, onpointerup: release, onpointerleave: release, onpointercancel: release,
    oncontextmenu: (e) => e.preventDefault(),
    onclick: () => { if (long) { long = false; return; } roll.push(key); onchange(); } },
  faceSymbol(key, sym), h("span", { class: "fname" }, word),
  n ? h("span", { class: "n", "aria-hidden": "true" }, `×${n}`) : null);
}
