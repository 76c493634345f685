// Warhammer 40,000: Conquest renderer: the planet line with each side's units and damage, both
// headquarters, resource pools and card counts, warlords hale/bloodied, victory displays, the
// secret command dial, and a card form for deploying what a player holds in hand.
// The shell (pages/play.js) calls: renderBoard, banner, describeValue, describeEvent,
// describeConsequence, customEntry, decidedBy. The setup wizard (pages/new.js) uses the named
// export `wizard`: seatFields, seatProblem, seatBody.
import { h, button, sheet, linkStylesheet } from "../../dom.js";
import { stepper } from "../../actions.js";
import { loadPool, cardPicker, cardFromData, unknownNumbers, pickedSummary } from "./cards.js";
import { capital as cap, listAnd } from "../../words.js";
import { api } from "../../api.js";

const TYPES = { material: ["M", "Material"], strongpoint: ["S", "Strongpoint"], tech: ["T", "Tech"] };
const PHASES = { setup: "Setup", deploy: "Deploy phase", command: "Command phase", combat: "Combat phase",
  headquarters: "Headquarters phase", over: "Game over" };
// What a card's record leaves to the players (app/engine/conquest/card_terms.py ASK), in words.
const ASKS = { search: "the deck search", choose_card: "the card chosen", sacrifice: "the sacrifice",
  characteristic: "the change to the numbers", cost: "the lower cost", move: "the move", discard_pile: "the card from the discard pile",
  hand: "the card returned to hand", cancel: "the cancelling", attach: "the attachment", blank: "the blanked text",
  reassign: "the damage moved", command: "the command change", deploy_from_hand: "the unit put into play from hand",
  deck: "the look at the deck", other: "the rest of the effect" };
const KEYWORDS = ["ranged", "flying", "armorbane", "brutal", "mobile", "ambush", "no attachments", "limited"];

linkStylesheet(new URL("../../../css/conquest.css", import.meta.url).href, "conquest");

// -- helpers ------------------------------------------------------------------------------------

/** The words of an entry, lower case (describeEvent capitalises them). */
function entryWords(ev, c) {
  const v = c.view;
  const d = ev.data || {};
  const at = (slot) => planetName(v, slot, false);
  switch (ev.type) {
    case "initiative": return `gives the initiative token to ${c.seatName(d.seat)}`;
    case "reveal_planet": return `turns ${d.planet} face up`;
    case "mulligan": return d.take ? "takes a mulligan: a new starting hand" : "keeps the starting hand";
    case "commit": return d.planet ? `sets the command dial to ${at(d.planet)}` : "command dial set (secret)";
    case "deploy": {
      const where = d.planet ? ` at ${at(d.planet)}` : d.attach_to ? ` on ${unitName(v, d.attach_to)}` : " in HQ";
      return `deploys ${d.card && d.card.name} (cost ${(d.card && d.card.cost) || 0})${where}`;
    }
    case "action": return `${d.from_hand ? "plays" : "uses the Action of"} ${d.card}${d.cost ? ` (cost ${d.cost})` : ""}`;
    case "pass": {
      // Which pass it was is in its consequence's rule (the view may be phases later, in the log).
      const told = (ev.consequences || []).find((x) => x.type === "passed");
      const deploying = told ? /Deploy/.test(told.rule || "") : !!(v && v.phase === "deploy");
      return deploying ? "passes: no more deployment turns this phase" : "passes the combat turn";
    }
    case "take_bonus": {
      const took = [d.resources ? "the resources" : null, d.cards ? "the cards" : null].filter(Boolean);
      return took.length ? `takes ${took.join(" and ")} of the command bonus` : "takes no command bonus";
    }
    case "mobile_move": return `moves ${unitName(v, d.unit)} to ${at(d.planet)} (Mobile)`;
    case "mobile_done": return "makes no more Mobile moves";
    case "attack": return d.area_effect ? `attacks with ${unitName(v, d.attacker)}'s Area Effect`
      : `attacks ${unitName(v, d.defender)} with ${unitName(v, d.attacker)}`;
    case "warlord_retreat": return "retreats the warlord to HQ";
    case "shield": return `shields ${unitName(v, d.unit)}${d.card ? ` with ${d.card}` : ""} (${d.shields} shield${d.shields === 1 ? "" : "s"})`;
    case "no_shield": return "uses no shield";
    case "card_ability": {
      const on = d.target ? ` on ${unitName(v, d.target)}` : "";
      const paid = d.cost_unit ? ` (paying with ${unitName(v, d.cost_unit)})` : "";
      return `plays ${d.card}${on}${paid}`;
    }
    case "retreat": return `retreats ${unitName(v, d.unit)} to HQ`;
    case "retreat_done": return "stays and fights";
    case "call_stalemate": return "calls a stalemate check";
    case "battle_ability": {
      if (!d.use) return "does not use the planet's Battle ability";
      const target = d.unit ? ` on ${unitName(v, d.unit)}` : d.planet === 0 ? " on the opponent's HQ" : d.planet ? ` at ${at(d.planet)}` : "";
      const choice = d.choice ? ` (${d.choice === "resources" ? "3 resources" : "3 cards"})` : "";
      return `uses the planet's Battle ability${target}${choice}`;
    }
    case "assign_indirect": return `puts ${d.amount} indirect damage on ${unitName(v, d.unit)}`;
    case "bloodied_stats": return `enters the bloodied warlord's numbers: ATK ${d.attack}, HP ${d.hp}`;
    case "headquarters": return d.reveal ? `starts the headquarters phase: ${d.reveal} turned face up` : "starts the headquarters phase";
    default: return effectWords(ev, c);
  }
}

