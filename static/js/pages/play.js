// The table: one game as this phone's seat sees it. Game-neutral shell (banner, next actions,
// outbox, log, rejection + override, game over); the board itself is drawn by the game's renderer
// module (static/js/games/<family>/index.js).
import { h, replace, button, toast, clearToast, clock, keptOpen } from "../dom.js";
import { redraw } from "../redraw.js";
import { loadFamily } from "../games/families.js";
import { afterPress } from "../press.js";
import { api, errorText, NetworkError, uuid } from "../api.js";
import { getGame, putGame, saveSnapshot, loadSnapshot } from "../store.js";
import { registerServiceWorker } from "../pwa.js";
import { showConnection } from "../conn.js";
import { Live } from "../live.js";
import * as outbox from "../outbox.js";
import { renderActions, runSuggestion } from "../actions.js";
import { consequenceText, summary } from "../log.js";
import { announce, applyFlashes, catchUp, changedScores, flashScores, happenedRegion, keepCaughtWith, seen } from "../happened.js";
import { askReason, confirmRefereeHere, showLatePlay, showRejection } from "../dialogs.js";
import { onHandover, checkPending, showHandoverCode } from "../handover.js";
import { capital, listAnd, listOr } from "../words.js";

const root = document.getElementById("table");
const gameId = new URLSearchParams(location.search).get("game");
const rec = gameId ? getGame(gameId) : null;

const T = {
  tab: "table",
  summary: null,      // GET /api/games/<id> (without the state)
  seatsOpen: false,   // seats their own phones set up are still open: no state, no live connection yet
  view: null,         // the state as this seat sees it
  advice: null,       // GET /api/games/<id>/suggestions
  outcome: null,
  events: new Map(),  // seq -> {seq, id, type, by, data, override, created_at, consequences}
  pending: [],        // outbox entries not yet acknowledged
  refused: [],        // events the rules refused on this phone: {envelope, error, at} (not in the game log)
  catalogue: [],
  renderer: null,
  live: null,
  inert: {},          // seq -> why a logged event no longer has any effect (the server's fold, view.inert)
  asOf: null,         // referee stepping back: state at this seq (read-only)
  inViewFor: null,    // the view and choices last brought into view (keepNextInView)
  logFilter: { open: false },  // the log's search and filters (kept across redraws)
  mine: new Set(),    // ids of entries this phone sent over REST (the referee's desk): their live echo is no news
  pastView: null,
  followUp: null,     // this phone's last entry, until the view after it: {env, seq (null until acked), after}
  followed: null,     // id of the entry whose follow-up sheet was opened (its late ack opens nothing more)
  goTo: Number(new URLSearchParams(location.search).get("entry")) || null,  // a judge called to a flagged entry
  openedFresh: false, // this page read the game from the server (no snapshot) and has neither synced nor been offline since
};

const family = () => ((T.summary && T.summary.ruleset) || rec.ruleset || "").split("/")[0];
const isReferee = () => rec && rec.seat === "referee";
const isPlayer = () => rec && /^p\d$/.test(rec.seat);
// One phone for the whole table (created with shared_device): its own token enters events for every seat
// (a seat joined later on another phone is that seat's only: the server says which in `you.device`).
const shared = () => isPlayer() && !!(T.summary && T.summary.shared_device && T.summary.you && T.summary.you.device);
const actsForOthers = () => isReferee() || shared();

function seatName(seat) {
  const seats = (T.summary && T.summary.seats) || [];
  const s = seats.find((x) => x.seat === seat);
  if (s && s.name) return s.name;
  const vs = T.view && T.view.seats && T.view.seats[seat];
  if (vs && vs.name) return vs.name;
  if (seat === "referee") return "Referee";
  return seat || "?";
}

function describe(path, value) {
  // Reaction steps: the engine labels them in the open window.
  const rw = T.advice && T.advice.reaction_window;
  const step = rw && (rw.steps || []).find((st) => st && st.id === value);
  if (step && step.label) return capital(step.label);
  const own = T.renderer && T.renderer.describeValue && T.renderer.describeValue(path, value, T.view, ctx());
  if (own !== undefined && own !== null) return own;
  if (typeof value === "string" && /^p\d$/.test(value)) return seatName(value);
  if (value === true) return "Yes";
  if (value === false) return "No";
  if (value && typeof value === "object") return JSON.stringify(value);
  return String(value).replace(/_/g, " ");
}

function catalogueLabel(type) {
  const entry = T.catalogue.find((c) => c.type === type);
  return entry ? entry.label : type.replace(/_/g, " ");
}

/** Engine sentences name fighters and seats by id ("p2.garrek-gorebeard's Inspire condition...",
 *  "p1 adds one critical"): show the names the players gave and the cards carry instead. */
function humanise(text) {
  return String(text)
    .replace(/\b(p[1-4]\.[a-z0-9][a-z0-9_-]*)/g, (m) => {
      const named = T.renderer && T.renderer.describeValue && T.renderer.describeValue("fighter", m, T.view, ctx());
      return typeof named === "string" && named ? named : m;
    })
    .replace(/\b(p[1-4])\b(?!\.[a-z0-9])/g, (m) => seatName(m));
}

/** The warband a seat plays, by its name ("Garrek's Reavers"), or null for fighters typed in. */
function warbandName(seat) {
  const s = ((T.summary && T.summary.seats) || []).find((x) => x.seat === seat);
  return (s && s.warband_name) || null;
}

function ctx() {
  return {
    humanise,
    seat: shared() ? T.actFor : rec.seat, actFor: actsForOthers() ? T.actFor : null, view: T.view, actsForAll: actsForOthers(), advice: T.advice, gameId, token: rec.token,
    submit, preview, describe, seatName, warbandName, catalogueLabel, exportLog, pending: T.pending.map((p) => p.envelope),
    renderer: T.renderer, readOnly: (!isPlayer() && !isReferee()) || !!T.outcome, isReferee: isReferee(),
    outcome: T.outcome, isPlayer: isPlayer(), events: [...T.events.values()], inert: T.inert, catalogue: T.catalogue,
    flagEntry: isPlayer() ? (ev) => loadLogView().then((m) => m.noteOn(ev, desk(), false, shared() ? T.actFor : rec.seat)) : null,
    rerender: () => render(),   // a renderer's part that loads later draws the table again
  };
}

// -- entering events ----------------------------------------------------------------------------

