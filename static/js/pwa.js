// Registers the service worker (root scope) so the shell is cached and the app installable.

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((err) => {
    console.warn("service worker not registered", err);
    return null;
  });
}

/** On pages without a game connection, the indicator follows the phone's own network state. */
export function watchNetwork(show) {
  const update = () => show(navigator.onLine ? "online" : "offline");
  window.addEventListener("online", update);
  window.addEventListener("offline", update);
  update();
}
