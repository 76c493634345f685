// BattleLore Second Edition renderer: each player's VP, lore tokens and hands; units with their
// figures (or damage tokens), tokens and where they stand; the command card played and the
// ordered units; the open combat; unit cards typed once and saved on the server (offered again at
// every muster, on any phone, and shared by link); the muster
// form (18 cards, 50 points, tent, decoys); dice entry for combat rolls and counters.
// The shell (pages/play.js) calls: renderBoard, describeValue, describeEvent,
// describeConsequence, banner, stepGuide, decidedBy, scoreLine, customEntry, glorySeries.
import { h, button, sheet, toast, linkStylesheet, keptOpen } from "../../dom.js";
import { dicePad, faceSymbol } from "../../dicepad.js";
import { stepper, fillTemplate } from "../../actions.js";
import { api, errorText } from "../../api.js";
import { getGame, putGame } from "../../store.js";
import { capital } from "../../words.js";

linkStylesheet(new URL("../../../css/board.css", import.meta.url).href, "board");

const FACES = [
  ["strike", "⚔", "Strike"], ["cleave", "", "Cleave"], ["pierce", "➶", "Pierce"],
  ["morale", "⚑", "Morale"], ["lore", "✦", "Lore"], ["heroic", "★", "Heroic"],
];
const STEP_NAMES = {
  command: "Command step: play a command card", order: "Order step", move: "Move step", attack: "Attack step",
  vp: "Upkeep: victory points", lore: "Upkeep: lore step",
};
const PHASE_NAMES = {
  scenario: "Choose scenario cards", first_player: "Choose the first player", muster: "Muster armies",
  deploy: "Place units", main: "Battle", over: "Game over",
};
const TOKEN_NAMES = { poison: "Poison", stun: "Stun", bleed: "Bleed", blight: "Blight", panic: "Panic", shield: "Shield" };
const RETREAT_ENDS = { free: "all the way", supported: "supported", blocked: "blocked" };
const MUSTER = { points: 50, tent: 5, cards: 18, decoys: 11, maxLore: 5 };
const DRAFTS = {}; // muster form drafts by game and seat

// -- helpers ------------------------------------------------------------------------------------

const unitOf = (view, uid) => (view && view.units && view.units[uid]) || null;
const isUnitId = (v, view) => typeof v === "string" && !!unitOf(view, v);
/** Children without the empty ones (replaceChildren would print "null"). */
const kids = (...xs) => xs.flat(Infinity).filter((x) => x !== null && x !== undefined && x !== false);
const words = (s) => String(s ?? "").replace(/_/g, " ");

/**
 * "p1.spearmen-2" -> "Spearmen 2" (the number only when the player has more than one).
 * @param {object} view
 * @param {string} uid
 * @returns {string}
 */
export function unitName(view, uid) {
  const u = unitOf(view, uid);
  if (!u) return typeof uid === "string" ? uid.split(".").slice(1).join(".").replace(/-/g, " ") : String(uid);
  const same = Object.values(view.units).filter((x) => x.seat === u.seat && x.slug === u.slug).length;
  const n = uid.split("-").pop();
  return same > 1 ? `${u.name} ${n}` : u.name;
}

function terrainName(view, value) {
  const f = view && view.features && view.features[value];
  if (f) return `${f.name}${f.owner ? ` (${f.owner.toUpperCase()})` : ""}`;
  return words(value);
}

