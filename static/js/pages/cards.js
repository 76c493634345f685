// Look up an Underworlds card by name (GET /api/content/underworlds/cards): the facts of each card
// (type, glory and when it scores, upgrade cost, deck, set, edition), a page of results at a time.
import { h, button } from "../dom.js";
import { api, errorText } from "../api.js";
import { registerServiceWorker, watchNetwork } from "../pwa.js";
import { showConnection } from "../conn.js";

const RULESETS = [["underworlds/deathgorge", "Deathgorge"], ["underworlds/dreadfane", "Dreadfane (2019)"],
  ["underworlds/shadespire", "Shadespire (2018)"], ["", "Every edition"]];
const TYPES = [["", "Any type"], ["objective", "Objectives"], ["ploy", "Ploys"], ["spell", "Spells"], ["upgrade", "Upgrades"]];
const EDITION = { original: "2017-2020 cards", first: "Rivals era (2022-2024)", second: "second edition (2024+)" };
const PER_PAGE = 20;

const q = { text: new URLSearchParams(location.search).get("q") || "", ruleset: RULESETS[0][0], type: "", page: 1 };
const results = document.getElementById("card-results");
const status = document.getElementById("card-status");
let asked = 0;

/** What a card is, in one line: its type, and its glory and timing or its cost. */
function facts(c) {
  const bits = [c.type[0].toUpperCase() + c.type.slice(1)];
  if (c.type === "objective") {
    bits.push(c.scoring === "surge" ? "surge" : c.scoring === "third" ? "third end phase" : "end phase");
    bits.push(c.glory == null ? "glory not known" : `${c.glory} glory`);
    if (c.hybrid) bits.push("hybrid");
    if (c.dual) bits.push("dual");
  }
  if (c.type === "upgrade") bits.push(`costs ${c.glory_cost ?? 1} glory`);
  return [...bits, ...(c.tags || [])].join(" · ");
}

function row(c) {
  const set = c.product || (c.season ? `${c.season} season` : "");
  return h("li", { class: "card", style: "display:block", "data-card": c.name },
    h("div", { style: "font-weight:700;overflow-wrap:anywhere" }, c.name, c.number ? h("span", { class: "muted" }, ` ${c.number}`) : null),
    h("div", {}, facts(c)),
    h("div", { class: "muted" }, [c.deck_name, set, EDITION[c.edition]].filter(Boolean).join(" · ")));
}

let timer = null;

async function search(more = false) {
  clearTimeout(timer);  // this search already has the latest filters: a typed one still waiting is superseded
  const mine = ++asked;
  q.page = more ? q.page + 1 : 1;
  const params = new URLSearchParams({ q: q.text.trim(), per_page: String(PER_PAGE), page: String(q.page),
    ...(q.ruleset ? { ruleset: q.ruleset } : {}), ...(q.type ? { type: q.type } : {}) });
  status.textContent = "Looking…";
  let reply;
  try {
    reply = await api("GET", `/api/content/underworlds/cards?${params}`);
  } catch (err) {
    status.textContent = "The card list needs the connection.";
    return;
  }
  if (mine !== asked) return;  // a newer search is on its way
  if (reply.status !== 200) { status.textContent = errorText(reply); return; }
  const body = reply.body;
  if (!more) results.replaceChildren();
  results.append(...body.items.map(row));
  status.replaceChildren(body.total ? `${Math.min(body.page * body.per_page, body.total)} of ${body.total} cards` : "No card by that name.",
    body.next ? button("More", () => search(true), { cls: "btn", "data-action": "more" }) : "");
}

const later = () => { clearTimeout(timer); timer = setTimeout(() => search(false), 200); };
const select = (id, label, options, key) => h("label", { class: "field", style: "flex:1 1 140px" }, h("span", {}, label),
  h("select", { id, onchange: (e) => { q[key] = e.target.value; search(false); } },
    options.map(([v, text]) => h("option", { value: v, selected: q[key] === v }, text))));

document.getElementById("card-filters").append(
  h("label", { class: "field" }, h("span", {}, "Name"),
    h("input", { id: "card-name", type: "search", value: q.text, autocomplete: "off", enterkeyhint: "search",
      placeholder: "Type part of the name", oninput: (e) => { q.text = e.target.value; later(); } })),
  h("div", { class: "row" }, select("card-ruleset", "Rules", RULESETS, "ruleset"), select("card-type", "Type", TYPES, "type")));
search(false);
registerServiceWorker();
watchNetwork(showConnection);
