// A tournament, as the role of the link that opened it: organiser and scorekeeper (rounds, tables,
// players, standings, links), judge (tables, disputes, rulings), player or table device (my table,
// the clock, one-tap confirmation), or the public (pairings, standings, QR). Live over /tournament.
import { h, replace, control } from "../dom.js";
import { afterPress } from "../press.js";
import { api, errorText } from "../api.js";
import { addLink, describeLink, forgetLink, tournamentLink, useLink } from "../tournaments/store.js";
import { keepSafeCard, recoverForm, takeShown } from "../tournaments/recover.js";
import { clock, timeLeft } from "../tournaments/words.js";
import { renderMine } from "../tournaments/mine.js";
import { renderPublic } from "../tournaments/public.js";
import { tournamentSocket } from "../tournaments/follow.js";
import { registerServiceWorker, watchNetwork } from "../pwa.js";
import { showConnection } from "../conn.js";
import { changes, endOfTable, give } from "../tournaments/alerts.js";

const root = document.getElementById("tournament");
const tournamentId = root.dataset.tournament;
const isPublicPage = root.dataset.public === "yes";
const body = document.getElementById("tournament-body");
const roles = document.getElementById("tournament-roles");

function takeTokenFromLink() {
  const token = new URLSearchParams(location.hash.slice(1)).get("t");
  if (!token) return;
  addLink(tournamentId, token);  // kept beside this device's other links to the tournament, and put in use
  // The token does not stay in the address bar; the history entry keeps which role it opened (on this device only).
  history.replaceState({ t: token }, "", location.pathname);
}

/**
 * The role this history entry was opened as, put back in use (Back after opening a player's link returns the
 * organiser's phone to the organiser); then the entry remembers the role in use. Only links the device holds.
 */
function roleOfThisEntry() {
  const held = history.state && history.state.t;
  if (held) useLink(tournamentId, held);
  const now = (tournamentLink(tournamentId) || {}).token;
  if (now) history.replaceState({ ...(history.state || {}), t: now }, "", location.pathname + location.search);
}

