// The connection indicator in the top bar: online / connecting / offline, plus queued events.

const TEXT = { idle: "…", online: "Online", connecting: "Connecting…", offline: "Offline" };

/**
 * Show a connection state and how many events wait in the outbox.
 * @param {string} state idle | online | connecting | offline
 * @param {number} [queued] events waiting in the outbox
 * @returns {void}
 */
export function showConnection(state, queued = 0) {
  const el = document.getElementById("conn");
  if (!el) return;
  el.dataset.state = state;
  let text = TEXT[state] || state;
  if (queued > 0) text += ` · ${queued} waiting`;
  el.querySelector(".conn-text").textContent = text;
  el.setAttribute("aria-label", `Connection: ${text}`);
}
