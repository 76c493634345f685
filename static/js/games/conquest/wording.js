// Conquest's wording: each entry, card effect and consequence of the log as a sentence for people.
import { listAnd, plural } from "../../words.js";
import { unitName, planetName } from "./pieces.js";

// What a card's record leaves to the players (app/engine/conquest/card_terms.py ASK), in words.
const ASKS = { search: "the deck search", choose_card: "the card chosen", sacrifice: "the sacrifice",
  characteristic: "the change to the numbers", cost: "the lower cost", move: "the move", discard_pile: "the card from the discard pile",
  hand: "the card returned to hand", cancel: "the cancelling", attach: "the attachment", blank: "the blanked text",
  reassign: "the damage moved", command: "the command change", deploy_from_hand: "the unit put into play from hand",
  deck: "the look at the deck", other: "the rest of the effect" };

/** The words of an entry, lower case (describeEvent capitalises them). */
export function entryWords(ev, c) {
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
      return took.length ? `takes ${listAnd(took)} of the command bonus` : "takes no command bonus";
    }
    case "mobile_move": return `moves ${unitName(v, d.unit)} to ${at(d.planet)} (Mobile)`;
    case "mobile_done": return "makes no more Mobile moves";
    case "attack": return d.area_effect ? `attacks with ${unitName(v, d.attacker)}'s Area Effect`
      : `attacks ${unitName(v, d.defender)} with ${unitName(v, d.attacker)}`;
    case "warlord_retreat": return "retreats the warlord to HQ";
    case "shield": return `shields ${unitName(v, d.unit)}${d.card ? ` with ${d.card}` : ""} (${plural(d.shields, "shield")})`;
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
    case "adjust_resources": return `${d.amount >= 0 ? "gains" : "spends"} ${plural(Math.abs(d.amount), "resource")}${reason}`;
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
export function effectConsequenceWords(cons, c) {
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
export function passesText(d, who) {
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
