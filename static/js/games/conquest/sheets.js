// Conquest's entry sheets: the card form for what a player deploys, plays or attaches from hand, an action's
// form and the shield form.
import { h, button, sheet } from "../../dom.js";
import { stepper } from "../../actions.js";
import { loadPool, cardPicker, cardFromData, unknownNumbers, pickedSummary } from "./cards.js";
import { capital as cap } from "../../words.js";
import { KEYWORDS, unit, unitName, planetName } from "./pieces.js";

/** The player's faction and whether the table uses community cards (from the view). */
function poolFor(c) {
  const seat = c.view && c.view.seats && c.view.seats[c.seat];
  return loadPool(seat && seat.faction, !!(c.view && c.view.community_cards));
}

// Which data card types a template's card type takes.
const DATA_TYPES = { army: ["army_unit"], support: ["support"], attachment: ["attachment"], token: ["token"] };

/** Whether a picked card still asks something before it can be entered (a number the data lacks, Area Effect X). */
function asksMore(picked) {
  return unknownNumbers(picked, ["cost", "hp"]).length > 0 || (picked.keywords || []).includes("area effect x");
}

/** The player's starter deck ({faction}) when the seat plays one (its cards are listed before anything is typed). */
function starterOf(c) {
  const seat = c.view && c.view.seats && c.view.seats[c.seat];
  return seat && seat.starter_deck && seat.faction ? { faction: seat.faction } : null;
}

/** The player's resources: the cards a search lists first are those the pool can pay for. */
function resourcesOf(c) {
  const seat = c.view && c.view.seats && c.view.seats[c.seat];
  return seat && typeof seat.resources === "number" ? seat.resources : null;
}

/** Deploy / put into play: pick the card by name (numbers from the data) or type it in. */
export async function cardForm(s, c) {
  const pool = await poolFor(c);
  const t = s.template;
  const data = JSON.parse(JSON.stringify(t.data || {}));
  data.card = data.card || {};
  const base = JSON.parse(JSON.stringify(data.card));
  const choices = s.choices || {};
  // What the form's parts share: the entry being built (data.card is the card entered), what the engine asks
  // and offers, the card picked by name, and (once the sheet is open) its Enter button.
  const f = { c, data, fields: s.fields || {}, choices, picked: null,
    offered: new Set((choices["card.keywords"] || []).flat()),
    fixed: (choices["card.keywords"] || []).length ? (choices["card.keywords"][0] || []) : (base.keywords || []) };
  const typed = () => {
    const card = data.card = { ...JSON.parse(JSON.stringify(base)), keywords: [...f.fixed], name: "" };
    for (const key of ["cost", "attack", "hp", "command"]) {
      const field = f.fields[`card.${key}`];
      if (field && card[key] === undefined) card[key] = key === "hp" ? Math.max(field.min, Math.min(field.max, 2)) : field.min;
    }
  };
  typed();
  return sheet(s.label, (close) => {
    const body = h("div", { class: "stack cq-form" });
    f.close = close;
    f.confirm = button("Enter", () => close(data), { cls: "btn primary", "data-action": "confirm" });
    f.ready = () => {
      f.confirm.disabled = !String(data.card.name || "").trim() || Object.keys(choices).some((p) => p !== "card.keywords" && p !== "card.traits" &&
        p.split(".").reduce((o, k) => (o == null ? undefined : o[k]), data) === undefined);
    };
    function render() {
      const parts = f.picked
        ? [pickedSummary(f.picked, () => { f.picked = null; typed(); render(); }),
          cardNumbers(f, unknownNumbers(f.picked, ["cost", "hp"]), true), areaEffectX(data.card)]
        : [cardPicker(pool, { types: DATA_TYPES[base.type], afford: t.type === "deploy" ? resourcesOf(c) : null, deck: starterOf(c), onpick: (d) => {
          f.picked = d;
          data.card = { ...cardFromData(d, base.type), keywords: [...new Set([...f.fixed, ...(d.keywords || [])])] };
          render();
        } }), ...typedFields(f)];
      body.replaceChildren(...[...parts, ...cardPlaces(f), h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }), f.confirm)].filter(Boolean));
      f.ready();
    }
    render();
    return body;
  });
}

/** Steppers for the template's number fields; a picked unit whose HP the data lacks is asked for it even where
 *  the template has no HP field. (An X cost is asked only where a cost is paid.) */
