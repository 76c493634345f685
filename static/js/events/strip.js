// On a tracked table's game page: the event's round clock and, once time is called, the event's
// end-of-time rule, with a way back to the event page (where the result is confirmed).
import { io } from "../../vendor/socket.io.esm.min.js";
import { h, replace } from "../dom.js";
import { api } from "../api.js";
import { eventLink } from "./store.js";
import { clock, timeLeft } from "./words.js";

function styles() {
  if (document.querySelector("link[data-events-css]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: new URL("../../css/events.css", import.meta.url).href,
    "data-events-css": "" }));
}

/** Show the strip for game `gameId` of event `eventId` above the table; keeps itself up to date. */
export function mountStrip(eventId, gameId) {
  styles();
  const strip = h("div", { class: "event-strip", id: "event-strip", role: "status" });
  const table = document.getElementById("table");
  table.parentNode.insertBefore(strip, table);
  const token = (eventLink(eventId) || {}).token;
  let found = null;
  let endOfTime = "";

  const draw = () => {
    if (!found) { strip.hidden = true; return; }
    strip.hidden = false;
    const { rnd, t } = found;
    const back = h("a", { href: `/event/${encodeURIComponent(eventId)}`, class: "btn small" }, "Event");
    if (rnd.timer && rnd.timer.called_at) {
      replace(strip, h("div", { class: "grow" }, h("b", {}, `Table ${t.table}: time called`),
        h("small", {}, endOfTime)), back);
      strip.classList.add("called");
      return;
    }
    strip.classList.remove("called");
    const left = rnd.timer ? timeLeft(rnd.timer) : null;
    replace(strip, h("div", { class: "grow" }, h("b", {}, `Table ${t.table}`),
      h("small", {}, rnd.timer ? `Round ${rnd.round}: time left` : `Round ${rnd.round}: clock not started`)),
    left !== null ? h("b", { class: `strip-clock${left < 0 ? " over" : ""}` }, clock(left)) : null, back);
  };

  const load = async () => {
    const reply = await api("GET", `/api/events/${encodeURIComponent(eventId)}`, { token }).catch(() => null);
    if (!reply || reply.status !== 200) return;
    endOfTime = reply.body.setup.end_of_time;
    found = null;
    for (const rnd of reply.body.rounds) {
      const t = rnd.tables.find((x) => x.game === gameId);
      if (t) found = { rnd, t };
    }
    draw();
  };
  load();
  setInterval(draw, 1000);
  const socket = io("/event", { auth: { event: eventId, token: token || undefined }, transports: ["websocket", "polling"] });
  socket.on("changed", () => load());
}