function left(u) { return Math.max(0, u.health - u.damage); }
function weak(u) {
  if ((u.tokens || []).includes("blight")) return true;
  if ((u.abilities || []).includes("unyielding") || u.damage_tokens) return false;
  return left(u) === 1;
}

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
async function saveUnit(rec, by) {
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

function seatHead(view, seat, c) {
  const s = view.seats[seat];
  const stat = (value, label, aria, cls = "stat") => h("div", { class: cls, "aria-label": aria }, h("b", {}, String(value)), h("small", {}, label));
  return h("div", { class: "seat-head" },
    h("span", { class: "name" }, c.seatName(seat), seat === c.seat ? h("span", { class: "muted", style: "font-size:.85rem" }, " (you)") : null),
    h("div", { class: "stats" },
      stat(s.vp, "VP", `${s.vp} victory points`, "stat glory"),
      stat(s.lore, "lore", `${s.lore} lore tokens`),
      stat(s.command_cards, "cmd", `${s.command_cards} command cards in hand`),
      stat(s.lore_cards, "lore cards", `${s.lore_cards} lore cards in hand`)));
}

function seatFacts(view, seat) {
  const s = view.seats[seat];
  const bits = [];
  if (s.faction) bits.push(capital(s.faction));
  if (s.scenario) bits.push(s.scenario === "chosen" ? "scenario chosen" : `scenario ${s.scenario}${s.scenario_name ? ` (${s.scenario_name})` : ""}`);
  if (view.first === seat) bits.push("first player");
  const tent = view.features && view.features[`${seat}.tent`];
  if (tent) bits.push(tent.removed ? "command tent lost" : "command tent");
  return bits.length ? h("div", { class: "muted", style: "font-size:.9rem;margin-top:2px" }, bits.join(" · ")) : null;
}

function unitCard(view, uid, c) {
  const u = view.units[uid];
  const name = unitName(view, uid);
  const n = left(u);
  const pos = u.pos;
  const flags = [];
  if (view.ordered.includes(uid)) flags.push("Ordered");
  if (view.moved.includes(uid)) flags.push("Moved");
  if (view.attacked.includes(uid)) flags.push("Attacked");
  const inCombat = view.combat && (view.combat.attacker === uid || view.combat.target === uid);
  const health = u.damage_tokens ? `${n}/${u.health} health` : `${n}/${u.health} figures`;
  // Compact: two units side by side on a phone; numbers big enough to read across the table.
  return h("article", { class: `fighter${u.alive ? "" : " ooa"}`, "aria-label": `${name}: ${u.alive ? health : "eliminated"}`,
    "data-unit": uid, style: `padding:8px 10px;${inCombat ? "border-color: var(--accent)" : ""}` },
    h("div", { class: "fname", style: "font-size:1rem" }, u.legend ? "♛ " : "", name),
    u.alive ? h("div", { style: "display:flex;align-items:baseline;gap:6px" },
      h("b", { style: "font-size:1.6rem" }, String(n)),
      h("small", { class: "muted" }, `/${u.health} ${u.damage_tokens ? "health" : "figures"}`)) : null,
    u.alive ? h("div", { class: `hp${n <= 1 ? " low" : ""}` }, h("i", { style: `width:${u.health ? (100 * n) / u.health : 0}%` })) : null,
    h("div", { class: "chars", style: "font-size:.85rem" },
      `M${u.movement} · ${u.combat} dice ${u.attack === "ranged" ? `ranged ${u.min_range || 1}-${u.range}` : "melee"}`),
    u.alive && pos ? h("div", { class: "muted", style: "font-size:.85rem" },
      `${capital(pos.section)} · ${terrainName(view, pos.feature || pos.terrain)}${pos.banner ? ` · ⚑${pos.banner}` : ""}`) : null,
    h("div", {},
      !u.alive ? h("span", { class: "badge ooa" }, "Eliminated") : null,
      u.alive && weak(u) ? h("span", { class: "badge ooa" }, "Weak") : null,
      (u.tokens || []).map((t) => h("span", { class: "badge token", "data-token": t }, TOKEN_NAMES[t] || t)),
      flags.map((f) => h("span", { class: "badge inspired" }, f))));
}

const TURN_STEPS = [["command", "Command"], ["order", "Order"], ["move", "Move"], ["attack", "Attack"],
  ["vp", "VP & draw"], ["lore", "Lore"]];

function turnPanel(view, c) {
  if (view.phase !== "main") return null;
  const cmd = view.command;
  const ordered = view.ordered || [];
  const at = TURN_STEPS.findIndex(([id]) => id === view.step);
  return h("section", { class: "card step-guide", "aria-label": "This turn", id: "turn-panel" },
    h("h2", {}, `Turn ${view.turn}: ${c.seatName(view.active)}`),
    h("ol", { class: "steps", style: "display:flex;flex-wrap:wrap;gap:4px 14px;list-style:none;padding:0;margin:4px 0" },
      TURN_STEPS.map(([id, text], i) => h("li", { "data-step": id,
        "aria-current": i === at ? "step" : null, style: i === at ? "font-weight:700;color:var(--accent)" : i < at ? "opacity:.55" : null },
      `${i < at ? "✓ " : ""}${text}`))),
    cmd ? h("p", { "data-command": cmd.section },
      h("b", {}, cmd.card || "Command card"), cmd.resolve === false ? " — played to order 1 unit anywhere" :
        ` — orders ${cmd.units} unit${cmd.units === 1 ? "" : "s"} ${cmd.section === "any" ? "anywhere" : `in the ${cmd.section} section`}`) :
      h("p", { class: "muted" }, "No command card played yet."),
    ordered.length ? h("p", {}, h("b", {}, "Ordered: "), ordered.map((u) => unitName(view, u)).join(", ")) : null,
    view.combat ? combatPanel(view, c) : null);
}

function combatPanel(view, c) {
  const cb = view.combat;
  const stage = { defend: `${c.seatName(cb.waiting)} resolves the hits`, counter: `${c.seatName(cb.waiting)} may counter`,
    advance: `${c.seatName(cb.waiting)} may advance` }[cb.stage];
  return h("div", { class: "preview", role: "region", "aria-label": "Combat", id: "combat-panel" },
    h("div", { class: "result" }, `${cb.counter ? "Counter" : "Attack"}: ${unitName(view, cb.attacker)} → ${unitName(view, cb.target)}`),
    h("div", { class: "dice", "aria-label": "Rolled" }, (cb.roll || []).map((f) => faceTile(f))),
    h("div", {}, `${Math.max(0, cb.damage)} damage · ${Math.max(0, cb.retreats)} retreat${cb.retreats === 1 ? "" : "s"} · ${cb.lore} lore`,
      cb.weak_attacker ? " · weak attacker (no cleave damage)" : "",
      (cb.auto_ignored || []).length ? ` · ignored by ${cb.auto_ignored.join(", ")}` : ""),
    h("div", { class: "muted" }, stage));
}

function faceTile(face) {
  const [, sym, name] = FACES.find((x) => x[0] === face) || [face, "?", face || "?"];
  return h("span", { class: "die", "data-face": face, "aria-label": name }, faceSymbol(face, sym), h("span", {}, name));
}

// -- setup: unit cards and mustering -------------------------------------------------------------

function unitList(view, seat, c) {
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
const typist = (c) => (c.seat && c.seatName ? c.seatName(c.seat) : "the referee");

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
function unitForm(current, by) {
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

function musterForm(view, seat, c) {
  const s = view.seats[seat];
  if (view.phase !== "muster" || s.army != null || seat !== c.seat || c.readOnly || !c.submit) return null;
  const usable = Object.values(s.catalogue || {}).filter((u) => ["health", "movement", "combat", "attack", "muster"].every((k) => u[k] != null));
  const prebuilt = !!(view.options && view.options.prebuilt);
  // The draft survives re-renders (the other phone's events redraw the board while you count).
  const key = `${c.gameId || ""}|${seat}`;
  if (!DRAFTS[key]) DRAFTS[key] = { army: {}, tent: false };
  const st = DRAFTS[key];
  const totals = h("div", { class: "preview", "aria-live": "polite", id: "muster-totals" });
  const send = button("Muster this army", () => {
    const cards = Object.values(st.army).reduce((a, b) => a + b, 0);
    const data = { army: { ...st.army }, command_tent: st.tent };
    if (!prebuilt) data.decoys = Math.max(0, MUSTER.cards - cards - (st.tent ? 1 : 0));
    c.submit("muster", data);
  }, { cls: "btn primary", "data-action": "muster" });
  const update = () => {
    const cards = Object.values(st.army).reduce((a, b) => a + b, 0);
    const cost = usable.reduce((a, u) => a + (st.army[u.slug] || 0) * u.muster, 0);
    const budget = MUSTER.points + (st.tent ? MUSTER.tent : 0);
    const decoys = MUSTER.cards - cards - (st.tent ? 1 : 0);
    const problems = [];
    if (!prebuilt) {
      if (cost > budget) problems.push(`${cost - budget} points over`);
      if (decoys < 0) problems.push(`${-decoys} cards too many`);
      if (decoys > MUSTER.decoys) problems.push(`needs ${decoys - MUSTER.decoys} more unit card${decoys - MUSTER.decoys > 1 ? "s" : ""} (only ${MUSTER.decoys} decoys)`);
    }
    totals.className = `preview${problems.length ? " bad" : ""}`;
    totals.replaceChildren(...kids(
      h("div", { class: "result" }, prebuilt ? `${cards} units` : `${cost} / ${budget} points · ${cards + (st.tent ? 1 : 0)} of 18 cards + ${Math.max(0, decoys)} decoys`),
      prebuilt ? null : h("div", {}, `Lore from unspent points: ${Math.min(MUSTER.maxLore, Math.max(0, budget - cost))}`),
      problems.length ? h("div", { class: "error" }, problems.join(" · ")) : null));
    send.disabled = problems.length > 0 || cards === 0;
  };
  const rows = usable.map((u) => h("div", { class: "row", "data-muster": u.slug },
    h("span", { class: "grow" }, h("b", {}, u.name), h("small", { class: "muted" }, ` ${u.muster} pts`)),
    stepper(() => st.army[u.slug] || 0, (v) => { st.army[u.slug] = v; update(); }, 0, u.cards ?? MUSTER.cards, `${u.name} cards`)));
  update();
  return h("section", { class: "card", "aria-label": "Muster your army", id: "muster-form" },
    h("h2", {}, "Muster your army"),
    h("p", { class: "muted" }, prebuilt ? "Pre-built scenario: list the units the scenario gives you." :
      "Exactly 18 deployment cards for at most 50 muster points; the rest are decoys."),
    usable.length ? rows : h("p", { class: "error" }, "Enter your unit cards first."),
    prebuilt ? null : h("label", { class: "check" }, h("input", { type: "checkbox", checked: st.tent, onchange: (e) => { st.tent = e.target.checked; update(); } }),
      "Command tent (+5 points, one of the 18 cards)"),
    totals, send);
}

/** The scenario cards the seat may choose, a tap on one enters it (a card is all the entry says: no Enter). */
function scenarioSheet(s) {
  const codes = (s.choices && s.choices.scenario) || [];
  return sheet("Choose scenario card", (close) => h("div", { class: "stack" },
    h("p", { class: "muted", style: "margin:0" }, "The card you chose of the three you drew: it stays secret until both are chosen."),
    h("div", { class: "btn-grid", role: "group", "aria-label": "Scenario cards" },
      codes.map((code) => button(code, () => close({ scenario: code }), { cls: "btn", "data-field": "scenario", "data-value": code }))),
    h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }))), { label: "Scenario card" });
}

