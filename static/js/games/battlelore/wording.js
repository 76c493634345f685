// BattleLore's wording: each entry, consequence and value of the log as a sentence for people.
import { capital, listAnd, plural } from "../../words.js";
import { FACES, STEP_NAMES, TOKEN_NAMES, RETREAT_ENDS, isUnitId, words, unitName, terrainName } from "./pieces.js";

export function describeValue(path, value, view) {
  const last = path.split(".").pop();
  if (isUnitId(value, view)) return unitName(view, value);
  if (last === "terrain" && typeof value === "string") return terrainName(view, value);
  if (last === "banner" && typeof value === "number") return value ? `${value} VP banner` : "no banner";
  if (last === "end" && RETREAT_ENDS[value]) return RETREAT_ENDS[value];
  if (last === "hexes" || last === "moved" || last === "distance") return `${value} hex${value === 1 ? "" : "es"}`;
  if (last === "units" && typeof value === "number") return `${plural(value, "unit")}`;
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

export function describeEvent(ev, c) {
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
      `Played ${d.card || "a command card"}: order ${plural(d.units, "unit")} ${d.section === "any" ? "anywhere" : `in the ${d.section}`}`;
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

export function describeConsequence(cons, c) {
  const d = cons.data || {};
  const v = c.view;
  const un = (uid) => unitName(v, uid);
  const who = (s) => (c.seatName ? c.seatName(s) : s);
  switch (cons.type) {
    case "damage": return `${un(d.unit)} suffers ${d.amount} damage (${d.left} left)`;
    case "eliminated": return `${un(d.unit)} is eliminated`;
    case "combat_roll": return `${Math.max(0, d.damage)} damage, ${Math.max(0, d.retreats)} retreats, ${d.lore} lore${d.weak_attacker ? " (weak attacker)" : ""}`;
    case "retreated": return `${un(d.unit)} retreats ${d.hexes}`;
    case "retreat_blocked": return `${un(d.unit)} cannot make ${plural(d.unresolved, "retreat")}`;
    case "supported": return `${un(d.unit)} is supported`;
    case "lore_gained": return `${who(d.seat)} gains ${d.amount} lore`;
    case "vp_earned": return `${who(d.seat)}: +${d.banners + d.scenario} VP (banners ${d.banners}, scenario ${d.scenario}) = ${d.total}`;
    case "captured": return `${who(d.seat)} captures ${terrainName(v, d.feature)}: +${d.vp} VP`;
    case "turn_started": return `Turn ${d.turn}: ${who(d.seat)}`;
    case "game_over": return d.draw ? "The game is a draw" : `${(d.winners || []).map(who).join(", ")} wins (${words(d.decided_by)})`;
    case "first_player": return `${who(d.seat)} is the first player`;
    case "lore_step": return `${who(d.seat)}: +${d.tokens} lore, +${plural(d.cards, "lore card")}${d.discarded ? `, discards ${d.discarded}` : ""}`;
    case "lore_discarded": return `${who(d.seat)} discards ${plural(d.amount, "lore card")} (hand limit 4)`;
    case "command_drawn": return `${who(d.seat)} draws a command card (${d.hand} in hand)`;
    case "command_played": return `Command card: ${d.resolve === false ? "order 1 unit anywhere" : `${plural(d.units, "unit")} ${d.section === "any" ? "anywhere" : `in the ${d.section}`}`}`;
    case "step": return `Now: ${STEP_NAMES[d.step] || words(d.step)}`;
    case "passes_inferred": return `${listAnd((d.seats || []).map(who))}: ${(DONE[d.step] || "done").toLowerCase()} (went on)`;
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
