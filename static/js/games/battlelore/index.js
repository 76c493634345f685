// BattleLore Second Edition renderer, as the shell (pages/play.js) calls it: renderBoard, describeValue,
// describeEvent, describeConsequence, banner, stepGuide, decidedBy, scoreLine, customEntry, glorySeries. Its parts:
// the board (board.js), the unit cards typed at set-up (units.js), the entry sheets (sheets.js), the wording of the
// log (wording.js), and the pieces they all name (pieces.js); the setup wizard's hooks are wizard.js.
import { h, linkStylesheet } from "../../dom.js";
import { fillTemplate } from "../../actions.js";
import { STEP_NAMES, PHASE_NAMES, words } from "./pieces.js";
import { saveUnit, unitList, typist, unitForm } from "./units.js";
import { seatHead, seatFacts, unitCard, turnPanel, musterForm, deployPanel, campaignPanel } from "./board.js";
import { scenarioSheet, POSITIONED, withDefaults, combatEntry } from "./sheets.js";
import { describeValue, describeEvent, describeConsequence } from "./wording.js";

linkStylesheet(new URL("../../../css/board.css", import.meta.url).href, "board");

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

  /** Above the actions: placing units (deployment), or the turn's steps, the command card played, the ordered
   *  units, the combat. */
  stepGuide(view, advice, c) {
    return view.phase === "deploy" ? deployPanel(view, advice, c) : turnPanel(view, c);
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
    if (POSITIONED.includes(type)) return fillTemplate(withDefaults(s, c.view), c);
    if (type === "choose_scenario") return scenarioSheet(s);
    if (type === "unit_card") {
      return unitForm(null).then(async (rec) => {
        if (rec) await saveUnit(rec, typist(c));
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
