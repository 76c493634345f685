// Next actions, built generically from the engine's suggestions (docs/architecture.md, Engine contract):
// a complete event becomes a button; a template opens a small sheet with one picker per field
// that has a finite list of choices and a stepper per whole-number field with bounds.
import { h, button, sheet } from "./dom.js";
import { capital, listAnd } from "./words.js";

/**
 * Set a dotted path ("attack_roll.smash") inside an object, creating objects on the way.
 * @param {object} obj
 * @param {string} path
 * @param {*} value
 * @returns {object} obj
 */
export function setPath(obj, path, value) {
  const parts = path.split(".");
  let cur = obj;
  for (const part of parts.slice(0, -1)) {
    if (typeof cur[part] !== "object" || cur[part] === null) cur[part] = {};
    cur = cur[part];
  }
  cur[parts[parts.length - 1]] = value;
  return obj;
}

/**
 * Read a dotted path, or undefined.
 * @param {object} obj
 * @param {string} path
 * @returns {*}
 */
export function getPath(obj, path) {
  return path.split(".").reduce((cur, part) => (cur == null ? undefined : cur[part]), obj);
}

const clone = (x) => JSON.parse(JSON.stringify(x ?? {}));

/**
 * Human name of a field path: "attack_roll.smash" -> "Attack roll: smash".
 * @param {string} path
 * @returns {string}
 */
export function fieldLabel(path) {
  const words = path.split(".").map((p) => p.replace(/_/g, " "));
  return [capital(words[0]), ...words.slice(1)].join(": ");
}

/**
 * Sheet that fills a template's missing fields; resolves with the event data or null.
 * @param {Suggestion} suggestion
 * @param {TableContext} ctx
 * @returns {Promise<object|null>}
 */
export function fillTemplate(suggestion, ctx) {
  const data = clone(suggestion.template.data);
  const choices = suggestion.choices || {};
  const fields = suggestion.fields || {};
  return sheet(ctx.humanise(suggestion.label), (close) => {
    const body = h("div", { class: "stack" });
    const confirm = button("Enter", () => close(data), { cls: "btn primary", "data-action": "confirm" });
    const missing = () => Object.keys(choices).some((p) => getPath(data, p) === undefined);
    const refresh = () => { confirm.disabled = missing(); };

    const addField = (path, spec) => {
      if (spec.type === "int") {
        const min = spec.min ?? 0;
        const max = spec.max ?? 99;
        if (getPath(data, path) === undefined) setPath(data, path, Math.max(min, Math.min(max, spec.default ?? min)));
        const label = ctx.humanise(fieldLabel(path));   // "Held: p1" reads "Held: Ana"
        body.append(h("fieldset", {}, h("legend", {}, label),
          stepper(() => getPath(data, path), (v) => setPath(data, path, v), min, max, label)));
      } else if (spec.type === "bool") {
        if (getPath(data, path) === undefined) setPath(data, path, false);
        body.append(h("label", { class: "check" }, h("input", { type: "checkbox",
          onchange: (e) => setPath(data, path, e.target.checked) }), fieldLabel(path)));
      } else {
        if (getPath(data, path) === undefined) setPath(data, path, "");
        body.append(h("label", { class: "field" }, h("span", {}, fieldLabel(path)),
          h("input", { maxlength: spec.max_length || 500, "data-field": path, value: getPath(data, path),
            oninput: (e) => setPath(data, path, e.target.value) })));
      }
    };
    const addChoice = (path, values) => {
      const long = values.some((v) => String(ctx.describe(path, v)).length > 24);
      const group = h("div", { class: long ? "btn-grid one" : "btn-grid", role: "radiogroup", "aria-label": fieldLabel(path) });
      if (values.length === 1) setPath(data, path, values[0]);
      const draw = () => group.replaceChildren(...values.map((v) => {
        const on = JSON.stringify(getPath(data, path)) === JSON.stringify(v);
        return button(ctx.describe(path, v), () => { setPath(data, path, v); draw(); refresh(); },
          { cls: "btn", role: "radio", "aria-checked": String(on), "data-field": path });
      }));
      draw();
      body.append(h("fieldset", {}, h("legend", {}, fieldLabel(path)), group));
    };
    // Typed text first (naming a card is the point of such a sheet), then pickers, then numbers.
    const entries = Object.entries(fields);
    for (const [path, spec] of entries) if (spec.type !== "int" && spec.type !== "bool") addField(path, spec);
    for (const [path, values] of Object.entries(choices)) addChoice(path, values);
    for (const [path, spec] of entries) if (spec.type === "int" || spec.type === "bool") addField(path, spec);
    refresh();
    body.append(h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }), confirm));
    return body;
  });
}

