// The page the service worker shows for a page never opened on this phone while the server cannot be
// reached: the connection indicator says so, and once the server answers again the page the player asked
// for opens by itself (the address is still the one asked for).
import { watchNetwork } from "../pwa.js";
import { showConnection } from "../conn.js";

let reloaded = false;
watchNetwork((state) => {
  showConnection(state);
  if (state === "online" && location.pathname !== "/offline" && !reloaded) {
    reloaded = true;
    location.reload();
  }
});
