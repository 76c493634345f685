// BattleLore Second Edition renderer: each player's VP, lore tokens and hands; units with their
// figures (or damage tokens), tokens and where they stand; the command card played and the
// ordered units; the open combat; unit cards typed once and saved on the server (offered again at
// every muster, on any phone, and shared by link); the muster
// form (18 cards, 50 points, tent, decoys); dice entry for combat rolls and counters.
// The shell (pages/play.js) calls: renderBoard, describeValue, describeEvent,
// describeConsequence, banner, stepGuide, decidedBy, scoreLine, customEntry, glorySeries.
import { h, button, sheet, toast } from "../../dom.js";
import { stepper, fillTemplate } from "../../actions.js";
import { api, errorText } from "../../api.js";
import { putGame } from "../../store.js";

const FACES = [
  ["strike", "⚔", "Strike"], ["cleave", "🪓", "Cleave"], ["pierce", "➶", "Pierce"],
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
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
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
async function saveUnit(rec) {
  const { slug, name, health, movement, combat, attack, range, min_range: minRange, muster, damage_tokens: tokens, legend,
    abilities, traits, faction } = rec;
  const body = { slug, name, health, movement, combat, attack, range: attack === "ranged" ? range : null, min_range: minRange ?? null,
    muster, damage_tokens: !!tokens, legend: !!legend, abilities: abilities || [], traits: traits || [], faction: faction || null };
  const reply = await api("POST", SAVED_PATH, { body }).catch(() => null);
  if (!reply || reply.status !== 201) {
    toast(reply ? `Unit card not saved on the server: ${errorText(reply)}` : "Offline: the unit card is in this game but not saved for later.", "error", 6000);
    return null;
  }
  savedList = latestByName([{ id: reply.body.id, name, link: reply.body.link }, ...(savedList || [])]);
  toast(`Saved: ${name} will be offered at every muster. Share link: ${shareLink(reply.body.id)}`, "ok", 6000);
  return reply.body.id;
}

const shareLink = (id) => new URL(`${SAVED_PATH}/${id}`, location.href).href;

/** A saved unit card's numbers, by id (or null after a toast). */
async function openSaved(id) {
  const reply = await api("GET", `${SAVED_PATH}/${encodeURIComponent(id)}`).catch(() => null);
  if (!reply) { toast("This needs the connection."); return null; }
  if (reply.status !== 200) { toast(reply.status === 404 ? "There is no saved unit card with that link." : errorText(reply)); return null; }
  return reply.body.payload;
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

function faceTile(face, onclick, label) {
  const [, sym, name] = FACES.find((x) => x[0] === face) || [face, "?", face || "?"];
  return h(onclick ? "button" : "span", { type: onclick ? "button" : null, class: "die", "data-face": face, onclick,
    "aria-label": label || name },
  h("span", { class: "sym", "aria-hidden": "true" }, sym), h("span", {}, name));
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
          canEnter && known ? button("Fill from the saved card", () => fill(known), { cls: "btn small primary", "data-action": "fill-saved", aria: `Fill ${u.name} from the saved card` }) : null,
          canEnter ? button(gaps.length ? "Type the numbers" : "Edit", () => enterUnit(c, u), { cls: "btn small", aria: `Edit ${u.name}` }) : null);
      })) : h("p", { class: "muted" }, "No units yet: type each unit reference card once; the server keeps it for every muster."),
      canEnter && extra.length ? h("div", { class: "stack", "data-saved-units": "" },
        h("p", { class: "muted", style: "margin:0" }, "Unit cards saved on this server:"),
        h("div", { class: "row" }, extra.map((x) => button(`+ ${x.name}`, () => fill(x), { cls: "btn small", "data-saved": x.id })))) : null,
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
  const rec = await unitForm(current);
  if (!rec) return null;
  const sent = await c.submit("unit_card", { unit: rec });
  await saveUnit(rec);
  return sent;
}

