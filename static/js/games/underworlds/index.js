// Warhammer Underworlds renderer: fighter cards (wounds, tokens, Inspired, upgrades, out of action), each player's
// glory and activations, the step in words, and glory by source per round for the game-over chart; the attack
// entry (combat.js) and the sheets few loads open (hand, match, reactions, cards) load when first opened.
// The shell (pages/play.js) calls: renderBoard, describeValue, describeEvent,
// describeConsequence, banner, stepGuide, decidedBy, scoreLine, customEntry, glorySeries, afterWinner.
import { h, button, sheet, linkStylesheet, keptOpen } from "../../dom.js";
import { askReason } from "../../dialogs.js";
import { card, fighterName, characteristic, profilesOf, profileName, RESULT_TEXT } from "./pieces.js";
import { capital, listAnd } from "../../words.js";

linkStylesheet(new URL("../../../css/board.css", import.meta.url).href, "board");

const TOKEN_NAMES = { move: "Move", charge: "Charge", guard: "Guard", stagger: "Stagger", raise: "Raise" };
/** A condition's words for the table, without the content's note of its source ("(S4, summarised)"). */
export function conditionWords(text) {
  return String(text || "").replace(/\s*\(S\d+(?:,[^)]*)?\)/g, "").trim();
}

const STEP_NAMES = {
  boards: "Roll-off: who chooses the first board", do_overs: "Do-overs", deployment_roll_off: "Roll-off: who places first",
  deployment: "Placing fighters", roll_off: "Roll-off: who takes the first turn", activation: "Activation step",
  power: "Power step", end: "End phase", hazard: "Hazard phase", over: "Game over",
  held: "Tied on glory: the objectives held decide",
};
const END_STAGES = { 1: "score objectives", 2: "discard objectives", 3: "play upgrades", 4: "discard power cards", 5: "draw objectives", 6: "draw power cards" };

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
  const keep = (open) => { (open ? unfolded : folded).add(seat); (open ? folded : unfolded).delete(seat); };
  return h("details", { class: "seat-fold", "data-fold": seat, ...keptOpen(!foldsAway(view, seat, c), keep) },
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
  // Kept on screen when drawn alike (redraw.js): its handlers reach nothing of the card but through the context.
  return h("article", { class: `fighter${f.out ? " ooa" : ""}`, "aria-label": name, "data-fighter": fid, "data-keep": fid },
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
      h("div", { class: "chars", style: "margin-top:4px" }, `Inspire: ${conditionWords(cd.inspire_condition.text)}`) : null,
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
      h("span", { class: "grow" }, h("b", {}, "Inspire: "), conditionWords((card(view, fid).inspire_condition || {}).text) || "its condition (on the card)"),
      button("Condition met", () => send(close, "inspire", {}),
        { cls: "btn small", aria: `${name}'s Inspire condition is met: Inspire`, "data-action": "inspire-condition-met" })) : null,
    f.inspired || inspireDue(c, fid) ? null : h("div", { class: "row" },
      h("span", { class: "grow", style: "font-weight:700" }, "Inspire (card effect)"),
      button("By a card…", () => { close(); inspireByCard(c, fid, name); },
        { cls: "btn small", aria: `Inspire ${name} by a card`, "data-action": "inspire-by-card" })),
    h("div", { class: "sheet-actions" }, button("Close", () => close(null), { cls: "btn" }))));
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
    // A roll by its counts reads as the table said it ("1 critical, 1 success"); by faces, a count per face.
    const word = (k, n) => (k === "success" ? (n === 1 ? "success" : "successes") : k === "crit" && "success" in value ? (n === 1 ? "critical" : "criticals") : k);
    return Object.entries(value).filter(([k, n]) => k !== "dice" && n).map(([k, n]) => `${n} ${word(k, n)}`).join(", ") || "no successes";
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
    case "objectives_held": return `Objectives held at the end: ${Object.entries(d.held || {}).map(([seat, n]) => `${c.seatName(seat)} ${n}`).join(", ")}`;
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

/** "an upgrade", "a ploy": the card kind with its article. */
const withArticle = (word) => `${/^[aeiou]/i.test(String(word)) ? "an" : "a"} ${word}`;

/** Why a round is skipped, as the engine says (a four-player game skips round 2: Deathgorge, Multiplayer games, Round 2). */
function roundSkippedWords(d) {
  const played = (d.rounds || []).join(" and ");
  return `Round ${d.round} is skipped: ${d.players ? `a ${d.players}-player game` : "this game"} plays ${played ? `rounds ${played}` : "fewer rounds"}`;
}

const cards = (n, deck) => `${n} ${deck === "objectives" ? "objective" : "power"} card${n === 1 ? "" : "s"}`;

