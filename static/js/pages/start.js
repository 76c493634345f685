// Start screen: new game, join, and the games already on this phone (resume / forget).
import { h, replace, button } from "../dom.js";
import { listGames, dropGame } from "../store.js";
import { registerServiceWorker, watchNetwork } from "../pwa.js";
import { showConnection } from "../conn.js";

function render() {
  const games = listGames();
  const section = document.getElementById("resume");
  const list = document.getElementById("resume-list");
  section.hidden = games.length === 0;
  replace(list, games.map((g) => h("li", { class: "card" },
    h("div", { class: "grow", style: "flex:1;min-width:0" },
      h("div", { style: "font-weight:700;overflow-wrap:anywhere" }, g.title || "Game"),
      h("div", { class: "muted" }, `${g.seatLabel || g.seat} · ${new Date(g.touched).toLocaleString([], { dateStyle: "short", timeStyle: "short" })}`)),
    h("a", { class: "btn primary small", href: `/play?game=${encodeURIComponent(g.id)}`,
      "aria-label": `Resume ${g.title || "game"} as ${g.seatLabel || g.seat}` }, "Resume"),
    button("✕", () => {
      if (confirm("Forget this game on this phone? The game itself is kept on the server.")) { dropGame(g.id); render(); }
    }, { cls: "btn ghost small", aria: `Forget ${g.title || "game"} on this phone` }))));
}

render();
registerServiceWorker();
watchNetwork(showConnection);