const ctx = {
  tournamentId,
  token: null,
  view: null,
  dash: null,
  tab: null,
  created: null,  // the organiser's link and recovery code, shown once after creating (or recovering) the tournament
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
  if (reply.status === 200 && !ctx.token && !isPublicPage && (tournamentLink(tournamentId) || { lost: false }).lost) {
    reply = { status: 401, body: { error: { code: "bad_token", message: "This device's link to the event was refused." } } };
  }
  if (reply.status !== 200) {
    // A replaced link (the organiser made a new one after it was lost) or a mistyped one: forgotten, and
    // another of this device's links to the tournament (if any) is used instead.
    if (reply.status === 401 && ctx.token) {
      const next = forgetLink(tournamentId, ctx.token);
      if (next) {
        ctx.token = next.token;
        history.replaceState({ t: next.token }, "", location.pathname + location.search);  // the refused one is gone
        return load(force);
      }
    }
    const lost = reply.status === 401 ? " If your link was replaced, ask the organiser for the new one." : "";
    replace(body, h("p", { class: "error", role: "alert", id: "tournament-error" }, errorText(reply) + lost),
      reply.status === 401 ? recoverForm() : null);
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
  // A player's (or table device's) alerts: what changed at their table since the last read (nothing on the first).
  const alerts = ["player", "table"].includes(role) ? changes(ctx.view && ctx.view.mine, view.mine, !ctx.view) : [];
  ctx.view = view;
  ctx.dash = dash;
  for (const t of (dash && dash.tables) || []) if (t.progress) t.progress.received_at = Date.now();
  if (ctx.token) describeLink(tournamentId, ctx.token, { role, subject: view.you.subject, name: view.setup.name, label: roleLabel(view) });
  render();
  for (const a of alerts) give(a);
  return "ok";
}

const FORMAT = { rivals: "Rivals", nemesis: "Nemesis", relic: "Relic", championship: "Championship",
  standard: "Standard", matched: "Matched play, best of three" };
const ROLE = { organiser: "Organiser", scorekeeper: "Scorekeeper", judge: "Judge", player: "Player",
  table: "Table device", public: "Public" };

/** How the role switcher names a link: "Organiser", "Ana (player)", "Judge Kim", "Table 3 device". */
function roleLabel(v) {
  const { role, subject } = v.you;
  if (role === "player") return `${(v.me && v.me.name) || subject} (player)`;
  if (role === "table") return `Table ${subject} device`;
  return subject ? `${ROLE[role]} ${subject}` : ROLE[role];
}

/** Every role this device holds here, one tap to switch (the page is read again as that role). */
function roleSwitcher() {
  const held = (tournamentLink(tournamentId) || { links: [] }).links;
  if (isPublicPage || held.length < 2) return null;
  return h("div", { class: "row role-switch", id: "role-switch", role: "group", "aria-label": "Your roles in this event" },
    h("small", { class: "muted" }, "You are here as"),
    held.map((l) => h("button", { type: "button", class: `btn small${l.token === ctx.token ? " primary" : " ghost"}`,
      "aria-pressed": String(l.token === ctx.token), onclick: () => {
        if (l.token === ctx.token) return;
        useLink(tournamentId, l.token);
        history.replaceState({ t: l.token }, "", location.pathname + location.search);  // this entry is now that role's
        location.reload();  // the page, its tabs and its live connection start afresh as that role
      } }, l.label || ROLE[l.role] || "A link")));
}

// The organiser's, judge's and scorekeeper's desk loads on a staff link only: a player's page and the public one
// stay small (the service worker still keeps the desk for offline use).
let staffDesk = null;
let deskAsked = false;

/** What a staff link shows until its desk has loaded (asked once; the page is drawn again when it comes). */
function openingDesk() {
  if (!deskAsked) {
    deskAsked = true;
    import("../tournaments/staff.js").then((m) => { staffDesk = m; render(); })
      .catch(() => { deskAsked = false; replace(body, h("p", { role: "alert" }, "The organiser's desk could not be loaded: reload the page to try again.")); });
  }
  return h("p", { class: "muted", role: "status" }, "Opening the desk…");
}

/** Draw the page: now, or once the press under way has ended (press.js). */
function render() {
  afterPress(drawPage);
}

function drawPage() {
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
  const typed = [.../** @type {NodeListOf<HTMLInputElement>} */ (body.querySelectorAll("input[id], textarea[id], select[id]"))]
    .filter((el) => !el.readOnly).map((el) => [el.id, el.value]);
  const focused = document.activeElement && body.contains(document.activeElement) ? document.activeElement.id : null;
  replace(roles, roleSwitcher());
  const safe = ctx.created && role === "organiser" && !isPublicPage
    ? keepSafeCard(ctx.created, () => { ctx.created = null; render(); }) : null;
  if (isPublicPage || role === "public") replace(body, renderPublic(ctx), isPublicPage ? null : recoverForm());
  else if (role === "player" || role === "table") replace(body, renderMine(ctx));
  else replace(body, safe, staffDesk ? staffDesk.renderStaff(ctx) : openingDesk());
  for (const [id, value] of typed) {
    const el = control(id);
    if (el && body.contains(el)) el.value = value;
  }
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  tick();
}

/** Every running clock on the page, once a second. */
function tick() {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-started]"))) {
    const left = timeLeft({ started_at: el.dataset.started, minutes: Number(el.dataset.minutes) });
    el.textContent = clock(left);
    el.classList.toggle("over", left < 0);
    if (el.dataset.own === "yes") endOfTable(ctx.view && ctx.view.mine, left);
  }
}

function connect() {
  const socket = tournamentSocket(tournamentId, { token: ctx.token || undefined });
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
  roleOfThisEntry();
  ctx.token = (tournamentLink(tournamentId) || {}).token || null;
  ctx.created = takeShown(tournamentId);
  // Another link of this tournament opened over this page (only the fragment changes, so nothing reloads):
  // kept beside the others, and the page starts afresh as that role.
  window.addEventListener("hashchange", () => {
    if (!new URLSearchParams(location.hash.slice(1)).get("t")) return;
    takeTokenFromLink();
    location.reload();
  });
  // Back (or Forward) to an entry of this page opened as another role: that role again.
  window.addEventListener("popstate", (e) => {
    if (e.state && e.state.t && e.state.t !== ctx.token) { useLink(tournamentId, e.state.t); location.reload(); }
  });
}
setInterval(tick, 1000);
// Tables go slow with time alone: look again every quarter minute while the dashboard is shown.
setInterval(() => { if (ctx.tab === "tables" || ctx.tab === "judge") render(); }, 15000);
// A refused link is answered on the page; it does not follow the tournament's changes (the server would refuse that too).
load().then((got) => { if (got !== "refused") connect(); });
registerServiceWorker();
watchNetwork(showConnection);
