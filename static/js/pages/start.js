// Start screen: new game, join, the games already on this phone (resume / forget), and the events this
// phone holds links to, each with its roles (and a way back into an event whose organiser's link was lost).
import { h, replace, button } from "../dom.js";
import { listGames, dropGame } from "../store.js";
import { listTournaments, useLink } from "../tournaments/store.js";
import { recoverForm } from "../tournaments/recover.js";
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

const ROLE = { organiser: "Organiser", scorekeeper: "Scorekeeper", judge: "Judge", player: "Player", table: "Table device" };

/** The events this phone holds links to: one button per role, opening the event as that role. */
function renderEvents() {
  const events = listTournaments();
  const list = document.getElementById("my-events-list");
  document.getElementById("my-events").hidden = events.length === 0;
  replace(list, events.map((e) => h("li", { class: "card my-event", dataset: { tournament: e.id } },
    h("div", { class: "grow stack tight" }, h("b", {}, e.name || "Event"),
      h("div", { class: "row wrap" }, e.links.map((l) => button(l.label || ROLE[l.role] || "Open", () => {
        useLink(e.id, l.token);
        location.assign(`/tournament/${encodeURIComponent(e.id)}`);
      }, { cls: `btn small${l.token === e.token ? " primary" : ""}`, "aria-label": `Open ${e.name || "the event"} as ${l.label || ROLE[l.role] || "this link"}` })))))));
  replace(document.getElementById("recover-box"), recoverForm());
}

render();
renderEvents();
registerServiceWorker();
watchNetwork(showConnection);