// -- a hex to move to: where the unit stands, clear, no banner, unless changed ----------------------

const POSITIONED = ["move", "defend", "place", "reposition"];

/** The suggestion with the likely answers chosen already (the unit's own section, clear terrain, no banner, the
 *  fewest hexes), so a move or a retreat is its button and Enter, and any choice can still be changed. */
function withDefaults(s, view) {
  const out = JSON.parse(JSON.stringify(s));
  const data = out.template.data;
  const choices = out.choices || {};
  const uid = data.unit || (s.template.type === "defend" && view.combat ? view.combat.target : null);
  const here = uid && view.units[uid] && view.units[uid].pos;
  const pick = (path, value) => {
    const values = choices[path];
    if (!values || !values.some((v) => JSON.stringify(v) === JSON.stringify(value))) return;
    const parts = path.split(".");
    let cur = data;
    for (const part of parts.slice(0, -1)) cur = (cur[part] = cur[part] && typeof cur[part] === "object" ? cur[part] : {});
    cur[parts[parts.length - 1]] = value;
  };
  if (here) pick("to.section", here.section);
  pick("to.terrain", "clear");
  pick("to.banner", 0);
  for (const path of ["hexes", "moved"]) if (choices[path]) pick(path, choices[path][0]);
  return out;
}

// -- deployment: pick a section, tap the units that go there ------------------------------------

const SECTIONS = [["left", "Left"], ["left/center", "Left/center line"], ["center", "Center"], ["center/right", "Center/right line"], ["right", "Right"]];
const PLACING = {}; // by game and seat: {section, terrain, banner, sent: Set of unit ids sent and not yet in the view}

/** As at the table: pick a section, then tap each unit that goes there (one `place` entry per unit); the hex is
 *  clear with no banner unless changed, and terrain and banner go back to that after each unit. */