/** A card's fixed effect as the engine applied it (card_effects.py): "Eerie Distortion: Cephanyr gets a Guard token". */
function cardEffectWords(d, fn, sn) {
  const token = TOKEN_NAMES[d.token] || d.token;
  switch (d.kind) {
    case "damage": return `${d.card}: ${d.amount} damage to ${fn(d.to)}`;
    case "heal": return `${d.card}: ${fn(d.to)} is healed by ${d.amount}`;
    case "token": return `${d.card}: ${fn(d.to)} gets a ${token} token`;
    case "remove_token": return `${d.card}: ${fn(d.to)} loses a ${token} token`;
    case "inspire": return `${d.card}: ${fn(d.to)} is Inspired`;
    case "glory": return `${d.card}: ${sn(d.seat)} gains ${d.amount} glory`;
    case "draw": return `${d.card}: ${sn(d.seat)} draws ${cards(d.amount, d.deck)}`;
    default: return `${d.card}: its effect is applied`;
  }
}

const GRANT_WORDS = { move: "Move", wounds: "Wounds", defence_dice: "Defence dice", attack_dice: "Attack dice", damage: "Damage", range: "Range" };
const ATTACKS_WORDS = { melee: " (Range 1-2 Attack actions)", ranged: " (Range 3+ Attack actions)", any: "" };
const WHILE_WORDS = { no_move_or_charge: "with no Move or Charge token", move_or_charge: "with a Move or Charge token" };

/** What an upgrade changes on its fighter (power.py `_grants`): "Soulsiphon Mantle: Cephanyr has Wounds +1". */
function upgradeWords(d, fn) {
  const set = d.set || {};
  const parts = [
    set.move !== undefined ? `Move ${set.move}` : null,
    set.defence_dice !== undefined ? `Defence ${set.defence_dice}${set.defence_symbol ? ` ${set.defence_symbol}` : ""}` : null,
    ...Object.keys(GRANT_WORDS).filter((k) => typeof d[k] === "number").map((k) => `${GRANT_WORDS[k]} ${d[k] > 0 ? "+" : ""}${d[k]}`),
    (d.keywords || []).length ? capital(d.keywords.join(", ")) : null,
  ].filter(Boolean);
  const on = d.attacks && (d.attack_dice || d.damage || d.range || (d.keywords || []).length) ? ATTACKS_WORDS[d.attacks] || "" : "";
  const when = (d.while || []).map((w) => WHILE_WORDS[w] || String(w).replace(/_/g, " ")).join(", ");
  return `${d.card}: ${fn(d.fighter)} has ${parts.join(", ") || "what the card gives"}${on}${when ? ` while ${when}` : ""}`;
}

/** Passes nobody had to say (the next entry closed the step): "Ana and Ben made no reaction". */
function passesWords(d, c) {
  const names = (d.seats || []).map((s) => (c.seatName ? c.seatName(s) : s));
  const who = listAnd(names);
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
    case "held_asked": return `Tied on glory with fighters left: what ${(d.seats || []).map((seat) => c.seatName(seat)).join(" and ")} hold decides`;
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
    case "card_effect": return cardEffectWords(d, fn, sn);
    case "upgrade_grants": return upgradeWords(d, fn);
    case "attack_resolved": return d.summary ? capital(d.summary) : null;
    case "attack_result": case "combat": return d.result ? `${RESULT_TEXT[d.result] || d.result}${d.damage ? `, ${d.damage} damage` : ""}${d.drive_back ? ", drive back" : ""}` : null;
    default: return null;
  }
}

// -- the module -------------------------------------------------------------------------------

// The weapon and the target picked with an Attack or Charge activation, per fighter, until its dice sheet opens.
const weaponPicked = new Map();
const targetPicked = new Map();
// At most this many targets are offered with the action itself (more: the sheet's picker, grouped by player).
const TARGETS_WITH_THE_ACTION = 4;

/** The enemy fighters on the battlefield. */
function enemiesOf(view, seat) {
  return Object.keys(view.fighters || {}).filter((fid) => view.fighters[fid].seat !== seat && !view.fighters[fid].out);
}

/** The enemy fighters `seat` may target with the action, when they are few and all of one opponent; else []. */
function targetsWithTheAction(view, seat) {
  const fids = enemiesOf(view, seat);
  const seats = new Set(fids.map((fid) => view.fighters[fid].seat));
  return fids.length > 1 && fids.length <= TARGETS_WITH_THE_ACTION && seats.size === 1 ? fids : [];
}

// The group of the Attack actions on the table's own screen (expand below).
const ATTACK_GROUP = "Attack with";