/**
 * Big -/+ stepper for a bounded whole number.
 * @param {() => number} get
 * @param {(value: number) => void} set
 * @param {number} min
 * @param {number} max
 * @param {string} label what is counted (spoken with each button)
 * @returns {HTMLElement}
 */
export function stepper(get, set, min, max, label) {
  const out = h("output", { "aria-live": "polite" }, String(get()));
  const change = (d) => { const v = Math.max(min, Math.min(max, get() + d)); set(v); out.textContent = String(v); };
  return h("div", { class: "stepper" },
    button("−", () => change(-1), { cls: "btn", aria: `${label}: one less` }), out,
    button("+", () => change(1), { cls: "btn", aria: `${label}: one more` }));
}

/**
 * Run one suggestion: submit a complete event, or fill its template first.
 * @param {Suggestion} s
 * @param {TableContext} ctx
 * @returns {Promise<Envelope|null>} the entered envelope, or null when cancelled
 */
export async function runSuggestion(s, ctx) {
  if (s.event) return ctx.submit(s.event.type, clone(s.event.data));
  const custom = ctx.renderer.customEntry && ctx.renderer.customEntry(s, ctx);
  const data = custom ? await custom : await fillTemplate(s, ctx);
  if (data) return ctx.submit(s.template.type, data);
  return null;
}

// Entries that may be repeated for the same fighter (each tap is one more wound, token...).
const REPEATABLE = new Set(["damage", "heal", "token", "counter", "note", "glory_adjust"]);
const fighterOf = (data) => (data && (data.fighter || data.attacker)) || null;

/** The entry still waiting in this phone's outbox that this suggestion would repeat (the same kind of
 *  event for the same fighter, e.g. activating a fighter whose activation has not been sent yet), or null.
 * @param {Suggestion} s
 * @param {TableContext} ctx
 * @returns {Envelope|null}
 */
export function repeats(s, ctx) {
  const t = s.event || s.template;
  if (!t || REPEATABLE.has(t.type)) return null;
  const fids = fighterOf(t.data) ? [fighterOf(t.data)] : ((s.choices || {}).fighter || (s.choices || {}).attacker || []);
  if (!fids.length) return null;
  const blocked = (ctx.pending || []).filter((p) => p.type === t.type && fids.includes(fighterOf(p.data)));
  return blocked.length && blocked.length >= new Set(fids).size ? blocked[0] : null;
}

/** The reaction box's line: the player the game waits for may play on; any other player may only react first. */
function mayReactText(advice, ctx) {
  const next = (advice.waiting_for || []).filter((seat) => seat !== ctx.seat);
  if (!next.length) return "You may react — or just play on.";
  const names = next.map((seat) => ctx.seatName(seat));
  return `You may react before ${listAnd(names)} plays on.`;
}

/** The open reaction step: its steps and chain, and the reactions this player may make (their groups are taken
 *  out of `groups`, so they are not shown again below). */
