// A league: a series of events (a store's monthly nights) whose standings add up by the organiser's rule. Anyone
// reads its events and standings, each player's history event by event; its organiser (the league's link, kept on
// this device under tw.leagues) adds the next event, made with the previous one's settings. /leagues/new starts one.
// A player's link of one of its events opens the others as the same player: "Open as you" uses the link this device holds.
import { h, button, replace } from "../dom.js";
import { api, errorText } from "../api.js";
import { plural } from "../words.js";
import { rememberTournament, tournamentLink } from "../tournaments/store.js";
import { showOnce } from "../tournaments/recover.js";
import { registerServiceWorker, watchNetwork } from "../pwa.js";
import { showConnection } from "../conn.js";

const KEY = "tw.leagues";
const root = document.getElementById("league");
const leagueId = root.dataset.league;
const body = document.getElementById("league-body");
const RULE = { points: "Every event's points add up", best: "Each player's best events add up" };

const held = () => { try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; } };
const keep = (id, token) => localStorage.setItem(KEY, JSON.stringify({ ...held(), [id]: token }));

function takeToken() {
  const token = new URLSearchParams(location.hash.slice(1)).get("t");
  if (!token) return;
  keep(leagueId, token);
  history.replaceState(null, "", location.pathname);
}

function field(label, input) {
  return h("label", { class: "field" }, h("span", {}, label), input);
}

/** The form that starts a league (name, rule, best N of M). */
function newLeagueForm() {
  const name = h("input", { id: "league-name", maxlength: "100", required: true });
  const rule = h("select", { id: "league-rule" }, Object.entries(RULE).map(([k, w]) => h("option", { value: k }, w)));
  const best = h("input", { id: "league-best", type: "number", min: "1", max: "50", value: "3", inputmode: "numeric" });
  const events = h("input", { id: "league-events", type: "number", min: "1", max: "50", value: "4", inputmode: "numeric" });
  const bestFields = h("div", { class: "stack", hidden: true }, field("Events that count (best N)", best), field("Events in the league (M)", events));
  rule.addEventListener("change", () => { bestFields.hidden = rule.value !== "best"; });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  return h("form", { class: "stack card", id: "league-form", onsubmit: async (e) => {
    e.preventDefault();
    const payload = { name: name.value.trim(), rule: rule.value };
    if (rule.value === "best") Object.assign(payload, { best: Number(best.value), events: Number(events.value) });
    const reply = await api("POST", "/api/leagues", { body: payload });
    if (reply.status !== 201) { error.textContent = errorText(reply); error.hidden = false; return; }
    keep(reply.body.id, reply.body.organiser_token);
    location.assign(`/league/${encodeURIComponent(reply.body.id)}`);
  } }, h("h2", {}, "Start a league"), field("Name", name), field("Standings", rule), bestFields, error,
  h("button", { type: "submit", class: "btn primary big" }, "Start the league"));
}

/** The organiser's form for the league's next event: its name and date; the rest is the previous event's. */
function nextEventForm(view, token) {
  const last = view.events[view.events.length - 1];
  const name = h("input", { id: "league-event-name", maxlength: "100", required: true, value: `${view.setup.name} ${view.events.length + 1}` });
  const date = h("input", { id: "league-event-date", type: "date", value: new Date().toISOString().slice(0, 10) });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  return h("form", { class: "stack card", id: "league-event-form", onsubmit: async (e) => {
    e.preventDefault();
    const payload = { ...(last ? last.settings : {}), name: name.value.trim(), date: date.value };
    const reply = await api("POST", `/api/leagues/${encodeURIComponent(leagueId)}/events`, { body: payload, token });
    if (reply.status !== 201) { error.textContent = errorText(reply); error.hidden = false; return; }
    rememberTournament(reply.body.id, { token: reply.body.organiser_token, role: "organiser", subject: "", label: "Organiser", name: reply.body.name });
    showOnce({ id: reply.body.id, link: reply.body.links.organiser, recovery_code: reply.body.recovery_code });
    location.assign(`/tournament/${encodeURIComponent(reply.body.id)}`);
  } }, h("h2", {}, "The next event"), h("p", { class: "muted" }, last ? `Played as ${last.name} was (rounds, format, scoring).` : "Its settings can be changed on the event's page later."),
  field("Name", name), field("Date", date), error, h("button", { type: "submit", class: "btn primary" }, "Make the event"));
}