/** How many of the seat's fighters are on the battlefield. */
function ownFighters(view, seat) {
  return Object.values(view.fighters || {}).filter((f) => f.seat === seat && !f.out).length;
}

/** Whether an attack template's profile is this weapon of the fighter card (by name, else by its numbers). */
function sameWeapon(profile, weapon) {
  if (!profile) return false;
  if (profile.name || weapon.name) return profile.name === weapon.name;
  return ["range", "dice", "symbol", "damage"].every((k) => profile[k] === undefined || profile[k] === weapon[k]);
}

/** The held objectives the game says are met and those it says are not, in this seat's own end phase (the engine
 *  puts them only in the advice of the seat whose sequence it is: the names are its hand's). */
function heldObjectives(advice) {
  const report = advice && advice.step && advice.step.objectives;
  if (!report || !(report.met.length + report.not_met.length)) return null;
  return h("div", { class: "held-objectives", "data-objectives": "" },
    report.met.length ? h("p", { "data-objectives-met": "" }, h("b", {}, "Met: "), report.met.join(", ")) : null,
    report.not_met.length ? h("p", { class: "muted", "data-objectives-unmet": "" }, h("b", {}, "Not met: "), report.not_met.join(", ")) : null);
}

/** A ploy or a reaction played by a card's name, whose only open choices are those its effect needs (the fighter
 *  it goes to, one of its options): played through cardplay.js, which shows what the card does first. A spell's
 *  effects wait for its casting roll, and an upgrade's fighter is asked as before. */
function playsCard(s) {
  const t = s.event || s.template;
  if (!t || !t.data || typeof t.data.card !== "string" || Object.keys(s.fields || {}).length) return false;
  if (!(t.type === "reaction" || (t.type === "power" && t.data.play === "ploy"))) return false;
  return Object.keys(s.choices || {}).every((k) => k === "chosen" || k === "option");
}

// Matched play (match.js) and the opening hand (opening.js) belong to some tables only: each module loads when a
// table needs it, and the table is drawn again once it is here, so a table page's first load stays small
// (benchmarks/app_shell.py, the transferred target).
const parts = {};
function part(name, load, c) {
  if (!parts[name]) parts[name] = load().then((m) => { parts[name] = m; if (c.rerender) c.rerender(); });
  return parts[name] instanceof Promise ? null : parts[name];
}
const matchPart = (c) => part("match", () => import("./match.js"), c);
const mayTellOpening = (view, c) => view.phase === "action" && view.round === 1 && ((c.advice && c.advice.suggestions) || [])
  .some((s) => s.template && s.template.type === "hand" && s.template.by === c.seat);
function opening(view, c, where) {
  const m = mayTellOpening(view, c) ? part("opening", () => import("./opening.js"), c) : null;
  return m ? m.openingHand(view, c, where) : null;
}
function matchBox(view, c) {
  const m = view.classic && view.classic.match ? matchPart(c) : null;
  return m ? m.matchPanel(view, c) : null;
}

