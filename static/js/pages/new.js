// Setup wizard: game and edition, format, players, names and warbands (or fighters typed in),
// the pre-game decisions, then the join code + QR code for the other phones.
import { h, replace, button, toast, clearToast } from "../dom.js";
import { afterPress } from "../press.js";
import { api, errorText, NetworkError, uuid } from "../api.js";
import { putGame } from "../store.js";
import { seatList } from "./ownseat.js";
import { registerServiceWorker, watchNetwork } from "../pwa.js";
import { showConnection } from "../conn.js";
import { seatFields, seatProblem, seatBody, seatsProblem, blankSeat, loadHooks, hooked, hooksAsked, beforeCreate } from "../seatform.js";

const root = document.getElementById("wizard");

// What the wizard offers when the server's ruleset list gives no more detail.
const FALLBACK_RULESETS = [
  { id: "underworlds/deathgorge", title: "Warhammer Underworlds (current rules, Deathgorge)" },
  { id: "underworlds/dreadfane", title: "Warhammer Underworlds (2019, Dreadfane)" },
  { id: "underworlds/shadespire", title: "Warhammer Underworlds (2018, Shadespire)" },
  { id: "conquest/core", title: "Warhammer 40,000: Conquest" },
  { id: "battlelore/second-edition", title: "BattleLore Second Edition" },
];
// Each ruleset's formats ({id, label}) and numbers of players, as the server's ruleset list gives them.
const setupOf = (id) => (/** @type {{setup?: *}} */ (w.rulesets.find((r) => r.id === id) || {}).setup) || { formats: [], players: [2] };
const formatsOf = (id) => setupOf(id).formats;
// Matched play is a match between two players (Shadespire rulebook, Matched Play, pg 26).
const playersOf = (id) => (w.format === "matched" ? [2] : setupOf(id).players);

const w = {
  step: 0,
  rulesets: FALLBACK_RULESETS,
  ruleset: "underworlds/deathgorge",
  format: "rivals",
  count: 2,
  mySeat: "p1",
  shared: false,        // one phone for the whole table (passed around)
  seats: [],
  content: {},          // a game's content per ruleset (Underworlds: {warbands, decks}; each edition offers its own)
  // What the table settled before the first round, as a game's tableStep asks it (Underworlds: the boards' and
  // the deployment's roll-offs, each seat's do-over, who finished placing first).
  setup: { firstBoard: "p1", doOvers: {}, deploysFirst: "p2", placedFirst: "p1" },
  created: null,
  tiebreakers: true,    // matched play: tiebreakers agreed before the match
};

const seatIds = () => Array.from({ length: w.count }, (_, i) => `p${i + 1}`);

function ensureSeats() {
  while (w.seats.length < w.count) w.seats.push(blankSeat());
  w.seats.length = w.count;
}

/** Choose a ruleset; keep the format and player count only where that edition has them. */
function pickRuleset(id) {
  if (id !== w.ruleset) hooked(w, "rulesetChanged", null, w.seats);
  w.ruleset = id;
  const formats = formatsOf(id).map((f) => f.id);
  if (!formats.includes(w.format)) w.format = formats[0] || null;
  if (!playersOf(id).includes(w.count)) w.count = playersOf(id)[0];
}

// -- steps --------------------------------------------------------------------------------------

