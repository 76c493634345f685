// The sheets a fighter card opens: its tokens and counters (and the Inspire the players judge or a card gives), the
// damage that would take it out of action asked first, and the reason an Inspire by a card is logged with.
import { h, button, sheet } from "../../dom.js";
import { askReason } from "../../dialogs.js";
import { card, fighterName, TOKEN_NAMES, conditionWords } from "./pieces.js";
import { offers, inspireDue, inspireJudged } from "./offers.js";

/** Inspire by a card (cards beat rules): the reason is asked first and logged with the override. */
async function inspireByCard(c, fid, name) {
  const reason = await askReason(`Inspire ${name} by a card`,
    "Which card or ability Inspires this fighter? The reason is logged and shown to everyone.");
  if (reason) c.submit("inspire", { fighter: fid }, { override: { reason } });
}

/** One damage from the fighter card; asks first when it would take the fighter out of action. @param {TableContext} c @param {string} fid @param {string} name @param {number|null} left @returns {Promise<void>} */
export async function dealOne(c, fid, name, left) {
  const pendingDamage = (c.pending || []).filter((e) => e.type === "damage" && e.data.fighter === fid).reduce((n, e) => n + (e.data.amount || 0), 0);
  if (left !== null && left - pendingDamage <= 1) {
    const ok = await sheet(`Take ${name} out of action?`, (close) => h("div", { class: "stack", "data-dialog": "lethal-damage" },
      h("p", {}, `One more damage leaves ${name} with no wounds: out of action, and the rules then give out its bounty.`),
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(false), { cls: "btn" }),
        button("1 damage: out of action", () => close(true), { cls: "btn danger", "data-action": "confirm-lethal" }))));
    if (!ok) return;
  }
  c.submit("damage", { fighter: fid, amount: 1, source: "card" });
}

/** The fighter's Tokens & counters sheet. @param {object} view @param {string} fid @param {TableContext} c @returns {Promise<*>} */
export function tokenSheet(view, fid, c) {
  const f = view.fighters[fid];
  const name = fighterName(view, fid);
  const tk = offers(c, fid, "token");
  const ct = offers(c, fid, "counter");
  // Tokens this edition has come from the engine's "Give a token" template (the state lists every one at 0).
  const give = tk && tk.find((s) => s.template && s.template.data.action === "give");
  const kinds = give ? give.choices.token : tk ? [] : Object.keys(f.tokens || {});
  const may = (list, pred, fallback) => (list ? list.some((s) => pred((s.template || s.event).data)) : fallback);
  const giveCounter = ct && ct.find((s) => s.template.data.action === "give");
  const send = (close, type, data) => { close(); c.submit(type, { fighter: fid, ...data }); };
  let cname = "";
  return sheet(`Tokens & counters: ${name}`, (close) => h("div", { class: "stack" },
    kinds.map((t) => {
      const n = (f.tokens || {})[t] || 0;
      return h("div", { class: "row", "data-token": t },
        h("span", { class: "grow", style: "font-weight:700" }, `${TOKEN_NAMES[t] || t}: ${n}`),
        button("Remove", () => send(close, "token", { token: t, action: "remove" }),
          { cls: "btn small", aria: `Remove a ${TOKEN_NAMES[t] || t} token from ${name}`, disabled: !may(tk, (d) => d.action === "remove" && d.token === t, n > 0) }),
        button("Give", () => send(close, "token", { token: t, action: "give" }), { cls: "btn small", aria: `Give ${name} a ${TOKEN_NAMES[t] || t} token` }));
    }),
    // Named counters (Tokens and counters pg 19): only where the engine has the counter event.
    Object.entries(f.counters || {}).map(([k, n]) => h("div", { class: "row", "data-counter": k },
      h("span", { class: "grow", style: "font-weight:700" }, `${k} counters: ${n}`),
      button("−", () => send(close, "counter", { name: k, action: "remove", count: 1 }),
        { cls: "btn small", aria: `Remove a ${k} counter from ${name}`, disabled: !may(ct, (d) => d.action === "remove" && d.name === k, true) }),
      giveCounter ? button("+", () => send(close, "counter", { name: k, action: "give", count: 1 }), { cls: "btn small", aria: `Give ${name} a ${k} counter` }) : null)),
    giveCounter ? h("div", { class: "row" },
      h("input", { style: "flex:1 1 0;min-width:0", maxlength: (giveCounter.fields.name || {}).max_length || 24, placeholder: "New counter, e.g. blood",
        "aria-label": "Counter name", oninput: (e) => { cname = e.target.value; } }),
      button("Give", () => { if (cname.trim()) send(close, "counter", { name: cname.trim(), action: "give", count: 1 }); },
        { cls: "btn small", aria: `Give ${name} the named counter` })) : null,
    !f.inspired && inspireJudged(c, fid) ? h("div", { class: "row" },
      h("span", { class: "grow" }, h("b", {}, "Inspire: "), conditionWords((card(view, fid).inspire_condition || {}).text) || "its condition (on the card)"),
      button("Condition met", () => send(close, "inspire", {}),
        { cls: "btn small", aria: `${name}'s Inspire condition is met: Inspire`, "data-action": "inspire-condition-met" })) : null,
    f.inspired || inspireDue(c, fid) ? null : h("div", { class: "row" },
      h("span", { class: "grow", style: "font-weight:700" }, "Inspire (card effect)"),
      button("By a card…", () => { close(); inspireByCard(c, fid, name); },
        { cls: "btn small", aria: `Inspire ${name} by a card`, "data-action": "inspire-by-card" })),
    h("div", { class: "sheet-actions" }, button("Close", () => close(null), { cls: "btn" }))));
}
