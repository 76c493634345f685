// Registers the service worker (root scope) so the shell is cached and the app installable.

/**
 * Register the service worker (the app shell offline); null where the browser has none.
 * @returns {Promise<ServiceWorkerRegistration|null>}
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((err) => {
    console.warn("service worker not registered", err);
    return null;
  });
}

/**
 * On pages without a game connection: "Online" only when the server answers, else "Offline".
 * @param {(state: string) => void} show
 * @returns {void}
 */
export function watchNetwork(show) {
  const update = async () => {
    if (!navigator.onLine) return show("offline");
    show("connecting");
    try {
      // The API is never answered by the service worker, so this really reaches the server.
      const reply = await fetch("/api/rulesets", { method: "HEAD", cache: "no-store" });
      show(reply.ok ? "online" : "offline");
    } catch (err) {
      show("offline");
    }
  };
  window.addEventListener("online", update);
  window.addEventListener("offline", update);
  update();
}