function stepGame() {
  const formats = formatsOf(w.ruleset);
  return [
    h("h1", {}, "New game"),
    h("fieldset", {}, h("legend", {}, "Game and edition"),
      h("div", { class: "stack", role: "radiogroup", "aria-label": "Game and edition" },
        w.rulesets.map((r) => button(r.title || r.id, () => { pickRuleset(r.id); render(); },
          { cls: "btn", role: "radio", "aria-checked": String(r.id === w.ruleset), "data-ruleset": r.id })))),
    formats.length ? h("fieldset", {}, h("legend", {}, "Format"),
      h("div", { class: "seg", role: "radiogroup", "aria-label": "Format" },
        formats.map(({ id, label }) => button(label, () => { w.format = id; if (!playersOf(w.ruleset).includes(w.count)) w.count = 2; render(); },
          { cls: "btn", role: "radio", "aria-checked": String(id === w.format) })))) : null,
    hooked(w, "gameFields", null, render),
    w.format === "matched" ? h("label", { class: "check", id: "tiebreakers" },
      h("input", { type: "checkbox", checked: w.tiebreakers, onchange: (e) => { w.tiebreakers = e.target.checked; } }),
      "Use the tiebreakers if the match is level (agree before the first game)") : null,
    h("fieldset", {}, h("legend", {}, "Players"),
      h("div", { class: "seg", role: "radiogroup", "aria-label": "Number of players" },
        playersOf(w.ruleset).map((n) => button(String(n), () => { w.count = n; render(); },
          { cls: "btn", role: "radio", "aria-checked": String(n === w.count), "aria-label": `${n} players` })))),
  ];
}

// Each phone sets up its own seat (the other seats are left open): not for one phone passed around, nor a match
// (its first game fixes each seat's warband for the whole match).
const ownSeatsOffered = () => !w.shared && w.format !== "matched";
const ownSeats = () => w.ownSeats && ownSeatsOffered();

function stepPlayers() {
  ensureSeats();
  const shown = ownSeats() ? w.seats.slice(0, 1) : w.seats;
  return [
    h("h1", {}, "Players"),
    h("p", { class: "muted" }, ownSeats() ? "Your own seat: the other phones set up theirs when they join."
      : "In order of play. This phone will be the seat you tick."),
    ownSeatsOffered() ? h("label", { class: "check" }, h("input", { type: "checkbox", id: "own-seats", checked: !!w.ownSeats,
      onchange: (e) => { w.ownSeats = e.target.checked; w.mySeat = "p1"; render(); } }), "Each player sets up their own seat on their own phone") : null,
    w.ownSeats ? null : h("label", { class: "check" }, h("input", { type: "checkbox", id: "shared-device", checked: w.shared,
      onchange: (e) => { w.shared = e.target.checked; render(); } }), "One phone for the whole table (pass it around)"),
    hooked(w, "tableFields", null, render),
    shown.map((seat, i) => {
      const id = `p${i + 1}`;
      return h("fieldset", { class: "seat-edit", style: `--seat: var(--${id})` },
        h("legend", {}, `Player ${i + 1}`),
        seatFields(w, seat, i, render),
        ownSeats() ? null : h("label", { class: "check" },
          h("input", { type: "radio", name: "my-seat", checked: w.mySeat === id, onchange: () => { w.mySeat = id; } }),
          "This phone plays this seat"));
    }),
  ];
}

function seatChoice(label, current, onpick, name) {
  return h("fieldset", {}, h("legend", {}, label),
    h("div", { class: "seg", role: "radiogroup", "aria-label": label },
      seatIds().map((id, i) => button(seatName(i), () => { onpick(id); render(); },
        { cls: "btn", role: "radio", "aria-checked": String(current === id), "data-choice": `${name}-${id}` }))));
}

function seatName(i) { return (w.seats[i] && w.seats[i].name.trim()) || `Player ${i + 1}`; }

/** The step before the game is created: the game's own (what the table settled before the first round), else Ready. */
function stepTable() {
  const own = hooked(w, "tableStep", null, { seatIds, seatName, seatChoice, rerender: render });
  return own || [h("h1", {}, "Ready"), h("p", {}, "Create the game, then let the other phones join.")];
}

async function enterSetup(game, mine) {
  for (const ev of hooked(w, "setupEvents", [], game, mine)) {
    const reply = await api("POST", `/api/games/${encodeURIComponent(game.id)}/events`, {
      token: ev.token, body: { id: uuid(), type: ev.type, by: ev.by, data: ev.data } });
    if (reply.status !== 201 && reply.status !== 200) {
      toast(`Set-up step "${ev.type.replace(/_/g, " ")}" was refused: ${errorText(reply)} Enter it at the table.`, "error", 8000);
      return;
    }
  }
}

const STEPS = [stepGame, stepPlayers, stepTable];

