// The Players tab: register (the deck checked for the tournament's format, each problem with its rule),
// hand each player their link, check in, drop, merge a duplicate.
import { h, button, toast } from "../dom.js";
import { api } from "../api.js";
import { askText, attempt, confirmSheet } from "./parts.js";
import { renderSignup } from "./signup.js";

const content = { warbands: null, decks: null };
let lastRegistered = null;  // {name, link, replaced?}: the new player's link (or a lost one's replacement), shown once
let refused = null;         // {body, problems}: a deck the format refused
const draft = { name: "", warband: "", deck: "" };  // the form as typed, kept across re-renders

async function loadContent(ctx) {
  if (content.warbands) return;
  content.warbands = [];
  const q = `ruleset=${encodeURIComponent(ctx.view.setup.ruleset)}&per_page=500`;  // what the tournament's rules offer
  const [w, d] = await Promise.all([api("GET", `/api/content/underworlds/warbands?${q}`), api("GET", `/api/content/underworlds/decks?${q}`)]);
  content.warbands = w.status === 200 ? w.body.items : [];
  content.decks = d.status === 200 ? d.body.items : [];
  ctx.render();
}

function registration(ctx) {
  if (!content.warbands || !content.decks) { loadContent(ctx); return h("p", { class: "muted" }, "Loading warbands…"); }
  const chosen = draft.warband || (content.warbands[0] || {}).id;
  // The warband's own decks first, then universal ones, then other warbands' (the check says why those fail).
  const group = (label, decks) => decks.length ? h("optgroup", { label },
    decks.map((d) => h("option", { value: d.id, selected: d.id === draft.deck }, d.name))) : null;
  const keep = (key) => (e) => { draft[key] = e.target.value; };
  const name = h("input", { id: "reg-name", required: true, maxlength: "40", autocomplete: "off", value: draft.name,
    oninput: keep("name") });
  const warband = h("select", { id: "reg-warband", onchange: (e) => { draft.warband = e.target.value; draft.deck = ""; ctx.render(); } },
    content.warbands.map((w) => h("option", { value: w.id, selected: w.id === draft.warband }, w.name)));
  const deck = h("select", { id: "reg-deck", onchange: keep("deck") }, h("option", { value: "" }, "No deck data"),
    group("This warband's decks", content.decks.filter((d) => d.warband === chosen)),
    group("Universal decks", content.decks.filter((d) => !d.warband)),
    group("Other warbands' decks", content.decks.filter((d) => d.warband && d.warband !== chosen)));
  const send = async (body) => {
    let reply;
    try {
      reply = await ctx.call("POST", "/players", body);
    } catch {
      toast("The server cannot be reached.");
      return;
    }
    const err = reply.body && reply.body.error;
    if (reply.status === 422 && err && err.code === "deck_refused") {
      refused = { body, message: err.message, problems: err.violations || [] };
      ctx.render();
      return;
    }
    if (reply.status >= 300) { toast(err ? err.message : `The server answered ${reply.status}.`); return; }
    refused = null;
    Object.assign(draft, { name: "", deck: "" });
    for (const id of ["reg-name", "reg-deck"]) document.getElementById(id).value = "";
    if (reply.body.existing) { toast(reply.body.message, "info"); ctx.refresh(); return; }
    lastRegistered = { name: reply.body.name, link: reply.body.link };
    ctx.refresh();
  };
  const form = h("form", { class: "stack card", id: "register-form", onsubmit: (e) => {
    e.preventDefault();
    if (!name.value.trim()) { toast("Enter the player's name."); return; }
    send({ name: name.value.trim(), warband: warband.value, deck: deck.value || null });
  } },
  h("h3", {}, "Register a player"),
  h("label", { class: "field" }, h("span", {}, "Name"), name),
  h("label", { class: "field" }, h("span", {}, "Warband"), warband),
  h("label", { class: "field" }, h("span", {}, `Deck (checked for ${ctx.view.setup.format}${ctx.view.setup.card_list_name
    ? ` with ${ctx.view.setup.card_list_name} of ${ctx.view.setup.card_list_as_of}` : ""})`), deck),
  h("button", { type: "submit", class: "btn primary" }, "Register"));
  const problems = refused ? h("div", { class: "card warn-card", role: "alert", id: "deck-problems" },
    h("b", {}, `${refused.body.name}'s deck does not meet the ${ctx.view.setup.format} deck-building rules:`),
    h("ul", {}, refused.problems.map((p) => h("li", {}, p.message, h("p", { class: "rule" }, `Rule: ${p.rule}`)))),
    ctx.view.you.role === "organiser" ? button("Accept this deck anyway", async () => {
      const reason = await askText("Accept the deck", "Why the event accepts it", { required: true, action: "Accept" });
      if (reason) send({ ...refused.body, override: reason });
    }, { cls: "btn" }) : h("p", { class: "muted" }, "Only the organiser can accept a deck the format refuses.")) : null;
  const given = lastRegistered ? h("div", { class: "card ok-card", id: "player-link" },
    h("b", {}, lastRegistered.replaced ? `${lastRegistered.name}'s new link (the old one no longer works; shown once)`
      : `${lastRegistered.name}'s link (shown once: send or show it now)`),
    h("input", { class: "link-text", readonly: true, value: lastRegistered.link, "aria-label": `${lastRegistered.name}'s link`,
      onfocus: (e) => e.target.select() })) : null;
  return h("div", { class: "stack" }, form, problems, given);
}

