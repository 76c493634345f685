// Join a game: a code typed in (or the link from the host's QR code), then a seat or a role.
import { h, replace, button } from "../dom.js";
import { api, errorText, NetworkError } from "../api.js";
import { putGame, getGame } from "../store.js";
import { ownSeat } from "./ownseat.js";
import { registerServiceWorker, watchNetwork } from "../pwa.js";
import { showConnection } from "../conn.js";
import { capital } from "../words.js";

const form = document.getElementById("join-form");
const input = /** @type {HTMLInputElement} */ (document.getElementById("join-code"));
const seatsBox = document.getElementById("join-seats");
const errorBox = document.getElementById("join-error");

function showError(message) {
  errorBox.textContent = message;
  errorBox.hidden = !message;
}

/** Accept a bare code or a whole pasted join link. */
function normalise(raw) {
  let text = raw.trim();
  const m = text.match(/\/join\/([^/?#\s]+)/);
  if (m) text = decodeURIComponent(m[1]);
  return text.replace(/\s+/g, "").toUpperCase();
}

/**
 * Look up a join code and offer its seats and roles (only the roles when the game's seats are reserved: an event
 * table's, or a match's later game's: their players open them from their own links).
 * @param {string} code
 */
async function lookup(code) {
  showError("");
  let reply;
  try {
    reply = await api("GET", `/api/join/${encodeURIComponent(code)}`);
  } catch (err) {
    if (err instanceof NetworkError) return showError("The server cannot be reached. Check the Wi-Fi and try again.");
    throw err;
  }
  if (reply.status !== 200) return showError(errorText(reply));
  const info = reply.body;
  const game = { id: info.game, ruleset: info.ruleset, join_code: info.join_code, seats: info.seats || [] };
  form.hidden = true;
  const found = getGame(info.game);
  const mine = found && /^p[1-4]$/.test(found.seat) ? found : null;   // this phone's player seat of that game
  if ((info.open_seats || []).length || (mine && mine.pending)) {
    // A game whose open seats their own phones set up: this phone sets up the first open one (or the one it holds).
    seatsBox.hidden = false;
    return ownSeat(seatsBox, { game, code, info, held: mine && mine.pending ? mine : null, showError,
      watch: (label) => take(game, code, "spectator", label) });
  }
  const seatButtons = info.seats_reserved ? h("p", { class: "card", id: "seats-reserved" }, info.seats_reserved) : game.seats.map((s) => button(
    [`Player ${s.seat.slice(1)}: `, s.name || "(no name)"],
    () => take(game, code, s.seat, s.name || s.seat),
    { cls: "btn big", "data-seat": s.seat }));
  const roles = (info.roles || ["spectator"]).filter((r) => r !== "referee").map((role) =>
    button(role === "spectator" ? "Just watch (spectator)" : `Keep score (${role})`, () => take(game, code, role, capital(role)),
      { cls: "btn big ghost", "data-seat": role }));
  replace(seatsBox,
    h("h2", {}, "Who is holding this phone?"),
    h("p", { class: "muted" }, rulesetTitle(game.ruleset)),
    seatButtons, roles,
    h("p", { class: "muted" }, "Referee: open the referee link from the host's phone (Game tab)."));
  seatsBox.hidden = false;
}

const rulesetTitle = (id) => ({ "underworlds/deathgorge": "Warhammer Underworlds (current rules)",
  "underworlds/dreadfane": "Warhammer Underworlds (2019 rules)", "underworlds/shadespire": "Warhammer Underworlds (2018 rules)",
  "conquest/core": "Warhammer 40,000: Conquest", "battlelore/second-edition": "BattleLore Second Edition" }[id] || id || "");

/** Take a seat or role; false when the server said no (the error is shown), true when joined or waiting. */
async function take(game, code, seat, label, refereeToken) {
  showError("");
  let reply;
  try {
    reply = await api("POST", `/api/games/${encodeURIComponent(game.id)}/join`, { body: { code, seat }, token: refereeToken });
  } catch (err) {
    showError("The server cannot be reached. Check the Wi-Fi and try again.");
    return false;
  }
  if (reply.status === 202) {
    waitForHandover(game, code, label, reply.body.handover);
    return true;
  }
  if (reply.status !== 200 && reply.status !== 201) {
    showError(errorText(reply));
    return false;
  }
  enter(game, code, label, reply.body);
  return true;
}

function enter(game, code, label, joined) {
  putGame(game.id, {
    token: joined.token, seat: joined.seat, seatLabel: joined.name || label, ruleset: game.ruleset,
    title: game.seats.map((s) => s.name).join(" vs "), join_code: code,
  });
  location.assign(`/play?game=${encodeURIComponent(game.id)}`);
}

const POLL_MS = 2000;

/** The seat is on another phone: wait for that phone to let this one in, or take its handover code. */
function waitForHandover(game, code, label, handover) {
  let stopped = false;
  // The holder's phone stops asking once this phone no longer waits.
  const withdraw = () => api("DELETE", `/api/games/${encodeURIComponent(game.id)}/handovers/${encodeURIComponent(handover.id)}`,
    { token: handover.secret }).catch(() => null);
  const status = h("p", { class: "muted", role: "status", id: "handover-status" }, "Waiting for an answer…");
  const codeInput = h("input", { id: "handover-code", inputmode: "numeric", autocomplete: "one-time-code", maxlength: "6",
    pattern: "[0-9]*", placeholder: "6 digits", "aria-label": "Handover code" });
  const useCode = async (e) => {
    e.preventDefault();
    const typed = codeInput.value.replace(/\D+/g, "");
    if (typed.length !== 6) return showError("The handover code has 6 digits.");
    showError("");
    const reply = await api("POST", `/api/games/${encodeURIComponent(game.id)}/join`,
      { body: { code, seat: handover.seat, handover_code: typed } }).catch(() => null);
    if (!reply) return showError("The server cannot be reached. Check the Wi-Fi and try again.");
    if (reply.status !== 201) return showError(errorText(reply));
    stopped = true;
    await withdraw();
    enter(game, code, label, reply.body);
  };
  replace(seatsBox,
    h("h2", {}, `${label}'s seat is already on another phone`),
    h("p", {}, "That phone has been asked to let this one in. Or type the handover code it shows (Game tab, “Hand over my seat”):"),
    h("form", { class: "stack", id: "handover-form", onsubmit: useCode },
      h("label", { class: "field" }, h("span", {}, "Handover code"), codeInput),
      h("button", { class: "btn primary big", type: "submit" }, "Take the seat")),
    status,
    button("Pick another seat", () => { stopped = true; withdraw(); lookup(code); }, { cls: "btn ghost" }));
  const poll = async () => {
    if (stopped) return;
    const reply = await api("GET", `/api/games/${encodeURIComponent(game.id)}/handovers/${encodeURIComponent(handover.id)}`,
      { token: handover.secret }).catch(() => null);
    if (stopped) return;
    const state = reply && reply.status === 200 ? reply.body.status : "waiting";
    if (state === "approved") { stopped = true; return enter(game, code, label, { ...reply.body, name: null }); }
    if (state === "refused") { status.textContent = "The other phone said no. Ask its player, or pick another seat."; return; }
    if (state === "expired" || state === "collected") { status.textContent = "This request has ended. Pick the seat again to ask once more."; return; }
    setTimeout(poll, POLL_MS);
  };
  setTimeout(poll, POLL_MS);
}

form.addEventListener("submit", (e) => {
  e.preventDefault();
  const code = normalise(input.value);
  if (code) lookup(code);
});

const preset = document.getElementById("join").dataset.code;
const refereeToken = new URLSearchParams(location.hash.slice(1)).get("referee");
if (preset && refereeToken) {
  // The host's referee link: a referee device joins with the referee token (kept out of the URL
  // sent to the server: it lives in the fragment).
  api("GET", `/api/join/${encodeURIComponent(normalise(preset))}`).then((r) => {
    if (r.status !== 200) return showError(errorText(r));
    const game = { id: r.body.game, ruleset: r.body.ruleset, seats: r.body.seats || [] };
    history.replaceState(null, "", location.pathname);
    take(game, normalise(preset), "referee", "Referee", refereeToken);
  }).catch(() => showError("The server cannot be reached."));
} else if (preset) {
  lookup(normalise(preset));
}
registerServiceWorker();
watchNetwork(showConnection);
