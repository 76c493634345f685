// "What just happened": another phone's entry summed up for a moment (who did what, what the rules did),
// the fighters and scores it changed highlighted; overrides and undos stay longer and stand out. The card has its
// own place in the page's flow (happenedRegion), so it never covers a control.
import { h, button } from "./dom.js";
import { summary, consequenceText, fightersOf, overrideNote } from "./log.js";

const SHOW_MS = 6000;
const LOUD_MS = 15000;          // overrides and undos: the table should not miss them
const FLASH_MS = 2500;
const MAX_SHOWN = 3;
// Consequences a player wants to hear about first, in this order (at most three are told), in every game's words: a
// fighter or unit gone and the game won; damage; glory, points and planets; the attack; then the rest. What nobody
// said (inferred passes, a step closing) comes last. A game's renderer may rank its own (consequenceRank).
const RANK = [/out_of_action|game_over|destroyed|defeated/, /damage|wounds?$/,
  /bounty|glory|scored|captured|battle_won|bloodied|victory|points/, /attack_resolved|attack_result|combat|^attack$/,
  /staggered|inspired/];
const QUIET = /passes_inferred|step_closed|step_ends|_begins$|_allowed$/;   // what became possible is told by the entry that uses it
const rank = (type) => { if (QUIET.test(type)) return RANK.length + 1; const i = RANK.findIndex((re) => re.test(type)); return i < 0 ? RANK.length : i; };

const shown = [];               // [{seq, type, rank, headline, details, loud, until, flag}], oldest first
let caught = null;              // the summary of what a phone missed while away: {headline, lines, seqs}, until dismissed
let keepCaught = (_seqs) => {}; // where the page keeps the seqs of an undismissed summary (they outlive a reload)
const flashes = new Map();      // selector -> time the highlight started

/**
 * The card's own place on the page: a strip in the page's flow (the table page puts it under its tabs), never over
 * the controls the game waits for. The same element moves with every redraw of the page, so what it says stays.
 * @returns {HTMLElement}
 */
export function happenedRegion() {
  if (!regionEl) regionEl = h("div", { id: "happened", class: "happened", role: "status", "aria-live": "polite", "aria-label": "What just happened" });
  return regionEl;
}
let regionEl = null;
const region = happenedRegion;

/**
 * This phone's player has looked: they entered something, or dismissed the card. The entries told so far are not
 * told again beside the next one (the card tells only what came since this phone last looked).
 * @returns {void}
 */
export function seen() {
  if (!shown.length) return;
  shown.length = 0;
  redraw();
}

// One card: each entry since this phone last looked on a line of its own with what the rules did in it, the
// weightiest entry first. A consequence belongs to its own entry: "Goff Nob destroyed" four entries ago is never
// told as part of the latest one.
function redraw() {
  // The card is in the page's flow: when it shrinks or goes while scrolled up under the sticky banner, what is below
  // it would slide up under the banner too (the choices the player was about to tap). The page scrolls back by the
  // part of it that was out of sight, so what is on screen stays where it was.
  const el = region();
  const before = el.isConnected ? el.getBoundingClientRect() : null;
  fill();
  if (!before) return;
  const line = parseFloat(document.documentElement.style.getPropertyValue("--sticky-top")) || 0;
  const gone = Math.min(before.height - el.getBoundingClientRect().height, line - before.top);
  if (gone > 0) window.scrollBy(0, -gone);
}