function reactionBox(advice, ctx, groups, reactions, suggestions) {
  const rw = advice.reaction_window;
  const steps = (rw.steps || []).map((st) => (typeof st === "string" ? st : st.label || st.id));
  const order = (rw.order || []).map((seat) => ctx.seatName(seat));
  // A game may name its window (Conquest's shields are an opportunity, not a reaction step).
  const title = rw.title || "Reaction step";
  const box = h("div", { class: "card reaction", role: "region", "aria-label": title, id: "reaction-step" },
    h("h2", {}, title),
    // The step a reaction is played in now (the latest); the earlier steps of the same attack or activation are
    // not counted out ("+8 earlier" told a player nothing they could use).
    steps.length ? h("p", { class: "muted" }, `Open: ${steps[steps.length - 1]}`) : null,
    order.length ? h("p", { class: "muted" }, `Chain order: ${order.join(" → ")}`) : null,
    (rw.chain || []).length ? h("ol", {}, rw.chain.map((link) => h("li", {}, `${ctx.seatName(link.seat)}: ${link.name || link.card || "reaction"}`))) : null);
  const mayReact = (rw.may_react || []).includes(ctx.seat);
  if (mayReact && reactions.length) box.append(h("p", { class: "may-react" }, mayReactText(advice, ctx)));
  // Held cards are one tap each, never folded into a list; the deck's other cards are quiet beside them.
  const fromHand = reactions.some((g) => /in your hand/i.test(g));
  const held = fromHand ? heldCards(ctx, advice.seat, suggestions) : null;
  for (const g of reactions) {
    const mine = /in your hand/i.test(g);
    if (mine) box.append(h("p", { class: "muted" }, "From your hand:"));
    box.append(buttons(groups.get(g), ctx, false, held, !mine));
    groups.delete(g);
  }
  if (!reactions.length) box.append(h("p", { class: "waiting" }, waitingText(advice, ctx)));
  return box;
}

/**
 * The suggestion buttons, grouped; reactions (if a window is open) first and loudest.
 * @param {Advice|null} advice
 * @param {TableContext} ctx
 * @returns {HTMLElement}
 */
export function renderActions(advice, ctx) {
  const wrap = h("section", { class: "actions", "aria-label": "What you can do now" });
  if (!advice) return wrap;
  // A game may show one suggestion as several buttons (an Underworlds Attack per weapon: one tap picks both).
  const suggestions = (advice.suggestions || []).flatMap((s) => (ctx.renderer && ctx.renderer.expand && ctx.renderer.expand(s, ctx)) || [s]);
  const groups = byGroup(suggestions);
  // The cards the engine says this player holds come first ("… in your hand"), then the other reactions.
  const reactions = [...groups.keys()].filter((g) => /reaction/i.test(g)).sort((a, b) => Number(/in your hand/i.test(b)) - Number(/in your hand/i.test(a)));
  // A met objective is scored right now (its surge step comes before anything else is entered): first on screen,
  // above an open reaction step too, so the one tap that scores it is in view.
  const met = metFirst(groups, advice, ctx);
  if (met) wrap.append(met);
  const waited = (advice.waiting_for || []).includes(ctx.seat);
  if (advice.reaction_window) {
    const box = reactionBox(advice, ctx, groups, reactions, suggestions);
    if (waited && (advice.reaction_window.may_react || []).includes(ctx.seat)) box.dataset.waits = "";
    wrap.append(box);
  }
  const order = [...groups.keys()].sort((a, b) => rank(a) - rank(b));
  // Groups named "<Verb> <thing>" with the same verb ("Activate Vex", "Activate Kit"...) fold into
  // one picker: first the thing, then (in a sheet) what to do with it. Keeps the screen to one choice.
  const firstWord = (g) => g.split(" ")[0];
  const family = new Map();
  for (const g of order) {
    if (g.includes(" ") && groups.get(g).length > 1) family.set(firstWord(g), [...(family.get(firstWord(g)) || []), g]);
  }
  const folded = new Set([...family.values()].filter((gs) => gs.length > 1).flat());
  const main = waited ? mainGroup(order, groups, folded) : null;
  const more = [];
  const done = new Set();
  for (const g of order) {
    if (done.has(g)) continue;
    let block;
    if (folded.has(g)) {
      const verb = firstWord(g);
      const members = family.get(verb);
      members.forEach((m) => done.add(m));
      const grid = h("div", { class: "btn-grid" }, members.map((m) => {
        const waiting = groups.get(m).every((x) => repeats(x, ctx));
        return button(`${ctx.humanise(m.slice(verb.length + 1))}${waiting ? " (waiting to send)" : ""}`,
          () => pickFrom(m, groups.get(m), ctx), { cls: "btn", "data-group": m, disabled: waiting });
      }));
      block = h("div", { class: "group" }, h("h2", {}, `${verb}…`), grid);
    } else {
      block = h("div", { class: "group" }, h("h2", {}, ctx.humanise(g)), buttons(groups.get(g), ctx, g === main, holding(groups.get(g), ctx, advice.seat)));
    }
    // The step's own choices (their blocks marked `data-waits`) are what the table keeps in view after an entry.
    if (waited && rank(g) === 1) block.dataset.waits = "";
    if (rank(g) >= 9) more.push(block); else wrap.append(block);
  }
  if (more.length) {
    wrap.append(h("details", { class: "more-actions" },
      h("summary", { class: "btn ghost" }, "More: card effects, tokens, pushes…"), more));
  }
  if (!suggestions.length && !advice.reaction_window) {
    wrap.append(h("p", { class: "waiting", role: "status" }, waitingText(advice, ctx)));
  }
  return wrap;
}