/**
 * Enter an event for this phone's seat (or `by` for referee corrections); goes via the outbox.
 * @param {string} type
 * @param {object} data
 * @param {{override?: {reason: string}, by?: string}} [options]
 */
async function submit(type, data, { override, by } = {}) {
  if (!isPlayer() && !isReferee()) { toast("Spectators cannot enter events."); return null; }
  const seat = by || (actsForOthers() && type !== "revert" && type !== "note" ? T.actFor : rec.seat);
  const envelope = { type, by: seat, data: data || {} };
  if (override) envelope.override = override;
  seen();   // the player has looked at the table: what landed before is not told again beside what lands next
  const env = await T.live.submit(envelope);
  if (!(T.followUp && T.followUp.env.id === env.id)) T.followUp = { env, seq: null, after: T.viewSeq ?? 0 };
  render();
  return env;
}

/** Ask the server what an event would do, without storing it (combat preview). */
async function preview(type, data) {
  try {
    const reply = await api("POST", `/api/games/${encodeURIComponent(gameId)}/preview`,
      { token: rec.token, body: { type, by: actsForOthers() ? T.actFor : rec.seat, data } });
    return reply.body || { error: { message: errorText(reply) } };
  } catch (err) {
    return { error: { code: "offline", message: "No preview while offline; the server checks it when it is sent." } };
  }
}

async function onRejected(envelope, error) {
  T.refused.push({ envelope, error, at: new Date().toISOString() });
  render();
  const describeEvent = (ev) => T.renderer && T.renderer.describeEvent && T.renderer.describeEvent(ev, ctx());
  if (error && error.closed_by) return latePlay(envelope, error, describeEvent);
  const decision = await showRejection(envelope, error, { catalogueLabel, describe, describeEvent, humanise, referee: isReferee() });
  if (decision === "override") {
    const reason = isReferee()
      ? await askReason("Your ruling", "Why does it stand? Your ruling is logged under your name and shown to everyone.")
      : await askReason("Apply anyway (card effect)", "Which card or effect allows it? The reason is logged and shown to everyone.");
    if (!reason) return;
    // Applied anyway: the refused entry stays in the Log as a record, settled (no "Enter again" to score twice).
    for (const r of T.refused) if (r.envelope.id === envelope.id) r.appliedAnyway = true;
    submit(envelope.type, envelope.data, { override: { reason }, by: envelope.by });
  }
}

/** A play entered after a quicker entry closed its step: the way the table puts it right (that entry's player
 *  or the referee takes it back, then the play is entered), offered as one button to a phone that may. */
async function latePlay(envelope, error, describeEvent) {
  const c = error.closed_by;
  const mayTakeBack = isReferee() || (c.last && c.actor !== "referee" && (c.by === rec.seat || shared()));
  const decision = await showLatePlay(envelope, error,
    { describeEvent, catalogueLabel, seatName, closer: T.events.get(c.seq), mayTakeBack });
  if (decision !== "take_back") return;
  const what = describeEvent(envelope) || catalogueLabel(envelope.type);
  await submit("revert", { seq: c.seq, reason: `Taken back so ${seatName(envelope.by)} can enter: ${what}` },
    shared() ? { by: c.by } : {});
  enterAgain(envelope);
}

/** Enter a refused event again (a fresh entry; the refused one leaves this phone's list). */
function enterAgain(envelope) {
  T.refused = T.refused.filter((r) => r.envelope.id !== envelope.id);
  return submit(envelope.type, envelope.data, { by: envelope.by });
}

// -- loading ------------------------------------------------------------------------------------

function lastSeq() { return T.events.size ? Math.max(...T.events.keys()) : 0; }

function mergeEvent(raw) {
  if (!raw || typeof raw.seq !== "number") return;
  const old = T.events.get(raw.seq) || {};
  const ev = raw.event ? { ...raw.event, seq: raw.seq, consequences: raw.consequences, created_at: raw.created_at || raw.event.created_at } : raw;
  T.events.set(raw.seq, { ...old, ...ev, consequences: ev.consequences || old.consequences || [] });
}

/** After this phone's entry and its new advice: the game's renderer may open the one entry that must
 *  come next (an Attack action's dice right after the fighter is activated to attack), saving a tap. */
function followUp() {
  const next = T.followUp;
  if (!next || typeof T.viewSeq !== "number") return;
  // The view after the entry is not here yet (its seq is known once acked; before that, any newer view may be it).
  if (next.seq === null ? T.viewSeq <= next.after : T.viewSeq < next.seq) return;
  if ((next.seq !== null && T.viewSeq !== next.seq) || document.querySelector("dialog[open]") || !T.renderer || !T.renderer.followUp) {
    T.followUp = null;
    return;
  }
  const s = T.renderer.followUp(next.env, T.advice, ctx());
  // The view often comes before the ack: when its advice already holds the follow-up, the sheet opens with the
  // very redraw that shows the step, never a moment later over buttons the player may be tapping.
  if (!s && next.seq === null) return;   // another entry's view: wait for this one's
  T.followUp = null;
  if (!s) return;
  T.followed = next.env.id;
  runSuggestion(s, ctx());
}

/** Another phone's entry has landed: say what happened at once (the entry and its consequences). */
function tellWhatHappened(ev) {
  const prior = ev.type === "revert" ? T.events.get(ev.data.seq) : null;
  announce(ev, prior, ctx());
  T.inViewFor = null;   // the card takes room above the choices: the next redraw brings them into view again
}

/** Take a `view` payload {seq, seat, state, outcome, advice} (REST summary, sync, view, ack). */
function applyView(v) {
  if (!v) return;
  const wasOpen = !!(T.advice && T.advice.reaction_window);
  const nowOpen = !!(v.advice && v.advice.reaction_window && (v.advice.reaction_window.may_react || []).includes(rec.seat));
  if (nowOpen && !wasOpen && navigator.vibrate) navigator.vibrate(60); // a reaction step asks this player
  if (typeof v.seq === "number" && T.viewSeq && v.seq < T.viewSeq) return; // an older view arrived late
  if (typeof v.seq === "number") T.viewSeq = v.seq;
  if (v.state) T.view = v.state;
  if (v.inert) {
    // News only against what this phone already knew: a phone opening the game for the first time is not told.
    if (T.inertKnown) tellVoided(T.inert, v.inert);
    T.inert = v.inert;
    T.inertKnown = true;
  }
  T.outcome = v.outcome ?? null;
  if ((v.advice || isPlayer()) && !shared()) T.advice = v.advice;
}

