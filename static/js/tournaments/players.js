// The Players tab: register one by one (the deck checked for the tournament's format, each problem with its
// rule) or paste a list, hand each player their link (text, Copy, QR, a printed slip), check in (all, ticked, one), keep a
// player at a fixed table, drop, merge a duplicate.
import { h, button, sheet, toast, control, keptOpen } from "../dom.js";
import { api } from "../api.js";
import { plural } from "../words.js";
import { askText, attempt, confirmSheet } from "./parts.js";
import { renderSignup } from "./signup.js";
import { linkCard } from "./linkcard.js";
import { printingOptions } from "./printings.js";
import { printSlips } from "./slips.js";
import { deadlineControl, filtered, paidButton, paidFilter } from "./bookkeeping.js";
import { editPlayer } from "./editplayer.js";
import { listedLinks, loadServedLinks } from "./playerlinks.js";

const content = { warbands: null, others: null, all: new Map(), decks: null };
const made = [];            // {player, name, link, replaced?, single?, madeAt}: every link made on this page, newest first
let refused = null;         // {body, problems}: a deck the format refused
let report = null;          // the last import's {added, existing, refused}
const ticked = new Set();   // players ticked for *Check in ticked*
const draft = { name: "", warband: "", printing: "", deck: "" };  // the form as typed, kept across re-renders
// The paste box as typed and whether it is open: a refresh (another phone's check-in, the page's poll) redraws the
// tab and must neither close the box nor lose a half-pasted list.
const pasted = { text: "", open: false };

async function loadContent(ctx) {
  if (content.warbands) return;
  content.warbands = [];
  const q = `ruleset=${encodeURIComponent(ctx.view.setup.ruleset)}&per_page=500`;  // what the tournament's rules offer
  const [w, all, d] = await Promise.all([api("GET", `/api/content/underworlds/warbands?${q}`),
    api("GET", "/api/content/underworlds/warbands?per_page=500"), api("GET", `/api/content/underworlds/decks?${q}`)]);
  content.warbands = w.status === 200 ? w.body.items : [];
  const offered = new Set(content.warbands.map((x) => x.id));
  const every = all.status === 200 ? all.body.items : [];
  content.all = new Map(every.map((x) => [x.id, x]));
  content.others = every.filter((x) => !offered.has(x.id));
  content.decks = d.status === 200 ? d.body.items : [];
  ctx.render();
}

/** The printing select, when the warband has a choice to make: a player registers the fighter cards they hold. */
function printingField(wid) {
  const options = printingOptions(wid, content.warbands, content.all, draft.printing);
  if (!options) return null;
  return h("label", { class: "field" }, h("span", {}, "Fighter cards (the printing the player holds)"),
    h("select", { id: "reg-printing", onchange: (e) => { draft.printing = e.target.value; } }, options));
}

/** Register one player; a deck the format refuses is kept, to show why and (for the organiser) to accept it anyway. */
async function sendRegistration(ctx, body) {
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
  // Everything the form held goes: the next player is not given this one's warband by mistake.
  Object.assign(draft, { name: "", warband: "", printing: "", deck: "" });
  for (const id of ["reg-name", "reg-warband", "reg-deck"]) control(id).value = "";
  if (reply.body.existing) { toast(reply.body.message, "info"); ctx.refresh(); return; }
  made.unshift({ player: reply.body.player, name: reply.body.name, link: reply.body.link, single: true, madeAt: Date.now() });
  ctx.refresh();
}

/** Why the format refused the last deck, each problem with its rule; the organiser may accept it with a reason. */
function deckProblems(ctx, send) {
  if (!refused) return null;
  return h("div", { class: "card warn-card", role: "alert", id: "deck-problems" },
    h("b", {}, `${refused.body.name}'s deck does not meet the ${ctx.view.setup.format} deck-building rules:`),
    h("ul", {}, refused.problems.map((p) => h("li", {}, p.message, h("p", { class: "rule" }, `Rule: ${p.rule}`)))),
    ctx.view.you.role === "organiser" ? button("Accept this deck anyway", async () => {
      const reason = await askText("Accept the deck", "Why the event accepts it", { required: true, action: "Accept" });
      if (reason) send({ ...refused.body, override: reason });
    }, { cls: "btn" }) : h("p", { class: "muted" }, "Only the organiser can accept a deck the format refuses."));
}