/** The one group the game waits on this phone for (its step's own choices): only its choice is marked primary (a
 *  game's shortcut to a choice also in the picker, an Underworlds fighter's Attack, never is). */
function mainGroup(order, groups, folded) {
  return order.find((g) => rank(g) === 1 && !folded.has(g) && !groups.get(g).every((x) => x.shortcut));
}

// The engine's group of the held objectives it says are met now (scoring.py): one tap scores one.
const MET_GROUP = "Objective met";

/** Suggestions by their group, in the order the engine gives them. */
function byGroup(suggestions) {
  const groups = new Map();
  for (const s of suggestions) {
    const g = s.group || "Actions";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(s);
  }
  return groups;
}

/** The met objectives' block (taken out of `groups`), when one of them is scored in one tap; else null. */
function metFirst(groups, advice, ctx) {
  const met = groups.get(MET_GROUP);
  if (!met || !met.some((s) => !s.players_judge)) return null;
  groups.delete(MET_GROUP);
  // Scored now or never (its surge step): kept in view after an entry like the step's own choices (data-waits).
  return h("div", { class: "group", "data-group-first": MET_GROUP, "data-waits": "" }, h("h2", {}, ctx.humanise(MET_GROUP)),
    buttons(met, ctx, false, holding(met, ctx, advice.seat)));
}

// Order of groups on screen: the step's own choices first, then minor steps, then table fixes
// (rank 9+: folded away under "More", as they are rare corrections and card effects).
function rank(group) {
  const g = group.toLowerCase();
  if (g.includes("reaction")) return 0;
  if (g === MET_GROUP.toLowerCase()) return 0.5;   // a met objective is scored now, before the step's other choices
  if (g === "table") return 9;
  if (g === "my hand") return 8;   // a private note, below the step's choices
  if (g.includes("objective") || g.includes("inspire")) return 5;
  return 1;
}

/** A sheet with one folded group's suggestions (e.g. what Vex can do). */
function pickFrom(group, list, ctx) {
  return sheet(ctx.humanise(group), (close) => h("div", { class: "stack" },
    h("div", { class: "btn-grid" }, list.map((s) => button(`${ctx.humanise(s.label)}${repeats(s, ctx) ? " (waiting to send)" : ""}`,
      () => { close(null); runSuggestion(s, ctx); },
      { cls: "btn", "data-suggestion": (s.event || s.template).type, disabled: !!repeats(s, ctx) }))),
    h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }))));
}

// A group offering 5+ cards by name folds them into one searchable list; its other choices stay buttons.
const cardOf = (s) => { const c = (s.event || s.template).data.card; return typeof c === "string" ? c : null; };

/** Names of the cards the seat holds: those it said (the view shows a hand only to its player and the referee),
 *  those the engine offers from its hand (a group "… in your hand") and upgrades its fighters have. */
function heldCards(ctx, seat, suggestions = []) {
  const view = ctx.view || {};
  seat = seat || ctx.seat;
  const theirs = view.seats?.[seat];
  const said = Object.values((theirs && theirs.cards) || {}).flat();
  const upgrades = Object.values(view.fighters || {}).filter((f) => f.seat === seat).flatMap((f) => f.upgrades || []);
  return new Set([...said, ...upgrades, ...suggestions.filter((s) => /in your hand/i.test(s.group || "")).map(cardOf)]
    .filter((n) => typeof n === "string"));
}

