// Players signing themselves up: the organiser opens and closes the public registration link (with a cap), shows
// it with its QR code, and the desk accepts or declines each request; the organiser publishes the deck lists.
import { h, button, toast, control } from "../dom.js";
import { qrSvg } from "../qr.js";
import { attempt, askText, confirmSheet } from "./parts.js";

const LINKS = "tw.registration";  // tournament id -> the registration link this organiser's device made

function savedLink(id) {
  try { return (JSON.parse(localStorage.getItem(LINKS)) || {})[id] || null; } catch { return null; }
}

function keepLink(id, link) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(LINKS)) || {}; } catch { all = {}; }
  all[id] = link;
  localStorage.setItem(LINKS, JSON.stringify(all));
}

async function setRegistration(ctx, payload, ok) {
  const reply = await attempt(ctx.call("POST", "/registration", payload), ok);
  if (!reply) return;
  if (reply.body.link) keepLink(ctx.tournamentId, reply.body.link);
  ctx.refresh();
}

function capValue() {
  const raw = control("signup-cap").value.trim();
  return raw === "" ? null : Number(raw);
}

function linkBox(ctx) {
  const link = savedLink(ctx.tournamentId);
  if (!link) return h("p", { class: "muted" }, "This device has no copy of the registration link: make a new one to show it.");
  const qr = h("div", { class: "qr-box", id: "signup-qr" });
  qrSvg(link, 200, "QR code of the registration link").then((code) => qr.append(code)).catch(() => {});
  return h("div", { class: "stack" },
    h("input", { class: "link-text", id: "signup-link", readonly: true, value: link, "aria-label": "Registration link",
      onfocus: (e) => e.target.select() }),
    button("Copy the link", async () => {
      try { await navigator.clipboard.writeText(link); toast("Registration link copied", "info", 2000); } catch {
        control("signup-link").select();
        toast("Copy the selected link.", "info");
      }
    }, { cls: "btn small" }),
    qr);
}

function linkCard(ctx) {
  const s = ctx.view.signup;
  const state = s.open ? `Open · ${s.taken} of ${s.cap ?? "any number of"} places taken${s.waitlist ? ` · ${s.waitlist} on the waitlist` : ""}`
    : "Closed: players cannot ask for a place.";
  const cap = h("input", { id: "signup-cap", type: "number", min: "1", max: "1000", inputmode: "numeric",
    value: s.cap ?? "", placeholder: "No cap" });
  return h("div", { class: "card stack", id: "signup-card" },
    h("h3", {}, "Players register from their phones"),
    h("p", { id: "signup-state" }, state),
    h("label", { class: "field" }, h("span", {}, "Places (cap; past it, requests wait on the waitlist)"), cap),
    h("div", { class: "row" },
      s.open ? button("Save the cap", () => setRegistration(ctx, { open: true, cap: capValue() }, "Cap saved"), { cls: "btn" })
        : button("Open registration", () => setRegistration(ctx, { open: true, cap: capValue() }, "Registration is open"), { cls: "btn primary" }),
      s.open ? button("Close registration", () => setRegistration(ctx, { open: false }, "Registration is closed"), { cls: "btn" }) : null),
    s.open ? linkBox(ctx) : null,
    s.open ? button("New registration link", async () => {
      if (await confirmSheet("A new registration link", "The link already handed out stops working at once.", "Make a new link")) {
        await setRegistration(ctx, { open: true, new_link: true }, "New registration link");
      }
    }, { cls: "btn small ghost" }) : null);
}

function requestRow(ctx, r) {
  const act = async (verdict, payload, ok) => {
    if (await attempt(ctx.call("POST", `/requests/${encodeURIComponent(r.id)}/${verdict}`, payload), ok)) ctx.refresh();
  };
  const status = { pending: "Waiting for your answer", waitlisted: `Waitlist, number ${r.position}`, accepted: "Accepted",
    declined: "Declined", withdrawn: "Withdrawn by the player" }[r.status];
  const waiting = ["pending", "waitlisted"].includes(r.status);
  return h("li", { class: `card request-row status-${r.status}`, dataset: { request: r.id } },
    h("div", { class: "grow" }, h("b", {}, r.name),
      h("small", {}, [r.warband_name || r.warband, r.printing ? `${r.printing} fighter cards` : null, r.deck_name || r.deck || (r.deck === null ? "no deck data" : null), status].filter(Boolean).join(" · "))),
    r.status === "pending" ? button("Accept", () => act("accept", {}, `${r.name} registered`),
      { cls: "btn small primary", "aria-label": `Accept ${r.name}` }) : null,
    waiting ? button("Decline", async () => {
      const reason = await askText(`Decline ${r.name}`, "Reason (the player sees it; optional)", { action: "Decline" });
      if (reason !== null) await act("decline", { reason }, `${r.name} declined`);
    }, { cls: "btn small ghost", "aria-label": `Decline ${r.name}` }) : null);
}

function deckLists(ctx) {
  if (ctx.view.decklists) return h("p", { class: "muted", id: "decklists-state" }, "Deck lists are published on the public page.");
  return h("div", { class: "card stack", id: "decklists-state" },
    h("p", {}, "Until you publish them, each deck is seen by you and its own player only."),
    button("Publish the deck lists", async () => {
      if (!await confirmSheet("Publish the deck lists", "Everyone, on the public page too, then sees every registered deck. This cannot be undone.", "Publish")) return;
      if (await attempt(ctx.call("POST", "/decklists"), "Deck lists published")) ctx.refresh();
    }, { cls: "btn" }));
}

/**
 * Self-registration (organiser: the link; organiser and scorekeeper: the requests) and the deck lists (organiser).
 * @param {TournamentContext} ctx
 * @returns {HTMLElement|null}
 */
export function renderSignup(ctx) {
  const v = ctx.view;
  const organiser = v.you.role === "organiser";
  const requests = (v.signup && v.signup.requests) || [];
  const open = requests.filter((r) => ["pending", "waitlisted"].includes(r.status));
  return h("div", { class: "stack" },
    organiser ? linkCard(ctx) : null,
    requests.length ? h("h2", {}, `Requests (${open.length} waiting)`) : null,
    requests.length ? h("ol", { class: "list", id: "requests" }, requests.map((r) => requestRow(ctx, r))) : null,
    organiser ? deckLists(ctx) : null);
}