const steps = () => (ownSeats() ? STEPS.slice(0, 2) : STEPS);

function validate() {
  if (w.step !== 1) return null;
  for (const [i, seat] of (ownSeats() ? w.seats.slice(0, 1) : w.seats).entries()) {
    const problem = seatProblem(w, seat, i);
    if (problem) return problem;
  }
  return null;
}

function setupBody() {
  const options = { ...(w.format ? { format: w.format } : {}), ...hooked(w, "options", {}) };
  /** @type {Array<Object<string, *>>} */
  const seats = w.seats.map((s, i) => (ownSeats() && i > 0 ? { open: true } : seatBody(w, s)));
  return { ruleset: w.ruleset, options, seats, ...(w.shared ? { shared_device: true } : {}) };
}

async function create() {
  let reply;
  // Numbers typed for a printing no source gives are kept on the server for every later game here.
  for (const seat of ownSeats() ? w.seats.slice(0, 1) : w.seats) await beforeCreate(w, seat);
  try {
    reply = await api("POST", "/api/games", { body: setupBody() });
  } catch (err) {
    if (err instanceof NetworkError) return toast("The server cannot be reached: the game needs it to start.");
    throw err;
  }
  if (reply.status !== 201) return toast(errorText(reply));
  const game = reply.body;
  // One phone for the table keeps the device's own token (it enters for every seat); a seat's token is its seat's only.
  const mine = game.device_token ? { ...game.seats[0], token: game.device_token }
    : game.seats.find((s) => s.seat === w.mySeat) || game.seats[0];
  const title = game.seats.map((s) => s.name).filter(Boolean).join(" vs ");
  putGame(game.id, {
    token: mine.token, seat: mine.seat, seatLabel: mine.name, ruleset: w.ruleset, title,
    join_code: game.join_code, join_url: game.join_url, referee_token: game.referee_token, pending: ownSeats(),
  });
  // With open seats the game has no state until every phone has set its seat: the table's set-up is entered there.
  if (ownSeats()) watchSeats(game, mine.token);
  else await enterSetup(game, mine);
  w.created = game;
  render();
  window.scrollTo(0, 0);   // the form was scrolled down to its Create button: the join code is at the top
}

const POLL_MS = 2000;

/** Follow the open seats as their phones set them up; at the start, this phone goes to the table by itself. */
function watchSeats(game, token) {
  const poll = async () => {
    const reply = await api("GET", `/api/games/${encodeURIComponent(game.id)}/setup`, { token }).catch(() => null);
    if (reply && reply.status === 200) {
      w.seatStatus = reply.body;
      if (reply.body.started) {
        putGame(game.id, { pending: false, title: reply.body.seats.map((s) => s.name).join(" vs ") });
        return location.assign(`/play?game=${encodeURIComponent(game.id)}`);
      }
      render();
    }
    setTimeout(poll, POLL_MS);
  };
  setTimeout(poll, POLL_MS);
}

/** Who has set up their seat so far (a game with open seats). */
function seatStatus() {
  const st = w.seatStatus;
  return seatList(st ? st.seats : w.created.seats.map((s) => ({ seat: s.seat, name: s.name, set: !!s.name })));
}

function joinScreen() {
  const game = w.created;
  const open = game.seats.some((s) => !s.name);
  const url = new URL(game.join_url || `/join/${game.join_code}`, location.href).href;
  return [
    h("h1", {}, "Game ready"),
    h("div", { class: "card join-box" },
      h("p", {}, "On every other phone at the table (players, referee, spectators): open this app, tap ",
        h("b", {}, "Join a game"), " and type the code, or scan the QR code."),
      h("div", { class: "join-code", id: "join-code", "aria-label": `Join code ${game.join_code.split("").join(" ")}` }, game.join_code),
      h("img", { class: "qr", src: game.qr_url || `/api/join/${encodeURIComponent(game.join_code)}/qr.svg`, alt: `QR code of the join link ${url}`, width: 260, height: 260 }),
      h("p", { class: "muted", style: "overflow-wrap:anywhere" }, url),
      h("p", { class: "muted" }, "A referee needs the private referee link: the Game tab at the table has it.")),
    open ? h("p", {}, "Each player picks their name, warband and deck on their own phone. The game starts, and this "
      + "phone goes to the table, once every seat is set.") : null,
    open ? seatStatus() : h("a", { class: "btn primary big", href: `/play?game=${encodeURIComponent(game.id)}`, id: "go-table" }, "Go to the table"),
  ];
}

