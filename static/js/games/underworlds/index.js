// Warhammer Underworlds renderer: fighter cards (wounds, tokens, Inspired, upgrades, out of
// action), each player's glory and activations, the step in words, combat entry with dice
// tapped per die and a preview, and glory by source per round for the game-over chart.
// The shell (pages/play.js) calls: renderBoard, describeValue, describeEvent,
// describeConsequence, banner, stepGuide, decidedBy, scoreLine, customEntry, glorySeries, afterWinner.
import { h, svg, button, sheet, linkStylesheet } from "../../dom.js";
import { askReason } from "../../dialogs.js";
import { stepper, setPath, getPath, fieldLabel } from "../../actions.js";
import { matchPanel, matchRollOff } from "./match.js";

linkStylesheet(new URL("../../../css/board.css", import.meta.url).href, "board");

const TOKEN_NAMES = { move: "Move", charge: "Charge", guard: "Guard", stagger: "Stagger", raise: "Raise" };
const STEP_NAMES = {
  boards: "Roll-off: who chooses the first board", do_overs: "Do-overs", deployment_roll_off: "Roll-off: who places first",
  deployment: "Placing fighters", roll_off: "Roll-off: who takes the first turn", activation: "Activation step",
  power: "Power step", end: "End phase", hazard: "Hazard phase", over: "Game over",
};
const END_STAGES = { 1: "score objectives", 2: "discard objectives", 3: "play upgrades", 4: "discard power cards", 5: "draw objectives", 6: "draw power cards" };
const FACE = {
  attack: [["crit", "✷", "Critical"], ["smash", "⚒", "Smash"], ["fury", "⚔", "Fury"], ["single", "●", "Single support"], ["double", "●●", "Double support"]],
  defence: [["crit", "✷", "Critical"], ["block", "⛨", "Block"], ["dodge", "↯", "Dodge"], ["single", "●", "Single support"], ["double", "●●", "Double support"]],
  magic: [["crit", "✷", "Critical"], ["channel", "⚡", "Channel"], ["focus", "◎", "Focus"], ["blank", "·", "Blank"]],
};

// -- helpers ------------------------------------------------------------------------------------

const fighter = (view, fid) => (view && view.fighters && view.fighters[fid]) || null;
const card = (view, fid) => (view && view.cards && view.cards[fid]) || {};

/**
 * Display name of a fighter id ("p1.cyreni" -> "Cyreni of the Abyss").
 * @param {object} view
 * @param {string} fid
 * @returns {string}
 */
export function fighterName(view, fid) {
  const c = card(view, fid);
  return c.name || (typeof fid === "string" ? fid.split(".").slice(1).join(".").replace(/-/g, " ") : String(fid));
}

function characteristic(view, fid, key) {
  const c = card(view, fid);
  const f = fighter(view, fid);
  if (f && f.inspired && c.inspired && key in c.inspired) return c.inspired[key];
  return c[key];
}

function profilesOf(view, fid) {
  const c = card(view, fid);
  const f = fighter(view, fid);
  if (f && f.inspired && c.inspired && c.inspired.profiles) return c.inspired.profiles;
  return c.profiles || [];
}

const isFighterId = (v, view) => typeof v === "string" && view && view.fighters && v in view.fighters;

// -- the board ----------------------------------------------------------------------------------

// At a table of three or four, the warbands this phone is not looking at fold to their heads (name, glory,
// activations): one tap shows their fighters again. What a player unfolds stays open until folded again.
const unfolded = new Set();
const folded = new Set();

/** Whether a seat's fighters start folded: only at 3+ players, never this phone's seat, whose turn it is or the acted-for seat. */
function foldsAway(view, seat, c) {
  if (Object.keys(view.seats).length < 3) return false;
  if (unfolded.has(seat)) return false;
  if (folded.has(seat)) return true;
  return ![c.seat, c.actFor, view.turn && view.turn.seat].includes(seat);
}

function seatBlock(view, seat, c) {
  const s = view.seats[seat];
  const glory = s.glory || { unspent: 0, spent: 0 };
  const fids = Object.keys(view.fighters || {}).filter((fid) => view.fighters[fid].seat === seat);
  return h("section", { class: "seat", style: `--seat: var(--${seat})`, "aria-label": `${c.seatName(seat)}'s warband`, "data-seat": seat },
    h("div", { class: "seat-head" },
      h("span", { class: "name" }, c.seatName(seat), seat === c.seat ? h("span", { class: "muted", style: "font-size:.85rem" }, " (you)") : null),
      h("div", { class: "stats" },
        // Victory counts all glory, spent and unspent (Deathgorge, Victory): the total leads, what is left to spend beside it.
        h("div", { class: "stat glory", "aria-label": `${glory.unspent + glory.spent} glory in all` }, h("b", {}, String(glory.unspent + glory.spent)), h("small", {}, "glory")),
        h("div", { class: "stat unspent", "aria-label": `${glory.unspent} glory to spend` }, h("b", {}, String(glory.unspent)), h("small", {}, "to spend")),
        h("div", { class: "stat", "aria-label": `${s.activations_left} activations left` }, h("b", {}, String(s.activations_left ?? "–")), h("small", {}, "activ."))),
    ),
    h("div", { class: "muted", style: "font-size:.9rem;margin-top:2px", "data-warband": s.warband || "" },
      (c.warbandName && c.warbandName(seat)) || (s.warband && s.warband !== "custom" ? String(s.warband).replace(/-/g, " ") : "Own fighters"),
      s.hand ? ` · hand ${s.hand.objectives} objective${s.hand.objectives === 1 ? "" : "s"}, ${s.hand.power} power` : ""),
    (s.revealed || []).length ? h("div", {}, (s.revealed || []).map((r) => h("span", { class: "badge inspired" }, `Revealed: ${r.card || "surge objective"} (${r.glory})`))) : null,
    fighterList(view, seat, fids, c));
}

function fighterList(view, seat, fids, c) {
  const list = h("div", { class: "fighters" }, fids.map((fid) => fighterCard(view, fid, c)));
  if (Object.keys(view.seats).length < 3) return list;
  const out = fids.filter((fid) => view.fighters[fid].out).length;
  return h("details", { class: "seat-fold", open: !foldsAway(view, seat, c), "data-fold": seat,
    ontoggle: (e) => { (e.target.open ? unfolded : folded).add(seat); (e.target.open ? folded : unfolded).delete(seat); } },
    h("summary", {}, `${c.seatName(seat)}'s fighters (${fids.length}${out ? `, ${out} out of action` : ""})`), list);
}

