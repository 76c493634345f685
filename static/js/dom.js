// Tiny DOM helpers. Text is always set with text nodes, never parsed as HTML, so any name a
// player types renders as the characters they typed.

/**
 * Create an element: h("button", {class: "btn", onclick: f, "aria-label": "x"}, "text", child).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {object|null} [attrs]
 * @param {...*} children nodes, text, arrays of them; null and false are skipped
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") listen(el, key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "text") el.textContent = value;
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

/**
 * The attributes of a <details> whose open state the caller keeps, so a redraw draws it as the user left it.
 * The state is kept on the tap itself as well as on the toggle event: the event comes a task after the tap,
 * and a redraw in between would draw the box closed while the event landed on the element it replaced.
 * @param {boolean} open
 * @param {(open: boolean) => void} keep
 * @returns {{open: boolean, onclick: (e: MouseEvent) => void, ontoggle: (e: Event) => void}}
 */
export function keptOpen(open, keep) {
  return {
    open,
    onclick: (e) => {
      const box = /** @type {HTMLDetailsElement} */ (e.currentTarget);
      const summary = e.target instanceof Element ? e.target.closest("summary") : null;
      if (summary && summary.parentElement === box && !e.defaultPrevented) keep(!box.open);
    },
    ontoggle: (e) => {
      const box = /** @type {HTMLDetailsElement} */ (e.currentTarget);
      if (box.isConnected) keep(box.open);
    },
  };
}

/**
 * SVG element with attributes (for charts and icons drawn in code).
 * @param {string} tag
 * @param {object} [attrs]
 * @param {...*} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const node of nodes(children)) el.append(node);   // not spread: a long log is more arguments than a call takes
}

/** The nodes children stand for (as h() takes them): arrays flattened, null and false skipped, the rest as text. */
export function nodes(children) {
  return children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (c instanceof Node ? c : document.createTextNode(String(c))));
}

// h()'s handlers per element and event type, reached through `dispatch`: an element a redraw keeps takes the new
// drawing's (redraw.js).
/** @type {WeakMap<Element, Object<string, (e: Event) => void>>} */
export const handlers = new WeakMap();

/** @this {Element} @param {Event} e */
export function dispatch(e) {
  const on = handlers.get(/** @type {Element} */ (e.currentTarget));
  if (on && on[e.type]) on[e.type].call(e.currentTarget, e);
}

function listen(el, type, fn) {
  handlers.set(el, { ...handlers.get(el), [type]: fn });
  el.addEventListener(type, dispatch);
}

/** Link a stylesheet once (a game's module brings its own CSS, at the module's versioned address). */
export function linkStylesheet(href, key) {
  if (document.querySelector(`link[data-css="${key}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href, "data-css": key }));
}

/**
 * Replace all children of an element.
 * @param {Element} el
 * @param {...*} children
 * @returns {Element} el
 */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

let toastTimer = 0;  // the shown toast's hiding, cleared by the next toast

/**
 * Short-lived message at the bottom of the screen; `action` {label, run} adds one button (e.g. Redo).
 * @param {string} message
 * @param {string} [kind] error | info
 * @param {number} [ms]
 * @param {{label: string, run: () => void}|null} [action]
 * @returns {void}
 */
export function toast(message, kind = "error", ms = 4000, action = null) {
  const el = document.getElementById("toast");
  if (!el) return;
  replace(el, h("span", { class: "toast-text" }, message),
    action ? h("button", { type: "button", class: "btn small", "data-action": "toast-action",
      onclick: () => { clearToast(); action.run(); } }, action.label) : null);
  el.className = `toast ${kind}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms);
}

/**
 * Take the toast away now (its message no longer holds: the problem was fixed, the page moved on).
 * @returns {void}
 */
export function clearToast() {
  const el = document.getElementById("toast");
  if (!el) return;
  clearTimeout(toastTimer);
  el.hidden = true;
}

/** Keep the body's own actions (its `.sheet-actions` or `.sheet-footer` children) below a scrolling part holding the
 *  rest, all inside the body (what a sheet's own code and its tests look for stays where it was). */
function splitActions(body) {
  const actions = [...body.children].filter((el) => el.matches(".sheet-actions, .sheet-footer"));
  if (!actions.length) return;   // nothing to keep in view: the sheet scrolls as one
  let scroll = body.querySelector(":scope > .sheet-scroll");
  if (!scroll) scroll = h("div", { class: `sheet-scroll${body.classList.contains("stack") ? " stack" : ""}` });
  const loose = [...body.children].filter((el) => el !== scroll && !actions.includes(el));
  if (loose.length) scroll.append(...loose);
  const kids = [...body.children];
  if (kids.length !== actions.length + 1 || kids[0] !== scroll || actions.some((el, i) => kids[i + 1] !== el)) {
    body.replaceChildren(scroll, ...actions);
  }
  body.classList.add("sheet-split");
}

/**
 * Open a bottom sheet (a modal <dialog>); resolves with whatever `close(value)` is given.
 * @param {string} title
 * @param {(close: (value?: *) => void) => Node} build the sheet's body
 * @param {{label?: string}} [options]
 * @returns {Promise<*>}
 */
export function sheet(title, build, { label } = {}) {
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: "sheet", "aria-label": label || title });
    let done = false;
    const close = (value) => {
      if (done) return;
      done = true;
      dialog.close();
      dialog.remove();
      resolve(value);
    };
    dialog.addEventListener("cancel", (e) => { e.preventDefault(); close(null); });
    dialog.append(h("h2", {}, title));
    const body = build(close);
    if (body) {
      dialog.append(body);
      // The sheet's actions (Cancel and Enter, or a preview with Commit) sit below its scrolling part, never over
      // it: however long the form, no field of it is ever under them. A sheet that draws its body again (a form
      // whose fields follow what is picked) is split again.
      splitActions(body);
      new MutationObserver(() => splitActions(body)).observe(body, { childList: true });
    }
    document.body.append(dialog);
    dialog.showModal();
  });
}

/**
 * A labelled button.
 * @param {*} label text, a node, or an array of them
 * @param {(ev: Event) => void} onclick
 * @param {{cls?: string, aria?: string} & Object<string, *>} [options] more attributes pass through
 * @returns {HTMLButtonElement}
 */
export function button(label, onclick, { cls = "btn", aria, ...rest } = {}) {
  return h("button", { type: "button", class: cls, onclick, "aria-label": aria, ...rest }, label);
}

/**
 * Format an ISO time as HH:MM (local).
 * @param {string|null|undefined} iso
 * @returns {string}
 */
export function clock(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/**
 * The form control with this id (an input, select or textarea: what `.value` is read from).
 * @param {string} id
 * @returns {HTMLInputElement}
 */
export function control(id) {
  return /** @type {HTMLInputElement} */ (document.getElementById(id));
}
