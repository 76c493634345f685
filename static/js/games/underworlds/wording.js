// The Underworlds table's sentences: a value of an entry's data, an entry after "Ana: " (the log, the other phone's
// card, a refusal) and a consequence the rules drew from it, each in the table's words.
import { fighterName, RESULT_TEXT, TOKEN_NAMES, isFighterId } from "./pieces.js";
import { capital, listAnd, plural } from "../../words.js";

/** A value of an entry's data in words (null: the shell's own). @param {string} path @param {*} value @param {object} view @returns {string|null} */
export function describeValue(path, value, view) {
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

/** An entry as the log and the other phones tell it. @param {Envelope} ev @param {TableContext} c @returns {string|null} */
export function describeEvent(ev, c) {
  const d = ev.data || {};
  const v = c.view;
  const fn = (fid) => fighterName(v, fid);
  switch (ev.type) {
    case "damage": return `${d.amount} damage to ${fn(d.fighter)}${d.source ? ` (${d.source})` : ""}`;
    case "heal": return `Healed ${fn(d.fighter)} by ${d.amount}`;
    case "inspire": return `${fn(d.fighter)} Inspired`;
    case "uninspire": return `${fn(d.fighter)} no longer Inspired`;
    case "token": return `${TOKEN_NAMES[d.token] || d.token} token ${d.action === "remove" ? "removed from" : "given to"} ${fn(d.fighter)}`;
    case "counter": return `${plural(d.count, `${d.name} counter`)} ${d.action === "remove" ? "removed from" : "given to"} ${fn(d.fighter)}`;
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
  const played = listAnd(d.rounds || []);
  return `Round ${d.round} is skipped: ${d.players ? `a ${d.players}-player game` : "this game"} plays ${played ? `rounds ${played}` : "fewer rounds"}`;
}

const cards = (n, deck) => plural(n, `${deck === "objectives" ? "objective" : "power"} card`);

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

/** A consequence of an entry as the log and the other phones tell it. @param {{type: string, data?: object}} cons @param {TableContext} c @returns {string|null} */
export function describeConsequence(cons, c) {
  const d = cons.data || {};
  const v = c.view;
  const fn = (fid) => fighterName(v, fid);
  const sn = (seat) => (c.seatName ? c.seatName(seat) : seat);
  switch (cons.type) {
    case "out_of_action": return `${fn(d.fighter)} is out of action`;
    case "bounty": return `${sn(d.seat)} gains ${d.glory} glory (bounty${d.fighter ? ` for ${fn(d.fighter)}` : ""})`;
    case "damage": return `${d.amount} damage to ${fn(d.fighter || d.target)}`;
    case "surge_scored": return `${sn(d.seat)} scores ${d.card || "a surge objective"} (${d.glory} glory)`;
    case "turn_begins": return `Turn ${d.turn}: ${sn(d.seat)}`;
    case "action_phase_begins": return `Round ${d.round}: action phase begins${d.adds_critical ? ` (${c.seatName(d.adds_critical)} adds a critical to the roll-off)` : ""}`;
    case "end_phase_begins": return `End phase begins (order: ${(d.order || []).map((s) => c.seatName(s)).join(", ")})`;
    case "power_step_ends": return "Power step ends";
    case "round_ends": return `Round ${d.round} ends: Move, Charge, Guard and Stagger tokens cleared`;
    case "game_over": return "Game over";
    case "held_asked": return `Tied on glory with fighters left: what ${listAnd((d.seats || []).map((seat) => c.seatName(seat)))} hold decides`;
    case "staggered": return `${fn(d.fighter)} is staggered${d.by ? ` (${d.by})` : ""}`;
    case "spell_cast": return `${fn(d.caster)} casts ${d.card || "the spell"}${d.backlash ? ` (backlash: ${d.backlash} damage to the caster)` : ""}`;
    case "spell_failed": return `${fn(d.caster)} fails to cast ${d.card || "the spell"}${d.backlash ? ` (backlash: ${d.backlash} damage to the caster)` : ""}`;
    case "objective_scored": return `${sn(d.seat)} scores ${d.card || "an objective"}${d.drew ? ` and draws ${d.drew}` : ""}`;
    case "inspired": return `${fn(d.fighter)} is Inspired${d.by ? ` (${d.by})` : ""}`;
    case "guard_removed": return `${fn(d.fighter)} loses its Guard token`;
    case "stagger_removed": return `${fn(d.fighter)} loses its Stagger token`;
    case "warband_wiped_out": return `${listAnd((d.seats || []).map(sn))}'s warband is wiped out${d.game_ends ? `: the game ends ${d.game_ends}` : ""}`;
    case "sudden_death_round": return `Sudden death: round ${d.round}${d.first ? `, ${sn(d.first)} first` : ""}`;
    case "glory_spent": return `${sn(d.seat)} spends ${d.glory} glory${d.fighter ? ` on ${fn(d.fighter)}` : ""}`;
    case "no_glory_spent": return `${sn(d.seat)} spends no glory${d.fighter ? ` on ${fn(d.fighter)}` : ""} (the card says so)`;
    case "no_bounty": return `No bounty for ${fn(d.fighter)}${d.reason ? `: ${d.reason}` : ""}`;
    case "match_decided": return `${sn(d.winner)} wins the match${d.by === "roll_off" ? " on the roll-off" : ""}`;
    case "hazard_phase_begins": return `Round ${d.round}: hazard phase${d.cards ? ` (${plural(d.cards, "hazard card")} to draw)` : ""}`;
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