function fighterCard(view, fid, c) {
  const f = view.fighters[fid];
  const cd = card(view, fid);
  const name = fighterName(view, fid);
  const wounds = f.wounds ?? characteristic(view, fid, "wounds") ?? null;   // null: not known yet
  const left = wounds === null ? null : Math.max(0, wounds - (f.damage || 0));
  const mine = f.seat === c.seat || c.isReferee || c.actsForAll;
  const canEdit = mine && !c.readOnly && c.submit;
  const def = characteristic(view, fid, "defence") || {};
  const tokens = Object.entries(f.tokens || {}).filter(([, n]) => n > 0);
  return h("article", { class: `fighter${f.out ? " ooa" : ""}`, "aria-label": name, "data-fighter": fid },
    h("div", { class: "top" },
      h("div", {},
        h("div", { class: "fname" }, cd.leader ? "♛ " : "", name),
        h("div", { class: "chars" }, `Move ${characteristic(view, fid, "move") ?? "?"} · Defence ${def.dice ?? "?"} ${def.symbol || ""} · Wounds ${wounds ?? "?"}`)),
      h("div", {},
        f.inspired ? h("span", { class: "badge inspired" }, "Inspired") : null,
        f.out ? h("span", { class: "badge ooa" }, "Out of action") : null)),
    f.out ? null : h("div", { class: "wounds" },
      // Each control says what it does; one tap is enough because Undo takes it back, except the
      // damage that takes the fighter out of action (a bounty for the other side): that one asks first.
      canEdit ? button([h("b", {}, "−1"), " ", h("small", {}, "heal")], () => c.submit("heal", { fighter: fid, amount: 1 }),
        { cls: "btn wound-btn", aria: `−1 heal for ${name}`, "data-action": "heal", disabled: !f.damage }) : null,
      left === null
        ? h("div", { class: "count", "aria-live": "polite" }, h("b", {}, String(f.damage || 0)), h("small", {}, "damage taken (Wounds not entered)"))
        : h("div", { class: "count", "aria-live": "polite" }, h("b", {}, String(left)),
          h("small", { "data-wounds": "" }, `${left === 1 ? "wound" : "wounds"} left of ${wounds} · ${f.damage || 0} damage taken`),
          h("div", { class: `hp${left <= 1 ? " low" : ""}` }, h("i", { style: `width:${wounds ? (100 * left) / wounds : 0}%` }))),
      canEdit ? button([h("b", {}, "+1"), " ", h("small", {}, "damage")], () => dealOne(c, fid, name, left),
        { cls: "btn wound-btn", aria: `+1 damage to ${name}`, "data-action": "damage" }) : null),
    !f.inspired && !f.out && cd.inspire_condition && cd.inspire_condition.text ?
      h("div", { class: "chars", style: "margin-top:4px" }, `Inspire: ${cd.inspire_condition.text}`) : null,
    waitingFor(c, fid),
    h("div", {},
      tokens.map(([t, n]) => h("span", { class: "badge token" }, `${TOKEN_NAMES[t] || t}${n > 1 ? ` ×${n}` : ""}`)),
      Object.entries(f.counters || {}).map(([k, n]) => h("span", { class: "badge token" }, `${k} ×${n}`)),
      (f.upgrades || []).map((u) => h("span", { class: "badge" }, u === "upgrade" ? "Upgrade (not named)" : `Upgrade: ${u}`))),
    canEdit && !f.out ? h("div", { class: "more" },
      button("Tokens & counters…", () => tokenSheet(view, fid, c), { cls: "btn small", aria: `Tokens & counters of ${name}` }),
      // Inspire is a button only when the engine says it is due (the condition it checks is met, in an Inspire
      // step); a condition in words only, or a card's Inspire, is in the Tokens & counters sheet.
      f.inspired ? button("Un-inspire", () => c.submit("uninspire", { fighter: fid }), { cls: "btn small", aria: `Un-inspire ${name}` })
        : inspireDue(c, fid) ? button("Inspire", () => c.submit("inspire", { fighter: fid }),
          { cls: "btn small", aria: `Inspire ${name}`, "data-action": "inspire" }) : null) : null);
}

/** The engine says this fighter's Inspire is due now (not merely allowed if the players judge its condition met). */
function inspireDue(c, fid) {
  return (offers(c, fid, "inspire") || []).some((s) => s.event && !s.players_judge);
}

/** Inspiring this fighter is the players' call now: the engine allows it but cannot read the condition
 *  (with no advice, as offline, the table says so and the server decides). */
function inspireJudged(c, fid) {
  const offered = offers(c, fid, "inspire");
  return offered === null || offered.some((s) => s.event && s.players_judge);
}

/** Inspire by a card (cards beat rules): the reason is asked first and logged with the override. */
async function inspireByCard(c, fid, name) {
  const reason = await askReason(`Inspire ${name} by a card`,
    "Which card or ability Inspires this fighter? The reason is logged and shown to everyone.");
  if (reason) c.submit("inspire", { fighter: fid }, { override: { reason } });
}

/** One damage from the fighter card; asks first when it would take the fighter out of action. */
async function dealOne(c, fid, name, left) {
  const pendingDamage = (c.pending || []).filter((e) => e.type === "damage" && e.data.fighter === fid).reduce((n, e) => n + (e.data.amount || 0), 0);
  if (left !== null && left - pendingDamage <= 1) {
    const ok = await sheet(`Take ${name} out of action?`, (close) => h("div", { class: "stack", "data-dialog": "lethal-damage" },
      h("p", {}, `One more damage leaves ${name} with no wounds: out of action, and the rules then give out its bounty.`),
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(false), { cls: "btn" }),
        button("1 damage: out of action", () => close(true), { cls: "btn danger", "data-action": "confirm-lethal" }))));
    if (!ok) return;
  }
  c.submit("damage", { fighter: fid, amount: 1, source: "card" });
}

/** Events for this fighter still in the outbox (entered, not yet acknowledged). */
function waitingFor(c, fid) {
  const mine = (c.pending || []).filter((e) => e.data && e.data.fighter === fid);
  if (!mine.length) return null;
  const dmg = mine.filter((e) => e.type === "damage").reduce((n, e) => n + (e.data.amount || 0), 0);
  const heal = mine.filter((e) => e.type === "heal").reduce((n, e) => n + (e.data.amount || 0), 0);
  const others = mine.filter((e) => e.type !== "damage" && e.type !== "heal").length;
  const parts = [dmg ? `${dmg} damage` : null, heal ? `${heal} healed` : null, others ? `${others} other` : null].filter(Boolean);
  return h("div", { class: "badge pending", role: "status" }, `Waiting to send: ${parts.join(", ")}`);
}

/** The engine's Table suggestions of `type` for this fighter (null when this phone has no advice). */
function offers(c, fid, type) {
  const all = c.advice && c.advice.suggestions;
  if (!all) return null;
  return all.filter((s) => { const t = s.template || s.event;
    return t.type === type && (t.data.fighter ? t.data.fighter === fid : ((s.choices || {}).fighter || []).includes(fid)); });
}

function tokenSheet(view, fid, c) {
  const f = view.fighters[fid];
  const name = fighterName(view, fid);
  const tk = offers(c, fid, "token");
  const ct = offers(c, fid, "counter");
  // Tokens this edition has come from the engine's "Give a token" template (the state lists every one at 0).
  const give = tk && tk.find((s) => s.template && s.template.data.action === "give");
  const kinds = give ? give.choices.token : tk ? [] : Object.keys(f.tokens || {});
  const may = (list, pred, fallback) => (list ? list.some((s) => pred((s.template || s.event).data)) : fallback);
  const giveCounter = ct && ct.find((s) => s.template.data.action === "give");
  const send = (close, type, data) => { close(); c.submit(type, { fighter: fid, ...data }); };
  let cname = "";
  return sheet(`Tokens & counters: ${name}`, (close) => h("div", { class: "stack" },
    kinds.map((t) => {
      const n = (f.tokens || {})[t] || 0;
      return h("div", { class: "row", "data-token": t },
        h("span", { class: "grow", style: "font-weight:700" }, `${TOKEN_NAMES[t] || t}: ${n}`),
        button("Remove", () => send(close, "token", { token: t, action: "remove" }),
          { cls: "btn small", aria: `Remove a ${TOKEN_NAMES[t] || t} token from ${name}`, disabled: !may(tk, (d) => d.action === "remove" && d.token === t, n > 0) }),
        button("Give", () => send(close, "token", { token: t, action: "give" }), { cls: "btn small", aria: `Give ${name} a ${TOKEN_NAMES[t] || t} token` }));
    }),
    // Named counters (Tokens and counters pg 19): only where the engine has the counter event.
    Object.entries(f.counters || {}).map(([k, n]) => h("div", { class: "row", "data-counter": k },
      h("span", { class: "grow", style: "font-weight:700" }, `${k} counters: ${n}`),
      button("−", () => send(close, "counter", { name: k, action: "remove", count: 1 }),
        { cls: "btn small", aria: `Remove a ${k} counter from ${name}`, disabled: !may(ct, (d) => d.action === "remove" && d.name === k, true) }),
      giveCounter ? button("+", () => send(close, "counter", { name: k, action: "give", count: 1 }), { cls: "btn small", aria: `Give ${name} a ${k} counter` }) : null)),
    giveCounter ? h("div", { class: "row" },
      h("input", { style: "flex:1 1 0;min-width:0", maxlength: (giveCounter.fields.name || {}).max_length || 24, placeholder: "New counter, e.g. blood",
        "aria-label": "Counter name", oninput: (e) => { cname = e.target.value; } }),
      button("Give", () => { if (cname.trim()) send(close, "counter", { name: cname.trim(), action: "give", count: 1 }); },
        { cls: "btn small", aria: `Give ${name} the named counter` })) : null,
    !f.inspired && inspireJudged(c, fid) ? h("div", { class: "row" },
      h("span", { class: "grow" }, h("b", {}, "Inspire: "), (card(view, fid).inspire_condition || {}).text || "its condition (on the card)"),
      button("Condition met", () => send(close, "inspire", {}),
        { cls: "btn small", aria: `${name}'s Inspire condition is met: Inspire`, "data-action": "inspire-condition-met" })) : null,
    f.inspired || inspireDue(c, fid) ? null : h("div", { class: "row" },
      h("span", { class: "grow", style: "font-weight:700" }, "Inspire (card effect)"),
      button("By a card…", () => { close(); inspireByCard(c, fid, name); },
        { cls: "btn small", aria: `Inspire ${name} by a card`, "data-action": "inspire-by-card" })),
    h("div", { class: "sheet-actions" }, button("Close", () => close(null), { cls: "btn" }))));
}

