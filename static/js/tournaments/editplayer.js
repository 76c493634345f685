// Edit a registration in place (the Players tab's *Edit*): name, warband, fighter cards' printing and deck, sent as
// only what changed; the server checks it as a registration and logs who changed what and when.
import { h, button, sheet, toast } from "../dom.js";
import { askText, attempt } from "./parts.js";
import { printingOptions } from "./printings.js";

/** The sheet's fields for a player, from the content the Players tab loaded ({warbands, others, all, decks}). */
function fields(p, content, state) {
  const name = h("input", { id: "edit-name", maxlength: "40", autocomplete: "off", value: state.name,
    oninput: (e) => { state.name = e.target.value; } });
  const printingBox = h("div", {});
  const drawPrinting = () => {
    const options = printingOptions(state.warband, content.warbands, content.all, state.printing);
    printingBox.replaceChildren(options ? h("label", { class: "field" }, h("span", {}, "Fighter cards (the printing the player holds)"),
      h("select", { id: "edit-printing", onchange: (e) => { state.printing = e.target.value; } }, options)) : "");
    if (options && !state.printing) state.printing = printingBox.querySelector("select").value;
  };
  const warband = h("select", { id: "edit-warband", onchange: (e) => {
    Object.assign(state, { warband: e.target.value, printing: "" });
    drawPrinting();
  } },
  [...content.warbands, ...content.others].map((w) => h("option", { value: w.id, selected: w.id === state.warband }, w.name)));
  const deck = h("select", { id: "edit-deck", onchange: (e) => { state.deck = e.target.value; } },
    h("option", { value: "", selected: !state.deck }, "No deck data"),
    content.decks.map((d) => h("option", { value: d.id, selected: d.id === state.deck }, d.name)));
  drawPrinting();
  return [h("label", { class: "field" }, h("span", {}, "Name"), name),
    h("label", { class: "field" }, h("span", {}, "Warband"), warband), printingBox,
    p.deck !== undefined ? h("label", { class: "field" }, h("span", {}, "Deck"), deck) : null];
}

/** What changed between the registration and the sheet (only those fields are sent). */
function changes(p, state) {
  const body = {};
  if (state.name.trim() && state.name.trim() !== p.name) body.name = state.name.trim();
  if (state.warband !== p.warband) body.warband = state.warband;
  if ((state.printing || null) !== (p.printing || null)) body.printing = state.printing || null;
  if (p.deck !== undefined && (state.deck || null) !== (p.deck || null)) body.deck = state.deck || null;
  return body;
}

/**
 * Edit a player's registration; the organiser may accept a deck the format refuses, with a reason.
 * @param {TournamentContext} ctx
 * @param {object} p the player as the staff's view gives it
 * @param {{warbands: object[], others: object[], all: Map<string, object>, decks: object[]}} content
 */
export async function editPlayer(ctx, p, content) {
  const state = { name: p.name, warband: p.warband, printing: p.printing || "", deck: p.deck || "" };
  const body = await sheet(`Edit ${p.name}'s registration`, (close) => h("form", { class: "stack", id: "edit-player",
    onsubmit: (e) => { e.preventDefault(); close(changes(p, state)); } },
  ...fields(p, content, state),
  h("p", { class: "muted" }, "The change is logged with who made it; the judges see it at the player's table."),
  h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn ghost" }),
    h("button", { type: "submit", class: "btn primary", id: "edit-save" }, "Save"))));
  if (!body) return;
  if (!Object.keys(body).length) { toast("Nothing changed.", "info"); return; }
  const path = `/players/${encodeURIComponent(p.id)}/edit`;
  const reply = await ctx.call("POST", path, body).catch(() => null);
  const err = reply && reply.body && reply.body.error;
  if (reply && reply.status === 422 && err && err.code === "deck_refused" && ctx.view.you.role === "organiser") {
    const reason = await askText("The format refuses this deck", `${err.message} Why the event accepts it`,
      { required: true, action: "Accept" });
    if (reason && await attempt(ctx.call("POST", path, { ...body, override: reason }), `${p.name}'s registration saved`)) ctx.refresh();
    return;
  }
  if (!reply) { toast("The server cannot be reached."); return; }
  if (reply.status >= 300) { toast(err ? err.message : `The server answered ${reply.status}.`); return; }
  toast(`${reply.body.name}'s registration saved`, "info", 2500);
  ctx.refresh();
}