/** Entries an undo has just voided: every phone is told which, and whose (the log offers them back). */
async function tellVoided(before, after) {
  const fresh = Object.keys(after).filter((seq) => after[seq].status === "refused_now" && !(before || {})[seq]);
  // The referee who took it back has the voided entries offered at the top of the Log already.
  if (!fresh.length || !T.renderer || isReferee()) return;
  const { voidedEntries } = await loadLogView().catch(() => ({ voidedEntries: null }));
  if (!voidedEntries) return;
  const c = ctx();
  const gone = voidedEntries([...T.events.values()], after).filter((e) => fresh.includes(String(e.seq)));
  if (!gone.length) return;
  const names = gone.map((e) => `${seatName(e.by)}'s #${e.seq} (${humanise(summary(e, c))})`).join(", ");
  const offer = gone.some((e) => e.by === rec.seat) ? " — yours can be entered again from the Log" : "";
  toast(`No longer in effect since the referee took back an entry: ${names}${offer}`, "info", 12000);
  T.voidToast = true;
}

/** Keep the table for the next opening (offline too): once the phone is idle, not on the way to painting an entry.
 *  The whole log is written each time, so a long game's entry would otherwise pay for all the entries before it. */
function snapshot() {
  if (snapshotDue) return;
  snapshotDue = true;
  whenIdle(saveNow);
}
let snapshotDue = false;
const whenIdle = (f) => (window.requestIdleCallback ? window.requestIdleCallback(f, { timeout: 2000 }) : setTimeout(f, 200));

function saveNow() {
  if (!snapshotDue) return;
  snapshotDue = false;
  saveSnapshot(gameId, { summary: T.summary, view: T.view, advice: T.advice, outcome: T.outcome,
    events: [...T.events.values()], catalogue: T.catalogue, viewSeq: T.viewSeq, inert: T.inert });
  putGame(gameId, { last_seq: lastSeq() });
}
// A page put away (closed, reloaded, backgrounded) keeps what it had not saved yet.
addEventListener("pagehide", saveNow);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") saveNow(); });

/** The log's pages from the first one read: the server answers a long log a page at a time (`next`). */
async function mergeLog(page, auth) {
  for (let body = page, pages = 0; body && pages < 1000; pages += 1) {
    for (const e of body.events || []) mergeEvent(e);
    if (body.next === null || body.next === undefined) return;
    const more = await api("GET", `/api/games/${encodeURIComponent(gameId)}/events?since=${body.next}`, auth);
    body = more.status === 200 ? more.body : null;
  }
}

/** The ruleset's event catalogue (its entries' names), once. */
async function loadCatalogue(ruleset) {
  if (T.catalogue.length || !ruleset) return;
  const rs = await api("GET", `/api/rulesets/${ruleset}`);
  if (rs.status === 200) T.catalogue = rs.body.catalogue || rs.body.events || [];
}

async function refresh() {
  const auth = { token: rec.token };
  // The phone's record names the ruleset: its catalogue and renderer load beside the game, not one round trip after
  // it each (on a slow link every round trip is felt). A failure here is met again below, in order.
  const ahead = rec.ruleset ? Promise.all([loadCatalogue(rec.ruleset), ensureRenderer()]).catch(() => null) : null;
  try {
    const [game, evs] = await Promise.all([
      api("GET", `/api/games/${encodeURIComponent(gameId)}`, auth),
      api("GET", `/api/games/${encodeURIComponent(gameId)}/events?since=0`, auth),
    ]);
    if (game.status === 409 && game.body && game.body.error && game.body.error.code === "seats_not_set") {
      // Seats their own phones set up are still open: a player's seat (or the seats' status) is on the join page;
      // a watching phone waits here until the game has started.
      T.seatsOpen = true;   // no state yet: nothing to connect to
      if (isPlayerSeat(rec.seat)) {
        putGame(gameId, { pending: true });
        location.replace(`/join/${encodeURIComponent(rec.join_code || "")}`);
        return true;
      }
      setTimeout(() => location.reload(), 3000);
      replace(root, h("h1", {}, "Waiting for the players"), h("p", { role: "status" }, errorText(game)));
      return true;
    }
    if (game.status === 401 || game.status === 403 || game.status === 404) {
      return replace(root, h("h1", {}, "This phone cannot open the game"), h("p", {}, errorText(game)),
        h("a", { class: "btn primary big", href: "/join" }, "Join with a code"));
    }
    if (game.status === 200) {
      const { view, ...summary } = game.body;
      T.summary = summary;
      T.viewSeq = 0;
      applyView(view);
      if (T.live) T.live.hold(view);   // the socket's first sync then brings no second copy of it
    }
    if (evs.status === 200) await mergeLog(evs.body, auth);
    await ahead;
    if (T.summary) await loadCatalogue(T.summary.ruleset);
    if (actsForOthers()) await refereeAdvice();
    if (T.live) T.live.lastSeq = Math.max(T.live.lastSeq, lastSeq());
    snapshot();
    await ensureRenderer();
    render();
    return true;
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    return false;
  }
}

/** The referee (or a shared phone) enters events for a player seat: fetch that seat's suggestions.
 *  A shared phone follows the game: when it waits for one other seat, it switches to that seat. */
async function refereeAdvice(follow = true) {
  const seats = (T.summary && T.summary.seats) || [];
  if (!T.actFor && seats.length) T.actFor = shared() ? rec.seat : seats[0].seat;
  if (!T.actFor) return;
  const reply = await api("GET", `/api/games/${encodeURIComponent(gameId)}/suggestions?seat=${T.actFor}`, { token: rec.token }).catch(() => null);
  if (!reply || reply.status !== 200) return;
  T.advice = reply.body.advice;
  const waiting = (T.advice && T.advice.waiting_for) || [];
  if (follow && shared() && waiting.length === 1 && waiting[0] !== T.actFor) {
    T.actFor = waiting[0];
    await refereeAdvice(false);
  }
}

async function ensureRenderer() {
  if (T.renderer) return;
  const fam = family();
  const own = await loadFamily(fam, (message) => toast(message, "error", 12000));
  T.renderer = own ? own.default : (await import("../games/generic.js")).default;
}

// -- drawing ------------------------------------------------------------------------------------