/** The words of an entry a card's effect or a correction makes, lower case. */
function effectWords(ev, c) {
  const v = c.view;
  const d = ev.data || {};
  const at = (slot) => planetName(v, slot, false);
  const reason = d.reason ? ` (${d.reason})` : "";
  switch (ev.type) {
    case "put_into_play": return `puts ${d.card && d.card.name} into play${d.planet ? ` at ${at(d.planet)}` : d.card && d.card.type === "token" ? "" : " in HQ"}${reason}`;
    case "deal_damage": return `deals ${d.amount} damage to ${unitName(v, d.unit)}${reason}`;
    case "indirect_damage": return `deals ${d.amount} indirect damage to ${c.seatName(d.seat)}${reason}`;
    case "remove_damage": return `removes ${d.amount} damage from ${unitName(v, d.unit)}${reason}`;
    case "destroy": return `destroys ${unitName(v, d.unit)}${reason}`;
    case "move_unit": return `moves ${unitName(v, d.unit)} to ${d.planet ? at(d.planet) : "HQ"}${d.exhaust ? ", exhausted" : ""}${reason}`;
    case "set_ready": return `${d.ready ? "readies" : "exhausts"} ${unitName(v, d.unit)}${reason}`;
    case "modify_unit": {
      const parts = [["attack", "ATK"], ["hp", "HP"], ["command", "command icons"]].filter(([k]) => d[k] != null).map(([k, l]) => `${l} ${d[k]}`);
      return `changes ${unitName(v, d.unit)}${parts.length ? ` to ${parts.join(", ")}` : ""}${reason}`;
    }
    case "adjust_resources": return `${d.amount >= 0 ? "gains" : "spends"} ${Math.abs(d.amount)} resource${Math.abs(d.amount) === 1 ? "" : "s"}${reason}`;
    case "adjust_cards": {
      const parts = [d.hand ? `hand ${d.hand > 0 ? "+" : ""}${d.hand}` : null, d.deck ? `deck ${d.deck > 0 ? "+" : ""}${d.deck}` : null,
        d.discard ? `discard ${d.discard > 0 ? "+" : ""}${d.discard}` : null].filter(Boolean);
      return d.hand === 1 && d.deck === -1 && !d.discard ? `draws a card${reason}` : `changes the cards: ${parts.join(", ") || "nothing"}${reason}`;
    }
    case "note": return `notes: ${d.text}`;
    default: return null;
  }
}

/** The words of a consequence a card's ability, effect or correction has. */
function effectConsequenceWords(cons, c) {
  const v = c.view;
  const d = cons.data || {};
  const who = (s) => c.seatName(s);
  switch (cons.type) {
    case "ability_resources": return `${who(d.to)} gains ${plural(d.amount, "resource")}${d.from ? ` from ${who(d.from)}` : ""}`;
    case "ability_discard": return `${who(d.seat)} discards ${plural(d.amount, "card")} at random`;
    case "ability_search": return `${who(d.seat)} takes ${plural(d.cards, "card")} into hand`;
    case "put_into_play": return `${d.name} put into play (${d.reason})`;
    case "damage_removed": return `${d.amount} damage removed from ${unitName(v, d.unit)}`;
    case "card_ability": return `${who(d.seat)}: ${d.card} (${d.timing})`;
    case "card_asks": return `${d.card}: ${who(d.seat)} carries out ${(d.ask || []).map((a) => ASKS[a] || a).join(", ")} (enter it below)`;
    case "card_discarded": return `${d.name || unitName(v, d.card)} discarded`;
    case "readied": return `${unitName(v, d.card)} readied`;
    case "exhausted": return `${unitName(v, d.card)} exhausted`;
    case "unit_changed": return `${unitName(v, d.unit)} changed (${d.reason})`;
    case "resources": return `${who(d.seat)} ${d.amount >= 0 ? "gains" : "spends"} ${plural(Math.abs(d.amount), "resource")}`;
    case "cards": return `${who(d.seat)}: hand ${d.hand >= 0 ? "+" : ""}${d.hand}, deck ${d.deck >= 0 ? "+" : ""}${d.deck}, discard ${d.discard >= 0 ? "+" : ""}${d.discard}`;
    default: return null;
  }
}

