// Alerts on a player's (or table device's) page: a sound, a vibration and a system notification where the phone
// allows, when the round's pairing is published, the table is called, time is called, or the table's own time
// (with its extension) runs out. Nothing to set up on the server: the page notices the change in the view it reads
// anyway and notifies through the Notification API (through the service worker where there is one: the installed
// app and Android need it); no push service.
import { h, button, toast } from "../dom.js";

/** Whether this browser can show system notifications at all. */
const canNotify = () => typeof Notification !== "undefined";

/**
 * What changed for this table between two reads of the view: the alerts to give ([{tag, title, body}]).
 * The first read alerts nothing (the page was just opened).
 * @param {object|null} before the previous view's `mine`
 * @param {object|null} now this view's `mine`
 * @param {boolean} first whether this is the page's first read
 * @returns {Array<{tag: string, title: string, body: string, standing?: boolean}>}
 */
export function changes(before, now, first) {
  if (first || !now) return [];
  const out = [];
  const label = now.name || `Round ${now.round}`;
  if (!before || before.round !== now.round) {
    const where = now.bye ? "You have the bye." : now.table ? `Table ${now.table}: ${(now.names || []).join(" vs ")}` : "You are not paired.";
    out.push({ tag: `pairing-${now.round}`, title: `${label} is published`, body: where });
  }
  if (now.called && (!before || !before.called || before.called.seq !== now.called.seq)) {
    // The page shows the call as long as it stands (bookkeeping.js, #table-called): rung and notified, no banner too.
    out.push({ tag: `called-${now.called.seq}`, title: `Table ${now.table} is called`, body: now.called.note || "Look at your event page.",
      standing: true });
  }
  if (now.timer && now.timer.called_at && !(before && before.round === now.round && before.timer && before.timer.called_at)) {
    out.push({ tag: `time-${now.round}`, title: "Time is called", body: now.end_of_time || "" });
  }
  return out;
}

function beep() {
  const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;  // older Safari
  if (!Ctx) return;
  try {
    const ac = new Ctx();
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.2, ac.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ac.currentTime + 0.6);
    osc.connect(gain).connect(ac.destination);
    osc.start();
    osc.stop(ac.currentTime + 0.6);
    osc.onended = () => ac.close();
  } catch { /* a browser that refuses sound without a tap: the vibration and notification still come */ }
}

async function notify(alert) {
  if (!canNotify() || Notification.permission !== "granted") return;
  const options = { body: alert.body, tag: alert.tag, data: { url: location.pathname } };
  try {
    const reg = "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistration() : null;
    if (reg) await reg.showNotification(alert.title, options);
    else new Notification(alert.title, options);
  } catch { /* a browser that has no page notifications (Android without the worker): sound and vibration only */ }
}

/**
 * Give one alert: on the page (a banner that stays until dismissed, unless the page shows it standing), a sound, a
 * vibration, a notification.
 * @param {{tag: string, title: string, body: string, standing?: boolean}} alert
 * @returns {void}
 */
export function give(alert) {
  const box = document.getElementById("tournament-alerts");
  if (box && !alert.standing) {
    box.replaceChildren(h("div", { class: "card warn-card alert-banner", role: "alert", dataset: { tag: alert.tag } },
      h("b", {}, alert.title), alert.body ? h("p", {}, alert.body) : null,
      button("OK", () => box.replaceChildren(), { cls: "btn small" })));
  }
  beep();
  if (navigator.vibrate) navigator.vibrate([300, 120, 300]);
  notify(alert);
}

/**
 * The "Alerts" control: one tap asks the phone's permission for notifications (sound and vibration need none).
 * @returns {HTMLElement}
 */
export function alertsControl() {
  if (!canNotify()) return h("p", { class: "muted", id: "alerts-state" }, "Alerts: sound and vibration (this browser shows no notifications).");
  if (Notification.permission === "granted") return h("p", { class: "muted", id: "alerts-state" }, "Alerts are on: this phone rings, vibrates and notifies.");
  if (Notification.permission === "denied") return h("p", { class: "muted", id: "alerts-state" }, "Notifications are blocked in this browser's settings: alerts ring and vibrate only.");
  return button("Turn on alerts", async () => {
    const answer = await Notification.requestPermission();
    toast(answer === "granted" ? "Alerts are on" : "Alerts ring and vibrate only", "info", 2500);
    const el = document.getElementById("alerts-on");
    if (el) el.replaceWith(alertsControl());
  }, { cls: "btn small", id: "alerts-on" });
}

let ended = null;  // the round and table whose own end of time was already alerted

/**
 * The table's own end of time: once, when its clock (the round's minutes and the table's extension) reaches zero.
 * @param {object|null} mine
 * @param {number} left seconds left on the table's clock
 * @returns {void}
 */
export function endOfTable(mine, left) {
  if (!mine || !mine.timer || mine.timer.called_at || left > 0 || !mine.table) return;
  const key = `${mine.round}:${mine.table}`;
  if (ended === key) return;
  const justNow = left > -60;  // a page opened long after the end says so on its clock, without ringing
  ended = key;
  if (justNow) give({ tag: `end-${key}`, title: `Time is up at table ${mine.table}`, body: mine.end_of_time || "" });
}
