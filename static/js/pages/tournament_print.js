// Print-ready pages of a tournament: pairings by table and by name, result slips, standings. The public view
// only (no token is sent): what is printed for the wall is what the public page shows.
// ?show=tables,names,slips,standings picks the sheets (all of them by default); ?round=N a published round.
import { h, replace } from "../dom.js";
import { api, errorText } from "../api.js";
import { standingsTable } from "../tournaments/parts.js";
import { pairingsByNameSheet, pairingsByTableSheet, slipsSheet } from "../tournaments/sheets.js";

const root = document.getElementById("print");
const tournamentId = root.dataset.tournament;
const body = document.getElementById("print-body");
const SHEETS = ["tables", "names", "slips", "standings"];

/**
 * The sheets asked for in the address, in the order they print.
 * @returns {string[]}
 */
function wanted() {
  const asked = (new URLSearchParams(location.search).get("show") || "").split(",").filter((s) => SHEETS.includes(s));
  return asked.length ? SHEETS.filter((s) => asked.includes(s)) : SHEETS;
}

function standingsSheet(view) {
  return h("section", { class: "sheet", id: "sheet-standings" },
    h("header", { class: "sheet-head" }, h("h2", {}, view.current_round ? `Standings after round ${view.current_round}` : "Standings"),
      h("p", {}, [view.setup.name, view.setup.date].join(" · "))),
    standingsTable(view));
}

async function load() {
  let reply;
  try {
    reply = await api("GET", `/api/tournaments/${encodeURIComponent(tournamentId)}`);
  } catch {
    replace(body, h("p", { class: "error", role: "alert" }, "The server cannot be reached. Check the Wi-Fi and reload."));
    return;
  }
  if (reply.status !== 200) {
    replace(body, h("p", { class: "error", role: "alert", id: "print-error" }, errorText(reply)));
    return;
  }
  const view = reply.body;
  document.title = `${view.setup.name} · print`;
  const n = Number(new URLSearchParams(location.search).get("round")) || null;
  const rnd = n ? view.rounds.find((r) => r.round === n) : view.rounds[view.rounds.length - 1];
  const parts = [];
  for (const what of wanted()) {
    if (what === "standings") parts.push(standingsSheet(view));
    else if (!rnd) parts.push(h("p", { class: "muted no-print", id: `no-round-${what}` }, n ? `Round ${n} is not published yet.` : "No round is published yet."));
    else if (what === "tables") parts.push(pairingsByTableSheet(view, rnd));
    else if (what === "names") parts.push(pairingsByNameSheet(view, rnd));
    else parts.push(slipsSheet(view, rnd));
  }
  replace(body, parts);
  body.dataset.ready = "yes";
}

document.getElementById("print-now").addEventListener("click", () => window.print());
load();
