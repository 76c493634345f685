// Game over: the winner, the tiebreak that decided it, glory by source per round (an SVG chart
// we draw ourselves), and the export of the whole log.
import { h, svg } from "./dom.js";
import { listAnd } from "./words.js";

const SOURCE_COLOURS = ["#f2b134", "#ff6b61", "#4fb3ff", "#4cc38a", "#b48cff", "#a3acbb"];

/** Short label under a bar: the first letters of the name (text node: names are never markup). */
function initials(name) {
  return String(name).trim().slice(0, 3) || "?";
}

/**
 * Stacked bars: one group per round, one bar per seat, one stack segment per source.
 * series: {rounds: [1,2,3], seats: ["p1","p2"], sources: ["objectives","bounties"],
 *          value(seat, round, source) -> number}
 * @param {GlorySeries} series
 * @param {(seat: string) => string} seatName
 * @returns {HTMLElement} the chart and its legend
 */
export function gloryChart(series, seatName) {
  const { rounds, seats, sources, value } = series;
  const W = 340, H = 220, left = 28, bottom = 34, top = 20;
  const totals = rounds.flatMap((r) => seats.map((s) => sources.reduce((n, src) => n + value(s, r, src), 0)));
  const max = Math.max(1, ...totals);
  const groupW = (W - left - 8) / rounds.length;
  const barW = Math.min(34, (groupW - 10) / seats.length);
  const y = (v) => top + (H - top - bottom) * (1 - v / max);
  const parts = [svg("line", { class: "axis", x1: left, y1: y(0), x2: W - 4, y2: y(0) })];
  for (let t = 0; t <= max; t += Math.max(1, Math.ceil(max / 5))) {
    parts.push(svg("text", { x: left - 6, y: y(t) + 4, "text-anchor": "end" }, String(t)));
    parts.push(svg("line", { class: "axis", x1: left, y1: y(t), x2: W - 4, y2: y(t), "stroke-dasharray": "2 4" }));
  }
  rounds.forEach((r, gi) => {
    const gx = left + 6 + gi * groupW;
    seats.forEach((s, si) => {
      const x = gx + si * (barW + 4);
      let acc = 0;
      sources.forEach((src, ci) => {
        const v = value(s, r, src);
        if (!v) return;
        parts.push(svg("rect", { x, y: y(acc + v), width: barW, height: y(acc) - y(acc + v), fill: SOURCE_COLOURS[ci % SOURCE_COLOURS.length], rx: 2 },
          svg("title", {}, `${seatName(s)}, round ${r}: ${v} from ${src}`)));
        acc += v;
      });
      parts.push(svg("text", { x: x + barW / 2, y: y(acc) - 4, "text-anchor": "middle" }, String(acc)));
      parts.push(svg("text", { x: x + barW / 2, y: H - bottom + 14, "text-anchor": "middle" }, initials(seatName(s))));
    });
    parts.push(svg("text", { x: gx + (seats.length * (barW + 4)) / 2, y: H - 6, "text-anchor": "middle", "font-weight": "700" }, `Round ${r}`));
  });
  const chart = svg("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `${series.title || "Points"} by source per round` }, parts);
  const legend = h("div", { class: "legend" },
    sources.map((src, ci) => h("span", {}, h("i", { style: `background:${SOURCE_COLOURS[ci % SOURCE_COLOURS.length]}` }), src)),
    seats.filter((s) => initials(seatName(s)) !== String(seatName(s)).trim())
      .map((s) => h("span", {}, `${initials(seatName(s))} = ${seatName(s)}`)));
  return h("figure", { style: "margin:0" }, chart, legend);
}

function totals(outcome, view, c) {
  const own = c.renderer && c.renderer.scoreLine ? c.renderer.scoreLine(outcome, view, c) : null;
  if (own) return h("div", { class: "muted", id: "score-line" }, own);
  // Game-neutral fallback: plain numbers an outcome may carry as {seat: score}.
  const scores = outcome.scores;
  if (!scores || typeof scores !== "object") return null;
  const text = Object.entries(scores).filter(([, v]) => typeof v === "number")
    .map(([s, v]) => `${c.seatName(s)} ${v}`).join(" · ");
  return text ? h("div", { class: "muted" }, `Score: ${text}`) : null;
}

/**
 * The game-over panel.
 * @param {Outcome} outcome
 * @param {object} view the seat's view of the state
 * @param {LogRecord[]} events
 * @param {TableContext} c
 * @returns {HTMLElement}
 */
export function renderGameOver(outcome, view, events, c) {
  const winners = outcome.winners || [];
  const who = outcome.draw ? "Draw" : listAnd(winners.map((s) => c.seatName(s)));
  const series = c.renderer && c.renderer.glorySeries ? c.renderer.glorySeries(view, events, c) : null;
  return h("section", { class: "stack", "aria-label": "Game over", id: "game-over" },
    h("div", { class: "winner" },
      h("div", { class: "muted" }, outcome.draw ? "The game is over" : "Winner"),
      h("div", { class: "who" }, who || "—"),
      outcome.decided_by ? h("div", { id: "decided-by" }, (c.renderer && c.renderer.decidedBy && c.renderer.decidedBy(outcome, c)) ||
        `Decided by: ${String(outcome.decided_by).replace(/_/g, " ")}`) : null,
      totals(outcome, view, c)),
    // What the game leads to next (a match's score and next game), right under the winner.
    c.renderer && c.renderer.afterWinner ? c.renderer.afterWinner(outcome, view, c) : null,
    series ? h("div", {}, h("h2", {}, series.title || "Points by round"), gloryChart(series, c.seatName)) : null,
    c.exportLog ? h("button", { type: "button", class: "btn", onclick: c.exportLog }, "Export the whole log") : null);
}