function banner() {
  const step = (T.advice && T.advice.step) || {};
  const me = shared() ? T.actFor : rec.seat;
  const own = T.renderer && T.renderer.banner && T.view ? T.renderer.banner(T.view, T.advice, ctx()) : null;
  let where = own ? own.where : "";
  let what = own ? own.what : "";
  if (!own) {
    const parts = [];
    if (step.round) parts.push(`Round ${step.round}`);
    if (step.phase) parts.push(`${String(step.phase).replace(/_/g, " ")} phase`);
    if (step.turn) parts.push(step.turn === me ? "your turn" : `${seatName(step.turn)}'s turn`);
    where = parts.join(" · ");
    what = step.label || (step.step ? capital(String(step.step).replace(/_/g, " ")) : "");
  }
  const waiting = (T.advice && T.advice.waiting_for) || [];
  const mine = waiting.includes(me) && !T.outcome;
  const who = T.outcome ? "" : whoLine(waiting, step.optional || [], me, mine, step.next_step);
  return h("div", { class: `banner${mine ? " mine" : ""}`, role: "status", "aria-live": "polite", id: "banner" },
    h("div", { class: "where" }, where || (T.summary ? T.summary.title || "" : "")),
    h("div", { class: "what" }, T.outcome ? "Game over" : (what || "…")),
    own && own.extra ? h("div", { class: "where" }, own.extra) : null,
    who ? h("div", { class: mine ? "you" : "where" }, who) : null);
}


const OPTIONAL_VERBS = { reaction: "react", power: "play a power card" };
// What the seats the game waits for do next, when it is not their move in the turn (the shared step names).
const NEXT_VERBS = { end: ["starts the end phase", "start the end phase"], roll_off: ["rolls off", "roll off"] };

/** Who the game waits for, and who may still make an optional play first (a reaction step, a power step nobody
 *  has to tap through), in one sentence that reads the same on every phone, "you" being the phone's own seat:
 *  "Ben moves next; Ana may react or play a power card first" / "You start the end phase next; ..." /
 *  "...; you may react first; Cat and Dan may react first" (each player told only the plays open to them). */
function whoLine(waiting, optional, me, mine, nextStep) {
  const names = (seats) => {
    const list = [...seats.filter((s) => s === me).map(() => "you"), ...seats.filter((s) => s !== me).map(seatName)];
    return listAnd(list);
  };
  if (!waiting.length) return "";
  // Whoever moves next passes the optional steps by moving: the others are the ones who may still play first.
  const others = [...new Set(optional.flatMap((o) => o.seats))].filter((s) => !waiting.includes(s));
  const mover = names(waiting);
  const plural = mover === "you" || waiting.length > 1;
  const [one, many] = NEXT_VERBS[nextStep] || ["moves", "move"];
  const next = `${capital(mover)} ${plural ? many : one} next`;
  if (!others.length) return mine ? "Your move" : `Waiting for ${mover}`;
  // Seats open to the same plays are named together: a bystander of a four-player power step may only react.
  const verbsOf = (seat) => listOr([...new Set(optional.filter((o) => o.seats.includes(seat))
    .map((o) => OPTIONAL_VERBS[o.step] || `act (${o.step.replace(/_/g, " ")})`))]);
  const byVerbs = new Map();
  for (const seat of [...others.filter((s) => s === me), ...others.filter((s) => s !== me)]) {
    byVerbs.set(verbsOf(seat), [...(byVerbs.get(verbsOf(seat)) || []), seat]);
  }
  return [next, ...[...byVerbs].map(([verbs, seats]) => `${names(seats)} may ${verbs} first`)].join("; ");
}

/** The tabs sit in the top bar, in reach however far the table is scrolled (in the page they slid under the sticky
 *  banner); a referee stepping back through the log has none. */
function drawTabs(shown) {
  const bar = document.querySelector(".topbar");
  if (!bar) return;
  const old = bar.querySelector(":scope > .tabs");
  if (!shown) { if (old) old.remove(); return; }
  if (old) old.replaceWith(tabs()); else bar.insertBefore(tabs(), document.getElementById("conn"));
}

function tabs() {
  const tab = (id, label) => button(label, () => { T.tab = id; render(); },
    { cls: "btn small", role: "tab", "aria-selected": String(T.tab === id), "data-tab": id });
  const queued = T.pending.length ? ` (${T.pending.length} waiting)` : "";
  if (WIDE.matches) return h("div", { class: "tabs", role: "tablist" }, tab("table", `Table and log${queued}`), tab("game", "Game"));
  return h("div", { class: "tabs", role: "tablist" }, tab("table", "Table"), tab("log", `Log${queued}`), tab("game", "Game"));
}

function actingFor() {
  const seats = (T.summary && T.summary.seats) || [];
  const label = isReferee() ? "Referee enters events for" : "This phone is now held by";
  return h("fieldset", {}, h("legend", {}, isReferee() ? "Referee: enter events for" : "Held by (one phone for the table)"),
    h("div", { class: "seg", role: "radiogroup", "aria-label": label },
      seats.map((s) => button(s.name || s.seat, async () => { T.actFor = s.seat; await refereeAdvice(false); render(); },
        { cls: "btn small", role: "radio", "aria-checked": String(T.actFor === s.seat) }))));
}

function tableTab() {
  const c = ctx();
  return [
    actsForOthers() && !T.outcome ? actingFor() : null,
    T.outcome && afterTheGame() ? renderActions(T.advice, { ...c, readOnly: false }) : null,
    T.outcome ? gameOver(c) : null,
    !T.outcome && T.renderer && T.renderer.stepGuide && T.view ? T.renderer.stepGuide(T.view, T.advice, c) : null,
    waitingToSend(c),
    T.outcome || c.readOnly ? null : renderActions(T.advice, c),
    T.outcome || c.readOnly ? null : undoLast(c),
    readOnlyNote(),
    T.renderer && T.view ? T.renderer.renderBoard(T.view, c) : null,
  ];
}

/** Entries made on this phone that the server has not had yet (offline): shown on the table as
 *  pending, each with Cancel (it leaves the outbox; nothing was sent). */