function unitForm(current) {
  const u = { name: "", health: 4, movement: 1, combat: 3, attack: "melee", range: 3, min_range: 1, muster: 5,
    damage_tokens: false, legend: false, abilities: [],
    // numbers a content card leaves unknown (null) start from the defaults instead
    ...Object.fromEntries(Object.entries(current || {}).filter(([, v]) => v !== null && v !== undefined)) };
  return sheet(current ? `Unit card: ${current.name}` : "New unit card", (close) => {
    const body = h("div", { class: "stack", "data-form": "unit" });
    const num = (key, label, min, max) => h("fieldset", {}, h("legend", {}, label),
      stepper(() => u[key] ?? min, (v) => { u[key] = v; }, min, max, label));
    const seg = (key, label, values) => {
      const group = h("div", { class: "seg", role: "radiogroup", "aria-label": label });
      const draw = () => group.replaceChildren(...kids(values.map(([v, text]) => button(text, () => { u[key] = v; draw(); },
        { cls: "btn", role: "radio", "aria-checked": String(u[key] === v), "data-field": key }))));
      draw();
      return h("fieldset", {}, h("legend", {}, label), group);
    };
    // A unit the content knows by name asks only for what it does not know; a complete card shows everything.
    const gaps = current ? ["health", "movement", "combat", "attack", "range", "muster"].filter((k) => current[k] == null) : [];
    const ask = (key) => !gaps.length || gaps.includes(key);
    body.append(...kids(
      gaps.length && current.name ? null : h("label", { class: "field" }, h("span", {}, "Name"),
        h("input", { id: "unit-name", value: u.name, maxlength: 60, autocomplete: "off", oninput: (e) => { u.name = e.target.value; } })),
      ask("health") ? num("health", "Health (figures)", 1, 12) : null, ask("movement") ? num("movement", "Movement", 0, 6) : null,
      ask("combat") ? num("combat", "Combat value (dice)", 1, 8) : null,
      ask("attack") ? seg("attack", "Attack", [["melee", "Melee"], ["ranged", "Ranged"]]) : null,
      ask("range") ? num("range", "Range (ranged units)", 1, 8) : null, ask("muster") ? num("muster", "Muster points", 0, 30) : null,
      h("label", { class: "check" }, h("input", { type: "checkbox", checked: u.damage_tokens, onchange: (e) => { u.damage_tokens = e.target.checked; } }),
        "Damage token icon (one figure, never weak)"),
      h("label", { class: "check" }, h("input", { type: "checkbox", checked: u.legend, onchange: (e) => { u.legend = e.target.checked; } }), "Legend"),
      h("label", { class: "field" }, h("span", {}, "Abilities and traits (comma separated, e.g. flying, unyielding)"),
        h("input", { value: (u.abilities || []).join(", "), maxlength: 200, oninput: (e) => { u.abilities = e.target.value.split(",").map((x) => x.trim().toLowerCase()).filter(Boolean); } })),
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn" }),
        button("Save unit", () => {
          if (!u.name.trim()) { toast("Give the unit its name."); return; }
          const rec = { ...u, name: u.name.trim(), slug: current && current.slug ? current.slug : slugify(u.name) };
          if (rec.attack !== "ranged") { rec.range = null; }
          close(rec);
        }, { cls: "btn primary", "data-action": "save-unit" }))));
    return body;
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
    canStart ? button(`Start scenario ${LETTERS[camp.game]}`, () => nextScenario(view, c, history), { cls: "btn primary", "data-action": "next-scenario" }) : null);
}

