// Warhammer Underworlds renderer, as the shell (pages/play.js) calls it: renderBoard, banner, stepGuide,
// describeValue, describeEvent, describeConsequence, followUp, expand, customEntry, decidedBy, scoreLine, glorySeries,
// afterWinner. Its parts: the board (board.js), the sheets a fighter card opens (sheets.js), the wording of the log
// (wording.js), the entries picked on their own buttons (picks.js), what the engine offers a fighter (offers.js) and
// the pieces they all name (pieces.js); the attack entry (combat.js) and the sheets few loads open (hand, match,
// reactions, cards) load when first opened. The setup wizard's hooks are wizard.js.
import { h, linkStylesheet } from "../../dom.js";
import { fighterName, STEP_NAMES, END_STAGES } from "./pieces.js";
import { capital } from "../../words.js";
import { describeValue, describeEvent, describeConsequence } from "./wording.js";
import { seatBlock, endPhaseSteps, opening, matchBox } from "./board.js";
import { enterPicked, attackFollowing, expandPicks } from "./picks.js";

linkStylesheet(new URL("../../../css/board.css", import.meta.url).href, "board");

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
    return endPhaseSteps(view, advice, c);
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

  /** After an Attack or Charge activation: the fighter's Attack action with the weapon and target picked with it. */
  followUp: attackFollowing,
  /** An Attack or Charge activation a button per weapon and per target among a few; a card played by its name. */
  expand: expandPicks,

  customEntry(s, c) {
    const picked = enterPicked(s);   // an activation with its weapon or target picked (expand above)
    if (picked) return picked;
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