function deployPanel(view, advice, c) {
  const seat = c.seat;
  const mine = view.seats && view.seats[seat];
  if (!mine || mine.deployed || c.readOnly || !c.submit) return null;
  const key = `${c.gameId || ""}|${seat}`;
  if (!PLACING[key]) PLACING[key] = { section: "left", terrain: "clear", banner: 0, open: false, sent: new Set() };
  const st = PLACING[key];
  const offer = ((advice && advice.suggestions) || []).find((x) => (x.template || x.event || {}).type === "place");
  const terrains = (offer && offer.choices && offer.choices["to.terrain"]) || ["clear"];
  const unplaced = (mine.units || []).filter((uid) => view.units[uid] && view.units[uid].pos == null && !st.sent.has(uid));
  const placed = (mine.units || []).filter((uid) => view.units[uid] && view.units[uid].pos != null);
  for (const uid of [...st.sent]) if (view.units[uid] && view.units[uid].pos != null) st.sent.delete(uid);
  for (const r of c.refused || []) if (r.envelope.type === "place" && r.envelope.data) st.sent.delete(r.envelope.data.unit);
  const panel = h("section", { class: "card", "aria-label": "Place your units", id: "deploy-panel" });
  const seg = (label, values, current, pick, field) => h("fieldset", {}, h("legend", {}, label),
    h("div", { class: "seg", role: "radiogroup", "aria-label": label }, values.map(([v, text]) =>
      button(text, () => { pick(v); redraw(); }, { cls: "btn small", role: "radio", "aria-checked": String(current === v), "data-field": field, "data-value": String(v) }))));
  const place = async (uid, el) => {
    el.disabled = true;
    st.sent.add(uid);
    const to = { section: st.section, terrain: st.terrain, banner: st.banner };
    st.terrain = "clear";
    st.banner = 0;
    st.open = false;
    redraw();
    const sent = await c.submit("place", { unit: uid, to });
    if (!sent) { st.sent.delete(uid); redraw(); }
  };
  function redraw() {
    const left = unplaced.filter((uid) => !st.sent.has(uid));
    panel.replaceChildren(...kids(
      h("h2", {}, "Place your units"),
      h("p", { class: "muted" }, left.length ? "Pick a section, then tap each unit you put there." : "Every unit is placed."),
      seg("Section", SECTIONS, st.section, (v) => { st.section = v; }, "section"),
      left.length ? h("div", { class: "btn-grid", role: "group", "aria-label": "Units to place" }, left.map((uid) =>
        button(`${unitName(view, uid)}`, (e) => place(uid, e.currentTarget),
          { cls: "btn", "data-place": uid, aria: `${unitName(view, uid)}: place in the ${words(st.section)} section` }))) : null,
      left.length ? h("details", keptOpen(Boolean(st.open), (o) => { st.open = o; }), h("summary", { style: "min-height:44px;font-weight:700;cursor:pointer" },
        `Hex: ${terrainName(view, st.terrain)}${st.banner ? `, ${st.banner} VP banner` : ", no banner"} (for the next unit)`),
      seg("Terrain", terrains.map((t) => [t, capital(terrainName(view, t))]), st.terrain, (v) => { st.terrain = v; }, "terrain"),
      seg("Banner", [[0, "None"], [1, "1 VP"], [2, "2 VP"], [3, "3 VP"]], st.banner, (v) => { st.banner = v; }, "banner")) : null,
      placed.length ? h("p", { class: "muted", "data-placed": "" }, `Placed: ${placed.map((uid) => `${unitName(view, uid)} (${words(view.units[uid].pos.section)})`).join(", ")}`) : null));
  }
  redraw();
  return panel;
}

// -- campaign: the next scenario is a new, linked game ------------------------------------------

const LETTERS = "ABCD";

function campaignPanel(view, c) {
  const camp = view.options && view.options.campaign;
  if (!camp || view.phase !== "over" || !view.winner || !(view.winner.winners || []).length) return null;
  const result = { winner: view.winner.winners[0], vp: Object.fromEntries(Object.entries(view.seats).map(([s, v]) => [s, v.vp])) };
  const history = [...(camp.history || []), result];
  const totals = {};
  for (const g of history) for (const [s, v] of Object.entries(g.vp)) totals[s] = (totals[s] || 0) + v;
  const rows = history.map((g, i) => h("li", {}, `Scenario ${LETTERS[i]}: ${c.seatName(g.winner)} won (${Object.entries(g.vp).map(([s, v]) => `${c.seatName(s)} ${v}`).join(", ")})`));
  // a finished game is read-only in the shell, but its players may still start the next scenario
  const canStart = camp.game < 4 && /^p\d$/.test(c.seat || "");
  return h("section", { class: "card", "aria-label": "Campaign", id: "campaign" },
    h("h2", {}, `Campaign: scenario ${camp.game} of 4`),
    h("ol", {}, rows),
    camp.game < 4 ? h("p", {}, `VPs so far: ${Object.entries(totals).map(([s, v]) => `${c.seatName(s)} ${v}`).join(" · ")}. ` +
      `${c.seatName(result.winner)} may choose any ${LETTERS[camp.game]} scenario card; the other player takes ${LETTERS[camp.game]}1.`) : null,
    canStart ? button(`Start scenario ${LETTERS[camp.game]}`, () => nextScenario(view, c), { cls: "btn primary", "data-action": "next-scenario" }) : null);
}

/** Open the campaign's next scenario on this phone: the server makes it from this game (same players, their unit
 *  cards, the results so far) the first time either phone asks, and answers each phone with its own seat. */
async function nextScenario(view, c) {
  const camp = view.options.campaign;
  const reply = await api("POST", "/api/games", { token: c.token, body: { follows: c.gameId } }).catch(() => null);
  if (!reply || (reply.status !== 201 && reply.status !== 200)) { toast(reply ? errorText(reply) : "The next scenario needs the connection."); return; }
  const game = reply.body;
  const mine = game.seats.find((s) => s.seat === (game.you && game.you.seat)) || game.seats[0];
  const before = /** @type {Partial<GameRecord>} */ (getGame(c.gameId) || {});
  // The phone that held the referee link of the scenario before keeps it for this one.
  const ref = before.referee_token ? await api("POST", "/api/games", { token: before.referee_token, body: { follows: c.gameId } }).catch(() => null) : null;
  putGame(game.id, { token: mine.token || game.device_token, seat: mine.seat, seatLabel: mine.name, ruleset: "battlelore/second-edition",
    title: `${game.seats.map((s) => s.name).join(" vs ")} · scenario ${LETTERS[camp.game]}`,
    join_code: game.join_code, join_url: game.join_url,
    ...(ref && ref.body && ref.body.referee_token ? { referee_token: ref.body.referee_token } : {}) });
  location.href = `/play?game=${encodeURIComponent(game.id)}`;
}

