// On a tracked table's game page: the event's round clock, and once time is called the event's
// end-of-time rule, with a way back to the event page (where the result is confirmed). Kept small:
// every table phone loads it.
import { io } from "../../vendor/socket.io.esm.min.js";
import { h, replace } from "../dom.js";
import { api } from "../api.js";

const mmss = (s) => `${s < 0 ? "-" : ""}${Math.floor(Math.abs(s) / 60)}:${String(Math.abs(s) % 60).padStart(2, "0")}`;

/** Show the strip for game `gameId` of event `eventId` above the table; keeps itself up to date. */
export function mountStrip(eventId, gameId) {
  const strip = h("div", { class: "event-strip", id: "event-strip", role: "status", hidden: true });
  const table = document.getElementById("table");
  table.parentNode.insertBefore(strip, table);
  let token;
  try { token = JSON.parse(localStorage.getItem("tw.events"))[eventId].token; } catch { token = undefined; }
  let found = null;

  const draw = () => {
    if (!found) return;
    const { rnd, t, rule } = found;
    const timer = rnd.timer;
    const called = timer && timer.called_at;
    const left = timer ? Math.round((Date.parse(timer.started_at) + timer.minutes * 60000 - Date.now()) / 1000) : null;
    strip.hidden = false;
    strip.classList.toggle("called", Boolean(called));
    replace(strip, h("div", { class: "grow" }, h("b", {}, called ? `Table ${t.table}: time called` : `Table ${t.table}`),
      h("small", {}, called ? rule : `Round ${rnd.round}: ${timer ? "time left" : "clock not started"}`)),
    left !== null && !called ? h("b", { class: `strip-clock${left < 0 ? " over" : ""}` }, mmss(left)) : null,
    h("a", { href: `/event/${encodeURIComponent(eventId)}`, class: "btn small" }, "Event"));
  };

  const load = async () => {
    const reply = await api("GET", `/api/events/${encodeURIComponent(eventId)}`, { token }).catch(() => null);
    if (!reply || reply.status !== 200) return;
    for (const rnd of reply.body.rounds) {
      const t = rnd.tables.find((x) => x.game === gameId);
      if (t) found = { rnd, t, rule: reply.body.setup.end_of_time };
    }
    draw();
  };
  load();
  setInterval(draw, 1000);
  io("/event", { auth: { event: eventId, token }, transports: ["websocket", "polling"] }).on("changed", load);
}
