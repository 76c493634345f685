// Handing a seat to another phone, with consent: the holder's phone answers requests and can show a
// one-time handover code; the asking phone waits for the answer or types that code (pages/join.js).
import { h, button, sheet, toast } from "./dom.js";
import { api, errorText } from "./api.js";

const asked = new Set();  // request ids already shown on this phone
const openSheets = new Map();  // request id -> close() of its question, while it is on screen

/**
 * A `handover` frame (or a pending request found on opening the game) for this phone's seat.
 * @param {{id?: string, seat: string, status: string}|null} msg
 * @param {{gameId: string, token: string, seatName: (seat: string) => string}} ctx
 * @returns {void|Promise<void>}
 */
export function onHandover(msg, { gameId, token, seatName }) {
  if (!msg) return;
  if (msg.status === "asked" && msg.id) return askHolder(msg, { gameId, token, seatName });
  // Answered elsewhere (another phone of the seat, the referee) or withdrawn: the question goes away.
  if (msg.id && openSheets.has(msg.id)) openSheets.get(msg.id)(null);
  if (msg.status === "handed_over") toast(`${seatName(msg.seat)}'s seat is now on another phone too.`, "info", 8000);
}

/**
 * Requests that came while this phone was away.
 * @param {{gameId: string, token: string, seatName: (seat: string) => string}} ctx
 * @returns {Promise<void>}
 */
export async function checkPending(ctx) {
  const reply = await api("GET", `/api/games/${encodeURIComponent(ctx.gameId)}/handovers`, { token: ctx.token }).catch(() => null);
  if (!reply || reply.status !== 200) return;
  for (const msg of reply.body.handovers || []) askHolder(msg, ctx);
}

async function askHolder(msg, { gameId, token, seatName }) {
  if (asked.has(msg.id)) return;
  asked.add(msg.id);
  const approve = await sheet("Another phone wants this seat", (close) => (openSheets.set(msg.id, close), h("div", {},
    h("p", {}, `A phone asks to play as ${seatName(msg.seat)}. Let it in only if it is yours, or the player taking over this seat.`),
    h("p", { class: "muted" }, "It will see this seat's hidden cards and enter events for it."),
    h("div", { class: "sheet-actions" },
      button("Refuse", () => close(false), { cls: "btn", "data-action": "handover-refuse" }),
      button("Let it in", () => close(true), { cls: "btn primary", "data-action": "handover-approve" })))),
  { label: "Seat handover request" });
  openSheets.delete(msg.id);
  if (approve === null) return;  // dismissed or answered elsewhere: nothing to send
  const reply = await api("POST", `/api/games/${encodeURIComponent(gameId)}/handovers/${encodeURIComponent(msg.id)}`,
    { token, body: { approve } }).catch(() => null);
  if (!reply) return toast("The server cannot be reached; the request is still open.");
  if (reply.status !== 200) return toast(errorText(reply));
  toast(approve ? "The other phone is let in." : "Refused: the other phone stays out.", "info");
}

/**
 * Game tab: show a one-time code another phone types to take this seat over.
 * @param {{gameId: string, token: string, seatName: (seat: string) => string, seat: string}} ctx
 * @returns {Promise<void>}
 */
export async function showHandoverCode({ gameId, token, seatName, seat }) {
  const reply = await api("POST", `/api/games/${encodeURIComponent(gameId)}/handover-code`, { token }).catch(() => null);
  if (!reply) return toast("The server cannot be reached.");
  if (reply.status !== 201) return toast(errorText(reply));
  const { code, expires_in: seconds } = reply.body;
  await sheet("Hand over this seat", (close) => h("div", {},
    h("p", {}, `On the other phone: Join a game, the join code, ${seatName(seat)}, then this handover code:`),
    h("div", { class: "join-code handover-code", "aria-label": `Handover code ${code.split("").join(" ")}` }, code),
    h("p", { class: "muted" }, `It works once, for ${Math.round(seconds / 60)} minutes. This phone keeps the seat too.`),
    h("div", { class: "sheet-actions" }, button("Done", () => close(true), { cls: "btn primary" }))),
  { label: "Handover code" });
}