// -- combat entry -------------------------------------------------------------------------------

const LONG_PRESS_MS = 450;

/** A face's symbol: text, except Block's shield, drawn (few phone fonts have U+26E8). */
function faceSymbol(face) {
  const [key, sym] = face;
  if (key !== "block") return h("span", { class: "sym", "aria-hidden": "true" }, sym);
  return h("span", { class: "sym", "aria-hidden": "true" }, svg("svg", { viewBox: "0 0 24 24", width: "1em", height: "1em" },
    svg("path", { d: "M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z", fill: "currentColor" })));
}

/** A face key: tap adds one die showing that face; a long press takes one of them off again. */
const tint = (kind) => (kind === "defence" ? " def" : kind === "magic" ? " magic" : "");

function faceKey(kind, face, roll, onchange, hits) {
  const [key, , name] = face;
  const n = roll.filter((f) => f === key).length;
  let timer = null;
  let long = false;
  const press = () => { long = false; timer = setTimeout(() => { long = true; if (n) { roll.splice(roll.lastIndexOf(key), 1); onchange(); } }, LONG_PRESS_MS); };
  const release = () => clearTimeout(timer);
  return h("button", { type: "button", class: `face${tint(kind)}${hits ? " hits" : ""}`,
    "data-face": key, "data-kind": kind, // The name starts with what the key shows (its word and ×count), so speech matches the screen.
    "aria-label": n ? `${name.split(" ")[0]} ×${n}: add another ${name} die` : `Add a ${name} die`,
    onpointerdown: press, onpointerup: release, onpointerleave: release, onpointercancel: release,
    oncontextmenu: (e) => e.preventDefault(),
    onclick: () => { if (long) { long = false; return; } roll.push(key); onchange(); } },
  faceSymbol(face), h("span", { class: "fname" }, name.split(" ")[0]),
  n ? h("span", { class: "n", "aria-hidden": "true" }, `×${n}`) : null);
}

/** One roll: a key per face (a tap adds a die showing it) and the dice entered (a tap takes one off);
 *  `expected` dice were rolled (the card's number unless changed). */
function dicePad(kind, roll, expected, card, label, hitFaces, onchange) {
  const faces = FACE[kind];
  const face = (key) => faces.find((f) => f[0] === key) || [key, "?", key];
  const left = expected - roll.length;
  return h("div", { class: "dice-pad", "data-roll": kind },
    h("div", { class: "faces", role: "group", "aria-label": `${label} dice: tap the face each die shows` },
      faces.map((f) => faceKey(kind, f, roll, onchange, hitFaces.includes(f[0])))),
    h("div", { class: "entered", role: "group", "aria-label": `${label} dice entered` },
      roll.map((key, i) => h("button", { type: "button", class: `die${tint(kind)}${hitFaces.includes(key) ? " hits" : ""}`,
        "data-die": `${kind}-${i}`, "data-face": key, "aria-label": `Remove this ${face(key)[2]} die`,
        onclick: () => { roll.splice(i, 1); onchange(); } }, faceSymbol(face(key)))),
      left > 0 ? Array.from({ length: left }, (_, i) => h("span", { class: "die unset", "aria-hidden": "true", "data-die": `${kind}-${roll.length + i}` }, "?")) : null,
      h("span", { class: "count", "data-count": kind }, left > 0 ? `${roll.length} of ${expected}` : `${roll.length} ${roll.length === 1 ? "die" : "dice"}${roll.length !== card ? ` (card: ${card})` : ""}`)));
}

// Faces that succeed (Deathgorge rulebook, Combat, pg 21): criticals and the weapon's symbol; in defence
// criticals and the Defence symbol, on Guard both Block and Dodge.

const profileName = (p) => p.name || `${p.symbol === "fury" ? "Fury" : p.symbol === "smash" ? "Smash" : capital(p.symbol || "Attack")} ${p.range ? `range ${p.range}` : ""}`.trim();

const countRoll = (faces) => {
  const out = {};
  for (const f of faces) if (f && f !== "blank") out[f] = (out[f] || 0) + 1;
  return out;
};

const RESULT_TEXT = { critical_hit: "Critical hit", hit: "Hit", draw: "Draw", miss: "Miss", critical_defence: "Critical defence" };

function previewText(reply, view, c) {
  if (!reply) return [];
  if (reply.error) return [h("div", { class: "result" }, "Cannot preview"), h("p", {}, reply.error.message)];
  const out = [];
  const vs = reply.violations || [];
  const combat = (reply.consequences || []).find((x) => x.type === "attack_result" || x.type === "combat" || (x.data && x.data.result));
  const result = combat && combat.data && combat.data.result;
  out.push(h("div", { class: "result", "data-preview": result || "" }, result ? RESULT_TEXT[result] || result : (vs.length ? "Not allowed" : "Outcome")));
  for (const cons of reply.consequences || []) {
    out.push(h("div", {}, describeConsequence(cons, { ...c, view }) || cons.type.replace(/_/g, " ")));
  }
  for (const v of vs) out.push(h("div", { class: "error" }, v.message), v.rule ? h("div", { class: "rule" }, v.rule) : null);
  return out;
}

/** The attack form: attacker, profile, target, dice per die, support, cover/trapped, keywords, preview. */
function combatEntry(s, c) {
  const a = attackSetup(s, c);
  const entered = sheet(s.label || "Attack", (close) => attackForm(a, close), { label: "Attack entry" });
  // The attack, then the drive back chosen with it (in this order through the outbox). "Stays" is entered
  // where the catalogue records a drive back not made (hexes 0).
  return entered.then(async (got) => {
    if (!got) return null;
    await c.submit("attack", got.data);
    const min = ((((c.catalogue || []).find((e) => e.type === "drive_back") || {}).fields || {}).hexes || {}).min;
    if (got.hexes > 0 || (got.hexes === 0 && min === 0)) await c.submit("drive_back", { fighter: got.data.target, hexes: got.hexes });
    return null;
  });
}

