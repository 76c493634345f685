// The public registration page, on a player's own phone: ask for a place (name, warband, deck checked for the
// event's format), then wait for the organiser; once accepted, this phone (and only this one: it holds the claim
// secret) collects the player's own link and opens the event page with it.
import { h, replace, button, toast, control } from "../dom.js";
import { api, errorText } from "../api.js";
import { confirmSheet } from "../tournaments/parts.js";
import { tournamentSocket } from "../tournaments/follow.js";
import { printingOptions } from "../tournaments/printings.js";
import { registerServiceWorker, watchNetwork } from "../pwa.js";
import { showConnection } from "../conn.js";

const root = document.getElementById("signup");
const tournamentId = root.dataset.tournament;
const body = document.getElementById("signup-body");
const path = `/api/tournaments/${encodeURIComponent(tournamentId)}`;
const KEY = `tw.signup.${tournamentId}`;  // {key, claim, name}: the link's key and this phone's request
const STATUS = {
  pending: "Your request is with the organiser. Keep this page open: your event page opens here as soon as they accept it.",
  waitlisted: "The event is full, so you are on the waitlist. You move up when a place frees up; then the organiser answers.",
  declined: "The organiser declined your request.",
  withdrawn: "You withdrew your request.",
};

function saved() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

function save(patch) { localStorage.setItem(KEY, JSON.stringify({ ...saved(), ...patch })); }

function takeKeyFromLink() {
  const key = new URLSearchParams(location.hash.slice(1)).get("k");
  if (!key) return;
  save({ key });
  history.replaceState(null, "", location.pathname);  // the key does not stay in the address bar
}

function say(text, cls = "muted", id = "signup-message") {
  replace(body, h("p", { class: cls, id, role: cls === "error" ? "alert" : "status" }, text));
}

/** The form: name, warband (the event's rules' own, then other printings), the fighter cards' printing when the
 * warband has a choice to make, deck from the event's rules. */
async function showForm(view) {
  const q = `ruleset=${encodeURIComponent(view.setup.ruleset)}&per_page=500`;
  const [w, all, d] = await Promise.all([api("GET", `/api/content/underworlds/warbands?${q}`),
    api("GET", "/api/content/underworlds/warbands?per_page=500"), api("GET", `/api/content/underworlds/decks?${q}`)]);
  const warbands = w.status === 200 ? w.body.items : [];
  const every = new Map((all.status === 200 ? all.body.items : []).map((x) => [x.id, x]));
  const others = [...every.values()].filter((x) => !warbands.some((o) => o.id === x.id));
  const decks = d.status === 200 ? d.body.items : [];
  const name = h("input", { id: "signup-name", required: true, maxlength: "40", autocomplete: "name" });
  const deck = h("select", { id: "signup-deck" });
  const printing = h("div", { id: "signup-printing-field" });
  const warband = h("select", { id: "signup-warband", onchange: () => fillChoices() },
    warbands.map((x) => h("option", { value: x.id }, x.name)),
    others.length ? h("optgroup", { label: "Other printings (name the fighter cards you hold)" },
      others.map((x) => h("option", { value: x.id }, x.name))) : null);
  const fillChoices = () => {
    const group = (label, list) => list.length ? h("optgroup", { label }, list.map((x) => h("option", { value: x.id }, x.name))) : null;
    replace(deck, h("option", { value: "" }, "No deck data"),
      group("This warband's decks", decks.filter((x) => x.warband === warband.value)),
      group("Universal decks", decks.filter((x) => !x.warband)));
    const options = printingOptions(warband.value, warbands, every, null);
    replace(printing, options ? h("label", { class: "field" }, h("span", {}, "Fighter cards (the printing you hold)"),
      h("select", { id: "signup-printing" }, options)) : null);
  };
  fillChoices();
  const problems = h("div", { id: "signup-problems" });
  const full = view.signup.full ? h("p", { class: "warn-text", id: "signup-full" },
    "The event is full: your request goes on the waitlist, in the order requests arrive.") : null;
  const form = h("form", { class: "stack card", id: "signup-form", onsubmit: async (e) => {
    e.preventDefault();
    if (!name.value.trim()) { toast("Enter your name."); return; }
    const ask = { name: name.value.trim(), warband: warband.value, deck: deck.value || null };
    const pick = control("signup-printing");
    if (pick && pick.value) ask.printing = pick.value;
    let reply;
    try {
      reply = await api("POST", `${path}/requests`, { token: saved().key, body: ask });
    } catch {
      toast("The server cannot be reached. Check the Wi-Fi and try again.");
      return;
    }
    const err = reply.body && reply.body.error;
    if (reply.status === 422 && err && err.code === "deck_refused") {
      replace(problems, h("div", { class: "card warn-card", role: "alert" }, h("b", {}, err.message),
        h("ul", {}, (err.violations || []).map((p) => h("li", {}, p.message, h("p", { class: "rule" }, `Rule: ${p.rule}`))))));
      return;
    }
    if (reply.status !== 201) { replace(problems, h("p", { class: "error", role: "alert" }, errorText(reply))); return; }
    save({ claim: reply.body.claim, name: reply.body.name });
    showStatus(reply.body);
    follow();
  } },
  h("label", { class: "field" }, h("span", {}, "Your name"), name),
  h("label", { class: "field" }, h("span", {}, "Warband"), warband),
  printing,
  h("label", { class: "field" }, h("span", {}, `Deck (checked for ${view.setup.format})`), deck),
  full,
  h("button", { type: "submit", class: "btn primary" }, "Ask for a place"));
  replace(body, h("div", { class: "stack" }, form, problems));
}