/** Decisions nobody had to say, closed by the entry they are logged with: "Ben used no shield". */
function passesText(d, who) {
  const names = (d.seats || []).map(who);
  const all = listAnd(names);
  switch (d.step) {
    case "shield": return `${all} used no shield`;
    case "retreat": return `${all} stayed and fought (no retreat)`;
    case "deploy": return `${all} passed: no more deployment turns`;
    case "battle_ability": return `${all} did not use the Battle ability`;
    case "mobile": return `${all} made no more Mobile moves`;
    default: return `${all} passed`;
  }
}

/** "1 card", "2 cards". */
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const other = (view, seat) => Object.keys(view.seats).find((s) => s !== seat);
const unit = (view, id) => (view && view.units && view.units[id]) || null;
/** A card's name, also once it left play (the state keeps those names); an id the state never named reads as
 *  its words ("p2.scout-squad" -> "Scout squad"). */
function unitName(view, id) {
  const known = (unit(view, id) || (view && view.cards && view.cards[id]) || {}).name || (view && view.left_play && view.left_play[id]);
  if (known) return known;
  const tail = String(id).split(".").slice(1).join(".").replace(/-\d+$/, "").replace(/-/g, " ");
  return tail ? cap(tail) : String(id);
}

function planetEntry(view, slot) {
  return (view.line || []).find((p) => p.slot === slot) || null;
}

/** "Ferrin (dial 2)" for a slot in the line. */
function planetName(view, slot, withDial = true) {
  const p = planetEntry(view, slot);
  if (!p) return `planet ${slot}`;
  if (!p.name) return `planet ${slot} (face down)`;
  if (!withDial) return p.name;
  const up = (view.line || []).filter((x) => x.status === "line" && x.face_up).map((x) => x.slot);
  const dial = up.indexOf(slot);
  return dial >= 0 ? `${p.name} (dial ${dial + 1})` : p.name;
}

function typeChips(types) {
  return h("span", { class: "cq-types" }, (types || []).map((t) =>
    h("span", { class: `cq-type cq-${t}`, title: (TYPES[t] || [t, t])[1], "aria-label": (TYPES[t] || [t, t])[1] }, (TYPES[t] || [t])[0])));
}

function unitChip(view, u, c) {
  const warlord = u.kind === "warlord";
  const hpLeft = (u.hp || 0) - (u.damage || 0);
  const kws = (u.keywords || []).filter((k) => k !== "limited");
  const label = `${u.name}: attack ${u.attack}, ${hpLeft} of ${u.hp} HP left${u.ready ? "" : ", exhausted"}` +
    `${warlord ? `, ${u.side}` : ""}${kws.length ? `, ${kws.join(", ")}` : ""}`;
  const attached = Object.values(view.cards || {}).filter((x) => x.attached_to === u.id);
  return h("div", { class: `cq-unit${u.ready ? "" : " exhausted"}${warlord ? " warlord" : ""}`, "data-unit": u.id,
    role: "group", "aria-label": label },
    h("div", { class: "cq-unit-name" }, warlord ? h("span", { class: `cq-side ${u.side}` }, u.side === "bloodied" ? "Bloodied" : "Hale") : null,
      u.name, u.kind === "token" ? h("span", { class: "muted" }, " (token)") : null),
    h("div", { class: "cq-unit-stats" },
      h("span", { class: "cq-atk", title: "Attack" }, `⚔ ${u.attack}`),
      h("span", { class: "cq-hp", title: "Hit points" }, `♥ ${hpLeft}/${u.hp}`),
      u.damage ? h("span", { class: "cq-dmg", "data-damage": u.damage }, `${u.damage} dmg`) : null,
      u.command ? h("span", { title: "Command icons" }, `✦ ${u.command}`) : null,
      u.ready ? null : h("span", { class: "cq-exh" }, "exhausted")),
    kws.length ? h("div", { class: "cq-kw" }, kws.join(" · ")) : null,
    attached.length ? h("div", { class: "cq-kw" }, `+ ${attached.map((a) => a.name).join(", ")}`) : null);
}

function unitsAt(view, where, seat) {
  return Object.values(view.units || {}).filter((u) => u.at === where && u.owner === seat)
    .sort((a, b) => (a.kind === "warlord" ? -1 : 0) - (b.kind === "warlord" ? -1 : 0));
}

// -- the board ----------------------------------------------------------------------------------

function seatStrip(view, seat, c) {
  const s = view.seats[seat];
  const wl = unit(view, s.warlord) || {};
  const stat = (n, label, aria) => h("div", { class: "stat", "aria-label": aria || `${n} ${label}` }, h("b", {}, String(n)), h("small", {}, label));
  const victory = s.victory || [];
  return h("section", { class: "seat cq-seat", style: `--seat: var(--${seat})`, "data-seat": seat, "aria-label": `${c.seatName(seat)}'s side` },
    h("div", { class: "seat-head" },
      h("span", { class: "name" }, c.seatName(seat), seat === c.seat ? h("span", { class: "muted", style: "font-size:.85rem" }, " (you)") : null,
        view.initiative === seat ? h("span", { class: "badge cq-init", title: "Initiative token" }, "Initiative") : null),
      h("span", { class: `cq-side ${wl.side || "hale"}`, "data-warlord-side": wl.side }, `${wl.name || s.warlord_name} · ${wl.side === "bloodied" ? "Bloodied" : "Hale"}`)),
    h("div", { class: "stats" },
      stat(s.resources, "resources", `${s.resources} resources in the pool`), stat(s.hand, "hand"), stat(s.deck, "deck"),
      stat(s.discard, "discard")),
    h("div", { class: "cq-victory", "aria-label": "Victory display" }, h("span", { class: "cq-who" }, "Victory display"),
      victory.length ? victory.map((name) => h("span", { class: "cq-won" }, name, typeChips((view.planets[name] || {}).types)))
        : h("span", { class: "muted" }, "no planets yet")));
}