// -- combat entry ---------------------------------------------------------------------------------

/** The entry an attack or counter form sends: the dice, distance, committed results, tokens and dice added. */
function combatData(type, base, st) {
  const data = { ...base, roll: [...st.roll] };
  if (type === "attack") data.distance = st.distance;
  const commit = Object.fromEntries(Object.entries(st.commit).filter(([, n]) => n > 0));
  if (Object.keys(commit).length) data.commit = commit;
  for (const k of ["ability_damage", "ability_retreats", "poison_damage"]) if (st[k]) data[k] = st[k];
  if (st.inflict.length) data.inflict = [...st.inflict];
  if (st.modifier) data.dice_modifier = st.modifier;
  return data;
}

/** The folded part of the combat form: results committed to abilities, what they cause, tokens, extra dice. */
function combatExtras(st, expected, redraw, later) {
  const count = (face) => st.roll.filter((f) => f === face).length;
  const committed = Object.values(st.commit).reduce((a, b) => a + b, 0);
  return h("details", {}, h("summary", { style: "min-height:44px;font-weight:700;cursor:pointer" }, "Abilities, tokens, extra dice"),
    h("div", { class: "stack" },
      ...["heroic", "lore", "strike", "cleave", "pierce", "morale"].map((face) => h("div", { class: "row" },
        h("span", { class: "grow" }, `${capital(face)} committed to abilities`),
        stepper(() => st.commit[face] || 0, (v) => { st.commit[face] = Math.min(v, count(face)); later(); }, 0, Math.max(0, count(face)), `${face} committed`))),
      h("div", { class: "row" }, h("span", { class: "grow" }, "Damage they cause"),
        stepper(() => st.ability_damage, (v) => { st.ability_damage = v; later(); }, 0, Math.max(0, committed || 6), "Ability damage")),
      h("div", { class: "row" }, h("span", { class: "grow" }, "Retreats they cause"),
        stepper(() => st.ability_retreats, (v) => { st.ability_retreats = v; later(); }, 0, 6, "Ability retreats")),
      h("div", { class: "row" }, h("span", { class: "grow" }, "Morale committed to poison"),
        stepper(() => st.poison_damage, (v) => { st.poison_damage = v; later(); }, 0, 6, "Poison damage")),
      h("div", { class: "row" }, ["stun", "poison"].map((t) => h("label", { class: "check", style: "flex:1 1 45%" },
        h("input", { type: "checkbox", checked: st.inflict.includes(t), onchange: (e) => {
          st.inflict = e.target.checked ? [...st.inflict, t] : st.inflict.filter((x) => x !== t); later(); } }),
        `Target becomes ${t === "stun" ? "stunned" : "poisoned"}`))),
      h("div", { class: "row" }, h("span", { class: "grow" }, "Dice added/removed by effects"),
        stepper(() => st.modifier, (v) => { st.modifier = v; st.roll.length = Math.min(st.roll.length, expected()); redraw(); },
          -3, 4, "Dice modifier"))));
}

/** Attack or counter: dice tapped per die, distance, committed results, tokens caused, preview. */
function combatEntry(s, c) {
  const view = c.view;
  const type = s.template.type;
  const base = JSON.parse(JSON.stringify(s.template.data || {}));
  const choices = s.choices || {};
  const cb = view.combat;
  const attacker = type === "counter" ? cb.target : base.attacker;
  const target = type === "counter" ? cb.attacker : base.target;
  // The dice entered so far (a key per face adds one); `expected` dice were rolled (the template's, plus effects).
  const st = { roll: [], distance: base.distance ?? (choices.distance || [1])[0],
    commit: {}, ability_damage: 0, ability_retreats: 0, poison_damage: 0, inflict: [], modifier: 0 };
  const expected = () => Math.max(0, (base.roll || []).length + st.modifier);
  return sheet(s.label, (close) => {
    const body = h("div", { class: "stack", "data-form": type });
    const previewBox = h("div", { class: "preview", "aria-live": "polite", id: "attack-preview" });
    const commitBtn = button(type === "counter" ? "Commit counter" : "Commit attack", () => close(build()), { cls: "btn primary", "data-action": "commit" });
    let timer = null;
    const build = () => combatData(type, base, st);
    async function runPreview() {
      const ready = st.roll.length === expected();
      commitBtn.disabled = !ready;
      if (!ready) {
        const left = expected() - st.roll.length;
        previewBox.className = "preview";
        previewBox.replaceChildren(h("div", { class: "muted" }, left > 0 ? `Tap the face of each die: ${left} still to enter.` :
          `${-left} die${left === -1 ? "" : "s"} too many: tap an entered die to take it off.`));
        return;
      }
      const reply = await c.preview(type, build());
      const vs = (reply && reply.violations) || [];
      const roll = ((reply && reply.consequences) || []).find((x) => x.type === "combat_roll");
      previewBox.className = `preview${(reply && reply.error) || vs.length ? " bad" : ""}`;
      previewBox.replaceChildren(...kids(
        roll ? h("div", { class: "result", "data-preview": "combat" }, `${roll.data.damage > 0 ? roll.data.damage : 0} damage · ${roll.data.retreats > 0 ? roll.data.retreats : 0} retreats · ${roll.data.lore} lore`) : null,
        reply && reply.error ? h("div", {}, reply.error.message) : null,
        vs.map((v) => h("div", { class: "error" }, v.message, v.rule ? h("div", { class: "rule" }, v.rule) : null))));
    }
    const later = () => { clearTimeout(timer); timer = setTimeout(runPreview, 150); };
    function draw() {
      const dice = dicePad({ kind: "combat", faces: FACES, roll: st.roll, expected: expected(), label: "Combat", onchange: () => { draw(); later(); } });
      commitBtn.disabled = st.roll.length !== expected();
      body.replaceChildren(...kids(
        h("p", {}, h("b", {}, unitName(view, attacker)), " → ", h("b", {}, unitName(view, target))),
        choices.distance && choices.distance.length > 1 ? h("fieldset", {}, h("legend", {}, "Hexes to the target"),
          h("div", { class: "seg", role: "radiogroup", "aria-label": "Hexes to the target" }, choices.distance.map((d) =>
            button(String(d), () => { st.distance = d; draw(); later(); },
              { cls: "btn", role: "radio", "aria-checked": String(st.distance === d), "data-field": "distance" })))) : null,
        h("fieldset", {}, h("legend", {}, `${expected()} dice: tap the face each die shows`), dice),
        combatExtras(st, expected, () => { draw(); later(); }, later),
        previewBox,
        h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }), commitBtn)));
    }
    draw();
    runPreview();
    return body;
  }, { label: type === "counter" ? "Counter entry" : "Attack entry" });
}

