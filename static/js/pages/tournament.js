// A tournament, as the role of the link that opened it: organiser and scorekeeper (rounds, tables,
// players, standings, links), judge (tables, disputes, rulings), player or table device (my table,
// the clock, one-tap confirmation), or the public (pairings, standings, QR). Live over /tournament.
import { io } from "../../vendor/socket.io.esm.min.js";
import { h, replace } from "../dom.js";
import { api, errorText } from "../api.js";
import { tournamentLink, rememberTournament } from "../tournaments/store.js";
import { clock, timeLeft } from "../tournaments/words.js";
import { renderMine } from "../tournaments/mine.js";
import { renderStaff } from "../tournaments/staff.js";
import { renderPublic } from "../tournaments/public.js";
import { registerServiceWorker, watchNetwork } from "../pwa.js";
import { showConnection } from "../conn.js";

const root = document.getElementById("tournament");
const tournamentId = root.dataset.tournament;
const isPublicPage = root.dataset.public === "yes";
const body = document.getElementById("tournament-body");

function takeTokenFromLink() {
  const token = new URLSearchParams(location.hash.slice(1)).get("t");
  if (!token) return;
  rememberTournament(tournamentId, { token });
  history.replaceState(null, "", location.pathname);  // the token does not stay in the address bar
}

const ctx = {
  tournamentId,
  token: null,
  view: null,
  dash: null,
  tab: null,
  /** Call the tournament API with this device's link; resolves {status, body}. */
  call: (method, path, payload) => api(method, `/api/tournaments/${encodeURIComponent(tournamentId)}${path}`,
    { body: payload, token: ctx.token }),
  refresh: () => load(true),  // after this page's own action: always redrawn (the action may have changed the page too)
  render: () => render(),
};

let lastSeen = null;

/**
 * Read the tournament and draw it.
 * @param {boolean} [force]
 * @returns {Promise<"ok"|"refused"|"offline">} "refused": the server answered and refused this link
 */
async function load(force = false) {
  let reply;
  try {
    reply = await ctx.call("GET", "");
  } catch {
    showConnection("offline");
    return "offline";
  }
  if (reply.status !== 200) {
    // A replaced link (the organiser made a new one after it was lost) or a mistyped one.
    const lost = reply.status === 401 ? " If your link was replaced, ask the organiser for the new one." : "";
    replace(body, h("p", { class: "error", role: "alert", id: "tournament-error" }, errorText(reply) + lost));
    return "refused";
  }
  const view = reply.body;
  const role = view.you.role;
  let dash = null;
  if (["organiser", "scorekeeper", "judge"].includes(role)) {
    const got = await ctx.call("GET", "/dashboard").catch(() => null);
    dash = got && got.status === 200 ? got.body : null;
  }
  // The same tournament read twice (an action's own refresh and its push) is not drawn twice: a button
  // redrawn under a finger loses the tap.
  const seen = JSON.stringify([view, dash]);
  if (seen === lastSeen && !force) return;
  lastSeen = seen;
  ctx.view = view;
  ctx.dash = dash;
  for (const t of (dash && dash.tables) || []) if (t.progress) t.progress.received_at = Date.now();
  rememberTournament(tournamentId, { role, name: view.setup.name });
  render();
  return "ok";
}

const FORMAT = { rivals: "Rivals", nemesis: "Nemesis", relic: "Relic", championship: "Championship",
  standard: "Standard", matched: "Matched play, best of three" };
const ROLE = { organiser: "Organiser", scorekeeper: "Scorekeeper", judge: "Judge", player: "Player",
  table: "Table device", public: "Public" };

function render() {
  const v = ctx.view;
  if (!v) return;
  document.title = `${v.setup.name} · Tablewarden`;
  document.getElementById("tournament-title").textContent = v.setup.name;
  const cutRound = v.cut && v.current_round > v.setup.rounds ? v.cut.rounds.find((r) => r.round === v.current_round) : null;
  const round = cutRound ? `Top ${v.cut.size} cut: ${cutRound.name}`
    : v.current_round ? `Round ${v.current_round} of ${v.setup.rounds}` : `${v.setup.rounds} rounds`;
  const who = v.you.role === "table" ? `Table ${v.you.subject} device` : ROLE[v.you.role];
  document.getElementById("tournament-sub").textContent =
    [v.setup.date, FORMAT[v.setup.format] || v.setup.format, round, isPublicPage ? null : who].filter(Boolean).join(" · ");
  const role = v.you.role;
  // A push re-renders the page while someone may be typing (a ruling, a registration): keep what
  // was typed and where the cursor was.
  const typed = [...body.querySelectorAll("input[id], textarea[id], select[id]")]
    .filter((el) => !el.readOnly).map((el) => [el.id, el.value]);
  const focused = document.activeElement && body.contains(document.activeElement) ? document.activeElement.id : null;
  if (isPublicPage || role === "public") replace(body, renderPublic(ctx));
  else if (role === "player" || role === "table") replace(body, renderMine(ctx));
  else replace(body, renderStaff(ctx));
  for (const [id, value] of typed) {
    const el = document.getElementById(id);
    if (el && body.contains(el)) el.value = value;
  }
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  tick();
}

/** Every running clock on the page, once a second. */
function tick() {
  for (const el of document.querySelectorAll("[data-started]")) {
    const left = timeLeft({ started_at: el.dataset.started, minutes: Number(el.dataset.minutes) });
    el.textContent = clock(left);
    el.classList.toggle("over", left < 0);
  }
}

function connect() {
  const socket = io("/tournament", { auth: { tournament: tournamentId, token: ctx.token || undefined }, transports: ["websocket", "polling"] });
  let timer = null;
  socket.on("connect", () => { showConnection("online"); load(); });
  socket.on("disconnect", () => showConnection("connecting"));
  // A refusal carries the server's answer (err.data): the server is there, the link is what failed.
  socket.on("connect_error", (err) => showConnection(err && err.data ? "online" : "offline"));
  socket.on("changed", () => {
    clearTimeout(timer);
    timer = setTimeout(load, 150);  // a burst of entries (a whole round published) reads once
  });
  socket.on("game_over", () => {
    clearTimeout(timer);
    timer = setTimeout(load, 150);
  });
  socket.on("table", (msg) => {
    if (!ctx.dash || msg.round !== ctx.dash.round) return;
    const row = ctx.dash.tables.find((t) => t.table === msg.table);
    if (!row) return;
    row.progress = msg.progress;
    row.progress.received_at = Date.now();
    render();
  });
}

if (!isPublicPage) {
  takeTokenFromLink();
  ctx.token = (tournamentLink(tournamentId) || {}).token || null;
}
setInterval(tick, 1000);
// Tables go slow with time alone: look again every quarter minute while the dashboard is shown.
setInterval(() => { if (ctx.tab === "tables" || ctx.tab === "judge") render(); }, 15000);
// A refused link is answered on the page; it does not follow the tournament's changes (the server would refuse that too).
load().then((got) => { if (got !== "refused") connect(); });
registerServiceWorker();
watchNetwork(showConnection);