function registration(ctx) {
  if (!content.warbands || !content.decks) { loadContent(ctx); return h("p", { class: "muted" }, "Loading warbands…"); }
  const chosen = draft.warband;
  // The warband's own decks first, then universal ones, then other warbands' (the check says why those fail).
  const group = (label, decks) => decks.length ? h("optgroup", { label },
    decks.map((d) => h("option", { value: d.id, selected: d.id === draft.deck }, d.name))) : null;
  const keep = (key) => (e) => { draft[key] = e.target.value; };
  const name = h("input", { id: "reg-name", required: true, maxlength: "40", autocomplete: "off", value: draft.name,
    oninput: keep("name") });
  const warband = h("select", { id: "reg-warband", required: true,
    onchange: (e) => { Object.assign(draft, { warband: e.target.value, deck: "", printing: "" }); ctx.render(); } },
  h("option", { value: "", selected: !draft.warband }, "Choose a warband"),
  content.warbands.map((w) => h("option", { value: w.id, selected: w.id === draft.warband }, w.name)),
  content.others.length ? h("optgroup", { label: "Other printings (name the cards the player holds)" },
    content.others.map((w) => h("option", { value: w.id, selected: w.id === draft.warband }, w.name))) : null);
  const deck = h("select", { id: "reg-deck", onchange: keep("deck") }, h("option", { value: "" }, "No deck data"),
    group("This warband's decks", content.decks.filter((d) => d.warband === chosen)),
    group("Universal decks", content.decks.filter((d) => !d.warband)),
    group("Other warbands' decks", content.decks.filter((d) => d.warband && d.warband !== chosen)));
  const send = (body) => sendRegistration(ctx, body);
  const printing = printingField(chosen);
  const form = h("form", { class: "stack card", id: "register-form", onsubmit: (e) => {
    e.preventDefault();
    if (!name.value.trim()) { toast("Enter the player's name."); return; }
    if (!warband.value) { toast("Choose the player's warband."); return; }
    const body = { name: name.value.trim(), warband: warband.value, deck: deck.value || null };
    const pick = control("reg-printing");
    if (pick && pick.value) body.printing = pick.value;
    send(body);
  } },
  h("h3", {}, "Register a player"),
  h("label", { class: "field" }, h("span", {}, "Name"), name),
  h("label", { class: "field" }, h("span", {}, "Warband"), warband),
  printing,
  h("label", { class: "field" }, h("span", {}, `Deck (checked for ${ctx.view.setup.format}${ctx.view.setup.card_list_name
    ? ` with ${ctx.view.setup.card_list_name} of ${ctx.view.setup.card_list_as_of}` : ""})`), deck),
  h("button", { type: "submit", class: "btn primary" }, "Register"));
  return h("div", { class: "stack" }, form, deckProblems(ctx, send), importForm(ctx));
}