function fill() {
  const now = Date.now();
  for (let i = shown.length - 1; i >= 0; i -= 1) if (shown[i].until <= now) shown.splice(i, 1);
  while (shown.length > MAX_SHOWN) shown.shift();
  if (!shown.length) return region().replaceChildren(...caughtCard());
  const latest = shown[shown.length - 1];
  const weight = (x) => Math.min(x.rank, ...x.details.map((d) => d.r));
  const lines = [...shown].sort((a, b) => weight(a) - weight(b) || b.seq - a.seq).map((x) => {
    // A line the headline already says is not said twice.
    const said = x.headline.replace(/^[^:]*: /, "");
    const details = [...new Set(x.details.map((d) => d.text))].filter((t) => t !== said);
    return h("div", { class: "entry", "data-entry": x.seq },
      h("div", { class: "headline" }, x.headline),
      details.length ? h("div", { class: "detail" }, details.slice(0, 3).join(" · ")) : null);
  });
  const dismiss = () => seen();
  region().replaceChildren(...caughtCard(), h("div", { class: `happened-item${shown.some((x) => x.loud) ? " loud" : ""}`, "data-seq": latest.seq, "data-type": latest.type,
    "data-seqs": shown.map((x) => x.seq).join(" ") },
    h("div", { class: "grow" }, lines,
      latest.flag ? button("That's not right", latest.flag, { cls: "btn small ghost", "data-action": "not-right", aria: `That's not right: #${latest.seq}` }) : null),
    button("✕", dismiss, { cls: "btn small ghost", aria: "Dismiss" })));
}

function caughtCard() {
  if (!caught) return [];
  return [h("div", { class: "happened-item caught-up", id: "caught-up", "data-missed": caught.seqs },
    h("div", { class: "grow" }, h("div", { class: "headline" }, caught.headline), caught.lines.map((t) => h("div", {}, t))),
    button("✕", () => { caught = null; keepCaught([]); redraw(); }, { cls: "btn small ghost", aria: "Dismiss the summary" }))];
}

/**
 * Where the page keeps the entries of the "While you were away" summary until it is dismissed: a phone reloaded (or
 * woken and reloaded at once) tells them again instead of losing what its player has not read. @param {(seqs: number[]) => void} keep
 */
export function keepCaughtWith(keep) {
  keepCaught = keep;
}

/**
 * A phone back from being away is told what other phones entered meanwhile, one line per entry, the weightiest first
 * (as above); kept until dismissed. What was taken back meanwhile is left out. @param {LogRecord[]} missed @param {TableContext} c
 */
export function catchUp(missed, c) {
  // Entries missed earlier and not dismissed yet are told with these: the summary is kept until dismissed.
  const earlier = caught ? caught.seqs.split(" ").map(Number) : [];
  missed = [...c.events.filter((e) => earlier.includes(e.seq) && !missed.some((x) => x.seq === e.seq)), ...missed]
    .sort((a, b) => a.seq - b.seq);
  const seqs = missed.map((e) => e.seq);
  const back = (e) => e.type === "revert" && e.data.seq;
  const told = missed.filter((e) => !missed.some((x) => back(x) === e.seq) && !seqs.includes(back(e))).map((ev) => {
    const [head, details] = describeLanded(ev, back(ev) && c.events.find((x) => x.seq === back(ev)), c);
    return { r: Math.min(rank(ev.type), ...details.map((d) => d.r)), text: c.humanise([head, ...details.slice(0, 3).map((d) => d.text)].join(", ")) };
  }).sort((a, b) => a.r - b.r);
  if (!told.length) return;
  keepCaught(seqs);
  const n = told.length;
  caught = { headline: `While you were away (${n} ${n === 1 ? "entry" : "entries"}):`, seqs: seqs.join(" "),
    lines: [...told.slice(0, 5).map((x) => x.text), ...(n > 5 ? [`… and ${n - 5} more in the Log`] : [])] };
  redraw();
}

/**
 * Words for an entry that landed from another phone: [headline, details (each with its rank, weightiest first), loud?].
 * @param {LogRecord} ev
 * @param {LogRecord|null} prior the entry a revert takes back
 * @param {TableContext} c
 * @returns {[string, Array<{text: string, r: number}>, boolean]}
 */
