// Warhammer 40,000: Conquest renderer, as the shell (pages/play.js) calls it: renderBoard, banner, describeValue,
// describeEvent, describeConsequence, customEntry, decidedBy. Its parts: the board (board.js), the entry sheets
// (sheets.js), the wording of the log (wording.js), the cards in hand (cards.js) and the pieces they all name
// (pieces.js); the setup wizard's hooks are wizard.js.
import { h, linkStylesheet } from "../../dom.js";
import { capital as cap, listAnd, plural } from "../../words.js";
import { PHASES, other, unitName, planetName } from "./pieces.js";
import { entryWords, effectConsequenceWords, passesText } from "./wording.js";
import { seatStrip, dialStatus, planetCard, hqBlock } from "./board.js";
import { cardForm, actionForm, shieldForm } from "./sheets.js";

linkStylesheet(new URL("../../../css/conquest.css", import.meta.url).href, "conquest");

// -- helpers ------------------------------------------------------------------------------------

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
        return took.length ? `${who(d.seat)} takes ${listAnd(took)}` : `${who(d.seat)} takes no command bonus`;
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
      case "game_over": return d.draw ? "Game over: a tie" : `Game over: ${listAnd((d.winners || []).map(who))} wins`;
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