function waitingToSend(c) {
  if (!T.pending.length) return null;
  const describeEvent = (ev) => (T.renderer && T.renderer.describeEvent && T.renderer.describeEvent(ev, c)) || catalogueLabel(ev.type);
  return h("section", { class: "card pending-entries", "aria-label": "Waiting to send", id: "waiting-to-send" },
    h("h2", {}, `Waiting to send (${T.pending.length})`),
    h("p", { class: "muted" }, "Entered on this phone; the server checks them when the connection is back. Until then the choices below may be out of date."),
    h("ul", {}, T.pending.map((p) => h("li", { "data-pending": p.envelope.id },
      h("span", { class: "grow" }, `${describeEvent(p.envelope)}`, h("small", { class: "muted" }, ` · ${seatName(p.envelope.by)} · ${clock(p.queued_at)}`)),
      T.live && T.live.state !== "online" ? button("Cancel", async () => { await outbox.remove(p.order); await T.live.refreshQueue(); },
        { cls: "btn small ghost", aria: `Cancel: ${describeEvent(p.envelope)}` }) : null))));
}

/** Why nothing is entered here: the game is over (its log stays), or a spectator's phone. */
function readOnlyNote() {
  if (T.outcome) {
    if (afterTheGame()) return null;  // the match roll-off is still to be entered
    return h("p", { class: "muted", id: "read-only-note" }, "The game is over: nothing more is entered here. The whole log stays in the Log tab.");
  }
  if (!isPlayer() && !isReferee()) return h("p", { class: "muted", id: "read-only-note" }, "You are watching this game.");
  return null;
}

/** A finished game may still ask its players something (a match's roll-off). */
function afterTheGame() {
  return (isPlayer() || isReferee()) && T.advice && (T.advice.suggestions || []).length > 0;
}

/** One-tap undo of this phone's seat's last event, when it is the last event of the game. */
function undoLast(c) {
  const live = liveEvents();
  const last = live[live.length - 1];
  if (!last || (last.by !== rec.seat && !shared()) || T.pending.length) return null;
  if (last.actor === "referee" && !isReferee()) return null;  // the referee's ruling: only the referee takes it back
  const what = (T.renderer.describeEvent && T.renderer.describeEvent(last, c)) || catalogueLabel(last.type);
  return h("div", { class: "undo-last" }, button(`↶ Undo: ${what}`, () => revert(last, true), { cls: "btn ghost small", "data-action": "undo-last" }));
}

/** Events not taken back (reverts and what they took back left out), in order: the last one may be undone. */
function liveEvents() {
  const all = [...T.events.values()].sort((a, b) => a.seq - b.seq);
  const gone = new Set(all.filter((e) => e.type === "revert").map((e) => e.data.seq));
  return all.filter((e) => e.type !== "revert" && !gone.has(e.seq));
}

function gameTab() {
  const code = (T.summary && T.summary.join_code) || rec.join_code;
  const url = code ? new URL((T.summary && T.summary.join_url) || rec.join_url || `/join/${code}`, location.href).href : null;
  return [
    h("h2", {}, "This phone"),
    h("p", {}, `${seatName(rec.seat)} (${rec.seat})`),
    code ? h("div", { class: "card join-box" },
      h("p", {}, "Other phones join with this code:"),
      h("div", { class: "join-code" }, code),
      h("img", { class: "qr", src: `/api/join/${encodeURIComponent(code)}/qr.svg`, alt: `QR code of the join link ${url}`, width: 220, height: 220 })) : null,
    isPlayerSeat(rec.seat) ? button("Hand over my seat to another phone", () => showHandoverCode(handoverContext()),
      { cls: "btn", "data-action": "handover-code" }) : null,
    // The host keeps the referee's link; the referee's own phone shows it too (to open the desk on a laptop).
    rec.referee_token || isReferee() ? refereeBox(code) : null,
    rec.seat === "referee" && rec.player_token ? button(`Back to ${rec.player_label || rec.player_seat}`, () => switchSeat(false), { cls: "btn" }) : null,
    h("div", { class: "stack" },
      button("Export the whole log", exportLog, { cls: "btn" }),
      h("a", { class: "btn", href: "/" }, "Start screen")),
  ];
}

let refereeOpen = false;

function refereeBox(code) {
  const link = new URL(`/join/${code}#referee=${encodeURIComponent(rec.referee_token || rec.token)}`, location.href).href;
  // The QR is drawn on this phone: the token is in the link's #fragment and never goes to a server in a URL.
  const qr = h("div", { class: "qr-box", id: "referee-qr" });
  const drawQr = () => {
    if (qr.firstChild) return;
    import("../qr.js").then((m) => m.qrSvg(link, 220, "QR code of the referee's link")).then((el) => qr.replaceChildren(el)).catch(() => qr.replaceChildren(h("p", { class: "muted" }, "The QR code could not be drawn; share the link instead.")));
  };
  // The box stays open through the redraws a push or a reconnect makes: the host is showing it to the referee.
  const box = h("details", { class: "card", id: "referee-box", ...keptOpen(refereeOpen, (open) => {
    refereeOpen = open;
    if (open) drawQr();
  }) }, h("summary", { style: "min-height:44px;font-weight:700;cursor:pointer" }, "Referee"),
    h("p", {}, "A referee can take back or correct any entry and look at the game as it was. The referee scans this code, or you send the link (keep it private: it opens every hand):"),
    qr,
    h("input", { readonly: true, value: link, "aria-label": "Referee link", onfocus: (e) => e.target.select() }),
    h("div", { class: "row", style: "margin-top:8px" },
      navigator.share ? button("Share link", () => navigator.share({ title: "Tablewarden referee", url: link }).catch(() => {}), { cls: "btn small", "data-action": "share-referee" }) : null,
      navigator.clipboard ? button("Copy link", () => navigator.clipboard.writeText(link).then(() => toast("Referee link copied", "info")).catch(() => toast("Copy failed: select the link and copy it.")), { cls: "btn small", "data-action": "copy-referee" }) : null,
      rec.seat !== "referee" ? button("Referee on this phone", () => switchSeat(true), { cls: "btn small" }) : null));
  if (refereeOpen) drawQr();
  return box;
}

/** Swap this phone between its player seat and the referee token the host keeps. A player's phone becomes the
 *  referee's only once the player confirmed it and the log says so for everyone (the referee sees every hand). */
