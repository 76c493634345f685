// BattleLore's unit cards at set-up: typed once and saved on the server (offered again at every muster, on any
// phone, and shared by link), the unit list of each seat and the unit card form.
import { h, button, sheet, toast } from "../../dom.js";
import { api, errorText } from "../../api.js";
import { kids } from "./pieces.js";

// Unit cards saved on the server (custom kind battlelore_unit): typed once at one phone's muster,
// offered again at every muster on any phone of this server, and shared by link.
const SAVED_PATH = "/api/content/custom/battlelore_unit";

let savedList = null;     // [{id, name, link}] once loaded

let savedLoading = null;

function loadSaved() {
  if (!savedLoading) {
    savedLoading = api("GET", `${SAVED_PATH}?per_page=100`).then((r) => { savedList = latestByName(r.status === 200 ? r.body.items || [] : []); return savedList; })
      .catch(() => { savedLoading = null; return []; });
  }
  return savedLoading;
}

/** One card per unit name: the most recently saved (the listing comes newest first, one page of 100). */
function latestByName(items) {
  const out = new Map();
  for (const x of items) {
    const key = String(x.name || "").trim().toLowerCase();
    if (!out.has(key)) out.set(key, x);
  }
  return [...out.values()];
}

/** Save a typed unit card on the server; the reply's id makes its share link. Offline: kept only in the game. */
export async function saveUnit(rec, by) {
  const { slug, name, health, movement, combat, attack, range, min_range: minRange, muster, damage_tokens: tokens, legend,
    abilities, traits, faction } = rec;
  const body = { slug, name, health, movement, combat, attack, range: attack === "ranged" ? range : null, min_range: minRange ?? null,
    muster, damage_tokens: !!tokens, legend: !!legend, abilities: abilities || [], traits: traits || [], faction: faction || null,
    typed_by: String(by || "").slice(0, 40) || null };
  const reply = await api("POST", SAVED_PATH, { body }).catch(() => null);
  if (!reply || reply.status !== 201) {
    toast(reply ? `Unit card not saved on the server: ${errorText(reply)}` : "Offline: the unit card is in this game but not saved for later.", "error", 6000);
    return null;
  }
  savedList = latestByName([{ id: reply.body.id, name, link: reply.body.link, typed_by: body.typed_by }, ...(savedList || [])]);
  toast(`Saved: ${name} will be offered at every muster. Share link: ${shareLink(reply.body.id)}`, "ok", 6000);
  return reply.body.id;
}

const shareLink = (id) => new URL(`${SAVED_PATH}/${id}`, location.href).href;

/** A saved unit card's numbers, by id (or null after a toast). */
async function openSaved(id) {
  const reply = await api("GET", `${SAVED_PATH}/${encodeURIComponent(id)}`).catch(() => null);
  if (!reply) { toast("This needs the connection."); return null; }
  if (reply.status !== 200) { toast(reply.status === 404 ? "There is no saved unit card with that link." : errorText(reply)); return null; }
  const { typed_by: _by, ...rec } = reply.body.payload || {};
  return rec;
}

/** A saved card's id from a pasted share link or the id itself. */
const savedId = (text) => { const m = String(text || "").trim().match(/^(?:.*battlelore_unit\/)?([\w-]{1,64})$/); return m ? m[1] : null; };

const sameUnit = (a, b) => String(a || "").trim().toLowerCase() === String(b || "").trim().toLowerCase();

