// Drawing the table again after an entry without rebuilding what did not change on screen. Each entry draws the
// whole table anew (simple, and always right); putting every new element on the page made the phone style, lay out
// and paint all of it again. Here a part a game marks with `data-keep` (a fighter's or a unit's card) that is drawn
// exactly as it is on screen stays there, with the new drawing's handlers, and so do the elements that hold such
// parts. Everything else on the page is the new drawing, as replace() would leave it.
//
// A kept part's own elements are the ones on screen, not the new drawing's: a part marked `data-keep` must not have
// handlers that reach its own elements through a variable (a stepper updating its number), only through the event
// (`e.currentTarget`) or by asking the document. Parts with form fields are never kept (what was typed would stay).
import { dispatch, handlers, nodes } from "./dom.js";

/**
 * Draw `children` into `el` as replace() does, keeping in place the `data-keep` parts that did not change.
 * @param {Element} el
 * @param {...*} children
 * @returns {Element} el
 */
export function redraw(el, ...children) {
  // A highlight under way is the page's own (applyFlashes puts it back after each draw), not a change of the part.
  for (const lit of el.querySelectorAll("[data-keep].flash, [data-keep] .flash")) unlight(lit);
  into(el, nodes(children));
  return el;
}

function into(parent, kids) {
  const shown = [...parent.childNodes];
  let from = 0;   // what is on screen is matched in order: nothing kept ever moves (a move would draw it anew)
  const final = kids.map((drawn) => {
    if (drawn.parentNode === parent || !(drawn instanceof Element)) return drawn;
    if (drawn.getAttribute("data-keep") === null && !drawn.querySelector("[data-keep]")) return drawn;
    for (let j = from; j < shown.length; j += 1) {
      const here = shown[j];
      if (kids.includes(here)) continue;                 // an element drawn again as itself (the card's place)
      if (keeps(here, drawn)) { from = j + 1; keepAll(here, drawn); return here; }
      if (holds(here, drawn)) { from = j + 1; update(here, drawn); into(here, [...drawn.childNodes]); return here; }
    }
    return drawn;
  });
  const wanted = new Set(final);
  for (const node of shown) if (!wanted.has(node)) node.remove();
  let at = parent.firstChild;
  for (const node of final) {
    if (node === at) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
}

/** A part drawn exactly as the one on screen, that may stay. */
function keeps(shown, drawn) {
  return shown instanceof HTMLElement && drawn instanceof HTMLElement && shown.dataset.keep !== undefined
    && shown.dataset.keep === drawn.dataset.keep && !drawn.querySelector("input, select, textarea")
    && shown.isEqualNode(drawn);
}

/** An element on screen that may stay to hold kept parts: the same kind of element, both holding such parts. */
function holds(shown, drawn) {
  return shown instanceof Element && drawn instanceof Element && shown.tagName === drawn.tagName
    && shown.id === drawn.id && shown.getAttribute("data-keep") === null
    && drawn.querySelector("[data-keep]") !== null && shown.querySelector("[data-keep]") !== null
    && !/^(INPUT|SELECT|TEXTAREA|DIALOG)$/.test(drawn.tagName);
}

/** The element on screen takes the new drawing's attributes and handlers (its children are compared after). */
function update(shown, drawn) {
  for (const { name } of [...shown.attributes]) if (!drawn.hasAttribute(name)) shown.removeAttribute(name);
  for (const { name, value } of drawn.attributes) if (shown.getAttribute(name) !== value) shown.setAttribute(name, value);
  takeHandlers(shown, drawn);
}

/** A kept part and every element in it take the handlers of the new drawing (the same shape: they are equal). */
function keepAll(shown, drawn) {
  takeHandlers(shown, drawn);
  const a = shown.querySelectorAll("*");
  const b = drawn.querySelectorAll("*");
  for (let i = 0; i < a.length; i += 1) takeHandlers(a[i], b[i]);
}

/** An element kept on screen takes over the handlers of the element drawn to replace it (and only those). */
function takeHandlers(kept, drawn) {
  const on = handlers.get(drawn);
  for (const type of Object.keys(handlers.get(kept) || {})) if (!on || !on[type]) kept.removeEventListener(type, dispatch);
  if (!on) { handlers.delete(kept); return; }
  handlers.set(kept, on);
  for (const type of Object.keys(on)) kept.addEventListener(type, dispatch);
}

function unlight(el) {
  el.classList.remove("flash");
  el.style.removeProperty("animation-delay");
  if (!el.getAttribute("style")) el.removeAttribute("style");
  if (!el.getAttribute("class")) el.removeAttribute("class");
}