function cardNumbers(f, keys, picking = false) {
  const card = f.data.card;
  const row = h("div", { class: "cq-steppers" });
  for (const [key, label] of [["cost", "Cost"], ["attack", "ATK"], ["hp", "HP"], ["command", "Command icons"]]) {
    const field = f.fields[`card.${key}`] || (picking && key === "hp" ? { min: 1, max: 10 } : null);
    if (!field || !keys.includes(key)) continue;
    if (card[key] === undefined) card[key] = key === "hp" ? Math.max(field.min, 2) : field.min;
    row.append(h("fieldset", { "data-stepper": key }, h("legend", {}, label),
      stepper(() => card[key], (v) => { card[key] = v; }, field.min, field.max, label)));
  }
  return row;
}

/** Where the card goes (a planet, or the unit it attaches to); with nothing else to ask, the tap enters it. */
function cardPlaces(f) {
  const { c, data, choices, picked } = f;
  const out = [];
  for (const path of ["planet", "attach_to"]) {
    let values = choices[path];
    if (!values) continue;
    if (path === "attach_to" && picked && (picked.attach_to || []).length) {
      // The card's data says what it attaches to (army units, warlords, tokens...): offer only those.
      const kindOf = (id) => (unit(c.view, id) || (c.view.cards || {})[id] || {}).kind;
      const fits = values.filter((v) => picked.attach_to.includes(kindOf(v)));
      if (fits.length) values = fits;
      if (!values.includes(data.attach_to)) delete data.attach_to;
    }
    const group = h("div", { class: "btn-grid", role: "radiogroup", "aria-label": path === "planet" ? "Planet" : "Attach to" });
    if (values.length === 1) data[path] = values[0];
    // A card picked by name with nothing left to ask: the place is the last choice, so its tap enters it.
    const last = picked && !asksMore(picked) && Object.keys(choices).filter((p) => p === "planet" || p === "attach_to").length === 1;
    const draw = () => group.replaceChildren(...values.map((v) => {
      const on = data[path] === v;
      return button(path === "planet" ? planetName(c.view, v, false) : unitName(c.view, v),
        () => { data[path] = v; draw(); f.ready(); if (last && !f.confirm.disabled) f.close(data); },
        { cls: "btn", role: "radio", "aria-checked": String(on), "data-field": path, ...(last ? { "data-enters": "" } : {}) });
    }));
    draw();
    out.push(h("fieldset", {}, h("legend", {}, path === "planet" ? (last ? "Planet (tap to enter)" : "Planet")
      : (last ? "Attach to (tap to enter)" : "Attach to")), group));
  }
  return out;
}

/** Area Effect (X): the card sets X as it plays; the engine needs the number now. */
function areaEffectX(card) {
  if (!card.keywords.includes("area effect x")) return null;
  let x = 1;
  card.keywords = [...card.keywords.filter((k) => k !== "area effect x"), "area effect 1"];
  return h("fieldset", { "data-stepper": "area-effect" }, h("legend", {}, "Area Effect X (its value now)"),
    stepper(() => x, (v) => {
      x = v;
      card.keywords = [...card.keywords.filter((k) => !k.startsWith("area effect")), `area effect ${v}`];
    }, 1, 9, "Area Effect"));
}

/** A card typed in: its name, numbers, keywords (those the engine offers), Relic and Unique. */
function typedFields(f) {
  const card = f.data.card;
  const choices = f.choices;
  /** @type {HTMLElement[]} */
  const out = [h("label", { class: "field" }, h("span", {}, "Card name (not in the list)"),
    h("input", { maxlength: 80, "data-field": "card.name", autocomplete: "off", oninput: (e) => { card.name = e.target.value; f.ready(); } })),
  cardNumbers(f, ["cost", "attack", "hp", "command"])];
  const unitCard = card.type === "army" || card.type === "token";
  if (unitCard || f.offered.size) out.push(...keywordFields(f));
  if (choices["card.traits"] && choices["card.traits"].some((x) => x.length)) {
    out.push(h("label", { class: "check" }, h("input", { type: "checkbox", onchange: (e) => { card.traits = e.target.checked ? ["Relic"] : []; } }), "Relic"));
  }
  out.push(h("label", { class: "check" }, h("input", { type: "checkbox", onchange: (e) => { card.unique = e.target.checked; } }), "Unique"));
  return out;
}

/** The keywords a typed card can have (its fixed ones pressed for good), and an Area Effect value when offered. */
function keywordFields(f) {
  const card = f.data.card;
  const { offered, fixed } = f;
  const out = [];
  const kwBox = h("div", { class: "btn-grid", role: "group", "aria-label": "Keywords" });
  const allowed = KEYWORDS.filter((k) => fixed.includes(k) || offered.has(k));
  const draw = () => kwBox.replaceChildren(...allowed.map((k) => {
    const on = card.keywords.includes(k);
    return button(cap(k), () => {
      if (fixed.includes(k)) return;
      card.keywords = on ? card.keywords.filter((x) => x !== k) : [...card.keywords, k];
      draw();
    }, { cls: "btn small", "aria-pressed": String(on), "data-keyword": k });
  }));
  draw();
  out.push(h("fieldset", {}, h("legend", {}, "Keywords"), kwBox));
  if ([...offered].some((k) => k.startsWith("area effect"))) {
    let ae = 0;
    out.push(h("fieldset", { "data-stepper": "area-effect" }, h("legend", {}, "Area Effect value (0 = none)"),
      stepper(() => ae, (v) => {
        ae = v;
        card.keywords = [...card.keywords.filter((k) => !k.startsWith("area effect")), ...(v ? [`area effect ${v}`] : [])];
      }, 0, 5, "Area Effect")));
  }
  return out;
}