function dialStatus(view, c) {
  if (!view.step || view.step.name !== "commit") return null;
  const dials = view.step.dials || {};
  const committed = view.step.committed || Object.keys(dials);
  return h("div", { class: "card cq-dials", id: "dials", role: "status" },
    h("h3", {}, "Command dials"),
    Object.keys(view.seats).map((seat) => {
      const mine = seat === c.seat;
      let text;
      if (mine && dials[seat] != null) text = `your dial: ${planetName(view, dials[seat])}`;
      else if (committed.includes(seat)) text = mine ? "committed" : "committed (secret until both have chosen)";
      else text = "choosing…";
      return h("div", { "data-dial": seat }, h("b", {}, `${c.seatName(seat)}: `), text);
    }));
}

function planetCard(view, p, c, order) {
  const info = view.planets[p.name] || {};
  const b = view.battle;
  const here = b && b.planet === p.slot;
  const first = view.first_planet === p.slot;
  if (!p.face_up) {
    return h("li", { class: "cq-planet facedown", "data-slot": p.slot }, h("div", { class: "cq-planet-head" },
      h("span", { class: "cq-slot" }, String(p.slot)), h("span", { class: "muted" }, "Face-down planet")));
  }
  return h("li", { class: `cq-planet${here ? " battle" : ""}${first ? " first" : ""}`, "data-slot": p.slot,
    "aria-label": `${p.name}${first ? ", first planet" : ""}${here ? ", battle here" : ""}` },
    h("div", { class: "cq-planet-head" },
      h("span", { class: "cq-slot" }, String(p.slot)),
      h("span", { class: "cq-pname" }, p.name), typeChips(info.types),
      h("span", { class: "cq-bonus", title: "Command struggle bonuses" }, `+${info.resources || 0}R +${info.cards || 0}C`),
      first ? h("span", { class: "badge cq-first" }, "First planet") : null,
      here ? h("span", { class: "badge cq-battle" }, `Battle · round ${b.round}`) : null),
    order.every((seat) => !unitsAt(view, p.slot, seat).length) ? h("div", { class: "muted cq-none" }, "No units") :
    order.map((seat) => {
      const list = unitsAt(view, p.slot, seat);
      return h("div", { class: "cq-side-row", style: `--seat: var(--${seat})`, "data-side": seat },
        h("div", { class: "cq-who" }, c.seatName(seat)),
        list.length ? h("div", { class: "cq-units" }, list.map((u) => unitChip(view, u, c))) : h("div", { class: "muted cq-none" }, "—"));
    }));
}

function hqBlock(view, seat, c) {
  const list = unitsAt(view, "hq", seat);
  const supports = Object.values(view.cards || {}).filter((x) => x.owner === seat && x.kind === "support");
  return h("div", { class: "cq-hq", style: `--seat: var(--${seat})`, "data-hq": seat },
    h("div", { class: "cq-who" }, `${c.seatName(seat)}'s HQ`),
    list.length || supports.length ? h("div", { class: "cq-units" }, list.map((u) => unitChip(view, u, c)),
      supports.map((x) => h("div", { class: `cq-unit support${x.ready ? "" : " exhausted"}` }, h("div", { class: "cq-unit-name" }, x.name),
        h("div", { class: "cq-kw" }, ["support", ...(x.traits || [])].join(" · "))))) : h("div", { class: "muted cq-none" }, "empty"));
}

// -- setup wizard hooks --------------------------------------------------------------------------

let warlords = null;
function loadWarlords(rerender) {
  if (warlords !== null) return;
  warlords = [];
  api("GET", "/api/content/conquest/warlords").then(({ status, body }) => {
    // Community-made warlords only at a table that chose community cards (wizard checkbox).
    warlords = status === 200 ? body.records || [] : [];
    rerender();
  }).catch(() => {});
}

function numberField(seat, key, label, min, max) {
  return h("label", { class: "field" }, h("span", {}, label),
    h("input", { type: "number", inputmode: "numeric", min, max, value: seat[key] ?? "", "data-field": key,
      oninput: (e) => { seat[key] = e.target.value === "" ? null : Number(e.target.value); } }));
}

// -- the module -------------------------------------------------------------------------------