/** @type {Renderer} see static/js/types.js */
export default {
  renderBoard(view, c) {
    if (!view || !view.seats) return h("p", { class: "muted" }, "No table yet.");
    const order = view.order || Object.keys(view.seats);
    // Your own warband first: it is the one you touch most.
    const seats = [...order.filter((s) => s === c.seat), ...order.filter((s) => s !== c.seat)];
    return h("div", { class: "board" }, c.outcome ? null : matchBox(view, c), c.outcome ? null : opening(view, c, "below"),
      seats.map((seat) => seatBlock(view, seat, c)));
  },

  /** Round, phase, whose turn and which step, from the state (so spectators see it too). */
  banner(view, advice, c) {
    const step = (advice && advice.step) || {};
    const where = [];
    // A four-player game skips round 2 (Multiplayer games): its rounds are said as they are, and the skip told.
    const rounds = step.rounds || [1, 2, 3];
    const skipped = [1, 2, 3].filter((r) => !rounds.includes(r) && r < view.round);
    if (view.phase !== "setup" && view.round) {
      where.push(`Round ${view.round}${view.round > 3 ? " (sudden death)" : rounds.length === 3 ? " of 3" : ` (${rounds.length} rounds)`}`
        + (skipped.length ? ` · round ${skipped.join(", ")} skipped` : ""));
    }
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

  /** The end phase's six steps for the player running through them, the current one marked; in round 1, the
   *  opening hand to tell while the game waits for another player (opening.js). */
  stepGuide(view, advice, c) {
    if (view.phase !== "end" || !view.end) return opening(view, c, "above");
    const seat = view.end.order[view.end.i];
    const lastRound = view.round === 3;
    return h("section", { class: "card step-guide", "aria-label": "End phase steps" },
      h("h2", {}, `End phase: ${seat === c.seat ? "your sequence" : `${c.seatName(seat)}'s sequence`}`),
      h("ol", {}, [1, 2, 3, 4, 5, 6].map((n) => {
        const skipped = lastRound && n > 1;
        const auto = n >= 5;
        return h("li", { class: n === view.end.stage ? "now" : n < view.end.stage ? "done" : "", "aria-current": n === view.end.stage ? "step" : null },
          capital(END_STAGES[n]), skipped ? " (not in the last round)" : auto ? " (done for you at Done)" : "");
      })),
      heldObjectives(advice));
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
    return matchBox(view, c);
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
    const target = targetPicked.get(d.fighter);
    weaponPicked.delete(d.fighter);
    targetPicked.delete(d.fighter);
    // The engine offers a template per weapon (and per Defence known or not): the one with the weapon and target picked.
    const at = target ? attacks.filter((s) => ((s.choices || {}).target || []).includes(target)) : attacks;
    const same = weapon ? at.filter((s) => sameWeapon(s.template.data.profile, weapon)) : [];
    const chosen = same.length === 1 ? same[0] : at.length === 1 ? at[0] : null;
    return chosen && target ? { ...chosen, choices: { ...chosen.choices, target: [target] } } : chosen;
  },

  /** An Attack or Charge activation of a fighter with several weapons, or against one of a few enemy fighters: one
   *  button per weapon and target, so both are picked with the action, and the dice sheet then opens by itself with
   *  them (a tap less for each than picking it after). */
  expand(s, c) {
    if (playsCard(s)) return [{ ...s, event: undefined, template: s.event || s.template, choices: s.choices || {}, fields: {}, cardPlay: true }];
    const ev = s.event;
    if (!ev || ev.type !== "activate" || !["attack", "charge"].includes(ev.data.action) || !c.view) return null;
    const weapons = profilesOf(c.view, ev.data.fighter).filter((p) => !p.spell || (card(c.view, ev.data.fighter).traits || []).includes("wizard"));
    const targets = targetsWithTheAction(c.view, ev.by);
    const ws = weapons.length > 1 ? weapons : [null];
    const each = weapons.length < 2 && !targets.length ? [s] : ws.flatMap((p) => (targets.length ? targets : [null]).map((t) => ({
      label: `${s.label}${p ? `: ${profileName(p)}` : ""}${t ? ` → ${fighterName(c.view, t)}` : ""}`,
      group: s.group, template: ev, choices: {}, fields: {}, weapon: p, target: t, picked: true })));
    // The Attack actions also on the table's own screen, a button per fighter (and weapon), when the fighters are in
    // a picker: the target is then tapped with its defence roll in the dice sheet (combat.js), so an attack is the
    // fighter, the two rolls and Commit. (A Charge moves first: it stays with the fighter's other actions.)
    const lifted = ev.data.action === "attack" && enemiesOf(c.view, ev.by).length && ownFighters(c.view, ev.by) > 1
      ? ws.map((p) => ({ label: `${fighterName(c.view, ev.data.fighter)}${p ? `: ${profileName(p)}` : ""}`, group: ATTACK_GROUP,
        template: ev, choices: {}, fields: {}, weapon: p, target: null, picked: true, shortcut: true }))
      : [];
    return [...each, ...lifted];
  },

  customEntry(s, c) {
    if (s.picked && s.template.type === "activate") {   // an activation with its weapon or target picked (expand above)
      if (s.weapon) weaponPicked.set(s.template.data.fighter, s.weapon);
      if (s.target) targetPicked.set(s.template.data.fighter, s.target);
      return Promise.resolve(JSON.parse(JSON.stringify(s.template.data)));
    }
    const type = s.template && s.template.type;
    // The attack sheet loads when first opened: a table's first screen has no need of it.
    if (type === "attack") return import("./combat.js").then((m) => m.combatEntry(s, c, { words: describeConsequence }));
    if (type === "roll_off" && s.template.data.purpose === "match") return import("./match.js").then((m) => m.matchRollOff(s, c));
    // The hand and named-reaction sheets load when first opened: most of a table's loads never open them.
    if (type === "hand") return import("./hand.js").then((m) => m.handEntry(s, c));
    if (type === "reaction" && s.fields && s.fields.name && s.fields.name.cards) return import("./reaction.js").then((m) => m.namedReaction(s, c));
    // A card played by name: what its fixed effects will do, from the server's preview, before the one confirm.
    if (s.cardPlay) return import("./cardplay.js").then((m) => m.playCard(s, c, { words: (x) => describeConsequence(x, c), nameOf: (fid) => fighterName(c.view, fid) }));
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

