// A redraw swaps the buttons under a finger, and a press begun on one button and lifted on its replacement is no tap
// at all. While a press is on, the pages' redraws wait for it to end (after its click) and then draw once.

// A press held this long is no tap (a long press on a die key has done its work by then): a redraw waits no longer.
const LONGEST_PRESS_MS = 3000;

let down = false;
let timer = 0;
/** @type {Set<() => void>} */
const waiting = new Set();

function lift() {
  if (!down) return;
  down = false;
  clearTimeout(timer);
  delete document.documentElement.dataset.redrawWaits;
  if (!waiting.size) return;
  const run = [...waiting];
  waiting.clear();
  // After the click this lift makes (dispatched in the same task as the pointerup): the tap lands on what it pressed.
  setTimeout(() => { for (const draw of run) draw(); }, 0);
}

addEventListener("pointerdown", (e) => {
  if (!e.isPrimary) return;
  down = true;
  clearTimeout(timer);
  timer = setTimeout(lift, LONGEST_PRESS_MS);
}, true);
addEventListener("pointerup", lift, true);
addEventListener("pointercancel", lift, true);
addEventListener("blur", lift);

/**
 * Draw now, or once the press under way has ended (one draw however many asked meanwhile).
 * @param {() => void} draw
 * @returns {void}
 */
export function afterPress(draw) {
  if (!down) { draw(); return; }
  waiting.add(draw);
  document.documentElement.dataset.redrawWaits = "";   // said for the browser tests that press and hold
}