/** @type {Renderer} see static/js/types.js */
export default {
  renderBoard(view, c) {
    if (!view || !view.seats || !view.line) return h("p", { class: "muted" }, "No table yet.");
    const me = view.seats[c.seat] ? c.seat : Object.keys(view.seats)[0];
    const them = other(view, me);
    const b = view.battle;
    // During a battle its planet comes first: that is where every tap goes.
    const line = view.line.filter((p) => p.status === "line")
      .sort((x, y) => (b && y.slot === b.planet ? 1 : 0) - (b && x.slot === b.planet ? 1 : 0));
    const battleFirst = b && b.stage !== "won";
    return h("div", { class: "board cq-board" },
      battleFirst ? null : seatStrip(view, them, c),
      dialStatus(view, c),
      h("ol", { class: "cq-line", "aria-label": "Planets in the line" }, line.map((p) => planetCard(view, p, c, [them, me]))),
      battleFirst ? seatStrip(view, them, c) : null,
      hqBlock(view, them, c),
      hqBlock(view, me, c),
      seatStrip(view, me, c));
  },

  banner(view, advice, c) {
    const step = view.step || {};
    const where = [view.round ? `Round ${view.round}` : null, PHASES[view.phase] || view.phase].filter(Boolean).join(" · ");
    const you = (seat) => (seat === c.seat ? "you" : c.seatName(seat));
    let what = "";
    switch (step.name) {
      case "initiative": what = "Who takes the initiative token?"; break;
      case "reveal": what = `${cap(you(step.seat))}: turn planet ${step.count + 1} of 5 face up`; break;
      case "mulligan": what = "Keep your starting hand or take one mulligan"; break;
      case "deploy": what = `Deployment turn: ${you(step.turn)}`; break;
      case "commit": what = "Command: choose a planet on your dial"; break;
      case "bonuses": what = step.queue && step.queue[0] ? `Command bonus at ${planetName(view, step.queue[0].planet, false)}: ${you(step.queue[0].seat)}` : "Command bonuses"; break;
      case "mobile": what = `Mobile moves: ${you(step.turn)}`; break;
      case "battle": {
        const b = view.battle || {};
        const at = planetName(view, b.planet, false);
        if (b.stage === "won") what = `${cap(you(b.winner))} won the battle at ${at}`;
        else if (b.stage === "retreat") what = `Battle at ${at}: retreat? (${you(b.retreat_turn)})`;
        else what = `Battle at ${at}${b.stage === "ranged" ? " · ranged skirmish" : ""}: ${you(b.turn)} to attack`;
        break;
      }
      case "headquarters": what = "Headquarters: reveal the next planet, draw 2, gain 4, ready all"; break;
      default: what = "";
    }
    const pend = view.pending && view.pending[0];
    let extra = view.initiative ? `Initiative: ${c.seatName(view.initiative)}` : null;
    if (pend && pend.kind === "damage") extra = `Shields: ${you(pend.turn)} may discard a shield card`;
    if (pend && pend.kind === "indirect") extra = `Indirect damage: ${you(pend.seat)} assign ${pend.remaining}`;
    if (pend && pend.kind === "bloodied_stats") extra = "Warlord bloodied: enter its bloodied side";
    return { where, what, extra };
  },

  decidedBy(outcome, c) {
    const detail = outcome.detail || {};
    const kind = Object.values(detail)[0] || "";
    return {
      planets: `Three planets sharing the ${String(kind).split(":")[1] || ""} type in the victory display`,
      warlord: "A bloodied warlord was defeated",
      deck: "A player had no cards left in the draw deck",
      last_planet: outcome.draw ? "The last planet fell with no winner and no planet ever captured: a tie"
        : "The last planet's battle decided nothing: the most recent capture wins",
      tie: "Both players won at the same moment: a tie",
    }[outcome.decided_by] || null;
  },

  /** Game over: each victory display (the planets that decide Conquest). */
  scoreLine(outcome, view, c) {
    if (!view || !view.seats) return null;
    return Object.entries(view.seats).map(([seat, s]) =>
      `${c.seatName(seat)}: ${(s.victory || []).length ? s.victory.join(", ") : "no planets"}`).join(" · ");
  },

  describeValue(path, value, view) {
    const key = path.split(".").pop();
    if (["unit", "attacker", "defender", "attach_to"].includes(key) && typeof value === "string") return unitName(view, value);
    if (key === "planet" && value === 0) return "The opponent's HQ";
    if (key === "planet" && typeof value === "number" && view) return planetName(view, value);
    if (key === "choice") return value === "resources" ? "Gain 3 resources" : "Draw 3 cards";
    if (key === "keywords" || key === "traits") return Array.isArray(value) && value.length ? value.join(", ") : "none";
    return undefined;
  },

  /** What the other phone's card tells first: units destroyed and the game's end, then battles and planets won,
   *  the decisions nobody said, the damage; the bookkeeping of a damage (assigned, prevented) and phases last. */
  consequenceRank(cons) {
    const t = cons.type;
    if (/destroyed|defeated|game_over/.test(t)) return 0;
    if (/captured|battle_won|planet_removed|bloodied|stalemate$|retreated/.test(t)) return 1;
    if (t === "passes_inferred" || t === "battle_ability" || t === "battle_ability_unusable" || t === "dials_revealed") return 2;
    if (t === "attack" || t === "damage_taken" || t === "command_struggle" || /^ability_/.test(t)) return 3;
    return 5;
  },

  /** Each entry as a sentence after "Ana: " (the card on the other phone, the log). */
  describeEvent(ev, c) {
    const words = entryWords(ev, c);
    return words ? cap(words) : null;
  },

  describeConsequence(cons, c) {
    const v = c.view;
    const d = cons.data || {};
    const who = (s) => c.seatName(s);
    switch (cons.type) {
      case "dials_revealed": return `Dials revealed: ${Object.entries(d).map(([s, x]) => `${who(s)} → ${planetName(v, x.planet, false)}`).join(", ")}`;
      case "command_struggle": return `${d.name}: ${d.winner ? `${who(d.winner)} wins the command struggle` : "no one wins the command struggle"}`;
      case "bonus_taken": {
        const took = [d.resources ? plural(d.resources, "resource") : null, d.cards ? plural(d.cards, "card") : null].filter(Boolean);
        return took.length ? `${who(d.seat)} takes ${took.join(" and ")}` : `${who(d.seat)} takes no command bonus`;
      }
      case "battle_started": return `Battle at ${d.name}; ${who(d.initiative)} has the initiative`;
      case "battle_won": return `${who(d.winner)} wins the battle at ${planetName(v, d.planet, false)}`;
      case "planet_captured": return `${d.name} goes to ${who(d.seat)}'s victory display`;
      case "planet_removed": return `${d.name} is removed from the game`;
      case "damage_taken": return Object.entries(d.placed || {}).map(([u, n]) => `${n} damage on ${(d.names || {})[u] || unitName(v, u)}`).join(", ") || null;
      case "passes_inferred": return passesText(d, who);
      case "damage_prevented": return `${d.amount} damage prevented on ${unitName(v, d.unit)}`;
      case "unit_destroyed": return `${d.name} destroyed (${d.to})`;
      case "warlord_bloodied": return `${unitName(v, d.unit)} is defeated and turns to its bloodied side`;
      case "warlord_defeated": return `${unitName(v, d.unit)}, bloodied, is defeated`;
      case "auto_pass": return `${who(d.seat)} cannot attack and passes`;
      case "combat_round_over": return `Combat round ${d.round} over: units at the planet ready`;
      case "upkeep": return `${who(d.seat)} draws ${plural(d.drawn, "card")} and gains ${plural(d.resources, "resource")}`;
      case "initiative_passed": return `The initiative token passes to ${who(d.seat)}`;
      case "phase": return `${PHASES[d.phase] || d.phase} (round ${d.round})`;
      case "game_over": return d.draw ? "Game over: a tie" : `Game over: ${(d.winners || []).map(who).join(" and ")} wins`;
      case "initiative": return `${who(d.seat)} takes the initiative token`;
      case "planet_revealed": return `${d.name} turned face up (position ${d.planet})`;
      case "first_planet": return `First planet token on ${planetName(v, d.planet, false)}`;
      case "mulligan": return d.take ? `${who(d.seat)} takes a mulligan` : `${who(d.seat)} keeps the hand`;
      case "deployed": return `${d.name} enters play ready (cost ${d.cost} paid)`;
      case "passed": return `${who(d.seat)} passes`;
      case "action_used": return `${who(d.seat)} uses ${d.card}`;
      case "committed": return `${who(d.seat)} has set the command dial`;
      case "units_committed": return `${who(d.seat)} moves ${(d.units || []).length} unit(s) to ${planetName(v, d.planet, false)}`;
      case "unit_moved": return `${unitName(v, d.unit)} moves to ${d.to === "hq" ? "HQ" : planetName(v, d.to ?? d.planet, false)}`;
      case "ranged_skirmish_over": return "Ranged skirmish over";
      case "combat_round_started": return `Combat round ${d.round} begins`;
      case "stalemate_check": return `${who(d.by)} calls a stalemate check`;
      case "stalemate_check_failed": return "The combat round changed the game: stalemate check ends";
      case "stalemate": return `Stalemate at ${planetName(v, d.planet, false)}`;
      case "warlord_returns": return `${unitName(v, d.unit)} returns to HQ`;
      case "attack": return d.area_effect ? `${unitName(v, d.attacker)} deals Area Effect ${d.area_effect}` : `${(d.names || {})[d.attacker] || unitName(v, d.attacker)} deals ${d.damage} damage to ${(d.names || {})[d.defender] || unitName(v, d.defender)}`;
      case "damage_assigned": return `Damage assigned: ${Object.entries(d.hits || {}).map(([u, n]) => `${n} to ${unitName(v, u)}`).join(", ") || "none"}`;
      case "attachment_discarded": return `Attachment ${d.name || unitName(v, d.card)} discarded`;
      case "indirect_damage_dealt": return `${d.amount} indirect damage dealt to ${who(d.seat)}`;
      case "bloodied_side": return `${unitName(v, d.unit)} bloodied: ATK ${d.attack}, HP ${d.hp}`;
      case "warlord_retreated": return `${unitName(v, d.unit)} retreats to HQ, exhausted`;
      case "retreated": return `${unitName(v, d.unit)} retreats to HQ, exhausted`;
      case "battle_ability_unusable": return `${planetName(v, d.planet, false)}'s Battle ability would change nothing now: not used`;
      case "battle_ability": return d.use ? `Battle ability used${d.ability ? `: ${d.ability}` : ""}${d.resolved ? "" : " (effects entered by the players)"}` : "Battle ability not used";
      default: return effectConsequenceWords(cons, c);
    }
  },

  /** Cards by name: deploying or putting into play, actions and event cards, the shield card discarded. */
  customEntry(s, c) {
    const t = s.template;
    if (!t) return null;
    if (t.type === "action") return actionForm(s, c);
    if (t.type === "shield") return shieldForm(s, c);
    if (t.type !== "deploy" && t.type !== "put_into_play") return null;
    if (t.type === "put_into_play" && !(s.fields || {})["card.name"]) return null;
    return cardForm(s, c);
  },
};