/** Create the next scenario of the campaign (same players, same unit cards) and open it on this phone. */
async function nextScenario(view, c, history) {
  const seats = Object.entries(view.seats).map(([, s]) => ({ name: s.name, faction: s.faction || undefined,
    units: Object.values(s.catalogue || {}) }));
  const camp = view.options.campaign;
  const reply = await api("POST", "/api/games", { body: { ruleset: "battlelore/second-edition",
    options: { campaign: { game: camp.game + 1, history } }, seats } }).catch(() => null);
  if (!reply || reply.status !== 201) { toast(reply ? errorText(reply) : "The next scenario needs the connection."); return; }
  const game = reply.body;
  const mine = game.seats.find((s) => s.seat === c.seat) || game.seats[0];
  putGame(game.id, { token: mine.token, seat: mine.seat, seatLabel: mine.name, ruleset: "battlelore/second-edition",
    title: `${game.seats.map((s) => s.name).join(" vs ")} · scenario ${LETTERS[camp.game]}`,
    join_code: game.join_code, join_url: game.join_url, referee_token: game.referee_token });
  await sheet(`Scenario ${LETTERS[camp.game]} is ready`, (close) => h("div", { class: "stack" },
    h("p", {}, "The other phone joins the new game with this code:"),
    h("div", { class: "join-code", id: "next-join-code" }, game.join_code),
    button("Open it", () => close(true), { cls: "btn primary", "data-action": "open-next" })));
  location.href = `/play?game=${encodeURIComponent(game.id)}`;
}

// -- combat entry ---------------------------------------------------------------------------------