/** What the attack form starts from: who may attack whom, the weapon the engine offered, the numbers it asks. */
function attackSetup(s, c) {
  const view = c.view;
  const base = JSON.parse(JSON.stringify(s.template.data || {}));
  const choices = s.choices || {};
  const attackers = choices.attacker || (base.attacker ? [base.attacker] :
    Object.keys(view.fighters).filter((fid) => view.fighters[fid].seat === s.template.by && !view.fighters[fid].out));
  const targets = choices.target || (base.target ? [base.target] :
    Object.keys(view.fighters).filter((fid) => view.fighters[fid].seat !== s.template.by && !view.fighters[fid].out));
  const st = { attacker: base.attacker || attackers[0], target: base.target || (targets.length === 1 ? targets[0] : null),
    profile: 0, attackFaces: [], defenceFaces: [], supportA: 0, supportT: 0, cover: false, trapped: false, extra: [],
    faces: null };   // the faces that succeed, as the engine's preview says (support, Guard, cover, keywords, edition)
  // What this edition offers beside the dice (its keywords, cover hexes or not), from the server's catalogue.
  const options = ((c.catalogue || []).find((e) => e.type === "attack") || {}).options || { keywords: [], cover: false };
  // The engine offers one attack per weapon (its profile in the template): keep that weapon.
  const named = !!base.profile;
  if (named) {
    const same = (p) => (base.profile.name ? p.name === base.profile.name
      : ["range", "dice", "symbol", "damage"].every((k) => base.profile[k] === undefined || p[k] === base.profile[k]));
    st.profile = Math.max(0, profilesOf(view, st.attacker).findIndex(same));
  }
  // Numbers the content does not know (the engine asks for them: profile.dice, defence.symbol...).
  const asked = [...Object.keys(choices).filter((k) => k !== "target" && k !== "attacker").map((k) => [k, { choices: choices[k] }]),
    ...Object.entries(s.fields || {}).filter(([k]) => !/^(attack_roll|defence_roll)\./.test(k))];
  const given = {};
  for (const [path, spec] of asked) {
    if (spec.choices && spec.choices.length === 1) setPath(given, path, spec.choices[0]);
    else if (spec.type === "int") setPath(given, path, spec.min ?? 0);
  }
  return { c, view, base, attackers, targets, st, options, named, asked, given };
}

/** The weapon attacked with: the one picked, with what the engine's template says of it. */
const attackProfile = (a) => (a.named ? { ...(profilesOf(a.view, a.st.attacker)[a.st.profile] || {}), ...a.base.profile }
  : profilesOf(a.view, a.st.attacker)[a.st.profile] || {});
const attackIsMagic = (a) => attackProfile(a).spell || ["channel", "focus"].includes(attackProfile(a).symbol);
const attackKind = (a) => (attackIsMagic(a) ? "magic" : "attack");
// Dice expected in each roll: the card's numbers until the player enters more (a card) or sets fewer.
const cardDice = (a) => (a.given.profile && a.given.profile.dice) ?? attackProfile(a).dice ?? 1;
const attackExpected = (a) => Math.max(a.st.dice ?? cardDice(a), a.st.attackFaces.length);
const targetDefence = (a) => ({ ...(characteristic(a.view, a.st.target, "defence") || { dice: 1 }), ...(a.given.defence || {}) });
const defenceExpected = (a) => Math.max(a.st.defDice ?? targetDefence(a).dice ?? 1, a.st.defenceFaces.length);
const missingGiven = (a) => a.asked.some(([path]) => getPath(a.given, path) === undefined);

/** The attack entry as the form stands. */
function attackData(a) {
  const { st } = a;
  const p = attackProfile(a);
  const data = { ...a.base, attacker: st.attacker, target: st.target,
    // The weapon as the engine offered it (or as picked), plus what a card changed here.
    // A card changed how many dice were rolled: say so in the weapon's Dice.
    profile: { ...(a.named ? a.base.profile : { name: p.name }), ...(attackExpected(a) !== cardDice(a) ? { dice: attackExpected(a) } : {}),
      ...(st.extra.length ? { keywords: [...new Set([...(p.keywords || []), ...st.extra])] } : {}) },
    attack_roll: countRoll(st.attackFaces), defence_roll: countRoll(st.defenceFaces) };
  for (const [path] of a.asked) if (getPath(a.given, path) !== undefined) setPath(data, path, getPath(a.given, path));
  if (st.supportA || st.supportT) data.supporting = { attacker: st.supportA, target: st.supportT };
  if (st.cover) data.cover = true;
  if (st.trapped) data.trapped = true;
  return data;
}