function playerRow(ctx, p) {
  const act = (path, ok, body) => async () => {
    if (await attempt(ctx.call("POST", `/players/${encodeURIComponent(p.id)}/${path}`, body || {}), ok)) ctx.refresh();
  };
  const status = { registered: "Registered", checked_in: "Checked in", dropped: `Dropped after round ${p.dropped_after}`,
    merged: "Merged (duplicate)" }[p.status];
  return h("li", { class: `card player-row status-${p.status}`, dataset: { player: p.id } },
    h("div", { class: "grow" }, h("b", {}, p.name), h("small", {}, [p.warband_name || p.warband, status,
      p.from_round > 1 ? `joins round ${p.from_round}` : null].filter(Boolean).join(" · ")),
    p.deck_override ? h("small", { class: "warn-text" }, `Deck accepted: ${p.deck_override}`) : null),
    p.status === "registered" ? button("Check in", act("check-in", `${p.name} checked in`), { cls: "btn small primary", "aria-label": `Check in ${p.name}` }) : null,
    ["registered", "checked_in"].includes(p.status) ? button("Drop", async () => {
      const reason = await askText(`Drop ${p.name}`, "Reason (optional)", { action: "Drop" });
      if (reason !== null) await act("drop", `${p.name} dropped`, { reason })();
    }, { cls: "btn small ghost", "aria-label": `Drop ${p.name}` }) : null,
    ctx.view.you.role === "organiser" && p.status !== "merged" ? button("New link", () => replaceLink(ctx, p),
      { cls: "btn small ghost", "aria-label": `New link for ${p.name}` }) : null);
}

/** A player lost their link: a new one, and the old one stops working (organiser). */
async function replaceLink(ctx, p) {
  if (!await confirmSheet(`A new link for ${p.name}`, `${p.name}'s old link stops working at once, on every device that holds it.`, "Make a new link")) return;
  const reply = await attempt(ctx.call("POST", "/links/new", { role: "player", player: p.id }), `${p.name} has a new link`);
  if (!reply) return;
  lastRegistered = { name: p.name, link: reply.body.link, replaced: true };
  ctx.render();
  const box = document.getElementById("player-link");
  if (box) box.scrollIntoView({ block: "center" });
}

function mergeForm(ctx) {
  const options = ctx.view.players.filter((p) => p.status !== "merged").map((p) => h("option", { value: p.id }, `${p.name} (${p.id})`));
  const keep = h("select", { id: "merge-keep", "aria-label": "Keep" }, options.map((o) => o.cloneNode(true)));
  const remove = h("select", { id: "merge-remove", "aria-label": "Remove" }, options);
  return h("details", { class: "card" }, h("summary", {}, "Merge a duplicate registration"),
    h("div", { class: "stack" }, h("label", { class: "field" }, h("span", {}, "Keep"), keep),
      h("label", { class: "field" }, h("span", {}, "Fold in (the duplicate)"), remove),
      button("Merge", async () => {
        if (await attempt(ctx.call("POST", "/merge", { keep: keep.value, remove: remove.value }), "Merged")) ctx.refresh();
      }, { cls: "btn" })));
}

/**
 * The Players tab: register, hand out links, check in, drop, merge.
 * @param {TournamentContext} ctx
 * @returns {HTMLElement}
 */
export function renderPlayers(ctx) {
  const v = ctx.view;
  const desk = ["organiser", "scorekeeper"].includes(v.you.role);
  const checked = v.players.filter((p) => p.status === "checked_in").length;
  return h("div", { class: "stack" },
    desk ? registration(ctx) : null,
    desk ? renderSignup(ctx) : null,
    h("h2", {}, `Players (${checked} checked in of ${v.players.filter((p) => p.status !== "merged").length})`),
    h("ol", { class: "list", id: "players" }, v.players.map((p) => playerRow(ctx, p))),
    desk && v.players.length > 1 ? mergeForm(ctx) : null);
}