export function describeLanded(ev, prior, c) {
  const who = c.seatName(ev.actor && ev.actor !== ev.by ? ev.actor : ev.by);
  if (ev.type === "revert") {
    const taken = prior && prior.type ? summary(prior, c) : `entry #${ev.data.seq}`;
    // A one-tap undo's reason only repeats who took it back ("Undone by Ana"): said once, in the headline.
    const said = !ev.data.reason || /^Undone by /.test(ev.data.reason);
    return [`${who} took back: ${taken}`, said ? [] : [{ text: `Why: ${ev.data.reason}`, r: -1 }], true];
  }
  if (ev.type === "note" && ev.data.seq && ev.by !== "referee") return [`${who} flagged #${ev.data.seq} for the referee: ${ev.data.text}`, [], true];
  // A game's renderer may rank its own consequences (consequenceRank: lower first); else the shared RANK.
  const ranked = (x) => (c.renderer && c.renderer.consequenceRank ? c.renderer.consequenceRank(x) : rank(x.type));
  const told = (ev.consequences || []).map((x, i) => ({ i, r: ranked(x), text: consequenceText(x, c) })).filter((x) => x.text);
  const details = told.sort((a, b) => a.r - b.r || a.i - b.i).map(({ text, r }) => ({ text, r }));
  if (ev.override) details.unshift({ text: overrideNote(ev), r: -1 });
  return [`${who}: ${summary(ev, c)}`, details, !!ev.override];
}

/**
 * Show the summary of an entry another phone made, and highlight the fighters it names.
 * @param {LogRecord} ev
 * @param {LogRecord|null} prior
 * @param {TableContext} c
 * @returns {void}
 */
export function announce(ev, prior, c) {
  const [headline, details, loud] = describeLanded(ev, prior, c);
  const ms = loud ? LOUD_MS : SHOW_MS;
  // "That's not right": the player flags the entry for the referee (notes and undos are not entries to flag).
  const flag = c.flagEntry && !/^(note|revert)$/.test(ev.type) ? () => c.flagEntry(ev) : null;
  const ranked = c.renderer && c.renderer.consequenceRank ? RANK.length : rank(ev.type);
  // An undo replaces what it took back: the entry is not told beside its own undo.
  if (ev.type === "revert") for (let i = shown.length - 1; i >= 0; i -= 1) if (shown[i].seq === ev.data.seq) shown.splice(i, 1);
  shown.push({ seq: ev.seq, type: ev.type, rank: ranked, headline: c.humanise(headline), details: details.map((d) => ({ ...d, text: c.humanise(d.text) })), loud, until: Date.now() + ms, flag });
  redraw();
  setTimeout(redraw, ms + 50);
  light(fightersOf(ev).map((fid) => `[data-fighter="${CSS.escape(fid)}"]`));
}

/**
 * Highlight the scores of these seats for a moment (their glory or score just changed).
 * @param {string[]} seats
 * @returns {void}
 */
export function flashScores(seats) {
  light(seats.map((seat) => `[data-seat="${CSS.escape(seat)}"] .stat.glory, [data-seat="${CSS.escape(seat)}"] [data-score]`));
}

function light(selectors) {
  const start = Date.now();
  for (const sel of selectors) flashes.set(sel, start);
  setTimeout(() => {
    for (const sel of selectors) {
      if (flashes.get(sel) !== start) continue;   // lit again since: that highlight runs on
      flashes.delete(sel);
      for (const el of document.querySelectorAll(sel)) el.classList.remove("flash");
    }
  }, FLASH_MS);
}

/**
 * After each redraw of the table: keep the highlights running where they are (they fade by themselves).
 * @param {Element} root
 * @returns {void}
 */
export function applyFlashes(root) {
  const now = Date.now();
  for (const [selector, start] of [...flashes]) {
    const age = now - start;
    if (age >= FLASH_MS) { flashes.delete(selector); continue; }
    for (const el of root.querySelectorAll(selector)) {
      el.classList.add("flash");
      el.style.animationDelay = `-${age}ms`;   // a redraw continues the fade rather than restarting it
    }
  }
}

/**
 * Seats whose glory (or score) differs between two states of the table.
 * @param {object|null} before
 * @param {object|null} after
 * @returns {string[]}
 */
export function changedScores(before, after) {
  if (!before || !after || !before.seats || !after.seats) return [];
  const score = (s) => JSON.stringify(s ? [s.glory, s.score, s.victory_points] : null);
  return Object.keys(after.seats).filter((seat) => score(before.seats[seat]) !== score(after.seats[seat]));
}
