// The Underworlds table drawn: each seat's warband (its head, then its fighter cards, folded at a table of three or
// four), the end phase's steps, and the parts only some tables need (matched play, the opening hand), loaded then.
import { h, button, keptOpen } from "../../dom.js";
import { card, fighterName, characteristic, TOKEN_NAMES, END_STAGES, conditionWords } from "./pieces.js";
import { capital, plural } from "../../words.js";
import { inspireDue } from "./offers.js";
import { dealOne, tokenSheet } from "./sheets.js";

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

/** A seat's warband: name, glory and activations, then its fighter cards. @param {object} view @param {string} seat @param {TableContext} c @returns {HTMLElement} */
export function seatBlock(view, seat, c) {
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
      s.hand ? ` · hand ${plural(s.hand.objectives, "objective")}, ${s.hand.power} power` : ""),
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

/** The held objectives the game says are met and those it says are not, in this seat's own end phase (the engine
 *  puts them only in the advice of the seat whose sequence it is: the names are its hand's). */
function heldObjectives(advice) {
  const report = advice && advice.step && advice.step.objectives;
  if (!report || !(report.met.length + report.not_met.length)) return null;
  return h("div", { class: "held-objectives", "data-objectives": "" },
    report.met.length ? h("p", { "data-objectives-met": "" }, h("b", {}, "Met: "), report.met.join(", ")) : null,
    report.not_met.length ? h("p", { class: "muted", "data-objectives-unmet": "" }, h("b", {}, "Not met: "), report.not_met.join(", ")) : null);
}

/** The end phase's six steps for the seat running through them, the current one marked, and what it holds. @param {object} view @param {Advice|null} advice @param {TableContext} c @returns {HTMLElement} */
export function endPhaseSteps(view, advice, c) {
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
/** The opening hand to tell, once its module is here (null until then, or when there is none). @param {object} view @param {TableContext} c @param {string} where @returns {Node|null} */
export function opening(view, c, where) {
  const m = mayTellOpening(view, c) ? part("opening", () => import("./opening.js"), c) : null;
  return m ? m.openingHand(view, c, where) : null;
}
/** The matched-play match's panel, once its module is here (null until then, or outside a match). @param {object} view @param {TableContext} c @returns {Node|null} */
export function matchBox(view, c) {
  const m = view.classic && view.classic.match ? matchPart(c) : null;
  return m ? m.matchPanel(view, c) : null;
}