async function switchSeat(toReferee) {
  const now = getGame(gameId);
  if (toReferee) {
    const who = seatName(now.seat);
    if (!(await confirmRefereeHere(who))) return;
    const said = await api("POST", `/api/games/${encodeURIComponent(gameId)}/events`, { token: now.referee_token,
      body: { id: uuid(), type: "note", by: "referee", data: { text: `${who}'s phone opened the referee's view (every hand shows on it)` } } })
      .catch(() => null);
    if (!said || said.status !== 201) return toast(said ? errorText(said) : "Opening the referee's view needs the connection: the log must record it.");
    putGame(gameId, { seat: "referee", token: now.referee_token, player_seat: now.seat, player_token: now.token, player_label: now.seatLabel, seatLabel: "Referee" });
  } else {
    putGame(gameId, { seat: now.player_seat, token: now.player_token, seatLabel: now.player_label, player_token: null });
  }
  location.reload();
}

async function exportLog() {
  try {
    const reply = await api("GET", `/api/games/${encodeURIComponent(gameId)}/export`, { token: rec.token });
    if (reply.status !== 200) return toast(errorText(reply));
    const blob = new Blob([JSON.stringify(reply.body, null, 2)], { type: "application/json" });
    const a = h("a", { href: URL.createObjectURL(blob), download: `tablewarden-${gameId}.json` });
    document.body.append(a);
    a.click();
    a.remove();
  } catch (err) {
    toast("Export needs the connection.");
  }
}

async function stepBack(seq) {
  if (seq === null) { T.asOf = null; T.pastView = null; return render(); }
  const reply = await api("GET", `/api/games/${encodeURIComponent(gameId)}/state?seq=${seq}`, { token: rec.token }).catch(() => null);
  if (!reply || reply.status !== 200) return toast(reply ? errorText(reply) : "Needs the connection.");
  T.asOf = seq;
  T.pastView = reply.body.state;
  T.tab = "table";
  render();
  window.scrollTo(0, 0);
}

async function revert(ev, own) {
  if (!own && isReferee()) {
    // The referee sees what the undo will void before entering it (the server's preview).
    await (await loadDesk()).revertWithPreview(ev, desk());
    return;
  }
  const reason = own ? `Undone by ${seatName(shared() ? ev.by : rec.seat)}` :
    await askReason(`Revert event ${ev.seq}`, "Why is this event taken back? Everyone sees the reason in the log.");
  if (!reason) return;
  await submit("revert", { seq: ev.seq, reason }, shared() ? { by: ev.by } : {});
  if (own) {
    // One tap undoes; the toast says so and puts it back with one more (entered again, checked again).
    const what = (T.renderer.describeEvent && T.renderer.describeEvent(ev, ctx())) || catalogueLabel(ev.type);
    toast(`Undone: ${what}`, "info", 8000, { label: "Redo", run: () => submit(ev.type, ev.data, { override: ev.override || undefined, by: ev.by }) });
  }
}

/** What the referee's desk (desk.js) needs from this page. */
function desk() {
  const c = ctx();
  const fighters = T.view && T.view.fighters ? Object.keys(T.view.fighters) : [];
  return { gameId, token: rec.token, seatName, humanise, describe, fighters, correct: isReferee(),
    mine: (id) => T.mine.add(id),
    seats: ((T.summary && T.summary.seats) || []).map((s) => s.seat),
    catalogue: T.catalogue,   // a correction offers every face of a roll the entry holds
    what: (ev) => summary(ev, c), consequence: (cons) => humanise(consequenceText(cons, c)) };
}

/** The log's own tools, by role: the referee's desk; a player's flag and own voided entries. */
function logContext(c) {
  const d = desk();
  const tools = { revert, stepBack, enterAgain, refused: T.refused, filter: T.logFilter, wide: WIDE.matches,
    enterVoided: (entries) => lazy.logview.enterAgain(entries, d) };
  if (isReferee()) {
    Object.assign(tools, {
      // After a correction, the entries it voided are offered back at the top of the log: bring them into view.
      correct: async (ev) => { if (await (await loadDesk()).correctEntry(ev, d)) { T.showVoided = true; render(); } },
      changes: async (ev) => (await loadDesk()).showChanges(ev, d),
      rule: (ev) => lazy.logview.noteOn(ev, d, true, "referee"),
    });
  } else if (isPlayer()) {
    tools.flag = (ev) => lazy.logview.noteOn(ev, d, false, shared() ? T.actFor : rec.seat);
  }
  return { ...c, ...tools };
}

function logPanel(c) {
  if (!lazy.logview || (isReferee() && !lazy.desk)) {
    Promise.all([loadLogView(), isReferee() ? loadDesk().then((m) => { lazy.desk = m; }) : null]).then(render)
      .catch(() => toast("The log could not be opened: it needs the connection once."));
    return h("p", { class: "muted", id: "log-loading" }, "Opening the log…");
  }
  const events = [...T.events.values()];
  return [lazy.logview.logFilters(events, T.logFilter, c),
    lazy.logview.renderLog(events, T.pending, { ...logContext(c), desk: isReferee() ? lazy.desk : null })];
}

// A screen this wide (a referee's laptop or tablet) shows the log beside the table instead of in its own tab.
const WIDE = window.matchMedia("(min-width: 1024px)");
WIDE.addEventListener("change", () => render());

// The log view and the referee's desk load the first time they are needed, so the table's first load stays small
// (the service worker precaches them for offline use).
const lazy = { logview: null, desk: null, gameover: null };

/** The game-over card, its module fetched the first time a game ends (most table loads never need it). */
function gameOver(c) {
  if (lazy.gameover) return lazy.gameover.renderGameOver(T.outcome, T.view, [...T.events.values()], c);
  import("../gameover.js").then((m) => { lazy.gameover = m; render(); })
    .catch(() => toast("The game-over card could not be loaded; reload the page."));
  return h("p", { class: "muted" }, "Game over…");
}
const loadLogView = () => import("../logview.js").then((m) => { lazy.logview = m; return m; });
const loadDesk = () => import("../referee/desk.js");  // the referee's phone only

/** Draw the table: now, or once the press under way has ended (press.js). */
function render() {
  afterPress(drawTable);
}