const slugify = (name) => String(name || "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "unit";

// -- the board ----------------------------------------------------------------------------------

export function unitList(view, seat, c) {
  const cat = view.seats[seat].catalogue || {};
  const recs = Object.values(cat);
  const mine = seat === c.seat || c.isReferee;
  const canEnter = mine && !c.readOnly && c.submit && ["scenario", "first_player", "muster"].includes(view.phase) && view.seats[seat].army == null;
  const section = h("section", { class: "card", "aria-label": "Unit cards", id: `units-${seat}` });
  const fill = async (item) => {
    const rec = await openSaved(item.id);
    if (rec) await c.submit("unit_card", { unit: rec }, c.isReferee && seat !== c.seat ? { by: seat } : undefined);
  };
  const draw = () => {
    const saved = savedList || [];
    const extra = saved.filter((x) => !recs.some((u) => sameUnit(u.name, x.name)));
    section.replaceChildren(...kids(
      h("h2", {}, "Unit cards"),
      recs.length ? h("ul", { class: "list" }, recs.map((u) => {
        const gaps = ["health", "movement", "combat", "attack", "muster"].filter((k) => u[k] == null);
        const known = gaps.length ? saved.find((x) => sameUnit(x.name, u.name)) : null;
        return h("li", { "data-slug": u.slug }, h("b", {}, u.name || u.slug), " ",
          gaps.length ? h("span", { class: "error" }, `numbers not known: ${gaps.join(", ")}`) :
            h("span", { class: "muted" }, `${u.health} ${u.damage_tokens ? "health" : "figures"} · move ${u.movement} · ${u.combat} dice ${u.attack}${u.attack === "ranged" ? ` range ${u.range}` : ""} · ${u.muster} pts`),
          // a name for speech starts with the words the button shows, then says which unit
          canEnter && known ? button("Fill from the saved card", () => fill(known), { cls: "btn small primary", "data-action": "fill-saved", aria: `Fill from the saved card: ${u.name}` }) : null,
          !gaps.length && typedBy(saved, u) ? h("small", { class: "muted", "data-typed-by": "" }, ` · typed by ${typedBy(saved, u)}`) : null,
          canEnter && known && known.typed_by ? h("small", { class: "muted", "data-typed-by": "" }, ` (typed by ${known.typed_by})`) : null,
          // a correction is saved anew: the newest card of a name is the one every later game is offered
          canEnter ? button(gaps.length ? "Type the numbers" : "Correct", () => enterUnit(c, u),
            { cls: "btn small", aria: gaps.length ? `Type the numbers of ${u.name}` : `Correct ${u.name}` }) : null);
      })) : h("p", { class: "muted" }, "No units yet: type each unit reference card once; the server keeps it for every muster."),
      canEnter && fillable(recs, saved).length > 1 ? button(`Fill all ${fillable(recs, saved).length} from the saved cards`, async (e) => {
        /** @type {HTMLButtonElement} */ (e.currentTarget).disabled = true;
        for (const item of fillable(recs, saved)) await fill(item);
      }, { cls: "btn primary", "data-action": "fill-all-saved" }) : null,
      canEnter && extra.length ? h("div", { class: "stack", "data-saved-units": "" },
        h("p", { class: "muted", style: "margin:0" }, "Unit cards saved on this server:"),
        h("div", { class: "row" }, extra.map((x) => button(`+ ${x.name}${x.typed_by ? ` (${x.typed_by})` : ""}`, () => fill(x),
          { cls: "btn small", "data-saved": x.id, aria: `+ ${x.name}${x.typed_by ? `, typed by ${x.typed_by}` : ""}` })))) : null,
      canEnter ? h("div", { class: "row" },
        button("+ Unit card", () => enterUnit(c, null), { cls: "btn", "data-action": "add-unit" }),
        button("Open a shared unit card", async () => {
          const id = await askSharedId();
          if (id) await fill({ id });
        }, { cls: "btn", "data-action": "open-unit" })) : null));
  };
  draw();
  if (savedList !== null) section.dataset.savedLoaded = "";
  else if (canEnter) loadSaved().then(() => { if (section.isConnected) { draw(); section.dataset.savedLoaded = ""; } });
  return section;
}

/** Who typed the saved card this unit's numbers came from (null when none matches them). */
function typedBy(saved, u) {
  const x = saved.find((y) => sameUnit(y.name, u.name));
  return x && x.typed_by ? x.typed_by : null;
}

/** Saved cards for the units whose numbers are not known yet: one tap fills them all. */
function fillable(recs, saved) {
  const gap = (u) => ["health", "movement", "combat", "attack", "muster"].some((k) => u[k] == null);
  return recs.filter(gap).map((u) => saved.find((x) => sameUnit(x.name, u.name))).filter(Boolean);
}

/** A sheet asking for a shared unit card's link or id; the id, or null. */
function askSharedId() {
  return sheet("Open a shared unit card", (close) => {
    const input = h("input", { id: "shared-unit", autocomplete: "off", "aria-label": "Share link or id" });
    return h("div", { class: "stack" }, h("label", { class: "field" }, h("span", {}, "Share link or id"), input),
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }),
        button("Open", () => {
          const id = savedId(input.value);
          if (!id) { toast("Paste the unit card's link or type its id."); return; }
          close(id);
        }, { cls: "btn primary", "data-action": "open-shared" })));
  }, { label: "Shared unit card" });
}

