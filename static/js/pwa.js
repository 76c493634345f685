// Registers the service worker (root scope) so the shell is cached and the app installable.

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((err) => {
    console.warn("service worker not registered", err);
    return null;
  });
}
