// Never locked out: the organiser's link and recovery code shown once after creating the tournament (or after
// a recovery), and the form that trades the recovery code for a new organiser link.
import { h, button, toast } from "../dom.js";
import { api, errorText } from "../api.js";
import { addLink, rememberTournament } from "./store.js";
import { copyText, linkCard } from "./linkcard.js";

const SHOWN = "tw.created";  // sessionStorage: {id, link, recovery_code} until the tournament page has shown it

/**
 * Hand the new organiser link and recovery code to the tournament page, which shows them once.
 * @param {{id: string, link: string, recovery_code: string}} made
 * @returns {void}
 */
export function showOnce(made) {
  sessionStorage.setItem(SHOWN, JSON.stringify({ id: made.id, link: made.link, recovery_code: made.recovery_code }));
}

/**
 * The link and code waiting to be shown for this tournament (taken: a reload does not show them again).
 * @param {string} id
 * @returns {{link: string, recovery_code: string}|null}
 */
export function takeShown(id) {
  let made = null;
  try { made = JSON.parse(sessionStorage.getItem(SHOWN)); } catch { made = null; }
  if (!made || made.id !== id) return null;
  sessionStorage.removeItem(SHOWN);
  return made;
}

/**
 * "Keep it safe": the organiser's link (Copy, QR) and the recovery code, shown once.
 * @param {{link: string, recovery_code: string}} made
 * @param {() => void} done
 * @returns {HTMLElement}
 */
export function keepSafeCard(made, done) {
  return h("section", { class: "card warn-card stack", id: "keep-safe", "aria-labelledby": "keep-safe-title" },
    h("h2", { id: "keep-safe-title" }, "Keep the organiser's link safe"),
    h("p", {}, "This link is the key to the whole event. It is kept on this device; copy it or scan it onto another one too."),
    h("ul", { class: "list" }, linkCard({ title: "Organiser's link", label: "the organiser's link", url: made.link, id: "organiser-link" })),
    h("p", {}, "If the link is ever lost, this recovery code makes a new one (start screen, ", h("i", {}, "Recover an event"),
      "). Write it down or keep it in a password manager: it is shown only now."),
    h("p", { class: "recovery-code" }, h("code", { id: "recovery-code" }, made.recovery_code)),
    h("div", { class: "row" },
      button("Copy the code", () => copyText(made.recovery_code, "The recovery code"), { cls: "btn" }),
      button("I have kept them safe", done, { cls: "btn primary grow", id: "keep-safe-done" })));
}

/**
 * The recovery form: the code given at creation -> a new organiser link on this device (the old one stops
 * working), then the tournament page shows the new link and the new code once.
 * @param {{open?: boolean}} [options]
 * @returns {HTMLElement}
 */
export function recoverForm({ open = false } = {}) {
  const code = h("input", { id: "recover-code", maxlength: "64", autocomplete: "off", autocapitalize: "characters",
    placeholder: "ABCD-EFGH-JKMN-PQRS-TUVW", "aria-label": "Recovery code" });
  const error = h("p", { class: "error", role: "alert", hidden: true, id: "recover-error" });
  return h("details", { class: "card", id: "recover", open }, h("summary", {}, "Recover an event (lost organiser's link)"),
    h("form", { class: "stack", onsubmit: async (e) => {
      e.preventDefault();
      error.hidden = true;
      if (!code.value.trim()) { toast("Enter the recovery code."); return; }
      let reply;
      try {
        reply = await api("POST", "/api/tournaments/recover", { body: { code: code.value.trim() } });
      } catch {
        toast("The server cannot be reached. Check the Wi-Fi and try again.");
        return;
      }
      if (reply.status !== 201) {
        error.textContent = errorText(reply);
        error.hidden = false;
        return;
      }
      const made = reply.body;
      addLink(made.id, made.organiser_token);
      rememberTournament(made.id, { role: "organiser", subject: "", label: "Organiser", name: made.name });
      showOnce(made);
      location.assign(`/tournament/${encodeURIComponent(made.id)}`);
    } },
    h("p", { class: "muted" }, "The code given when the event was made replaces the organiser's link: the old link stops working and a new code is given."),
    h("label", { class: "field" }, h("span", {}, "Recovery code"), code), error,
    h("button", { type: "submit", class: "btn primary", id: "recover-submit" }, "Recover the organiser's link")));
}