// -- words ----------------------------------------------------------------------------------------

function describeValue(path, value, view) {
  const last = path.split(".").pop();
  if (isUnitId(value, view)) return unitName(view, value);
  if (last === "terrain" && typeof value === "string") return terrainName(view, value);
  if (last === "banner" && typeof value === "number") return value ? `${value} VP banner` : "no banner";
  if (last === "end" && RETREAT_ENDS[value]) return RETREAT_ENDS[value];
  if (last === "hexes" || last === "moved" || last === "distance") return `${value} hex${value === 1 ? "" : "es"}`;
  if (last === "units" && typeof value === "number") return `${value} unit${value === 1 ? "" : "s"}`;
  if (/^\d+$/.test(last) && path.startsWith("roll")) return (FACES.find((f) => f[0] === value) || [0, "", value])[2];
  if (last === "section") return capital(words(value));
  if (last === "choice") return { tokens: "2 lore tokens", token_and_card: "1 lore + 1 card", two_cards: "2 cards, discard 1" }[value] || value;
  return null;
}

function rollText(roll) {
  const n = {};
  for (const f of roll || []) n[f] = (n[f] || 0) + 1;
  return Object.entries(n).map(([f, k]) => `${k} ${f}`).join(", ") || "no dice";
}

// What the rules did that a player wants to hear first: put ahead of the entry itself, on the other phone's card and
// in the log ("Viper Legion is eliminated · Ben took the hits").
const FIRST = ["game_over", "eliminated", "captured", "vp_earned", "damage"];

function ruledFirst(ev, c) {
  const cons = ev.consequences || [];
  const gone = new Set(cons.filter((x) => x.type === "eliminated").map((x) => x.data && x.data.unit));
  return cons.filter((x) => FIRST.includes(x.type) && !(x.type === "damage" && gone.has(x.data && x.data.unit)))
    .sort((a, b) => FIRST.indexOf(a.type) - FIRST.indexOf(b.type))
    .map((x) => describeConsequence(x, c)).filter(Boolean);
}

const DONE = { order: "Done ordering", move: "Done moving", attack: "Done attacking" };

function describeEvent(ev, c) {
  const action = actionText(ev, c);
  if (action === null) return null;
  const first = ruledFirst(ev, c);
  // an attack's sentence starts with its unit's name, which keeps its capital after what the rules did
  const then = ev.type === "attack" ? action : `${action.charAt(0).toLowerCase()}${action.slice(1)}`;
  return first.length ? `${first.join(" · ")} · ${then}` : action;
}

/** The entry itself as a sentence (what the player did). */
function actionText(ev, c) {
  const d = ev.data || {};
  const v = c.view;
  const un = (uid) => unitName(v, uid);
  const pos = (p) => (p ? `the ${words(p.section)} section, ${terrainName(v, p.terrain)}${p.banner ? `, ${p.banner} VP banner` : ""}` : "");
  const hexes = (n) => `${n} hex${n === 1 ? "" : "es"}`;
  switch (ev.type) {
    // the card stays secret from the other phone until both are revealed (the server sends no data until then)
    case "choose_scenario": return d.scenario ? `Chose scenario card ${d.scenario}${d.name ? ` (${d.name})` : ""}` :
      "Chose a scenario card (secret until both are revealed)";
    case "first_player": return `${c.seatName(d.seat)} goes first`;
    case "unit_card": return `Entered the unit card ${d.unit && d.unit.name}`;
    case "muster": return `Mustered an army${d.command_tent ? " with a command tent" : ""}`;
    case "place": return `Placed ${un(d.unit)} in ${pos(d.to)}`;
    case "deploy_done": return "Finished placing units";
    case "play_command": return d.resolve === false ? `Played ${d.card || "a command card"} to order 1 unit anywhere` :
      `Played ${d.card || "a command card"}: order ${d.units} unit${d.units === 1 ? "" : "s"} ${d.section === "any" ? "anywhere" : `in the ${d.section}`}`;
    case "order": return `Ordered ${un(d.unit)}`;
    case "remove_token": return `Spent 2 lore to remove ${TOKEN_NAMES[d.token] || d.token} from ${un(d.unit)}`;
    case "end_step": {
      const to = (ev.consequences || []).find((x) => x.type === "step");
      const from = to ? { move: "order", attack: "move", vp: "attack" }[to.data.step] : null;
      return DONE[from] || "Went on to the next step";
    }
    case "move": return `Moved ${un(d.unit)} ${hexes(d.hexes)} to ${pos(d.to)}`;
    case "attack": return `${un(d.attacker)} attacked ${un(d.target)} (${d.kind}${d.kind === "ranged" ? `, ${hexes(d.distance)}` : ""}) and rolled ${rollText(d.roll)}`;
    case "counter": return `Countered and rolled ${rollText(d.roll)}`;
    case "defend": return `Took the hits${d.ignore_damage ? ` (${d.ignore_damage} damage ignored)` : ""}${d.moved ? `, retreated ${hexes(d.moved)} to ${pos(d.to)}` : ""}${d.end && d.end !== "free" ? ` (${RETREAT_ENDS[d.end]})` : ""}`;
    case "advance": return "Advanced into the hex";
    case "decline": return d.window === "counter" ? "Did not counter" : "Did not advance";
    case "score_vp": return `Scored VPs${d.scenario_vp ? ` (+${d.scenario_vp} from the scenario)` : ""} and drew a command card`;
    case "lore_step": return `Lore step: ${describeValue("choice", d.choice, v)}`;
    case "play_lore": return `Played the lore card ${d.card} (${d.cost} lore)`;
    case "damage": return `Dealt ${d.amount} damage to ${un(d.unit)}${d.source ? ` (${d.source})` : ""}`;
    case "heal": return `${un(d.unit)} recovered ${d.amount}`;
    case "token": return `${d.action === "remove" ? "Removed" : "Gave"} ${TOKEN_NAMES[d.token] || d.token} ${d.action === "remove" ? "from" : "to"} ${un(d.unit)}`;
    case "reposition": return `Moved ${un(d.unit)} to ${pos(d.to)} (card effect)`;
    case "adjust": {
      const bits = ["vp", "lore", "command_cards", "lore_cards"].filter((k) => d[k]).map((k) => `${d[k] > 0 ? "+" : ""}${d[k]} ${words(k).replace("vp", "VP")}`);
      return `Corrected ${c.seatName(d.seat)}: ${bits.join(", ") || "nothing"}${d.reason ? ` (${d.reason})` : ""}`;
    }
    default: return null;
  }
}

