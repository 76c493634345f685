// Join page, a game with open seats: this phone picks its own name, warband, printing and deck, takes the first
// free seat and sets it up (PUT /api/games/<id>/seats/<seat>); the game starts once every seat is set.
import { h, replace, button } from "../dom.js";
import { api, errorText } from "../api.js";
import { putGame } from "../store.js";
import { seatFields, seatProblem, seatBody, seatsProblem, blankSeat, beforeCreate, loadHooks } from "../seatform.js";

const POLL_MS = 2000;
const OFFLINE = "The server cannot be reached. Check the Wi-Fi and try again.";
const play = (gameId) => location.assign(`/play?game=${encodeURIComponent(gameId)}`);

/**
 * The own-seat form in `box`.
 * @param {HTMLElement} box
 * @param {{game: {id: string, ruleset: string}, code: string, info: object, held: object|null,
 *   showError: (message: string) => void, watch: (label: string) => void}} args
 */
export function ownSeat(box, { game, code, info, held, showError, watch }) {
  const options = info.options || {};
  const ctx = { ruleset: game.ruleset, format: options.format || null, content: {}, cardList: options.card_list || null,
    namePlaceholder: "Your name" };
  const me = { seat: blankSeat(), token: held ? held.token : null, seatId: held ? held.seat : null };
  const render = () => keepFocus(box, () => replace(box,
    h("h2", {}, me.seatId ? `Your seat: Player ${me.seatId.slice(1)}` : "Your seat"),
    h("p", { class: "muted" }, "Your name, warband and deck: the other phones never see your deck."),
    h("fieldset", { class: "seat-edit", style: `--seat: var(--${me.seatId || "p2"})` }, seatFields(ctx, me.seat, 0, render)),
    button("Sit down", () => sitDown(), { cls: "btn primary big", id: "sit-down" }),
    button("Just watch (spectator)", () => watch("Spectator"), { cls: "btn ghost", "data-seat": "spectator" })));
  const sitDown = async () => {
    showError("");
    await loadHooks(ctx, render);   // the game's own fields are checked too, even before they were drawn
    const problem = seatProblem(ctx, me.seat, 0) || await seatsProblem(ctx, [me.seat]);
    if (problem) return showError(problem);
    if (!me.token && !(await takeFree(game, code, me, showError))) return;
    await beforeCreate(ctx, me.seat);   // numbers typed for a printing no source gives: kept for later games here
    const reply = await api("PUT", `/api/games/${encodeURIComponent(game.id)}/seats/${me.seatId}`,
      { token: me.token, body: seatBody(ctx, me.seat) }).catch(() => null);
    if (!reply) return showError(OFFLINE);
    if (reply.status !== 200) return showError(errorText(reply));
    putGame(game.id, { seatLabel: me.seat.name.trim() });
    waitForStart(box, game, me.token, reply.body);
  };
  render();
  if (held) prefill(box, game, me);
}

/** A phone that holds its seat already (it came back): the seats' status once its own is set, or the table once
 *  the game has started; else the form. */
async function prefill(box, game, me) {
  const reply = await api("GET", `/api/games/${encodeURIComponent(game.id)}/setup`, { token: me.token }).catch(() => null);
  if (!reply || reply.status !== 200) return;
  if (reply.body.started || reply.body.yours) waitForStart(box, game, me.token, reply.body);
}

/** Join the first seat no phone holds (a seat taken a moment ago by another phone: the next one). */
async function takeFree(game, code, me, showError) {
  const info = await api("GET", `/api/join/${encodeURIComponent(code)}`).catch(() => null);
  if (!info || info.status !== 200) { showError(info ? errorText(info) : OFFLINE); return false; }
  for (const seat of info.body.free_seats || []) {
    const reply = await api("POST", `/api/games/${encodeURIComponent(game.id)}/join`, { body: { code, seat } }).catch(() => null);
    if (!reply) { showError(OFFLINE); return false; }
    if (reply.status === 202) {
      // Held by another phone since the list was read: take back the request, try the next seat.
      await api("DELETE", `/api/games/${encodeURIComponent(game.id)}/handovers/${encodeURIComponent(reply.body.handover.id)}`,
        { token: reply.body.handover.secret }).catch(() => null);
      continue;
    }
    if (reply.status !== 201) { showError(errorText(reply)); return false; }
    Object.assign(me, { token: reply.body.token, seatId: seat });
    putGame(game.id, { token: me.token, seat, seatLabel: me.seat.name.trim(), ruleset: game.ruleset, title: "",
      join_code: code, pending: true });
    return true;
  }
  showError("Every seat is taken. Ask the host, or just watch.");
  return false;
}

/** Seats still open: who is set; at the start this phone goes to the table by itself. */
function waitForStart(box, game, token, status) {
  const show = (st) => {
    if (st.started) {
      putGame(game.id, { pending: false, title: st.seats.map((s) => s.name).join(" vs ") });
      return play(game.id);
    }
    replace(box, h("h2", {}, "Seated"), h("p", {}, "The game starts once every seat is set up."), seatList(st.seats));
    setTimeout(poll, POLL_MS);
  };
  const poll = async () => {
    const reply = await api("GET", `/api/games/${encodeURIComponent(game.id)}/setup`, { token }).catch(() => null);
    if (reply && reply.status === 200) show(reply.body);
    else setTimeout(poll, POLL_MS);
  };
  show(status);
}

/**
 * Who has set up their seat so far: each seat's name once set.
 * @param {Array<{seat: string, name: string|null, set: boolean}>} seats
 * @returns {HTMLElement}
 */
export function seatList(seats) {
  return h("ul", { class: "card stack", id: "seat-status", "aria-live": "polite", style: "list-style:none" }, seats.map((s) =>
    h("li", { "data-seat-set": s.seat, "data-set": String(s.set) }, `Player ${s.seat.slice(1)}: `,
      s.set ? h("b", {}, s.name) : h("span", { class: "muted" }, "waiting for its phone…"))));
}

/** Redraw without losing the field being typed in (a late reply must not swallow what a player types). */
function keepFocus(box, draw) {
  const active = /** @type {HTMLInputElement|null} */ (document.activeElement);
  const keep = active && active.id && box.contains(active) ? { id: active.id, start: active.selectionStart, end: active.selectionEnd } : null;
  draw();
  const again = keep && /** @type {HTMLInputElement|null} */ (document.getElementById(keep.id));
  if (!again) return;
  again.focus();
  try { if (keep.start !== null) again.setSelectionRange(keep.start, keep.end); } catch { /* not a text field */ }
}