// The table's choice of community-made cards (wizard), shared by every seat's lists.
const table = { community: false };

/** Setup wizard hooks (pages/new.js): community cards for the table; each seat's warlord, deck size
 * and (optionally) its registered deck, checked against the deck rules. */
export const wizard = {
  tableFields(rerender) {
    return h("label", { class: "check", id: "community-cards" },
      h("input", { type: "checkbox", checked: table.community, onchange: (e) => { table.community = e.target.checked; rerender(); } }),
      "This table also uses community-made cards (not published by FFG)");
  },

  seatFields(seat, index, rerender) {
    loadWarlords(rerender);
    const list = (warlords || []).filter((w) => w.official !== false || table.community);
    const factions = [...new Set(list.map((w) => w.faction))].sort();
    const select = h("select", { id: `warlord-${index}`, "data-warlord-select": index, onchange: (e) => {
      Object.assign(seat, { warlord: e.target.value, deckProblems: null, deckAccepted: null, starter: false });
      rerender();
    } },
    h("option", { value: "" }, "Choose a warlord…"),
    factions.map((f) => h("optgroup", { label: f }, list.filter((w) => w.faction === f).map((w) =>
      h("option", { value: w.slug, selected: seat.warlord === w.slug },
        `${w.name} (ATK ${w.attack}, HP ${w.hp})${w.official === false ? " · community" : ""}`)))),
    h("option", { value: "custom", selected: seat.warlord === "custom" }, "Other: type in the warlord card"));
    if (seat.deck_size === undefined) seat.deck_size = 50;
    const chosen = list.find((w) => w.slug === seat.warlord);
    return h("div", { class: "stack" },
      h("label", { class: "field" }, h("span", {}, "Warlord"), select),
      seat.warlord === "custom" ? h("div", { class: "stack" },
        h("label", { class: "field" }, h("span", {}, "Warlord name"),
          h("input", { value: seat.wl_name || "", maxlength: 60, oninput: (e) => { seat.wl_name = e.target.value; } })),
        numberField(seat, "wl_attack", "ATK", 0, 20), numberField(seat, "wl_hp", "HP", 1, 30),
        numberField(seat, "wl_hand", "Starting hand (left number)", 0, 20),
        numberField(seat, "wl_resources", "Starting resources (right number)", 0, 20)) : null,
      chosen && chosen.starter_deck ? starterField(seat, index, chosen, rerender) : null,
      seat.deckText || seat.starter ? null : numberField(seat, "deck_size", "Cards in the deck", 10, 200),
      chosen && !seat.starter ? deckFields(seat, index, chosen, rerender) : null);
  },

  seatProblem(seat) {
    const problem = warlordProblem(seat);
    if (problem) return `${seat.name.trim() || "A player"}: ${problem}`;
    if (seat.starter) return null;  // the core set's own deck: the server builds it from the content
    const open = (seat.deckProblems || []).filter((p) => !(seat.deckAccepted && p.overridable));
    if (seat.deckText && seat.deckProblems === null) return `${seat.name.trim() || "A player"}: check the registered deck first.`;
    return open.length ? `${seat.name.trim() || "A player"}'s deck: ${open[0].message}` : null;
  },

  seatBody: (seat) => seatBodyOf(seat),

  options(w) {
    const reasons = w.seats.filter((s) => s.deckText && s.deckAccepted).map((s) => `${s.name.trim()}: ${s.deckAccepted}`);
    return { ...(table.community ? { community_cards: true } : {}), ...(reasons.length ? { deck_override: { reason: reasons.join("; ") } } : {}) };
  },
};