function showStatus(status) {
  const again = ["declined", "withdrawn"].includes(status.status);
  const place = status.status === "waitlisted" ? h("p", { class: "lead", id: "signup-position" }, `Number ${status.position} on the waitlist`) : null;
  replace(body, h("div", { class: "card stack", id: "signup-status", dataset: { status: status.status } },
    h("b", {}, status.name),
    place,
    h("p", {}, STATUS[status.status] || status.status),
    status.reason ? h("p", { class: "muted" }, `Reason: ${status.reason}`) : null,
    again ? button("Ask again", () => { save({ claim: null }); start(); }, { cls: "btn" })
      : button("Withdraw my request", withdraw, { cls: "btn ghost" })));
}

async function withdraw() {
  if (!await confirmSheet("Withdraw your request", "Your place (or your place on the waitlist) goes to the next player.", "Withdraw")) return;
  const reply = await api("POST", `${path}/requests/withdraw`, { body: { claim: saved().claim } }).catch(() => null);
  if (!reply || reply.status !== 201) { toast(reply ? errorText(reply) : "The server cannot be reached."); return; }
  showStatus(reply.body);
}

/** Ask the server how this phone's request stands; once accepted, collect the player's link and open it. */
async function check() {
  const claim = saved().claim;
  if (!claim) return;
  let reply;
  try {
    reply = await api("POST", `${path}/requests/claim`, { body: { claim } });
  } catch {
    showConnection("offline");
    return;
  }
  if (reply.status === 201) {
    // The event page takes the token from its link's fragment and keeps it beside any other role this device holds.
    localStorage.removeItem(KEY);
    location.replace(reply.body.link);
    return;
  }
  if (reply.status === 200) { showStatus(reply.body); return; }
  if ([404, 410].includes(reply.status)) save({ claim: null });
  say(errorText(reply), "error");
}

let socket = null;
/** Hear the event's changes (the organiser's answer among them) and look again; a slow poll covers a lost socket. */
function follow() {
  if (socket) return;
  socket = tournamentSocket(tournamentId);
  socket.on("connect", () => { showConnection("online"); check(); });
  socket.on("disconnect", () => showConnection("connecting"));
  socket.on("changed", () => check());
  setInterval(check, 20000);
}

async function start() {
  const mine = saved();
  if (mine.claim) { follow(); await check(); return; }
  if (!mine.key) { say("Open the registration link the organiser gave you (its QR code or the link itself).", "error"); return; }
  let reply;
  try {
    reply = await api("GET", path, { token: mine.key });
  } catch {
    say("The server cannot be reached. Check the Wi-Fi and try again.", "error");
    return;
  }
  if (reply.status !== 200) {
    say(`${errorText(reply)} Ask the organiser for the event's current registration link.`, "error");
    return;
  }
  const view = reply.body;
  document.getElementById("signup-title").textContent = `Register for ${view.setup.name}`;
  document.title = `Register · ${view.setup.name} · Tablewarden`;
  document.getElementById("signup-sub").textContent = view.setup.date;
  if (!view.signup.open) { say("Registration for this event is closed: ask the organiser.", "error", "signup-closed"); return; }
  await showForm(view);
}

takeKeyFromLink();
start();
registerServiceWorker();
watchNetwork(showConnection);