/** The faces that succeed, in the order the dice pad shows them (critical first). */
function faceNames(a, k, keys) {
  if (!a.st.faces) return "…";
  const names = FACE[k].filter((f) => keys.includes(f[0])).map((f) => f[2]);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}` : (names[0] || "critical only");
}

const guardText = (a) => { const tf = a.st.target && fighter(a.view, a.st.target); return tf && tf.tokens && tf.tokens.guard ? " (on Guard)" : ""; };

/** Take the success faces from the engine's answer. The answer comes while the player may be tapping: the
 *  controls stay where they are (no redraw), only their marks and the "Succeeds on" lines change. */
function learnFaces(a, body, reply) {
  const resolved = ((reply && reply.consequences) || []).find((x) => x.type === "attack_resolved");
  const faces = resolved && resolved.data && resolved.data.faces;
  if (faces && JSON.stringify(faces) !== JSON.stringify(a.st.faces)) { a.st.faces = faces; markFaces(a, body); }
}

/** The faces that succeed, marked on the drawn keys and dice, and said in words. */
function markFaces(a, body) {
  const kind = attackKind(a);
  const hits = a.st.faces ? a.st.faces.attack : [];
  const saves = a.st.faces ? a.st.faces.defence : [];
  for (const [k, keys] of [[kind, hits], ["defence", saves]]) {
    body.querySelectorAll(`[data-roll='${k}'] [data-face]`).forEach((el) => el.classList.toggle("hits", keys.includes(el.dataset.face)));
  }
  const said = { [kind]: `Succeeds on ${faceNames(a, kind, hits)}`, defence: `Saves on ${faceNames(a, "defence", saves)}${guardText(a)}` };
  body.querySelectorAll("[data-symbols]").forEach((el) => { el.textContent = said[el.dataset.symbols] || el.textContent; });
}

/** The attack sheet's body: the form, its outcome kept up to date, Commit (and Commit with a drive back). */
function attackForm(a, close) {
  const { st, view, c } = a;
  const body = h("div", { class: "stack", "data-form": "attack" });
  const previewBox = h("div", { class: "preview", "aria-live": "polite", id: "attack-preview" });
  // A drive back the outcome allows (combat step 7, pg 21) is chosen with the Commit tap itself.
  let driveBack = null;   // hexes allowed, or null
  const commit = button("", () => close({ data: attackData(a), hexes: driveBack && 0 }), { cls: "btn primary", "data-action": "commit" });
  const push = button("", () => close({ data: attackData(a), hexes: driveBack }), { cls: "btn primary", "data-action": "commit-drive-back" });
  const offerDriveBack = (n) => {
    driveBack = n;
    const who = fighterName(view, st.target);
    commit.textContent = n === null ? "Commit attack" : `Commit attack, ${who} stays`;
    push.textContent = n === null ? "" : `Drive ${who} back ${n} hex${n === 1 ? "" : "es"} and commit`;
    push.hidden = n === null;
    push.disabled = commit.disabled;
  };
  offerDriveBack(null);
  let timer = null;
  async function runPreview() {
    const bare = (text) => { previewBox.className = "preview"; previewBox.replaceChildren(h("div", { class: "muted" }, text)); commit.disabled = true; offerDriveBack(null); };
    if (!st.target) return bare("Pick a target to see the outcome.");
    if (missingGiven(a)) return bare("Enter the numbers from the fighter card first.");
    const aLeft = attackExpected(a) - st.attackFaces.length;
    const dLeft = defenceExpected(a) - st.defenceFaces.length;
    commit.disabled = true;
    const reply = await c.preview("attack", attackData(a));   // asked before any die too: it says which faces succeed
    learnFaces(a, body, reply);
    if (!st.attackFaces.length) return bare(`Tap the face each ${attackKind(a)} die shows.`);
    commit.disabled = aLeft > 0 || dLeft > 0;
    const open = [aLeft > 0 ? `${aLeft} ${attackKind(a)} ${aLeft === 1 ? "die" : "dice"}` : null,
      dLeft > 0 ? `${dLeft} defence ${dLeft === 1 ? "die" : "dice"}` : null].filter(Boolean);
    const allowed = !open.length && reply && !(reply.violations || []).length
      && (reply.consequences || []).find((x) => x.type === "drive_back_allowed" && x.data && x.data.fighter === st.target);
    offerDriveBack(allowed ? allowed.data.hexes : null);
    previewBox.className = `preview${reply && (reply.error || (reply.violations || []).length) ? " bad" : ""}${open.length ? " partial" : ""}`;
    previewBox.replaceChildren(...[open.length ? h("div", { class: "muted", "data-partial": "true" }, `So far; still to enter: ${open.join(", ")}`) : null,
      ...previewText(reply, view, c)].filter(Boolean));
  }
  const ui = { body, close, later: () => { clearTimeout(timer); timer = setTimeout(runPreview, 120); },
    // The outcome stays in view next to Commit, whatever part of the form is scrolled to. Commit is the footer's
    // last line, so the drive back offered (or the outcome's text) grows the footer upwards, not under the finger.
    footer: () => h("div", { class: "sheet-footer" }, previewBox, push,
      h("div", { class: "row" }, button("Cancel", () => close(null), { cls: "btn" }), commit)) };
  ui.redraw = () => drawAttackForm(a, ui);
  ui.redraw();
  runPreview();
  return body;
}

/** Draw the attack form again from its state. */
function drawAttackForm(a, ui) {
  const { st, view } = a;
  const kind = attackKind(a);
  const hits = st.faces ? st.faces.attack : [];
  const saves = st.faces ? st.faces.defence : [];
  const changed = () => { ui.redraw(); ui.later(); };
  const attackPad = dicePad(kind, st.attackFaces, attackExpected(a), cardDice(a), capital(kind), hits,
    changed);
  const defencePad = st.target ? dicePad("defence", st.defenceFaces, defenceExpected(a), targetDefence(a).dice ?? 1, "Defence", saves,
    changed) : null;
  ui.body.replaceChildren(...[
    ...attackPickers(a, changed),
    askedFields(a, ui),
    h("fieldset", { class: "roll" }, h("legend", {}, `${capital(kind)} dice`),
      h("p", { class: "symbols", "data-symbols": kind }, `Succeeds on ${faceNames(a, kind, hits)}`), attackPad),
    defencePad ? h("fieldset", { class: "roll" }, h("legend", {}, `Defence dice: ${fighterName(view, st.target)}`),
      h("p", { class: "symbols", "data-symbols": "defence" }, `Saves on ${faceNames(a, "defence", saves)}${guardText(a)}`), defencePad) : null,
    ...attackSituation(a, ui, changed),
    ui.footer(),
  ].filter(Boolean));
}

/** The attacker, the weapon (or the one the engine offered) and the target, as the form asks for them. */
function attackPickers(a, changed) {
  const { st, view, c, attackers, targets } = a;
  const p = attackProfile(a);
  const choice = (v, i, current, set, name) => button(typeof v === "object" ? `${profileName(v)} (${v.dice} dice, dmg ${v.damage})` : fighterName(view, v),
    () => { set(typeof v === "object" ? i : v); changed(); },
    { cls: "btn", role: "radio", "aria-checked": String(current === (typeof v === "object" ? i : v)), "data-field": name });
  const pick = (label, values, current, set, name) => h("fieldset", {}, h("legend", {}, label),
    h("div", { class: "btn-grid", role: "radiogroup", "aria-label": label }, values.map((v, i) => choice(v, i, current, set, name))));
  // With several opponents, targets come grouped under their player, so a fighter is never picked from the wrong warband.
  const targetPick = (values, current, set) => {
    const seats = [...new Set(values.map((fid) => (view.fighters[fid] || {}).seat))];
    if (seats.length < 2) return pick("Target", values, current, set, "target");
    return h("fieldset", {}, h("legend", {}, "Target"), seats.map((seat) => h("div", { class: "target-group", "data-target-seat": seat },
      h("div", { class: "muted" }, `${c.seatName(seat)}'s fighters`),
      h("div", { class: "btn-grid", role: "radiogroup", "aria-label": `Target: ${c.seatName(seat)}'s fighters` },
        values.filter((fid) => (view.fighters[fid] || {}).seat === seat).map((fid) => choice(fid, 0, current, set, "target"))))));
  };
  return [
    attackers.length > 1 ? pick("Attacker", attackers, st.attacker, (v) => { st.attacker = v; st.profile = 0; st.dice = null; }, "attacker") : null,
    a.named ? h("p", { class: "weapon", "data-weapon": p.name || "" }, p.dice === undefined ? `${profileName(p)}: numbers not known yet, enter them below`
      : `${profileName(p)} · ${p.dice} dice · damage ${p.damage}${(p.keywords || []).length ? ` · ${p.keywords.join(", ")}` : ""}`,
      targets.length === 1 && st.target ? h("b", {}, ` → ${fighterName(view, st.target)}`) : null)
      : pick("Weapon", profilesOf(view, st.attacker), st.profile, (v) => { st.profile = v; st.dice = null; st.attackFaces.length = 0; }, "profile"),
    targets.length > 1 || !st.target ? targetPick(targets, st.target, (v) => { st.target = v; st.defDice = null; }) : null,
  ];
}

/** The numbers the engine asks from the fighter cards (those the content does not know). */
function askedFields(a, ui) {
  const { asked, given } = a;
  return asked.length ? h("fieldset", {}, h("legend", {}, "From the fighter cards"),
    asked.map(([path, spec]) => (spec.choices
      ? h("div", { class: "btn-grid", role: "radiogroup", "aria-label": fieldLabel(path) }, spec.choices.map((v) => {
        const on = getPath(given, path) === v;
        return button(`${fieldLabel(path)}: ${String(v)}`, () => { setPath(given, path, v); ui.redraw(); ui.later(); },
          { cls: "btn", role: "radio", "aria-checked": String(on), "data-field": path });
      }))
      : h("div", { class: "row" }, h("span", { class: "grow" }, fieldLabel(path)),
        stepper(() => getPath(given, path), (v) => { setPath(given, path, v); if (/dice$/.test(path)) ui.redraw(); ui.later(); },
          spec.min ?? 0, spec.max ?? 9, fieldLabel(path)))))) : null;
}