/** Paste a list (or read a CSV file into it): one player a line, "name, warband, deck". */
function importForm(ctx) {
  const text = h("textarea", { id: "import-text", rows: "6", maxlength: "32768", "aria-label": "Players, one a line",
    placeholder: "Ana, Cyreni's Razors, Cyreni's Razors Rivals Deck\nBen, garreks-reavers",
    oninput: () => { pasted.text = text.value; } });
  text.value = pasted.text;
  // What comes back after a wait (a file read, the server's reply) goes in the box on screen: a push may have
  // redrawn the tab meanwhile, and the redraw carries the box's text over from the one it found there.
  const onScreen = () => control("import-text") || text;
  const file = h("input", { id: "import-file", type: "file", accept: ".csv,.txt,text/csv,text/plain", "aria-label": "A CSV file of players",
    onchange: async (e) => {
      const f = e.target.files[0];
      if (!f) return;
      if (f.size > 32768) { toast("That file is too large for a list of players (32 KB at most)."); return; }
      onScreen().value = pasted.text = await f.text();
    } });
  return h("details", { class: "card", id: "import-players", ...keptOpen(Boolean(report) || pasted.open, (o) => { pasted.open = o; }) },
    h("summary", {}, "Paste or import a list of players"),
    h("div", { class: "stack" },
      h("p", { class: "muted" }, "One player a line: name, warband, deck (the deck may be left out). Warbands and decks by name or id; each line is checked like the form."),
      text, h("label", { class: "field" }, h("span", {}, "Or read a CSV file"), file),
      button("Import players", async () => {
        if (!text.value.trim()) { toast("Paste at least one line."); return; }
        const reply = await attempt(ctx.call("POST", "/players/import", { text: text.value }));
        if (!reply) return;
        report = reply.body;
        for (const p of report.added) made.unshift({ player: p.player, name: p.name, link: p.link, madeAt: Date.now() });
        onScreen().value = pasted.text = "";
        ctx.refresh();
      }, { cls: "btn primary", id: "import-submit" }),
      report ? importReport(ctx, report) : null));
}

function importReport(ctx, r) {
  const check = r.added.filter((x) => x.check_printing);
  return h("div", { class: `card ${r.refused.length || check.length ? "warn-card" : "ok-card"}`, id: "import-report", role: "status" },
    h("b", {}, `${r.added.length} registered, ${r.existing.length} already there, ${r.refused.length} refused`),
    r.existing.length ? h("small", {}, `Already registered: ${r.existing.map((x) => x.name).join(", ")}`) : null,
    check.length ? h("small", { id: "check-printings" }, `Check the fighter cards each holds (registered with the rules' printing; Edit to change): ${check.map((x) => `${x.name} (${x.check_printing})`).join(", ")}`) : null,
    r.refused.length ? h("ul", { class: "refused-lines" }, r.refused.map((x) => h("li", {},
      h("b", {}, `Line ${x.line}: `), x.text ? `${x.text}: ` : "", x.message,
      (x.closest || []).map((name) => button(`Use ${name}`, () => useClosest(ctx, x, name),
        { cls: "btn small", "aria-label": `Register line ${x.line} with ${name}` }))))) : null);
}

