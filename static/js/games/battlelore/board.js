// BattleLore's board: each seat's VP, lore and hands, its units with their figures, tokens and hex; the turn's steps,
// the command card and the open combat; the muster form, placing units, and the campaign's next scenario.
import { h, button, toast, keptOpen } from "../../dom.js";
import { faceSymbol } from "../../dicepad.js";
import { stepper } from "../../actions.js";
import { api, errorText } from "../../api.js";
import { getGame, putGame } from "../../store.js";
import { capital, plural } from "../../words.js";
import { FACES, TOKEN_NAMES, kids, words, unitName, terrainName, left, weak } from "./pieces.js";

const MUSTER = { points: 50, tent: 5, cards: 18, decoys: 11, maxLore: 5 };

const DRAFTS = {}; // muster form drafts by game and seat

// -- helpers ------------------------------------------------------------------------------------

export function seatHead(view, seat, c) {
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

export function seatFacts(view, seat) {
  const s = view.seats[seat];
  const bits = [];
  if (s.faction) bits.push(capital(s.faction));
  if (s.scenario) bits.push(s.scenario === "chosen" ? "scenario chosen" : `scenario ${s.scenario}${s.scenario_name ? ` (${s.scenario_name})` : ""}`);
  if (view.first === seat) bits.push("first player");
  const tent = view.features && view.features[`${seat}.tent`];
  if (tent) bits.push(tent.removed ? "command tent lost" : "command tent");
  return bits.length ? h("div", { class: "muted", style: "font-size:.9rem;margin-top:2px" }, bits.join(" · ")) : null;
}

export function unitCard(view, uid, c) {
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
  // Compact: two units side by side on a phone; numbers big enough to read across the table. Kept on screen when
  // drawn alike (redraw.js): it has no handlers.
  return h("article", { class: `fighter${u.alive ? "" : " ooa"}`, "aria-label": `${name}: ${u.alive ? health : "eliminated"}`,
    "data-unit": uid, "data-keep": uid, style: `padding:8px 10px;${inCombat ? "border-color: var(--accent)" : ""}` },
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

export function turnPanel(view, c) {
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
        ` — orders ${plural(cmd.units, "unit")} ${cmd.section === "any" ? "anywhere" : `in the ${cmd.section} section`}`) :
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
    h("div", {}, `${Math.max(0, cb.damage)} damage · ${plural(Math.max(0, cb.retreats), "retreat")} · ${cb.lore} lore`,
      cb.weak_attacker ? " · weak attacker (no cleave damage)" : "",
      (cb.auto_ignored || []).length ? ` · ignored by ${cb.auto_ignored.join(", ")}` : ""),
    h("div", { class: "muted" }, stage));
}

function faceTile(face) {
  const [, sym, name] = FACES.find((x) => x[0] === face) || [face, "?", face || "?"];
  return h("span", { class: "die", "data-face": face, "aria-label": name }, faceSymbol(face, sym), h("span", {}, name));
}

// -- setup: unit cards and mustering -------------------------------------------------------------

export function musterForm(view, seat, c) {
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
      if (decoys > MUSTER.decoys) problems.push(`needs ${plural(decoys - MUSTER.decoys, "more unit card")} (only ${MUSTER.decoys} decoys)`);
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

const SECTIONS = [["left", "Left"], ["left/center", "Left/center line"], ["center", "Center"], ["center/right", "Center/right line"], ["right", "Right"]];

const PLACING = {}; // by game and seat: {section, terrain, banner, sent: Set of unit ids sent and not yet in the view}

/** As at the table: pick a section, then tap each unit that goes there (one `place` entry per unit); the hex is
 *  clear with no banner unless changed, and terrain and banner go back to that after each unit. */
export function deployPanel(view, advice, c) {
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

export function campaignPanel(view, c) {
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