/** Supporting fighters, dice rolled when a card changes it, cover and trapped, and the keywords a card adds. */
function attackSituation(a, ui, changed) {
  const { st, options } = a;
  const p = attackProfile(a);
  const kind = attackKind(a);
  const kw = options.keywords || [];
  const later = ui.later;
  const fewer = (label, get, set) => h("div", { class: "row dice-count" }, h("span", { class: "grow" }, label),
    stepper(get, (v) => { set(v); changed(); }, 1, 12, `${label} rolled`));
  return [
    h("fieldset", {}, h("legend", {}, "Supporting fighters"),
      h("div", { class: "row" }, h("span", { class: "grow" }, "Attacker's"), stepper(() => st.supportA, (v) => { st.supportA = v; later(); }, 0, 6, "Attacker's supporting fighters")),
      h("div", { class: "row" }, h("span", { class: "grow" }, "Target's"), stepper(() => st.supportT, (v) => { st.supportT = v; later(); }, 0, 6, "Target's supporting fighters"))),
    h("fieldset", {}, h("legend", {}, "Dice rolled (when a card changes it)"),
      fewer(`${capital(kind)} dice`, () => attackExpected(a), (v) => { st.dice = v; st.attackFaces.splice(v); }),
      st.target ? fewer("Defence dice", () => defenceExpected(a), (v) => { st.defDice = v; st.defenceFaces.splice(v); }) : null),
    h("fieldset", {}, h("legend", {}, "Situation"),
      options.cover ? h("label", { class: "check" }, h("input", { type: "checkbox", checked: st.cover, onchange: (e) => { st.cover = e.target.checked; later(); } }), "Target in cover") : null,
      h("label", { class: "check" }, h("input", { type: "checkbox", checked: st.trapped, onchange: (e) => { st.trapped = e.target.checked; later(); } }), "Target trapped")),
    kw.length ? h("fieldset", {}, h("legend", {}, "Keywords"),
      h("div", { class: "row" }, kw.map((k) => {
        const fixed = (p.keywords || []).includes(k);
        return h("label", { class: "check", style: "flex:1 1 45%" }, h("input", { type: "checkbox", checked: fixed || st.extra.includes(k), disabled: fixed,
          onchange: (e) => { st.extra = e.target.checked ? [...st.extra, k] : st.extra.filter((x) => x !== k); later(); } }), k);
      }))) : null,
  ];
}

// -- words ----------------------------------------------------------------------------------------

function describeValue(path, value, view) {
  const last = path.split(".").pop();
  if (value === null) return "None";
  if (isFighterId(value, view)) return fighterName(view, value);
  if (Array.isArray(value) && value.every((v) => isFighterId(v, view))) return value.map((v) => fighterName(view, v)).join(", ");
  if (last === "profile" && value && typeof value === "object") return value.name || "profile";
  if (last === "purpose") return { boards: "first board", deployment: "placing fighters", first_turn: "first turn" }[value] || value;
  if ((last === "attack_roll" || last === "defence_roll") && value && typeof value === "object") {
    return Object.entries(value).filter(([k, n]) => k !== "dice" && n).map(([k, n]) => `${n} ${k}`).join(", ") || "no successes";
  }
  return null;
}

function describeEvent(ev, c) {
  const d = ev.data || {};
  const v = c.view;
  const fn = (fid) => fighterName(v, fid);
  switch (ev.type) {
    case "damage": return `${d.amount} damage to ${fn(d.fighter)}${d.source ? ` (${d.source})` : ""}`;
    case "heal": return `Healed ${fn(d.fighter)} by ${d.amount}`;
    case "inspire": return `${fn(d.fighter)} Inspired`;
    case "uninspire": return `${fn(d.fighter)} no longer Inspired`;
    case "token": return `${TOKEN_NAMES[d.token] || d.token} token ${d.action === "remove" ? "removed from" : "given to"} ${fn(d.fighter)}`;
    case "counter": return `${d.count} ${d.name} counter${d.count > 1 ? "s" : ""} ${d.action === "remove" ? "removed from" : "given to"} ${fn(d.fighter)}`;
    case "activate": return `${capital(String(d.action || "").replace(/_/g, " "))}${d.fighter ? `: ${fn(d.fighter)}` : ""}${d.target ? ` → ${fn(d.target)}` : ""}`;
    case "attack": return `Attack: ${fn(d.attacker)} → ${fn(d.target)}${d.profile && d.profile.name ? ` with ${d.profile.name}` : ""} (${describeValue("attack_roll", d.attack_roll || {}, v)} vs ${describeValue("defence_roll", d.defence_roll || {}, v)})`;
    case "roll_off": return `Roll-off (${describeValue("purpose", d.purpose, v)}): ${c.seatName(d.first)} goes first`;
    case "hand": { // another player's hand comes without its names (engine privacy.py)
      const names = [...(d.objectives || []), ...(d.power || [])];
      return names.length ? `Cards in hand noted: ${names.join(", ")}` : "Cards in hand noted";
    }
    case "do_over": return d.choice === "none" ? "Kept the starting hand" : `Do-over: ${d.choice === "all" ? "all cards" : `${d.choice} cards`} redrawn`;
    case "deployed": return `All fighters placed; ${c.seatName(d.finished_first)} finished first`;
    case "player_action": return { draw_power: "Drew a power card", swap_objective: "Discarded and drew an objective", pass: "Passed the activation" }[d.action] || null;
    case "power": return d.play === "pass" ? "Power step: pass" : `Played ${d.card || withArticle(d.play)}${d.fighter ? ` on ${fn(d.fighter)}` : ""}`;
    case "reaction": return `Reaction: ${d.name || d.card || "?"}${d.fighter ? ` (${fn(d.fighter)})` : ""}`;
    case "reaction_pass": return "No reaction";
    case "objective": return `${capital(d.action || "")} objective${d.card ? ` ${d.card}` : ""}${d.glory !== undefined ? ` (${d.glory} glory)` : ""}`;
    case "end_phase_done": return "End phase done";
    case "push": return `${fn(d.fighter)} pushed ${d.hexes} hex${d.hexes === 1 ? "" : "es"}${d.into && d.into !== "none" ? ` into a ${d.into} hex` : ""}`;
    case "drive_back": return d.hexes > 0
      ? `${fn(d.fighter)} driven back ${d.hexes} hex${d.hexes === 1 ? "" : "es"}${d.into && d.into !== "none" ? ` into a ${d.into} hex` : ""}`
      : `${fn(d.fighter)} not driven back`;
    case "glory_adjust": return `Glory corrected for ${c.seatName(d.seat)}: unspent ${d.unspent >= 0 ? "+" : ""}${d.unspent}, spent ${d.spent >= 0 ? "+" : ""}${d.spent} (${d.reason})`;
    case "note": return `${d.seq ? `Note on #${d.seq}` : "Note"}: ${d.text}`;
    case "abandon": return `The Attack action cannot be made${d.reason ? `: ${d.reason}` : ""}`;
    case "discard_power": return `Discarded ${d.card || "a power card"}${d.in_play ? " (from play)" : ""}`;
    case "position": return d.feature ? `${fn(d.fighter)} stands on feature token ${String(d.feature).toUpperCase()}` : `${fn(d.fighter)} is on no feature token`;
    case "feature": {
      const token = `Feature token ${String(d.feature || "").toUpperCase()}`;
      if (d.action === "remove") return `${token} removed`;
      return `${token} ${d.action === "flip" ? "flipped" : "placed"}${d.face ? ` ${d.face} side up` : ""}`;
    }
    case "out_of_action": return `${fn(d.fighter)} taken out of action${d.source ? ` (${String(d.source).replace(/_/g, " ")})` : ""}`;
    case "return_fighter": return `${fn(d.fighter)} returns to the battlefield`;
    case "wounds": return `${fn(d.fighter)}'s Wounds ${d.change >= 0 ? "+" : ""}${d.change}`;
    case "hazard": return d.action === "end" ? "Hazard phase done" : `Hazard ${d.action === "draw" ? "drawn" : "discarded"}${d.card ? `: ${d.card}` : ""}`;
    default: return null;
  }
}

const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
/** "an upgrade", "a ploy": the card kind with its article. */
const withArticle = (word) => `${/^[aeiou]/i.test(String(word)) ? "an" : "a"} ${word}`;

/** Why a round is skipped, as the engine says (a four-player game skips round 2: Deathgorge, Multiplayer games, Round 2). */
function roundSkippedWords(d) {
  const played = (d.rounds || []).join(" and ");
  return `Round ${d.round} is skipped: ${d.players ? `a ${d.players}-player game` : "this game"} plays ${played ? `rounds ${played}` : "fewer rounds"}`;
}