function drawTable() {
  if (!rec) return;
  // The notice of voided entries goes once they are all entered again (the referee re-applied them).
  if (T.voidToast && lazy.logview && !lazy.logview.voidedEntries([...T.events.values()], T.inert).length) {
    T.voidToast = false;
    clearToast();
  }
  const c = ctx();
  let body;
  if (T.asOf !== null && T.pastView) {
    const ev = T.events.get(T.asOf);
    body = [h("div", { class: "banner", role: "status" },
      h("div", { class: "where" }, "Referee review"), h("div", { class: "what" }, `As it was after event ${T.asOf}`),
      ev ? h("div", { class: "where" }, `#${ev.seq} ${seatName(ev.by)}: ${(T.renderer.describeEvent && T.renderer.describeEvent(ev, c)) || catalogueLabel(ev.type)}`) : null,
      h("div", { class: "row" },
        button("◀ Earlier", () => stepBack(Math.max(0, T.asOf - 1)), { cls: "btn small", disabled: T.asOf <= 0 }),
        button("Later ▶", () => stepBack(T.asOf + 1), { cls: "btn small", disabled: T.asOf >= lastSeq() }),
        button("Back to now", () => stepBack(null), { cls: "btn small" }))),
    T.renderer.renderBoard(T.pastView, { ...c, readOnly: true, submit: null })];
  } else if (WIDE.matches && T.tab !== "game") {
    body = [banner(), happenedRegion(), h("div", { class: "desk" },
      h("section", { class: "desk-table", "aria-label": "Table" }, tableTab()),
      h("section", { class: "desk-log", "aria-label": "Log" }, logPanel(c)))];
  } else if (T.tab === "log") {
    body = [banner(), happenedRegion(), logPanel(c)];
  } else if (T.tab === "game") {
    body = [banner(), happenedRegion(), gameTab()];
  } else {
    body = [banner(), happenedRegion(), tableTab()];
  }
  const scroll = window.scrollY;
  const anchor = actionsTop();
  const panel = document.querySelector(".desk-log");
  const panelScroll = panel ? panel.scrollTop : 0;
  const focused = document.activeElement && document.activeElement.id;
  redraw(root, body);
  drawTabs(!(T.asOf !== null && T.pastView));
  root.dataset.seq = String(T.viewSeq ?? 0);   // the entry the screen shows: what tests and benchmarks wait for
  window.scrollTo(0, scroll);
  // A choice in sight stays where it was when what is above it changes height (a card or a step's box gone):
  // restoring the scroll alone slid the choices up under the sticky banner, just as the player reached for one.
  const moved = anchor === null ? null : anchorTop(anchor);
  if (moved !== null && anchor !== null && moved !== anchor.top) window.scrollBy(0, moved - anchor.top);
  const again = document.querySelector(".desk-log");
  if (again) again.scrollTop = panelScroll;
  if (focused && focused.startsWith("log-")) { const el = document.getElementById(focused); if (el) el.focus(); }
  const voided = T.showVoided && document.getElementById("voided");
  if (voided) { T.showVoided = false; voided.scrollIntoView({ block: "start" }); }
  measureStickyTop();
  keepNextInView();
  applyFlashes(root);
  const at = T.goTo && document.querySelector(`ol.log > li[data-seq="${T.goTo}"]`);
  if (at) { T.goTo = null; at.scrollIntoView({ block: "center" }); at.classList.add("flash"); }
  // The game just ended (or opened ended): the winner comes into view once, wherever the table was scrolled to.
  const over = T.tab === "table" && T.asOf === null ? document.getElementById("game-over") : null;
  if (over && !T.shownGameOver) { T.shownGameOver = true; over.scrollIntoView({ block: "start" }); }
}

/** After an entry (this phone's or another's) the choice the game waits for on this phone is in view: scrolled to
 *  just below the sticky banner when it is under the banner or below the screen. Only when the game has moved on
 *  (a new view), so a player scrolling the table is left where they are. */
function keepNextInView() {
  if (T.tab === "log" || T.asOf !== null || document.querySelector("dialog[open]")) return;
  const actions = document.querySelector("#table section.actions");
  // Every choice of the step the game waits for on this phone (its passes too: "No reaction", "Pass", "Done" end a
  // step as often as a play does), else the primary button, else the first.
  const waits = actions ? [...actions.querySelectorAll("[data-waits] .btn")] : [];
  // A game's own part for what this player has to do while the game waits for another (the opening hand to tell).
  const own = [...document.querySelectorAll("#table [data-in-view] .btn")];
  const primary = actions ? [...actions.querySelectorAll(".btn.primary")] : [];
  const targets = waits.length ? waits : own.length ? own : primary.length ? primary : [actions && actions.querySelector(".btn")].filter(Boolean);
  if (!targets.length) return;
  // Once per view and set of choices: a view drawn again with new choices for this phone (its `applied` frame drawn
  // before its `view`) brings them into view again.
  const key = `${T.viewSeq}|${targets.map((b) => b.textContent).join("|")}`;
  if (key === T.inViewFor) return;
  T.inViewFor = key;
  const top = stickyTop();
  const first = targets[0].getBoundingClientRect();
  const last = targets[targets.length - 1].getBoundingClientRect();
  if (first.top >= top && last.bottom <= window.innerHeight) return;
  // As little as brings the choices in view: from below, their last to the bottom of the screen (never their first
  // under the banner), so what is above them (the card of what just happened, the step) stays on screen as far as
  // it can; from under the banner, to just below it.
  window.scrollBy(0, first.top < top ? first.top - top - 8 : Math.min(last.bottom - window.innerHeight + 12, first.top - top - 8));
}

/** The first of the table's choices wholly on screen below the sticky banner: its words and its top, else null. */
function actionsTop() {
  const top = stickyTop();
  for (const b of document.querySelectorAll("#table section.actions .btn")) {
    const r = b.getBoundingClientRect();
    if (r.height && r.top >= top && r.bottom <= window.innerHeight) return { text: b.textContent, top: r.top };
  }
  return null;
}

/** Where the choice `anchor` names is now on the screen (its top), or null when it is gone. */
function anchorTop(anchor) {
  for (const b of document.querySelectorAll("#table section.actions .btn")) {
    if (b.textContent === anchor.text) return b.getBoundingClientRect().top;
  }
  return null;
}

const stickyTop = () => parseFloat(document.documentElement.style.getPropertyValue("--sticky-top")) || 0;

/** The height the sticky top bar and banner cover (CSS scroll-padding-top keeps scrolled-to things below). */
let stickyTopSet = "";
function measureStickyTop() {
  const bar = /** @type {HTMLElement|null} */ (document.querySelector(".topbar"));
  const banner = document.getElementById("banner");
  const px = `${(bar ? bar.offsetHeight : 0) + (banner ? banner.offsetHeight + 4 : 0)}px`;
  // Set only when it changes: a new value restyles the whole page once more before it is painted.
  if (px !== stickyTopSet) document.documentElement.style.setProperty("--sticky-top", px);
  stickyTopSet = px;
}