/** The held cards when this group offers at least one of them by name (its other cards are then quiet), else null. */
function holding(list, ctx, seat) {
  const held = heldCards(ctx, seat);
  return list.some((s) => held.has(cardOf(s))) ? held : null;
}

/** Sheet: search the cards offered by name, those the player said they hold first. */
function pickCard(list, ctx) {
  // The cards held by the seat these plays are for (the referee enters for another seat).
  const held = heldCards(ctx, list.length ? (list[0].event || list[0].template).by : ctx.seat);
  list = [...list].sort((a, b) => Number(held.has(cardOf(b))) - Number(held.has(cardOf(a))));
  return sheet("Cards by name", (close) => {
    const items = list.map((s) => button([ctx.humanise(s.label), held.has(cardOf(s)) ? h("small", { class: "badge" }, "in hand") : ""],
      () => { close(null); runSuggestion(s, ctx); }, { cls: "btn", "data-card": cardOf(s) }));
    const input = h("input", { type: "search", "aria-label": "Search cards by name", placeholder: "Type part of the name", oninput: () => {
      const q = input.value.trim().toLowerCase();
      items.forEach((el) => { el.hidden = !el.textContent.toLowerCase().includes(q); });
    } });
    return h("div", { class: "stack" }, input, h("div", { class: "btn-grid one" }, items),
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" })));
  });
}

/** A group's buttons. Five or more cards by name fold into one searchable list (unless `fold` is false); beside
 *  cards the player holds, a card it does not hold is a small quiet button under "Not in your hand" (a mis-tap
 *  waiting to happen otherwise); explicit passes ("No reaction", "Pass": the step also closes when play goes on)
 *  come last, small and quiet: a secondary control, never the one thing to tap. */
function buttons(list, ctx, main = false, held = null, fold = true) {
  const named = list.filter(cardOf);
  if (fold && named.length > 4) {
    // The cards the player holds stay one tap each beside the searchable list of all (held first there too).
    const mine = held ? named.filter((s) => held.has(cardOf(s))) : [];
    const grid = buttons([...mine, ...list.filter((s) => !cardOf(s))], ctx, false, held, false);
    grid.insertBefore(button(`Pick a card by name (${named.length})`, () => pickCard(named, ctx),
      { cls: main && !mine.length ? "btn primary" : "btn", "data-action": "pick-card" }), grid.children[mine.length] || null);
    return grid;
  }
  const one = (s, cls) => {
    const waiting = repeats(s, ctx);
    return button(`${ctx.humanise(s.label)}${waiting ? " (waiting to send)" : ""}`, (e) => {
      const el = /** @type {HTMLButtonElement} */ (e.currentTarget);
      el.disabled = true;
      Promise.resolve(runSuggestion(s, ctx)).finally(() => { el.disabled = false; });
    }, { cls, "data-suggestion": (s.event || s.template).type, disabled: !!waiting, ...(s.pass ? { "data-pass": "true" } : {}) });
  };
  const notHeld = (s) => held !== null && cardOf(s) !== null && !held.has(cardOf(s));
  const plays = list.filter((s) => !s.pass && !notHeld(s));
  const others = list.filter((s) => !s.pass && notHeld(s));
  const passes = list.filter((s) => s.pass);
  // A single choice of the group the game waits for is the primary action; any other button stays plain.
  // A met objective is prominent (one tap scores it); one whose condition has a part only the players can judge
  // is a plain button: the tap is their "yes".
  const cls = (s) => ((main && plays.length === 1) || (s.group === MET_GROUP && !s.players_judge) ? "btn primary" : "btn");
  const grid = h("div", { class: plays.length === 1 ? "btn-grid one" : "btn-grid" }, plays.map((s) => one(s, cls(s))));
  if (others.length) grid.append(h("div", { class: "row passes", "data-not-held": "" }, h("small", { class: "muted" }, "Not in your hand:"), others.map((s) => one(s, "btn ghost small"))));
  if (passes.length) grid.append(h("div", { class: "row passes" }, passes.map((s) => one(s, "btn ghost small"))));
  return grid;
}

function waitingText(advice, ctx) {
  const names = (advice.waiting_for || []).map((seat) => ctx.seatName(seat));
  return names.length ? `Waiting for ${names.join(", ")}…` : "Nothing to do right now.";
}