/**
 * "3 Goff Nob" / "Goff Nob x3" / "Goff Nob" lines -> [{name, count}].
 * @param {string} text
 * @returns {Array<{name: string, count: number}>}
 */
export function deckLines(text) {
  const out = [];
  for (const raw of String(text || "").split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    let m = line.match(/^(\d+)\s*x?\s+(.+)$/i);
    if (m) { out.push({ name: m[2].trim(), count: Number(m[1]) }); continue; }
    m = line.match(/^(.+?)\s+x\s*(\d+)$/i);
    out.push(m ? { name: m[1].trim(), count: Number(m[2]) } : { name: line, count: 1 });
  }
  return out;
}

/** The warlord's core set starter deck in one tap (its lines come from the content: nothing to type). */
function starterField(seat, index, chosen, rerender) {
  const total = chosen.starter_deck.reduce((n, c) => n + c.count, 0);
  return h("label", { class: "check", "data-starter-seat": index },
    h("input", { type: "checkbox", checked: !!seat.starter, "data-field": "starter",
      onchange: (e) => { Object.assign(seat, { starter: e.target.checked, deckProblems: null, deckAccepted: null }); rerender(); } }),
    `${chosen.name}'s core set starter deck (${total} cards, the signature squad with them)`);
}

/** Register a deck: the signature squad filled in, the rest typed one card per line, checked by the server. */
function deckFields(seat, index, chosen, rerender) {
  const squad = (chosen.signature_squad || []).map((s) => `${s.copies} ${s.name}`).join("\n");
  const problems = seat.deckProblems || [];
  const check = async () => {
    const reply = await api("POST", "/api/content/conquest/deck-check",
      { body: { warlord: chosen.slug, community: table.community, deck: { cards: deckLines(seat.deckText) } } }).catch(() => null);
    if (!reply) { seat.deckProblems = []; rerender(); return; }  // offline: the server checks again when the game is created
    seat.deckProblems = reply.status === 200 ? reply.body.problems : [{ message: (reply.body.error || {}).message || "Not checked.", overridable: false }];
    seat.deckAccepted = null;
    rerender();
  };
  return h("details", { class: "cq-deck", open: !!seat.deckText, "data-deck-seat": index },
    h("summary", {}, "Register a deck (optional)"),
    h("p", { class: "muted" }, `One card per line with its count ("3 Goff Nob"). ${chosen.name}'s signature squad is filled in.`),
    h("textarea", { id: `deck-${index}`, rows: 8, "data-field": "deck", spellcheck: false,
      text: seat.deckText ?? squad, oninput: (e) => { seat.deckText = e.target.value; seat.deckProblems = null; } }),
    button("Check the deck", () => { if (seat.deckText === undefined) seat.deckText = squad; check(); }, { cls: "btn", "data-action": "check-deck" }),
    seat.deckProblems && !problems.length ? h("p", { class: "ok", "data-deck-ok": "" }, `Deck checked: ${deckLines(seat.deckText).reduce((n, c) => n + c.count, 0)} cards, no problems.`) : null,
    problems.length ? h("div", { class: "card", role: "alert", "data-deck-problems": "" },
      h("b", {}, seat.deckAccepted ? "Played anyway (the table agreed):" : "This deck breaks the deck rules:"),
      problems.map((p) => h("div", { class: "violation" }, h("div", { class: "message" }, p.message),
        p.rule ? h("div", { class: "rule" }, `Rule: ${p.rule}`) : null))) : null,
    problems.length && !seat.deckAccepted && problems.every((p) => p.overridable) ? button("Play this deck anyway", async () => {
      const { askReason } = await import("../../dialogs.js");
      seat.deckAccepted = await askReason("Play this deck anyway", "Why does the table accept this deck? The reason is kept with the game.");
      rerender();
    }, { cls: "btn small" }) : null);
}