/** Live frames come in pairs (an entry's `applied`, then each seat's `view`): the table is saved and drawn once per
 *  animation frame for all that came since, and a view's follow-up is offered after it is drawn. */
let drawing = null;
function drawSoon(view) {
  if (drawing) { drawing.view = drawing.view || view; return; }
  drawing = { view };
  requestAnimationFrame(() => afterPress(drawFrame));
}

/** The frames that came since the last draw: saved, drawn, and a view's follow-up offered. Frames that come while
 *  a press waits are drawn with it (`drawing` is still set). */
function drawFrame() {
  if (!drawing) return;
  const { view: followed } = drawing;
  drawing = null;
  snapshot(); drawTable();
  if (followed) followUp();
}

// -- start --------------------------------------------------------------------------------------

/** The server's answer on (re)connecting: the entries missed, the view; what others entered meanwhile in one card. */
async function syncFromServer(msg) {
  // What other phones entered while this one was away (a phone that had the game before): told in one card. A page
  // that read the game from the server a moment ago was not away: what landed since is told as it landed.
  const since = T.summary && !msg.reset ? lastSeq() : null;
  const fresh = T.openedFresh;
  T.openedFresh = false;
  if (msg.reset) T.events.clear();
  for (const e of msg.events || []) mergeEvent(e);
  applyView(msg.view);
  if (!T.summary) await refresh();
  if (actsForOthers()) await refereeAdvice();
  snapshot();
  await ensureRenderer();
  render();
  if (since === null) return;
  const missed = [...T.events.values()].filter((e) => e.seq > since && (e.actor || e.by) !== rec.seat && !T.mine.has(e.id)).sort((a, b) => a.seq - b.seq);
  if (fresh) missed.forEach(tellWhatHappened);
  else catchUp(missed, ctx());
}

/** The server took an entry of this phone: keep it (as entered by this seat), its view, and what follows it. */
function acknowledged(env, reply) {
  // The server records this phone's seat as who entered it (`actor`): so does this phone, before any reload.
  if (typeof reply.seq === "number") mergeEvent({ actor: rec.seat, ...env, seq: reply.seq, consequences: reply.consequences, created_at: new Date().toISOString() });
  if (typeof reply.seq === "number" && !reply.duplicate && T.followed !== env.id
    && (!T.followUp || T.followUp.env.id === env.id)) T.followUp = { env, seq: reply.seq };   // not over a newer entry's
  // A card played from the hand leaves the list at once: say it went in, so the player need not wonder.
  if (typeof reply.seq === "number" && !reply.duplicate && env.data && typeof env.data.card === "string") {
    toast(`Entered: ${summary({ ...env, seq: reply.seq }, ctx())}`, "info", 2500);
  }
  applyView(reply.view);
  snapshot();
  render();
  followUp();
  if (actsForOthers()) refereeAdvice().then(render);
}

/** The table as this phone last saw it, drawn at once (offline too); null when it has none. */
async function openSaved() {
  const snap = loadSnapshot(gameId);
  if (!snap) return null;
  Object.assign(T, { summary: snap.summary, view: snap.view, advice: snap.advice, outcome: snap.outcome, catalogue: snap.catalogue || [], inert: snap.inert || {}, inertKnown: true });
  for (const e of snap.events || []) mergeEvent(e);
  await ensureRenderer();
  // What this phone missed while away and its player has not dismissed yet is told again after a reload.
  const caught = (getGame(gameId) || {}).caught || [];
  if (caught.length) catchUp([...T.events.values()].filter((e) => caught.includes(e.seq)), ctx());
  render();
  return snap;
}

async function main() {
  registerServiceWorker();
  // Players read the log without the passes nobody said and the rules cited (one tick shows them); the referee,
  // who settles disputes from them, sees them all.
  if (rec && !isReferee()) T.logFilter.quiet = true;
  if (T.goTo) T.tab = "log";
  if (!rec) {
    replace(root, h("h1", {}, "This phone is not in that game"),
      h("p", {}, "Join it with the code shown on the host's phone."),
      h("a", { class: "btn primary big", href: "/join" }, "Join a game"));
    return;
  }
  putGame(gameId, {});
  keepCaughtWith((seqs) => putGame(gameId, { caught: seqs }));
  const snap = await openSaved();
  T.live = new Live(gameId, rec.token, {
    onState: (state, queued) => { showConnection(state, queued); if (T.pending.length) render(); },
    onQueue: (entries) => { T.pending = entries; render(); },
    onSync: syncFromServer,
    onApplied: (msg) => {
      const had = T.events.has(msg.seq);
      mergeEvent(msg);
      if (!had && !T.mine.has(msg.event && msg.event.id)) tellWhatHappened(T.events.get(msg.seq));
      drawSoon(false);
      if (actsForOthers()) refereeAdvice().then(render);
    },
    onView: (msg) => {
      const before = T.view;
      applyView(msg);
      flashScores(changedScores(before, T.view));   // the scores the entry changed light up as they change
      drawSoon(true);
    },
    onAck: acknowledged,
    onRejected: (env, error) => {
      if (T.followUp && T.followUp.env.id === env.id) T.followUp = null;
      render(); onRejected(env, error);
    },
    onAuthError: (error) => toast(error.message || "This phone's seat was not accepted."),
    onHandover: (msg) => onHandover(msg, handoverContext()),
  });
  // Read from the server just now: until the first sync, what lands was not missed, unless the phone goes offline.
  T.openedFresh = !snap;
  window.addEventListener("offline", () => { T.openedFresh = false; }, { once: true });
  if (!snap && !(await refresh())) {
    // Nothing seen of this game on this phone yet, and no server: say so; the connection keeps trying.
    replace(root, h("h1", {}, "Waiting for the server"),
      h("p", {}, "This game has not been opened on this phone before, so there is nothing to show offline yet. It opens as soon as the server answers."));
  }
  if (T.seatsOpen) return;
  T.live.connect(lastSeq());
  if (isPlayerSeat(rec.seat) || rec.seat === "referee") checkPending(handoverContext());
}

const isPlayerSeat = (seat) => /^p[1-4]$/.test(seat || "");
const handoverContext = () => ({ gameId, token: rec.token, seat: rec.seat, seatName });

main();
// A game of a tournament's round: show the round clock (and time called) above the table.
if (rec && rec.event) import("../tournaments/strip.js").then((m) => m.mountStrip(rec.event, gameId)).catch(() => {});
