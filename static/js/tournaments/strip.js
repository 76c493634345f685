// On a tracked table's game page: the tournament's round clock, and once time is called the tournament's
// end-of-time rule, with a way back to the tournament page (where the result is confirmed). A judge (the
// referee of any table) can flag the game from here with a reason. Kept small: every table phone loads it.
import { tournamentSocket } from "./follow.js";
import { h, replace, toast } from "../dom.js";
import { api, errorText } from "../api.js";

const mmss = (s) => `${s < 0 ? "-" : ""}${Math.floor(Math.abs(s) / 60)}:${String(Math.abs(s) % 60).padStart(2, "0")}`;

/**
 * Show the strip for game `gameId` of tournament `tournamentId` above the table; keeps itself up to date.
 * @param {string} tournamentId
 * @param {string} gameId
 * @returns {void}
 */
export function mountStrip(tournamentId, gameId) {
  const strip = h("div", { class: "tournament-strip", id: "tournament-strip", role: "status", hidden: true });
  const table = document.getElementById("table");
  table.parentNode.insertBefore(strip, table);
  let token;
  let role;
  try { ({ token, role } = JSON.parse(localStorage.getItem("tw.events"))[tournamentId]); } catch { token = undefined; }
  const referee = ["judge", "organiser"].includes(role);
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
    h("a", { href: `/tournament/${encodeURIComponent(tournamentId)}`, class: "btn small" }, "Event"));
    const flags = (t.disputes || []).filter((x) => x.flag);
    if (t.status === "disputed" && flags.length) {
      strip.append(h("p", { class: "strip-flag", id: "strip-flag" }, `Flagged: ${flags[flags.length - 1].reason}. A judge settles the result.`));
    } else if (referee && t.game && t.status !== "confirmed") {
      strip.append(h("button", { type: "button", class: "btn small", id: "flag-game", onclick: () => flagGame(rnd.round, t.table) }, "Flag game"));
    }
  };

  const flagGame = async (round, table) => {
    const { askText } = await import("./asktext.js");
    const reason = await askText("Flag this game", "What is wrong? The judge who settles the result reads it.", { required: true, action: "Flag" });
    if (!reason) return;
    const reply = await api("POST", `/api/tournaments/${encodeURIComponent(tournamentId)}/rounds/${round}/tables/${table}/flag`,
      { token, body: { reason } }).catch(() => null);
    if (!reply || reply.status !== 201) return toast(reply ? errorText(reply) : "Flagging needs the connection.");
    return load();
  };

  const load = async () => {
    const reply = await api("GET", `/api/tournaments/${encodeURIComponent(tournamentId)}`, { token }).catch(() => null);
    if (!reply || reply.status !== 200) return;
    for (const rnd of reply.body.rounds) {
      const t = rnd.tables.find((x) => x.game === gameId);
      if (t) found = { rnd, t, rule: reply.body.setup.end_of_time };
    }
    draw();
  };
  load();
  setInterval(draw, 1000);
  tournamentSocket(tournamentId, { token })
    .on("changed", paced(load, () => found));
}

/**
 * What a strip does with a `changed` frame. Every table phone of the event follows the tournament: it re-reads only
 * for an entry about its own table, its round's clock or a later round (the frame names them), and not at once: a
 * burst of entries reads once, and hundreds of phones spread their reads over a second instead of asking together.
 * @param {() => void} load
 * @param {() => any} shown  the round and table the strip shows, once found
 * @returns {(msg: any) => void}
 */
function paced(load, shown) {
  let pending = null;
  return (msg) => {
    if (!msg || typeof msg.round !== "number") return;  // players, sign-up, links: nothing the strip shows
    const found = shown();
    if (found && typeof msg.table === "number" && msg.table !== found.t.table) return;
    if (found && msg.round < found.rnd.round) return;
    if (pending) return;
    pending = setTimeout(() => { pending = null; load(); }, 300 + Math.random() * 1000);
  };
}