/** The unit reference card form; submits unit_card and saves the card on the server for later musters. */
async function enterUnit(c, current) {
  const saved = current && (savedList || []).find((x) => sameUnit(x.name, current.name));
  const rec = await unitForm(current, saved && saved.typed_by);
  if (!rec) return null;
  // saved first, so the unit list the entry redraws already knows who typed the card
  await saveUnit(rec, typist(c));
  return c.submit("unit_card", { unit: rec });
}

/** Who is typing a card on this phone: the seat's player (the referee's desk says so). */
export const typist = (c) => (c.seat && c.seatName ? c.seatName(c.seat) : "the referee");

// The values a unit reference card can carry, offered as one tap each (suggest.unit_card_template's choices), and
// the usual ones preselected, so a card costs a tap only for each number that differs from them, plus Save.
const CARD_VALUES = { health: [1, 2, 3, 4, 5, 6], movement: [0, 1, 2, 3, 4], combat: [1, 2, 3, 4, 5],
  muster: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] };

const USUAL = { health: 4, movement: 1, combat: 3, attack: "melee", range: null, muster: 5 };

const LEGEND_HEALTH = [3, 4, 5, 6, 7, 8];

// Melee, or ranged with its range: one choice, since a ranged card always names its range (Combat, 1).
const ATTACKS = [["melee", null, "Melee"], ...[2, 3, 4, 5].map((r) => ["ranged", r, `Ranged ${r}`])];

/** One row of choices of the unit card form: a tap on a value picks it (values: a number, or
 *  [value, text, spoken, ...] where the rest is the row's own). */
function choiceRow(key, label, values, isOn, pick) {
  const group = h("div", { class: "seg", role: "radiogroup", "aria-label": label });
  const draw = () => group.replaceChildren(...values.map((v) => {
    const [value, text, spoken] = Array.isArray(v) ? v : [v, String(v)];
    return button(text, () => { pick(v); draw(); },
      { cls: "btn", role: "radio", "aria-checked": String(isOn(v)), "data-field": key, "data-value": String(value),
        aria: `${label}: ${spoken || text}` });
  }));
  draw();
  return h("fieldset", {}, h("legend", {}, label), group);
}