function describeConsequence(cons, c) {
  const d = cons.data || {};
  const v = c.view;
  const un = (uid) => unitName(v, uid);
  const who = (s) => (c.seatName ? c.seatName(s) : s);
  switch (cons.type) {
    case "damage": return `${un(d.unit)} suffers ${d.amount} damage (${d.left} left)`;
    case "eliminated": return `${un(d.unit)} is eliminated`;
    case "combat_roll": return `${Math.max(0, d.damage)} damage, ${Math.max(0, d.retreats)} retreats, ${d.lore} lore${d.weak_attacker ? " (weak attacker)" : ""}`;
    case "retreated": return `${un(d.unit)} retreats ${d.hexes}`;
    case "retreat_blocked": return `${un(d.unit)} cannot make ${d.unresolved} retreat${d.unresolved === 1 ? "" : "s"}`;
    case "supported": return `${un(d.unit)} is supported`;
    case "lore_gained": return `${who(d.seat)} gains ${d.amount} lore`;
    case "vp_earned": return `${who(d.seat)}: +${d.banners + d.scenario} VP (banners ${d.banners}, scenario ${d.scenario}) = ${d.total}`;
    case "captured": return `${who(d.seat)} captures ${terrainName(v, d.feature)}: +${d.vp} VP`;
    case "turn_started": return `Turn ${d.turn}: ${who(d.seat)}`;
    case "game_over": return d.draw ? "The game is a draw" : `${(d.winners || []).map(who).join(", ")} wins (${words(d.decided_by)})`;
    case "first_player": return `${who(d.seat)} is the first player`;
    case "lore_step": return `${who(d.seat)}: +${d.tokens} lore, +${d.cards} lore card${d.cards === 1 ? "" : "s"}${d.discarded ? `, discards ${d.discarded}` : ""}`;
    case "lore_discarded": return `${who(d.seat)} discards ${d.amount} lore card${d.amount === 1 ? "" : "s"} (hand limit 4)`;
    case "command_drawn": return `${who(d.seat)} draws a command card (${d.hand} in hand)`;
    case "command_played": return `Command card: ${d.resolve === false ? "order 1 unit anywhere" : `${d.units} unit${d.units === 1 ? "" : "s"} ${d.section === "any" ? "anywhere" : `in the ${d.section}`}`}`;
    case "step": return `Now: ${STEP_NAMES[d.step] || words(d.step)}`;
    case "passes_inferred": return `${(d.seats || []).map(who).join(" and ")}: ${(DONE[d.step] || "done").toLowerCase()} (went on)`;
    case "counter_window": return `${un(d.unit)} may counter`;
    case "advance_window": return `${un(d.unit)} may advance`;
    case "advanced": return `${un(d.unit)} advances`;
    case "combat_over": return "Combat over";
    case "token": return `${TOKEN_NAMES[d.token] || d.token} ${d.action === "remove" ? "removed from" : "on"} ${un(d.unit)}`;
    case "damage_ignored": return `${un(d.unit)} ignores ${d.amount} damage${d.why ? ` (${d.why})` : ""}`;
    case "recovered": return `${un(d.unit)} recovers ${d.amount} (${d.left} left)`;
    case "lore_spent": return `${who(d.seat)} spends ${d.amount} lore (${d.why})`;
    case "lore_card_played": return `${who(d.seat)} plays ${d.card} (${d.cost} lore)`;
    case "army_revealed": return `${who(d.seat)}'s army revealed: ${(d.units || []).length} units, ${d.decoys_removed} decoys removed`;
    case "starting_hand": return `${who(d.seat)}: ${d.command_cards} command and ${d.lore_cards} lore cards`;
    case "scenarios_revealed": return `Scenarios revealed: ${Object.entries(d.scenarios || {}).map(([s, x]) => `${who(s)} ${x}`).join(", ")}`;
    case "hoard_placed": return `Hoard placed under ${un(d.unit)}`;
    case "deployment_done": return `${who(d.seat)} has placed every unit`;
    default: return null;
  }
}

