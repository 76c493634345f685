// The Links tab (organiser): scorekeeper, judge and table-device links, the public page and exports.
import { h, button } from "../dom.js";
import { attempt, confirmSheet, exportLinks } from "./parts.js";

const made = [];  // links made in this session: a token is shown once, when it is made

function linkBox(label, url) {
  return h("li", { class: "card link-box" }, h("div", { class: "grow" }, h("b", {}, label),
    h("input", { class: "link-text", readonly: true, value: url, "aria-label": `${label} link`, onfocus: (e) => e.target.select() })),
  button("Copy", () => navigator.clipboard && navigator.clipboard.writeText(url), { cls: "btn small", "aria-label": `Copy the ${label} link` }));
}

/**
 * The Links tab: make staff and table-device links; the public page and exports.
 * @param {TournamentContext} ctx
 * @returns {HTMLElement}
 */
export function renderLinks(ctx) {
  const name = h("input", { id: "link-name", maxlength: "40", placeholder: "Name (shown in the log)" });
  const table = h("input", { id: "link-table", type: "number", min: "1", max: "500", value: "1", "aria-label": "Table number" });
  const make = async (body, label) => {
    const reply = await attempt(ctx.call("POST", "/links", body), "Link made");
    if (reply) { made.unshift({ label, url: reply.body.link }); ctx.render(); }
  };
  const replace = async (body, label) => {
    if (!await confirmSheet(`A new link for ${label}`, `The old ${label} link stops working at once, on every device that holds it.`, "Make a new link")) return;
    const reply = await attempt(ctx.call("POST", "/links/new", body), "New link made");
    if (reply) { made.unshift({ label: `${label} (new)`, url: reply.body.link }); ctx.render(); }
  };
  const publicUrl = new URL(`/tournament/${encodeURIComponent(ctx.tournamentId)}/public`, location.href).href;
  return h("div", { class: "stack" },
    h("p", { class: "muted" }, "Each link is a key: send it only to the person it is for. It is shown once."),
    h("label", { class: "field" }, h("span", {}, "Scorekeeper or judge"), name),
    h("div", { class: "row" },
      button("Scorekeeper link", () => make({ role: "scorekeeper", name: name.value.trim() }, `Scorekeeper ${name.value.trim()}`), { cls: "btn grow" }),
      button("Judge link", () => make({ role: "judge", name: name.value.trim() }, `Judge ${name.value.trim()}`), { cls: "btn grow" })),
    h("div", { class: "row" }, h("label", { class: "field grow" }, h("span", {}, "Table device for table"), table),
      button("Table device link", () => make({ role: "table", table: Number(table.value) }, `Table ${table.value} device`), { cls: "btn" })),
    h("details", { class: "card", id: "lost-link" }, h("summary", {}, "A lost link"),
      h("p", { class: "muted" }, "Makes a new link for the name or table above; the old one stops working. A player's is under Players."),
      h("div", { class: "row" },
        button("Replace scorekeeper link", () => replace({ role: "scorekeeper", name: name.value.trim() }, `Scorekeeper ${name.value.trim()}`), { cls: "btn small grow" }),
        button("Replace judge link", () => replace({ role: "judge", name: name.value.trim() }, `Judge ${name.value.trim()}`), { cls: "btn small grow" }),
        button("Replace table device link", () => replace({ role: "table", table: Number(table.value) }, `Table ${table.value} device`), { cls: "btn small grow" }))),
    h("ul", { class: "list", id: "made-links" }, made.map((m) => linkBox(m.label, m.url))),
    h("h2", {}, "Public page"), h("ul", { class: "list" }, linkBox("Public pairings and standings", publicUrl)),
    h("ul", { class: "list", id: "wall-links" }, linkBox("Venue screen", publicUrl.replace(/\/public$/, "/venue")),
      linkBox("Stream overlay of table 1 (another table: change the 1)", publicUrl.replace(/\/public$/, "/table/1/overlay"))),
    h("img", { class: "qr", src: `/api/tournaments/${encodeURIComponent(ctx.tournamentId)}/qr.svg`, alt: "QR code of the public page" }),
    h("h2", {}, "Exports"), exportLinks(ctx.tournamentId));
}
