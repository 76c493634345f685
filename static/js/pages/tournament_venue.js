// The venue screen: a full-screen page for a TV or a laptop that cycles the tournament's panels (pairings by
// name, the round clock, the standings: static/js/tournaments/venue.js), public information only, live over
// /tournament without a reload. ?seconds=N sets how long a slide stays (5 to 120, default 12); ?show=clock,...
// keeps only those panels.
import { h, replace } from "../dom.js";
import { api, errorText } from "../api.js";
import { clock, timeLeft } from "../tournaments/words.js";
import { followTournament } from "../tournaments/follow.js";
import { PANELS, latestRound, slidesOf } from "../tournaments/venue.js";

const root = document.getElementById("venue");
const tournamentId = root.dataset.tournament;
const body = document.getElementById("venue-body");
const query = new URLSearchParams(location.search);
const seconds = Math.min(120, Math.max(5, Number(query.get("seconds")) || 12));
const asked = (query.get("show") || "").split(",").filter((id) => PANELS.some((p) => p.id === id));
const only = asked.length ? asked : null;

let view = null;
let slides = [];
let at = 0;  // the slide on screen

function show() {
  if (!slides.length) {
    replace(body, h("p", { class: "venue-lead" }, "Nothing to show yet: players are being registered."));
    return;
  }
  at %= slides.length;
  replace(body, slides[at].el);
  body.dataset.panel = slides[at].panel;
  replace(document.getElementById("venue-dots"), slides.map((s, i) => h("li", { class: i === at ? "on" : "", title: s.panel })));
  tick();
}

/** Draw the view again; the panel on screen stays on screen (its first slide) when it still has one. */
function rebuild() {
  const current = slides[at] && slides[at].panel;
  slides = slidesOf(view, only);
  const same = slides.findIndex((s) => s.panel === current);
  at = same >= 0 ? same : 0;
  const rnd = latestRound(view);
  document.title = `${view.setup.name} · venue screen`;
  document.getElementById("venue-title").textContent = view.setup.name;
  document.getElementById("venue-sub").textContent = rnd && rnd.stage === "cut" ? `Top ${view.cut.size} cut: ${rnd.name}`
    : rnd ? `Round ${rnd.round} of ${view.setup.rounds}` : `${view.setup.rounds} rounds`;
  show();
}

function tick() {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (body.querySelectorAll("[data-started]"))) {
    const left = timeLeft({ started_at: el.dataset.started, minutes: Number(el.dataset.minutes) });
    el.textContent = clock(left);
    el.classList.toggle("over", left < 0);
  }
}

async function load() {
  let reply;
  try {
    reply = await api("GET", `/api/tournaments/${encodeURIComponent(tournamentId)}`);
  } catch {
    return;  // offline: the screen keeps cycling what it has; the socket reads again once back
  }
  if (reply.status !== 200) {
    replace(body, h("p", { class: "error venue-lead", role: "alert", id: "venue-error" }, errorText(reply)));
    return;
  }
  view = reply.body;
  body.dataset.head = String(view.head);
  rebuild();
}

document.getElementById("venue-full").addEventListener("click", () => {
  if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen().catch(() => {});
});
setInterval(tick, 1000);
setInterval(() => { if (slides.length > 1) { at += 1; show(); } }, seconds * 1000);
load().then(() => { if (view) followTournament(tournamentId, load); });