// Re-rendering replaces the form; keep the field being typed in focused (with its caret), so a
// late reply from the server never swallows what a player is typing.
function render() {
  afterPress(drawKeepingFocus);
}

function drawKeepingFocus() {
  const active = /** @type {HTMLInputElement|null} */ (document.activeElement);
  const keep = active && active.id && root.contains(active) ? { id: active.id, start: active.selectionStart, end: active.selectionEnd } : null;
  draw();
  if (keep) {
    const again = /** @type {HTMLInputElement|null} */ (document.getElementById(keep.id));
    if (again) {
      again.focus();
      try { if (keep.start !== null) again.setSelectionRange(keep.start, keep.end); } catch { /* not a text field */ }
    }
  }
}

// While a step is being checked or the game created, Next stays disabled through every redraw (a redraw during the
// wait would otherwise put an enabled button back, and a second tap would move two steps).
let busy = false;

function draw() {
  if (!hooksAsked(w)) loadHooks(w, render);
  if (w.created) return replace(root, joinScreen());
  const last = w.step === steps().length - 1;
  replace(root,
    h("div", { class: "wizard-steps", role: "group", "aria-label": `Step ${w.step + 1} of ${steps().length}` },
      steps().map((_, i) => h("span", { class: i <= w.step ? "done" : "" }))),
    steps()[w.step](),
    h("div", { class: "wizard-nav" },
      w.step > 0 ? button("Back", () => { w.step -= 1; shownProblem = null; clearToast(); render(); }, { cls: "btn" }) : h("a", { class: "btn", href: "/" }, "Cancel"),
      button(last ? "Create game" : "Next", next, { cls: "btn primary", id: "wizard-next", disabled: busy })));
}

/** Next (or Create game): the step checked, the seats by the game's own rules too, then the next step or the game. */
async function next() {
  if (busy) return;
  busy = true;   // before any wait: a second tap meanwhile would move two steps
  try {
    await loadHooks(w, render);   // the game's own fields are checked too, even before they were drawn
    const problem = validate();
    if (problem) { shownProblem = problem; return toast(problem); }
    shownProblem = null;
    clearToast();
    render();
    if (w.step === 1) {
      const seatsWrong = await seatsProblem(w, ownSeats() ? w.seats.slice(0, 1) : w.seats);
      if (seatsWrong) return toast(seatsWrong, "error", 8000);
    }
    if (w.step === steps().length - 1) await create(); else { w.step += 1; window.scrollTo(0, 0); }
  } finally {
    busy = false;
    render();
  }
}

async function load() {
  try {
    const rs = await api("GET", "/api/rulesets");
    const list = Array.isArray(rs.body) ? rs.body : (rs.body && rs.body.rulesets);
    if (rs.status === 200 && Array.isArray(list) && list.length) {
      w.rulesets = list.map((r) => ({ id: r.id, title: r.title || r.id, setup: r.setup }));
      pickRuleset(w.rulesets.some((r) => r.id === w.ruleset) ? w.ruleset : w.rulesets[0].id);
    }
    ensureSeats();
    await loadHooks(w, render);
    await hooked(w, "opened", null, w.seats);
  } catch (err) {
    toast("The server cannot be reached: a new game needs it.", "error", 6000);
  }
  root.dataset.ready = "true";
  render();
}

// The "what is missing" toast goes as soon as the player has fixed what it said.
let shownProblem = null;
const recheck = () => { if (shownProblem && validate() !== shownProblem) { shownProblem = null; clearToast(); } };
root.addEventListener("input", recheck);
root.addEventListener("change", recheck);

render();
load();
registerServiceWorker();
watchNetwork(showConnection);