/** Passes nobody had to say (the next entry closed the step): "Ana and Ben made no reaction". */
function passesWords(d, c) {
  const names = (d.seats || []).map((s) => (c.seatName ? c.seatName(s) : s));
  const who = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0] || "";
  if (d.step === "reaction") return `${who} made no reaction`;
  if (d.step === "power") return `${who} passed the power step`;
  if (d.step === "drive_back") return `${who} did not drive the target back`;
  return `${who} passed`;
}

function describeConsequence(cons, c) {
  const d = cons.data || {};
  const v = c.view;
  const fn = (fid) => fighterName(v, fid);
  const sn = (seat) => (c.seatName ? c.seatName(seat) : seat);
  switch (cons.type) {
    case "out_of_action": return `${fn(d.fighter)} is out of action`;
    case "bounty": return `${c.seatName ? c.seatName(d.seat) : d.seat} gains ${d.glory} glory (bounty${d.fighter ? ` for ${fn(d.fighter)}` : ""})`;
    case "damage": return `${d.amount} damage to ${fn(d.fighter || d.target)}`;
    case "surge_scored": return `${c.seatName ? c.seatName(d.seat) : d.seat} scores ${d.card || "a surge objective"} (${d.glory} glory)`;
    case "turn_begins": return `Turn ${d.turn}: ${c.seatName ? c.seatName(d.seat) : d.seat}`;
    case "action_phase_begins": return `Round ${d.round}: action phase begins${d.adds_critical ? ` (${c.seatName(d.adds_critical)} adds a critical to the roll-off)` : ""}`;
    case "end_phase_begins": return `End phase begins (order: ${(d.order || []).map((s) => c.seatName(s)).join(", ")})`;
    case "power_step_ends": return "Power step ends";
    case "round_ends": return `Round ${d.round} ends: Move, Charge, Guard and Stagger tokens cleared`;
    case "game_over": return "Game over";
    case "staggered": return `${fn(d.fighter)} is staggered${d.by ? ` (${d.by})` : ""}`;
    case "spell_cast": return `${fn(d.caster)} casts ${d.card || "the spell"}${d.backlash ? ` (backlash: ${d.backlash} damage to the caster)` : ""}`;
    case "spell_failed": return `${fn(d.caster)} fails to cast ${d.card || "the spell"}${d.backlash ? ` (backlash: ${d.backlash} damage to the caster)` : ""}`;
    case "objective_scored": return `${sn(d.seat)} scores ${d.card || "an objective"}${d.drew ? ` and draws ${d.drew}` : ""}`;
    case "inspired": return `${fn(d.fighter)} is Inspired${d.by ? ` (${d.by})` : ""}`;
    case "guard_removed": return `${fn(d.fighter)} loses its Guard token`;
    case "stagger_removed": return `${fn(d.fighter)} loses its Stagger token`;
    case "warband_wiped_out": return `${(d.seats || []).map(sn).join(" and ")}'s warband is wiped out${d.game_ends ? `: the game ends ${d.game_ends}` : ""}`;
    case "sudden_death_round": return `Sudden death: round ${d.round}${d.first ? `, ${sn(d.first)} first` : ""}`;
    case "glory_spent": return `${sn(d.seat)} spends ${d.glory} glory${d.fighter ? ` on ${fn(d.fighter)}` : ""}`;
    case "no_glory_spent": return `${sn(d.seat)} spends no glory${d.fighter ? ` on ${fn(d.fighter)}` : ""} (the card says so)`;
    case "no_bounty": return `No bounty for ${fn(d.fighter)}${d.reason ? `: ${d.reason}` : ""}`;
    case "match_decided": return `${sn(d.winner)} wins the match${d.by === "roll_off" ? " on the roll-off" : ""}`;
    case "hazard_phase_begins": return `Round ${d.round}: hazard phase${d.cards ? ` (${d.cards} hazard card${d.cards === 1 ? "" : "s"} to draw)` : ""}`;
    case "hazard_phase_ends": return `Round ${d.round}: the hazard phase ends`;
    case "hazard_drawn": return `Hazard drawn: ${d.card || "a card"}${d.left_to_draw ? ` (${d.left_to_draw} more to draw)` : ""}`;
    case "hazard_discarded": return `Hazard discarded: ${d.card || "a card"}`;
    case "gambit_persists": return `${d.card || "The gambit"} stays in play (${sn(d.seat)})`;
    case "feature_placed": return `Feature token ${String(d.feature || "").toUpperCase()} placed ${d.face ? `${d.face} side up ` : ""}in ${d.where || "its hex"}`;
    case "do_overs_begin": return `Do-overs, ${sn(d.first)} first`;
    case "direction_of_play": return `Round ${d.round}: play goes ${d.direction}`;
    case "delved": return `Feature token ${String(d.feature || "").toUpperCase()} delved: now ${d.face} side up${d.staggered ? `, ${fn(d.staggered)} is staggered` : ""}`;
    case "charge_token": return `${fn(d.fighter)} gets a Charge token`;
    case "lethal_hex_no_effect": return `The lethal hex${d.hexes > 1 ? "es do" : " does"} not harm ${fn(d.fighter)}`;
    case "attack_abandoned": return `${fn(d.fighter)}'s Attack action is abandoned`;
    case "artefact_glory": return `${sn(d.seat)} gains ${d.glory} glory (the Katophrane Artefact${d.fighter ? `, ${fn(d.fighter)}` : ""})`;
    case "action_without_activation": return `${fn(d.fighter)} makes a ${String(d.action || "").replace(/_/g, " ")} action (a card, not an activation)`;
    case "round_skipped": return roundSkippedWords(d);
    case "reaction_step_closed": return "Reaction step closed";
    case "passes_inferred": return passesWords(d, c);
    case "not_driven_back": return `${fn(d.fighter)} is not driven back`;
    case "drive_back_allowed": return `${fn(d.attacker)} may drive ${fn(d.fighter)} back ${d.hexes} hex${d.hexes === 1 ? "" : "es"}`;
    case "do_over_discarded": return `${c.seatName(d.seat)} discards ${d.discarded} ${d.kind === "objectives" ? "objective" : "power"} cards for the game and draws ${d.drawn}`;
    case "cards_drawn": return `${c.seatName(d.seat)} draws up${d.after_sequence ? " again" : ""} (${d.objectives || 0} objective, ${d.power || 0} power)${d.after_sequence ? ": the card left the hand after the end phase draw" : ""}`;
    case "damage_dealt": return `${d.amount} damage to ${fn(d.fighter)}${d.by && isFighterId(d.by, v) ? ` by ${fn(d.by)}` : ""}`;
    case "attack_resolved": return d.summary ? capital(d.summary) : null;
    case "attack_result": case "combat": return d.result ? `${RESULT_TEXT[d.result] || d.result}${d.damage ? `, ${d.damage} damage` : ""}${d.drive_back ? ", drive back" : ""}` : null;
    default: return null;
  }
}

// -- the module -------------------------------------------------------------------------------

// The weapon picked with an Attack or Charge activation, per fighter, until its dice sheet opens.
const weaponPicked = new Map();

/** Whether an attack template's profile is this weapon of the fighter card (by name, else by its numbers). */
function sameWeapon(profile, weapon) {
  if (!profile) return false;
  if (profile.name || weapon.name) return profile.name === weapon.name;
  return ["range", "dice", "symbol", "damage"].every((k) => profile[k] === undefined || profile[k] === weapon[k]);
}

