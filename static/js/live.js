// The live connection (Socket.IO namespace /live) and the outbox that feeds it.
// Every event goes into the IndexedDB outbox first; the outbox is sent one event at a time, in
// the order entered, each waiting for the server's ack, so order holds across reconnects and a
// resend after a lost ack is harmless (the server drops duplicates by event id).
import { io } from "../vendor/socket.io.esm.min.js";  // the npm file, at this module's versioned path
import * as outbox from "./outbox.js";
import { uuid } from "./api.js";
import { wholeView } from "./viewpatch.js";

const ACK_TIMEOUT_MS = 10000;
const RESEND_MS = 1000;

export class Live {
  /**
   * handlers: onState(state, queued), onApplied(msg), onView(msg), onAck(envelope, reply),
   * onRejected(envelope, error), onQueue(entries), onHandover(msg)
   * @param {string} gameId
   * @param {string} token this phone's seat token
   * @param {Object<string, Function>} handlers
   */
  constructor(gameId, token, handlers) {
    this.gameId = gameId;
    this.token = token;
    this.h = handlers;
    this.lastSeq = 0;
    this.flushing = false;
    this.state = "connecting";
    this.queued = 0;
    this.view = null;  // the last whole view: the base of the next `view` frame's changes
  }

  /**
   * Open the socket (reconnects by itself; resends the outbox after each connect).
   * @param {number} [lastSeq] the last seq this phone has
   */
  connect(lastSeq = 0) {
    this.lastSeq = lastSeq;
    this.socket = io("/live", {
      // auth as a function: each reconnect tells the server the last seq this phone has, and the seq of the view
      // it holds (the server leaves out a view the phone has already).
      auth: (cb) => cb({ token: this.token, last_seq: this.lastSeq, view_seq: this.view ? this.view.seq : null }),
      // WebSocket first, long-polling only where it fails: a page load makes no polling requests before the
      // upgrade, and several server processes need no sticky sessions.
      transports: ["websocket", "polling"],
      tryAllTransports: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 3000,
      timeout: 5000,
    });
    this.socket.on("connect", () => { this.setState("online"); this.flush(); });
    this.socket.on("disconnect", () => this.setState(navigator.onLine ? "connecting" : "offline"));
    this.socket.on("connect_error", (err) => {
      // The server cannot be reached (or refused us): say so plainly; retries go on in the background.
      this.setState("offline");
      if (err && err.data && err.data.error && this.h.onAuthError) this.h.onAuthError(err.data.error);
    });
    this.socket.on("applied", (msg) => {
      if (msg && typeof msg.seq === "number" && msg.seq > this.lastSeq + 1) {
        // A gap (a frame lost in a reconnect race): ask for everything after what we have.
        this.resync();
        return;
      }
      if (msg && typeof msg.seq === "number") this.lastSeq = Math.max(this.lastSeq, msg.seq);
      this.h.onApplied && this.h.onApplied(msg);
    });
    this.socket.on("view", (msg) => {
      const { view, resync } = wholeView(this.view, msg);
      if (resync) return this.resync();
      if (!view) return;
      this.view = view;
      this.h.onView && this.h.onView(view);
    });
    this.socket.on("handover", (msg) => this.h.onHandover && this.h.onHandover(msg));
    this.socket.on("sync", (msg) => this.synced(msg));
    this.socket.on("error", (msg) => this.h.onServerError && this.h.onServerError(msg));
    // The phone says it has no network: drop the socket at once (a half-dead socket would swallow
    // submits until it times out); everything entered meanwhile waits in the outbox.
    window.addEventListener("online", () => { if (!this.socket.connected) this.socket.connect(); });
    window.addEventListener("offline", () => { this.socket.disconnect(); this.setState("offline"); });
    if (!navigator.onLine) { this.socket.disconnect(); this.setState("offline"); }
    this.refreshQueue();
  }

  /**
   * A whole view read another way (the game's REST read): the base of the next frame's changes, when newer.
   * @param {{seq: number}} view
   */
  hold(view) {
    if (view && typeof view.seq === "number" && !(this.view && this.view.seq >= view.seq)) this.view = view;
  }

  /** Ask the server for every event after the last one this phone has (answer handled like `sync`). */
  async resync() {
    try {
      const reply = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck("sync", { last_seq: this.lastSeq });
      if (reply && reply.status === 200) this.synced(reply);
    } catch (err) { /* the next connect brings a full sync anyway */ }
  }

  /** What was missed, and the whole view as of now (a connect's `sync`, or the answer to asking for it). */
  synced(msg) {
    if (msg && typeof msg.head === "number") this.lastSeq = msg.reset ? msg.head : Math.max(this.lastSeq, msg.head);
    if (msg && msg.view && typeof msg.view.seq === "number") this.view = msg.view;
    this.h.onSync && this.h.onSync(msg);
  }

  setState(state) {
    this.state = state;
    this.h.onState && this.h.onState(state, this.queued);
  }

  async refreshQueue() {
    const entries = await outbox.pending(this.gameId);
    this.queued = entries.length;
    this.h.onState && this.h.onState(this.state, this.queued);
    this.h.onQueue && this.h.onQueue(entries);
    return entries;
  }

  /**
   * Enter an event: stored in the outbox, then sent when connected. Resolves with the envelope.
   * @param {Envelope} envelope
   * @returns {Promise<Envelope>}
   */
  async submit(envelope) {
    const env = { id: uuid(), ...envelope };
    await outbox.enqueue(this.gameId, env);
    await this.refreshQueue();
    this.flush();
    return env;
  }

  /** Send queued events in order, one at a time, until the queue is empty or the link drops. */
  async flush() {
    if (this.flushing) { this.again = true; return; }
    this.flushing = true;
    try {
      do {
        this.again = false;
        for (;;) {
          if (!this.socket || !this.socket.connected) return;
          const [first] = await outbox.pending(this.gameId);
          if (!first) break;
          let reply;
          try {
            reply = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck("submit", first.envelope);
          } catch (err) {
            // No ack in time (a busy server, a link that died unseen): it stays queued and is sent again, now if
            // the socket still says connected, else on the next connect (the server drops a duplicate by its id).
            if (this.socket.connected) setTimeout(() => this.flush(), RESEND_MS);
            return;
          }
          const body = reply || {};
          if (body.status === 429 || body.status === 503) {
            // Busy or rate-limited: the event stays first in line; try again shortly.
            const wait = Math.min(5000, 1000 * (body.retry_after || 1));
            setTimeout(() => this.flush(), wait);
            return;
          }
          if (body.error) {
            await outbox.remove(first.order);
            await this.refreshQueue();
            this.h.onRejected && this.h.onRejected(first.envelope, body.error);
          } else {
            await outbox.remove(first.order);
            if (body && typeof body.seq === "number") this.lastSeq = Math.max(this.lastSeq, body.seq);
            await this.refreshQueue();
            this.h.onAck && this.h.onAck(first.envelope, body || {});
          }
        }
      } while (this.again);
    } finally {
      this.flushing = false;
    }
  }
}