/** The form's rows for the card `u` (changed in place): health (or a legend's), the numbers, the attack. */
function cardRows(u, tokens) {
  const withOwn = (values, v) => (values.includes(v) ? values : [...values, v].sort((a, b) => a - b));
  const num = (key, label) => choiceRow(key, label, withOwn(CARD_VALUES[key], u[key]), (v) => u[key] === v, (v) => { u[key] = v; });
  // Health, or a legend's: a legend unit is 1 figure (Mustering and deployment, 4) whose health is kept as damage
  // tokens (Damage), so "legend, health 5" is one choice, as a ranged attack and its range are
  const plain = u.legend ? CARD_VALUES.health : withOwn(CARD_VALUES.health, u.health);
  const legends = u.legend ? withOwn(LEGEND_HEALTH, u.health) : LEGEND_HEALTH;
  const health = choiceRow("health", "Health (figures)",
    [...plain.map((n) => [String(n), String(n), String(n), n, false]),
      ...legends.map((n) => [`legend-${n}`, `♛${n}`, `legend, health ${n}`, n, true])],
    (v) => u.health === v[3] && !!u.legend === v[4],
    (v) => {
      if (v[4]) u.damage_tokens = true; else if (u.legend) u.damage_tokens = false;
      u.health = v[3]; u.legend = v[4]; tokens.checked = u.damage_tokens;
    });
  const attack = choiceRow("attack", "Attack", ATTACKS.map(([a, r, text]) => [`${a}${r ?? ""}`, text, text, a, r]),
    (v) => u.attack === v[3] && (v[3] === "melee" || u.range === v[4]),
    (v) => { u.attack = v[3]; u.range = v[4]; });
  return { health, attack, movement: num("movement", "Movement"), combat: num("combat", "Combat value (dice)"),
    muster: num("muster", "Muster points") };
}

/** The unit reference card form: a tap per value that differs from the usual one, then Save; the record or null. */
export function unitForm(current, by) {
  /** @type {Object<string, *>} */
  const u = { name: "", ...USUAL, min_range: 1, damage_tokens: false, legend: false, abilities: [],
    // numbers a content card leaves unknown (null) start from the usual values instead
    ...Object.fromEntries(Object.entries(current || {}).filter(([, v]) => v !== null && v !== undefined)) };
  delete u.typed_by;
  return sheet(current ? `Unit card: ${current.name}` : "New unit card", (close) => {
    const tokens = h("input", { type: "checkbox", checked: u.damage_tokens, onchange: (e) => { u.damage_tokens = e.target.checked; } });
    const rows = cardRows(u, tokens);
    // A unit the content knows by name asks only for what it does not know; a complete card shows everything.
    // (a melee card has no range: its null range is no gap)
    const gaps = current ? ["health", "movement", "combat", "attack", "range", "muster"]
      .filter((k) => current[k] == null && !(k === "range" && current.attack === "melee")) : [];
    const ask = (key) => !gaps.length || gaps.includes(key);
    return h("div", { class: "stack", "data-form": "unit" }, ...kids(
      gaps.length && current.name ? null : h("label", { class: "field" }, h("span", {}, "Name"),
        h("input", { id: "unit-name", value: u.name, maxlength: 60, autocomplete: "off", oninput: (e) => { u.name = e.target.value; } })),
      ["health", "movement", "combat"].map((k) => (ask(k) ? rows[k] : null)),
      ask("attack") || ask("range") ? rows.attack : null, ask("muster") ? rows.muster : null,
      h("label", { class: "check" }, tokens, "Damage token icon (one figure, never weak)"),
      h("label", { class: "field" }, h("span", {}, "Abilities and traits (comma separated, e.g. flying, unyielding)"),
        h("input", { value: (u.abilities || []).join(", "), maxlength: 200, oninput: (e) => { u.abilities = e.target.value.split(",").map((x) => x.trim().toLowerCase()).filter(Boolean); } })),
      by ? h("p", { class: "muted", style: "margin:0" }, `Saved on this server for every later game, typed by ${by}.`) : null,
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }),
        button("Save unit", () => {
          if (!u.name.trim()) { toast("Give the unit its name."); return; }
          /** @type {Object<string, *>} */
          const rec = { ...u, name: u.name.trim(), slug: current && current.slug ? current.slug : slugify(u.name) };
          if (rec.attack !== "ranged") { rec.range = null; }
          close(rec);
        }, { cls: "btn primary", "data-action": "save-unit" }))));
  }, { label: "Unit card" });
}