/** @type {Renderer} see static/js/types.js */
export default {
  renderBoard(view, c) {
    if (!view || !view.seats) return h("p", { class: "muted" }, "No table yet.");
    const order = view.order || Object.keys(view.seats);
    // Your own warband first: it is the one you touch most.
    const seats = [...order.filter((s) => s === c.seat), ...order.filter((s) => s !== c.seat)];
    return h("div", { class: "board" }, c.outcome ? null : matchPanel(view, c), seats.map((seat) => seatBlock(view, seat, c)));
  },

  /** Round, phase, whose turn and which step, from the state (so spectators see it too). */
  banner(view, advice, c) {
    const step = (advice && advice.step) || {};
    const where = [];
    if (view.phase !== "setup" && view.round) where.push(`Round ${view.round}${view.round > 3 ? " (sudden death)" : " of 3"}`);
    if (view.phase === "setup") where.push("Setting up");
    else if (view.phase === "action") where.push("Action phase");
    else if (view.phase === "end") where.push("End phase");
    else if (view.phase === "hazard") where.push("Hazard phase");
    const turn = view.turn && view.turn.seat;
    if (turn && view.phase === "action") {
      const per = step.turns_per_round;
      const n = (view.seats[turn] && view.seats[turn].turns_taken) || 0;
      where.push(`${turn === c.seat ? "your" : `${c.seatName(turn)}'s`} turn${per ? ` (${Math.min(n + (view.step === "activation" && !view.pending ? 1 : 0), per)} of ${per})` : ""}`);
    }
    let what = STEP_NAMES[view.step] || (view.step || "").replace(/_/g, " ");
    let extra = null;
    if (view.step === "power" && view.power) {
      const go = view.power.order[view.power.next];
      if (go) what = `Power step: ${go === c.seat ? "your" : `${c.seatName(go)}'s`} go`;
    }
    if (view.phase === "end" && view.end) {
      const seat = view.end.order[view.end.i];
      what = `End phase: ${seat === c.seat ? "you" : c.seatName(seat)}`;
      extra = `Step ${view.end.stage} of 6: ${END_STAGES[view.end.stage]}`;
    }
    if (view.pending && view.pending.attacker) what = `Attack: enter the dice for ${fighterName(view, view.pending.attacker)}`;
    // An open reaction step comes first: the headline says so; the line under it (the shell's) says who moves
    // next and who may still react or play a power card first. What comes next is added only when it is this
    // phone's own ("Next: Power step: your go"): another player's would contradict the line saying who moves.
    if (view.reaction) {
      if (/\byour\b/.test(what)) extra = `Next: ${what}`;
      what = "Reaction step";
    }
    else if (view.minor && view.phase === "action") extra = "Inspire and surge steps open";
    return { where: where.join(" · "), what: capital(what), extra };
  },

  /** The end phase's six steps for the player running through them, the current one marked. */
  stepGuide(view, advice, c) {
    if (view.phase !== "end" || !view.end) return null;
    const seat = view.end.order[view.end.i];
    const lastRound = view.round === 3;
    return h("section", { class: "card step-guide", "aria-label": "End phase steps" },
      h("h2", {}, `End phase: ${seat === c.seat ? "your sequence" : `${c.seatName(seat)}'s sequence`}`),
      h("ol", {}, [1, 2, 3, 4, 5, 6].map((n) => {
        const skipped = lastRound && n > 1;
        const auto = n >= 5;
        return h("li", { class: n === view.end.stage ? "now" : n < view.end.stage ? "done" : "", "aria-current": n === view.end.stage ? "step" : null },
          capital(END_STAGES[n]), skipped ? " (not in the last round)" : auto ? " (done for you at Done)" : "");
      })));
  },

  /** Glory totals (spent and unspent) under the winner. */
  scoreLine(outcome, view, c) {
    const glory = outcome.glory || Object.fromEntries(Object.entries(view.seats || {})
      .map(([s, v]) => [s, v.glory ? v.glory.unspent + v.glory.spent : 0]));
    return `Glory: ${Object.entries(glory).map(([s, n]) => `${c.seatName(s)} ${n}`).join(" · ")}`;
  },

  /** The tiebreak that decided the game, in the book's terms (Deathgorge rulebook, Victory pg 39). */
  decidedBy(outcome, c) {
    const held = outcome.objective_value || {};
    return {
      glory: "Most glory (spent and unspent)",
      surviving_fighters: "Tied on glory: the only warband with fighters left standing",
      objective_value: `Tied on glory: most objective token value held (${Object.entries(held).map(([s, v]) => `${c.seatName(s)} ${v}`).join(", ")})`,
      draw: "Tied on every tiebreak: a draw",
    }[outcome.decided_by] || null;
  },

  /** Under the game-over winner: the matched-play match's score, next game or result. */
  afterWinner(outcome, view, c) {
    return matchPanel(view, c);
  },

  describeValue: (path, value, view) => describeValue(path, value, view),
  describeEvent,
  describeConsequence,

  /** After an Attack or Charge activation: the fighter's Attack action with the weapon picked with it (or its only one). */
  followUp(entered, advice, c) {
    const d = entered.data || {};
    if (entered.type !== "activate" || !["attack", "charge"].includes(d.action) || !advice) return null;
    const attacks = (advice.suggestions || []).filter((s) => s.template && s.template.type === "attack"
      && (s.template.data.attacker === d.fighter || ((s.choices || {}).attacker || []).includes(d.fighter)));
    const weapon = weaponPicked.get(d.fighter);
    weaponPicked.delete(d.fighter);
    const same = weapon ? attacks.filter((s) => sameWeapon(s.template.data.profile, weapon)) : [];
    return same.length === 1 ? same[0] : attacks.length === 1 ? attacks[0] : null;
  },

  /** An Attack or Charge activation of a fighter with several weapons: one button per weapon, so the weapon is
   *  picked with the action, and its dice sheet then opens by itself (a tap less than picking it after). */
  expand(s, c) {
    const ev = s.event;
    if (!ev || ev.type !== "activate" || !["attack", "charge"].includes(ev.data.action) || !c.view) return null;
    const weapons = profilesOf(c.view, ev.data.fighter).filter((p) => !p.spell || (card(c.view, ev.data.fighter).traits || []).includes("wizard"));
    if (weapons.length < 2) return null;
    return weapons.map((p) => ({ label: `${s.label}: ${profileName(p)}`, group: s.group, template: ev, choices: {}, fields: {}, weapon: p }));
  },

  customEntry(s, c) {
    if (s.weapon && s.template.type === "activate") {   // an activation with its weapon picked (expand above)
      weaponPicked.set(s.template.data.fighter, s.weapon);
      return Promise.resolve(JSON.parse(JSON.stringify(s.template.data)));
    }
    const type = s.template && s.template.type;
    if (type === "attack") return combatEntry(s, c);
    if (type === "roll_off" && s.template.data.purpose === "match") return matchRollOff(s, c);
    // The hand and named-reaction sheets load when first opened: most of a table's loads never open them.
    if (type === "hand") return import("./hand.js").then((m) => m.handEntry(s, c));
    if (type === "reaction" && s.fields && s.fields.name && s.fields.name.cards) return import("./reaction.js").then((m) => m.namedReaction(s, c));
    return null;
  },

  /** Glory by source per round, from the scored objectives and the bounty consequences in the log. */
  glorySeries(view, events) {
    const seats = view.order || Object.keys(view.seats || {});
    const rounds = [1, 2, 3];
    const table = {};
    const add = (seat, round, src, n) => {
      const key = `${seat}|${round}|${src}`;
      table[key] = (table[key] || 0) + (n || 0);
    };
    for (const seat of seats) {
      for (const sc of (view.seats[seat] && view.seats[seat].scored) || []) add(seat, sc.round || 1, "objectives", sc.glory);
    }
    let round = 1;
    for (const ev of [...events].sort((a, b) => a.seq - b.seq)) {
      for (const cons of ev.consequences || []) {
        if (cons.type === "action_phase_begins" && cons.data && cons.data.round) round = cons.data.round;
        if (cons.type === "bounty") add(cons.data.seat, cons.data.round || round, "bounties", cons.data.glory);
      }
    }
    return { title: "Glory by round", rounds, seats, sources: ["objectives", "bounties"], value: (s, r, src) => table[`${s}|${r}|${src}`] || 0 };
  },
};