/** A player link this device holds for an event of the league (it opens every event of the league they are in). */
function playerLink(view) {
  for (const e of view.events) {
    const link = tournamentLink(e.id);
    const player = link && link.links.find((l) => l.role === "player");
    if (player) return player.token;
  }
  return null;
}

function eventsList(view) {
  const mine = playerLink(view);
  return h("ol", { class: "list", id: "league-events" }, view.events.map((e) => h("li", { class: "card", dataset: { event: e.id } },
    h("div", { class: "grow" }, h("b", {}, e.name), h("small", {}, [e.date, `${e.players} players`, e.current_round ? `round ${e.current_round} of ${e.rounds}` : "not started"].join(" · "))),
    h("a", { class: "btn small ghost", href: `/tournament/${encodeURIComponent(e.id)}/public` }, "Standings"),
    mine && !(tournamentLink(e.id) || { links: [] }).links.some((l) => l.role === "player")
      ? h("a", { class: "btn small", href: `/tournament/${encodeURIComponent(e.id)}#t=${encodeURIComponent(mine)}` }, "Open as you") : null)));
}

function historyOf(row) {
  return h("ul", { class: "list league-history" }, row.history.map((x) => h("li", {},
    h("b", {}, x.event_name), ` (${x.date}): #${x.rank}, ${x.points} pts, ${x.wins}-${x.draws}-${x.losses}`,
    x.adjusted && x.adjusted.points ? ` (${x.adjusted.points > 0 ? "+" : ""}${x.adjusted.points} by a judge)` : "",
    x.counted ? "" : h("small", { class: "muted" }, " not counted"))));
}

function standings(view) {
  if (!view.standings.length) return h("p", { class: "muted" }, "No results yet.");
  return h("ol", { class: "list", id: "league-standings" }, view.standings.map((r) => h("li", { class: "card", dataset: { player: r.key } },
    h("details", {}, h("summary", {}, h("span", { class: "rank" }, `${r.rank}. `), h("b", {}, r.name),
      ` ${r.total} pts`, h("small", { class: "muted" }, ` · ${plural(r.events_played, "event")}`)),
    historyOf(r)))));
}

const forget = (id) => { const all = held(); delete all[id]; localStorage.setItem(KEY, JSON.stringify(all)); };

async function load() {
  if (!leagueId) { replace(body, newLeagueForm()); return; }
  const token = held()[leagueId];
  let reply = await api("GET", `/api/leagues/${encodeURIComponent(leagueId)}`, { token });
  let refused = null;
  if (token && [401, 403].includes(reply.status)) {
    // A link this league refuses (another league's, or mistyped) is forgotten: the page is read as anyone's.
    refused = h("p", { class: "error", role: "alert" }, errorText(reply));
    forget(leagueId);
    reply = await api("GET", `/api/leagues/${encodeURIComponent(leagueId)}`);
  }
  if (reply.status !== 200) { replace(body, h("p", { class: "error", role: "alert" }, errorText(reply))); return; }
  const v = reply.body;
  document.getElementById("league-title").textContent = v.setup.name;
  document.title = `${v.setup.name} · Tablewarden`;
  document.getElementById("league-sub").textContent = v.setup.rule === "best"
    ? `The best ${v.setup.best}${v.setup.events ? ` of ${v.setup.events}` : ""} events count` : "Every event counts";
  replace(body, refused, h("h2", {}, "Standings"), standings(v), h("h2", {}, "Events"),
    v.events.length ? eventsList(v) : h("p", { class: "muted" }, "No events yet."),
    v.you.organiser ? nextEventForm(v, token) : null,
    v.you.organiser ? h("p", { class: "muted" }, "Share this page: ", button("Copy its address", () => navigator.clipboard.writeText(location.href), { cls: "btn small ghost" })) : null);
  root.dataset.ready = "true";
}

takeToken();
load();
registerServiceWorker();
watchNetwork(showConnection);