/** A refused line sent again with the closest name the server offered in place of the one it was not sure of. */
async function useClosest(ctx, x, name) {
  const fields = [...x.fields];
  fields[x.field === "deck" ? 2 : 1] = name;
  const line = fields.map((f) => (/[",;\t]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(", ");
  const reply = await attempt(ctx.call("POST", "/players/import", { text: line }));
  if (!reply) return;
  const again = reply.body;
  for (const p of again.added) made.unshift({ player: p.player, name: p.name, link: p.link, madeAt: Date.now() });
  report = { added: [...report.added, ...again.added], existing: [...report.existing, ...again.existing],
    refused: [...report.refused.filter((y) => y !== x), ...again.refused.map((y) => ({ ...y, line: x.line }))] };
  ctx.refresh();
}

/** The link just made by registering one player or replacing one (shown at once, by the form, to hand over). */
function justMade(ctx) {
  const m = made[0];
  if (!m || !m.single) return null;
  return h("ol", { class: "list just-made" }, linkCard({
    title: m.replaced ? `${m.name}'s new link (the old one no longer works)` : `${m.name}'s link`,
    label: `${m.name}'s link`, url: m.link, id: "player-link", dataset: { player: m.player } }));
}

// A few links fit on a phone's screen with their QR codes; a pasted list of a whole event would make the tab thousands
// of pixels tall, so there each QR code is drawn when the player steps up to scan it.
const QR_SHOWN_UP_TO = 3;

/** Every player's link: the server's for the organiser (a reload or another device lists them all again), else each
 * made on this page; newest first, below the players so *Check in all* stays near the top. */
function playerLinks(ctx) {
  loadServedLinks(ctx);
  const list = listedLinks(ctx, made);
  if (!list.length) return null;
  const organiser = ctx.view.you.role === "organiser";
  return h("section", { "aria-labelledby": "player-links-title", class: "stack" },
    h("h2", { id: "player-links-title" }, `Players' links (${list.length})`),
    h("p", { class: "muted" }, organiser ? "Each link is a player's key: show its QR code to the player or send it to them. Only the organiser's page lists them."
      : "Each link is a player's key: show its QR code to the player or send it to them. Shown on this page only until it is reloaded."),
    button("Print players' slips", () => printSlips(ctx.view.setup.name, list).catch(() => toast("The slips could not be drawn.")),
      { cls: "btn", id: "print-slips" }),
    h("ol", { class: "list", id: "player-links" }, list.map((m) => linkCard({
      title: m.replaced ? `${m.name}'s new link (the old one no longer works)` : `${m.name}'s link`,
      label: `${m.name}'s link`, url: m.link, cls: "player-link", dataset: { player: m.player },
      qrOnTap: list.length > QR_SHOWN_UP_TO }))));
}

/** Ask for a player's fixed table (a number, or none). */
function askTable(p) {
  return sheet(`A fixed table for ${p.name}`, (close) => {
    const input = h("input", { id: "fixed-table", type: "number", min: "1", max: "500", inputmode: "numeric",
      value: p.fixed_table ? String(p.fixed_table) : "", "aria-label": "Table number" });
    return h("div", { class: "stack" },
      h("p", {}, `Pairings put ${p.name} at this table every round (for example a table they can reach). Leave it empty for none.`),
      h("label", { class: "field" }, h("span", {}, "Table"), input),
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(undefined), { cls: "btn ghost" }),
        button("Save", () => {
          const n = input.value.trim() ? Number(input.value) : null;
          if (n !== null && !(Number.isInteger(n) && n >= 1 && n <= 500)) { toast("A table number from 1 to 500."); return; }
          close(n);
        }, { cls: "btn primary", id: "fixed-table-save" })));
  });
}

function playerRow(ctx, p, desk) {
  const act = (path, ok, body) => async () => {
    if (await attempt(ctx.call("POST", `/players/${encodeURIComponent(p.id)}/${path}`, body || {}), ok)) ctx.refresh();
  };
  const status = { registered: "Registered", checked_in: "Checked in", dropped: `Dropped after round ${p.dropped_after}`,
    merged: "Merged (duplicate)" }[p.status];
  const tick = desk && p.status === "registered" ? h("input", { type: "checkbox", class: "tick", checked: ticked.has(p.id),
    "aria-label": `Tick ${p.name}`, onchange: (e) => { if (e.target.checked) ticked.add(p.id); else ticked.delete(p.id); ctx.render(); } }) : null;
  return h("li", { class: `card player-row status-${p.status}`, dataset: { player: p.id } }, tick,
    h("div", { class: "grow" }, h("b", {}, p.name), h("small", {}, [p.warband_name || p.warband, status,
      p.fixed_table ? `table ${p.fixed_table} every round` : null,
      p.from_round > 1 ? `joins round ${p.from_round}` : null].filter(Boolean).join(" · ")),
    p.deck_override ? h("small", { class: "warn-text" }, `Deck accepted: ${p.deck_override}`) : null),
    // The actions go on their own line below the name: beside it, six buttons squeezed the name and warband to a
    // word per line and pushed the last button off a 360 px screen.
    h("div", { class: "row tight player-actions" },
    desk ? paidButton(ctx, p) : null,
    p.status === "registered" ? button("Check in", act("check-in", `${p.name} checked in`), { cls: "btn small primary", "aria-label": `Check in ${p.name}` }) : null,
    desk && ["registered", "checked_in"].includes(p.status) ? button("Table", async () => {
      const n = await askTable(p);
      if (n === undefined || (n === null && !p.fixed_table)) return;  // cancelled, or nothing to take away
      await act("table", n ? `${p.name} plays at table ${n}` : `${p.name} has no fixed table`, { table: n })();
    }, { cls: "btn small ghost", "aria-label": `Fixed table for ${p.name}` }) : null,
    ["registered", "checked_in"].includes(p.status) ? button("Drop", async () => {
      const reason = await askText(`Drop ${p.name}`, "Reason (optional)", { action: "Drop" });
      if (reason !== null) await act("drop", `${p.name} dropped`, { reason })();
    }, { cls: "btn small ghost", "aria-label": `Drop ${p.name}` }) : null,
    desk && p.status !== "merged" && content.decks ? button("Edit", () => editPlayer(ctx, p, content),
      { cls: "btn small ghost", "aria-label": `Edit ${p.name}` }) : null,
    ctx.view.you.role === "organiser" && p.status !== "merged" ? button("New link", () => replaceLink(ctx, p),
      { cls: "btn small ghost", "aria-label": `New link for ${p.name}` }) : null));
}

/** Check in the ticked players, or (none ticked) every registered one. */
async function checkIn(ctx, players) {
  const body = players ? { players } : {};
  const reply = await attempt(ctx.call("POST", "/players/check-in", body));
  if (!reply) return;
  ticked.clear();
  const n = reply.body.checked_in.length;
  toast(`${plural(n, "player")} checked in`, "info", 2500);
  ctx.refresh();
}

/** A player lost their link: a new one, and the old one stops working (organiser). */
async function replaceLink(ctx, p) {
  if (!await confirmSheet(`A new link for ${p.name}`, `${p.name}'s old link stops working at once, on every device that holds it.`, "Make a new link")) return;
  const reply = await attempt(ctx.call("POST", "/links/new", { role: "player", player: p.id }), `${p.name} has a new link`);
  if (!reply) return;
  made.unshift({ player: p.id, name: p.name, link: reply.body.link, replaced: true, single: true, madeAt: Date.now() });
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
 * The Players tab: register or import, hand out links, check in, fixed tables, drop, merge.
 * @param {TournamentContext} ctx
 * @returns {HTMLElement}
 */
export function renderPlayers(ctx) {
  const v = ctx.view;
  const desk = ["organiser", "scorekeeper"].includes(v.you.role);
  const checked = v.players.filter((p) => p.status === "checked_in").length;
  const waiting = v.players.filter((p) => p.status === "registered");
  for (const id of [...ticked]) if (!waiting.some((p) => p.id === id)) ticked.delete(id);
  return h("div", { class: "stack" },
    desk ? registration(ctx) : null,
    desk ? justMade(ctx) : null,
    desk ? renderSignup(ctx) : null,
    h("h2", {}, `Players (${checked} checked in of ${v.players.filter((p) => p.status !== "merged").length})`),
    desk && waiting.length ? h("div", { class: "row check-in-bar" },
      button(`Check in all (${waiting.length})`, () => checkIn(ctx, null), { cls: "btn primary grow", id: "check-in-all" }),
      ticked.size ? button(`Check in ticked (${ticked.size})`, () => checkIn(ctx, [...ticked]), { cls: "btn grow", id: "check-in-ticked" }) : null) : null,
    desk && v.players.length ? paidFilter(ctx) : null,
    h("ol", { class: "list", id: "players" }, filtered(v.players).map((p) => playerRow(ctx, p, desk))),
    desk ? playerLinks(ctx) : null,
    desk && v.players.length > 1 ? mergeForm(ctx) : null,
    v.you.role === "organiser" ? deadlineControl(ctx) : null);
}
