// A sheet asking for a short text (a reason, a note): the tournament pages' and the table's tournament strip's, one small
// module so the table page does not load the tournament pages' parts for it.
import { h, button, sheet, toast } from "../dom.js";

/**
 * Ask for a short text (a reason, a note); resolves the text or null.
 * @param {string} title
 * @param {string} label
 * @param {{required?: boolean, action?: string}} [options]
 * @returns {Promise<string|null>}
 */
export function askText(title, label, { required = false, action = "Send" } = {}) {
  return sheet(title, (close) => {
    const input = h("textarea", { id: "ask-text", rows: "3", maxlength: "300", "aria-label": label });
    return h("div", { class: "stack" }, h("label", { class: "field" }, h("span", {}, label), input),
      h("div", { class: "sheet-actions" }, button("Cancel", () => close(null), { cls: "btn ghost" }),
        button(action, () => {
          if (required && !input.value.trim()) { toast("Please write a few words."); return; }
          close(input.value.trim());
        }, { cls: "btn primary" })));
  });
}