function warlordProblem(seat) {
  if (!seat.warlord) return "choose a warlord.";
  if (seat.warlord === "custom") {
    if (!seat.wl_name || !seat.wl_name.trim()) return "name the warlord.";
    for (const [k, label] of [["wl_attack", "ATK"], ["wl_hp", "HP"], ["wl_hand", "starting hand"], ["wl_resources", "starting resources"]]) {
      if (typeof seat[k] !== "number" || Number.isNaN(seat[k])) return `enter the warlord's ${label}.`;
    }
  }
  if (!(seat.deck_size > 0)) return "enter how many cards the deck holds.";
  return null;
}

function seatBodyOf(seat) {
  const warlord = seat.warlord === "custom"
    ? { name: seat.wl_name.trim(), attack: seat.wl_attack, hp: seat.wl_hp, starting_hand: seat.wl_hand,
      starting_resources: seat.wl_resources, bloodied: null }
    : seat.warlord;
  if (seat.starter && seat.warlord !== "custom") return { warlord, deck: "starter" };
  const deck = seat.deckText ? deckLines(seat.deckText) : null;
  return deck && deck.length ? { warlord, deck: { cards: deck } } : { warlord, deck_size: seat.deck_size || 50 };
}

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
async function cardForm(s, c) {
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
async function actionForm(s, c) {
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
async function shieldForm(s, c) {
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