/** Attack or counter: dice tapped per die, distance, committed results, tokens caused, preview. */
function combatEntry(s, c) {
  const view = c.view;
  const type = s.template.type;
  const base = JSON.parse(JSON.stringify(s.template.data || {}));
  const choices = s.choices || {};
  const cb = view.combat;
  const attacker = type === "counter" ? cb.target : base.attacker;
  const target = type === "counter" ? cb.attacker : base.target;
  const st = { roll: (base.roll || []).map(() => null), distance: base.distance ?? (choices.distance || [1])[0],
    commit: {}, ability_damage: 0, ability_retreats: 0, poison_damage: 0, inflict: [], modifier: 0 };
  return sheet(s.label, (close) => {
    const body = h("div", { class: "stack", "data-form": type });
    const previewBox = h("div", { class: "preview", "aria-live": "polite", id: "attack-preview" });
    const commitBtn = button(type === "counter" ? "Commit counter" : "Commit attack", () => close(build()), { cls: "btn primary", "data-action": "commit" });
    let timer = null;
    function build() {
      const data = { ...base, roll: [...st.roll] };
      if (type === "attack") data.distance = st.distance;
      const commit = Object.fromEntries(Object.entries(st.commit).filter(([, n]) => n > 0));
      if (Object.keys(commit).length) data.commit = commit;
      for (const k of ["ability_damage", "ability_retreats", "poison_damage"]) if (st[k]) data[k] = st[k];
      if (st.inflict.length) data.inflict = [...st.inflict];
      if (st.modifier) data.dice_modifier = st.modifier;
      return data;
    }
    async function runPreview() {
      const ready = st.roll.every((f) => f);
      commitBtn.disabled = !ready;
      if (!ready) { previewBox.className = "preview"; previewBox.replaceChildren(h("div", { class: "muted" }, "Tap each die to match the roll.")); return; }
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
      const dice = h("div", { class: "dice", role: "group", "aria-label": "Combat dice" }, st.roll.map((f, i) =>
        faceTile(f || "unset", () => {
          const j = FACES.findIndex((x) => x[0] === st.roll[i]);
          st.roll[i] = FACES[(j + 1) % FACES.length][0];
          draw(); later();
        }, `Die ${i + 1}: ${f || "not set"}. Tap to change.`)));
      const count = (face) => st.roll.filter((f) => f === face).length;
      commitBtn.disabled = !st.roll.every((f) => f);
      const committed = Object.values(st.commit).reduce((a, b) => a + b, 0);
      body.replaceChildren(...kids(
        h("p", {}, h("b", {}, unitName(view, attacker)), " → ", h("b", {}, unitName(view, target))),
        choices.distance && choices.distance.length > 1 ? h("fieldset", {}, h("legend", {}, "Hexes to the target"),
          h("div", { class: "seg", role: "radiogroup", "aria-label": "Hexes to the target" }, choices.distance.map((d) =>
            button(String(d), () => { st.distance = d; draw(); later(); },
              { cls: "btn", role: "radio", "aria-checked": String(st.distance === d), "data-field": "distance" })))) : null,
        h("fieldset", {}, h("legend", {}, `${st.roll.length} dice: tap each die to match the roll`), dice),
        h("details", {}, h("summary", { style: "min-height:44px;font-weight:700;cursor:pointer" }, "Abilities, tokens, extra dice"),
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
              stepper(() => st.modifier, (v) => { st.modifier = v; st.roll.length = Math.max(0, (base.roll || []).length + v);
                for (let i = 0; i < st.roll.length; i++) st.roll[i] = st.roll[i] || null; draw(); later(); }, -3, 4, "Dice modifier")))),
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

function describeEvent(ev, c) {
  const d = ev.data || {};
  const v = c.view;
  const un = (uid) => unitName(v, uid);
  const pos = (p) => (p ? `${words(p.section)}, ${terrainName(v, p.terrain)}${p.banner ? `, ${p.banner} VP banner` : ""}` : "");
  switch (ev.type) {
    case "choose_scenario": return `Scenario card ${d.scenario}${d.name ? ` (${d.name})` : ""}`;
    case "unit_card": return `Unit card: ${d.unit && d.unit.name}`;
    case "muster": return `Army mustered${d.command_tent ? " with a command tent" : ""}`;
    case "place": return `${un(d.unit)} placed: ${pos(d.to)}`;
    case "play_command": return d.resolve === false ? `${d.card || "Command card"} played to order 1 unit anywhere` :
      `${d.card || "Command card"}: order ${d.units} ${d.section === "any" ? "anywhere" : `in the ${d.section}`}`;
    case "order": return `Ordered ${un(d.unit)}`;
    case "remove_token": return `${TOKEN_NAMES[d.token] || d.token} removed from ${un(d.unit)} (2 lore)`;
    case "move": return `${un(d.unit)} moves ${d.hexes} to ${pos(d.to)}`;
    case "attack": return `${un(d.attacker)} attacks ${un(d.target)} (${d.kind}${d.kind === "ranged" ? `, ${d.distance} hexes` : ""}): ${rollText(d.roll)}`;
    case "counter": return `Counter: ${rollText(d.roll)}`;
    case "defend": return `Hits taken${d.ignore_damage ? ` (${d.ignore_damage} ignored)` : ""}${d.moved ? `, retreat ${d.moved} to ${pos(d.to)}` : ""}${d.end && d.end !== "free" ? `, ${RETREAT_ENDS[d.end]}` : ""}`;
    case "advance": return "Advance into the hex";
    case "decline": return `No ${d.window}`;
    case "score_vp": return `Victory points${d.scenario_vp ? ` (+${d.scenario_vp} scenario)` : ""}`;
    case "lore_step": return `Lore step: ${describeValue("choice", d.choice, v)}`;
    case "play_lore": return `Lore card ${d.card} (${d.cost} lore)`;
    case "damage": return `${d.amount} damage to ${un(d.unit)}${d.source ? ` (${d.source})` : ""}`;
    case "heal": return `${un(d.unit)} recovers ${d.amount}`;
    case "token": return `${TOKEN_NAMES[d.token] || d.token} ${d.action === "remove" ? "removed from" : "on"} ${un(d.unit)}`;
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
    case "step": return `${capital(STEP_NAMES[d.step] || words(d.step))}`;
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

  /** Above the actions: the turn's steps, the command card played, the ordered units, the combat. */
  stepGuide(view, advice, c) {
    return turnPanel(view, c);
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
    if (type === "unit_card") {
      return unitForm(null).then(async (rec) => {
        if (rec) await saveUnit(rec);
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