/** Use an action: an event card from hand picked by name (its cost, Limited), or a card in play. */
export async function actionForm(s, c) {
  const pool = await poolFor(c);
  const data = JSON.parse(JSON.stringify(s.template.data || {}));
  const mine = [...Object.values(c.view.units || {}), ...Object.values(c.view.cards || {})].filter((x) => x.owner === c.seat);
  let picked = null;
  return sheet(s.label, (close) => {
    const body = h("div", { class: "stack cq-form" });
    const confirm = button("Enter", () => close(data), { cls: "btn primary", "data-action": "confirm" });
    const ready = () => { confirm.disabled = !String(data.card || "").trim(); };
    const pickEvent = (d) => {
      picked = d;
      Object.assign(data, { card: d.name, cost: d.cost_x ? 0 : d.cost || 0, from_hand: true, limited: (d.keywords || []).includes("limited") });
      render();
    };
    function render() {
      const parts = picked ? [pickedSummary(picked, () => { picked = null; Object.assign(data, { card: "", cost: 0, from_hand: false, limited: false }); render(); }),
        picked.cost_x ? h("fieldset", { "data-stepper": "cost" }, h("legend", {}, "Cost paid (X)"),
          stepper(() => data.cost, (v) => { data.cost = v; }, 0, 20, "Cost")) : null]
        : [cardPicker(pool, { types: ["event"], afford: resourcesOf(c), deck: starterOf(c), onpick: pickEvent, label: "Play an event card from your hand" }),
          mine.length ? h("fieldset", {}, h("legend", {}, "Or an Action on a card in play"),
            h("div", { class: "btn-grid" }, mine.map((x) => button(x.name, () => {
              Object.assign(data, { card: x.name, from_hand: false }); render();
            }, { cls: "btn", role: "radio", "aria-checked": String(data.card === x.name && !data.from_hand), "data-in-play": x.id })))) : null,
          h("label", { class: "field" }, h("span", {}, "Card name (not in the list)"),
            h("input", { maxlength: 80, "data-field": "card", value: data.from_hand ? "" : data.card || "", autocomplete: "off",
              oninput: (e) => { data.card = e.target.value; ready(); } })),
          h("fieldset", { "data-stepper": "cost" }, h("legend", {}, "Cost paid"), stepper(() => data.cost || 0, (v) => { data.cost = v; }, 0, 20, "Cost"))];
      body.replaceChildren(...[...parts, h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }), confirm)].filter(Boolean));
      ready();
    }
    render();
    return body;
  });
}

/** A shield: the card discarded from hand, picked by name (its shield icons from the data, or asked
 * for when the data has none: unit and support shields), or just its number of shield icons. */
export async function shieldForm(s, c) {
  const pool = await poolFor(c);
  const max = (s.fields && s.fields.shields && s.fields.shields.max) || 3;
  const data = { ...JSON.parse(JSON.stringify(s.template.data || {})), shields: 1 };
  let picked = null;
  return sheet(s.label, (close) => {
    const body = h("div", { class: "stack cq-form" });
    const count = () => h("fieldset", { "data-stepper": "shields" }, h("legend", {}, picked ? `Shield icons on ${picked.name}` : "Shield icons"),
      stepper(() => data.shields, (v) => { data.shields = v; }, 1, max, "Shield icons"));
    function render() {
      const known = picked && picked.shields;
      const parts = picked ? [pickedSummary(picked, () => { picked = null; delete data.card; data.shields = 1; render(); }), known ? null : count()]
        : [cardPicker(pool, { types: ["event", "attachment", "army_unit", "support"], label: "Which card do you discard?",
          deck: starterOf(c) && { ...starterOf(c), shields: true }, onpick: (d) => {
          picked = d;
          data.card = d.name;
          data.shields = d.shields ? Math.min(max, d.shields) : 1;
          render();
        } }), count()];
      body.replaceChildren(...[...parts, h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }),
        button("Enter", () => close(data), { cls: "btn primary", "data-action": "confirm" }))].filter(Boolean));
    }
    render();
    return body;
  }, { label: "Shield card" });
}