// -- the module -------------------------------------------------------------------------------

/** @type {Renderer} see static/js/types.js */
export default {
  renderBoard(view, c) {
    if (!view || !view.seats) return h("p", { class: "muted" }, "No table yet.");
    const order = Object.keys(view.seats);
    const seats = [...order.filter((s) => s === c.seat), ...order.filter((s) => s !== c.seat)];
    const setup = ["scenario", "first_player", "muster"].includes(view.phase);
    return h("div", { class: "board" },
      campaignPanel(view, c),
      seats.map((seat) => h("section", { class: "seat", style: `--seat: var(--${seat})`, "aria-label": `${c.seatName(seat)}'s army`, "data-seat": seat },
        seatHead(view, seat, c), seatFacts(view, seat),
        setup && (seat === c.seat || c.isReferee) ? unitList(view, seat, c) : null,
        musterForm(view, seat, c),
        h("div", { class: "fighters", style: "display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px" },
          (view.seats[seat].units || []).map((uid) => unitCard(view, uid, c))))));
  },

  /** The banner: where the game is, what happens now, and each player's VP and lore. */
  banner(view, advice, c) {
    const step = (advice && advice.step) || {};
    const where = view.phase === "main"
      ? `Turn ${view.turn} · ${view.active === c.seat ? "your turn" : `${c.seatName(view.active)}'s turn`}`
      : view.phase === "over" ? "Game over" : `Before the battle · ${{ scenario: 1, first_player: 1, muster: 2, deploy: 3 }[view.phase] || 1} of 3`;
    const bits = [];
    if (view.phase === "main" && view.command && view.step === "order") bits.push(`${(view.ordered || []).length} of ${view.command.units} ordered`);
    if (view.phase === "main" || view.phase === "over") {
      bits.push(Object.entries(view.seats).map(([seat, s]) => `${c.seatName(seat)} ${s.vp} VP, ${s.lore} lore`).join(" · "));
    }
    return { where, what: step.label || (view.phase === "main" ? STEP_NAMES[view.step] : PHASE_NAMES[view.phase]) || "", extra: bits.join(" · ") };
  },

  /** Above the actions: placing units (deployment), or the turn's steps, the command card played, the ordered
   *  units, the combat. */
  stepGuide(view, advice, c) {
    return view.phase === "deploy" ? deployPanel(view, advice, c) : turnPanel(view, c);
  },

  /** How the game was decided (Winning the game). */
  decidedBy(outcome) {
    const how = { victory_points: "16 or more VP and more than the opponent", elimination: "all enemy units eliminated" }[outcome.decided_by] || words(outcome.decided_by);
    return `Decided by: ${how}`;
  },

  /** Final VPs, and the campaign standings after the fourth scenario. */
  scoreLine(outcome, view, c) {
    const vp = Object.entries(outcome.vp || {}).map(([s, v]) => `${c.seatName(s)} ${v} VP`).join(" · ");
    const camp = outcome.campaign ? ` · Campaign totals: ${Object.entries(outcome.campaign.totals).map(([s, v]) => `${c.seatName(s)} ${v}`).join(" · ")}, won by ${c.seatName(outcome.campaign.winner)}` : "";
    return `${vp}${camp}`;
  },

  describeValue: (path, value, view) => describeValue(path, value, view),
  describeEvent,
  describeConsequence,

  customEntry(s, c) {
    const type = s.template && s.template.type;
    if (type === "attack" || type === "counter") return combatEntry(s, c);
    if (POSITIONED.includes(type)) return fillTemplate(withDefaults(s, c.view), c);
    if (type === "choose_scenario") return scenarioSheet(s);
    if (type === "unit_card") {
      return unitForm(null).then(async (rec) => {
        if (rec) await saveUnit(rec, typist(c));
        return rec ? { unit: rec } : null;
      });
    }
    return null;
  },

  /** VP by source per round (a round is the first player's turn and the second's). */
  glorySeries(view, events) {
    const seats = Object.keys(view.seats || {});
    const table = {};
    let maxRound = 1;
    const add = (seat, round, src, n) => {
      const key = `${seat}|${round}|${src}`;
      table[key] = (table[key] || 0) + (n || 0);
      maxRound = Math.max(maxRound, round);
    };
    let turn = 0;
    for (const ev of [...events].sort((a, b) => a.seq - b.seq)) {
      for (const cons of ev.consequences || []) {
        const d = cons.data || {};
        if (cons.type === "turn_started") turn = d.turn;
        const round = Math.max(1, Math.ceil(turn / 2));
        if (cons.type === "vp_earned") { add(d.seat, round, "banners", d.banners); add(d.seat, round, "scenario", d.scenario); }
        if (cons.type === "captured") add(d.seat, round, "captures", d.vp);
      }
    }
    const rounds = Array.from({ length: maxRound }, (_, i) => i + 1);
    return { rounds, seats, sources: ["banners", "scenario", "captures"], value: (s, r, src) => table[`${s}|${r}|${src}`] || 0 };
  },
};

export { fillTemplate };

const FACTIONS = [["", "Not chosen yet"], ["daqan", "Daqan Lords"], ["uthuk", "Uthuk Y'llan"]];

/** Setup wizard hooks (pages/new.js): each seat's faction, so its muster offers that faction's units by name. */
export const wizard = {
  seatFields(seat, index, rerender) {
    return h("label", { class: "field" }, h("span", {}, "Faction"),
      h("select", { id: `faction-${index}`, onchange: (e) => { seat.faction = e.target.value; rerender(); } },
        FACTIONS.map(([id, name]) => h("option", { value: id, selected: (seat.faction || "") === id }, name))));
  },
  seatBody: (seat) => (seat.faction ? { faction: seat.faction } : {}),
};
