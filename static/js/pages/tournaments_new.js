// Create a tournament: the form becomes POST /api/tournaments; the organiser's link (its token in the
// fragment) opens the tournament page, the token is kept on this device, and the page shows the link and the
// recovery code once to keep them safe.
import { h, replace, control } from "../dom.js";
import { api, errorText, NetworkError } from "../api.js";
import { rememberTournament } from "../tournaments/store.js";
import { showOnce } from "../tournaments/recover.js";
import { TIEBREAKERS } from "../tournaments/words.js";
import { registerServiceWorker, watchNetwork } from "../pwa.js";
import { showConnection } from "../conn.js";

const form = document.getElementById("tournament-form");
const errorBox = document.getElementById("tournament-error");
const DEFAULT_ORDER = ["glory_difference", "total_glory", "head_to_head", "roll_off"];

function tiebreakerPickers() {
  const box = document.getElementById("tournament-tiebreakers");
  const keys = Object.keys(TIEBREAKERS);
  replace(box, [0, 1, 2, 3, 4, 5].map((i) => h("label", { class: "field" },
    h("span", {}, `${i + 1}.`),
    h("select", { id: `tournament-tb-${i}`, "aria-label": `Tiebreaker ${i + 1}` },
      h("option", { value: "" }, i === 0 ? "None (match points only)" : "None"),
      keys.map((k) => h("option", { value: k, selected: DEFAULT_ORDER[i] === k }, TIEBREAKERS[k]))))));
}

const num = (id) => Number(control(id).value);

function body() {
  const [ruleset, format] = control("tournament-format").value.split("|");
  const tiebreakers = [];
  for (let i = 0; i < 6; i += 1) {
    const v = control(`tournament-tb-${i}`).value;
    if (v && !tiebreakers.includes(v)) tiebreakers.push(v);
  }
  return {
    name: control("tournament-name").value.trim(), date: control("tournament-date").value,
    ruleset, format, best_of: format === "matched" ? 3 : 1,
    ...(format === "matched" ? { match_tiebreakers: control("tournament-match-tiebreakers").checked } : {}),
    ...(LISTED.includes(format) && control("tournament-card-list").value.trim()
      ? { card_list: control("tournament-card-list").value.trim() } : {}),
    rounds: num("tournament-rounds"), round_minutes: num("tournament-minutes"), tiebreakers,
    points: { win: num("tournament-win"), draw: num("tournament-draw"), loss: num("tournament-loss") },
    bye: { points: num("tournament-win"), glory_for: num("tournament-bye-for"), glory_against: num("tournament-bye-against") },
    end_of_time: control("tournament-end").value.trim(), slow_minutes: num("tournament-slow"),
  };
}

function showError(text) {
  errorBox.textContent = text;
  errorBox.hidden = !text;
}

// The tiebreakers of a best-of-three match are agreed before it (Shadespire pg 26): asked only for matched play.
const formatSelect = control("tournament-format");
// An organiser's dated card list replaces the app's restricted and forbidden lists (current rules only).
const LISTED = ["championship", "nemesis"];
formatSelect.addEventListener("change", () => {
  document.getElementById("tournament-match-tiebreakers-field").hidden = !formatSelect.value.endsWith("|matched");
  document.getElementById("tournament-card-list-field").hidden = !(formatSelect.value.startsWith("underworlds/deathgorge|")
    && LISTED.includes(formatSelect.value.split("|")[1]));
});

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  showError("");
  let reply;
  try {
    reply = await api("POST", "/api/tournaments", { body: body() });
  } catch (err) {
    if (err instanceof NetworkError) return showError("The server cannot be reached. Check the Wi-Fi and try again.");
    throw err;
  }
  if (reply.status !== 201) {
    const fields = (reply.body && reply.body.error && reply.body.error.fields) || {};
    const detail = Object.entries(fields).map(([k, v]) => `${k}: ${[].concat(v).join(" ")}`).join("; ");
    return showError(detail ? `${errorText(reply)} ${detail}` : errorText(reply));
  }
  rememberTournament(reply.body.id, { token: reply.body.organiser_token, role: "organiser", subject: "", label: "Organiser",
    name: reply.body.name });
  // The tournament page shows the organiser's link and the recovery code once, to keep them safe.
  showOnce({ id: reply.body.id, link: reply.body.links.organiser, recovery_code: reply.body.recovery_code });
  location.assign(`/tournament/${encodeURIComponent(reply.body.id)}`);
});

control("tournament-date").value = new Date().toISOString().slice(0, 10);
tiebreakerPickers();
form.dataset.ready = "true";  // the form is live (tests and slow phones wait for this)
registerServiceWorker();
watchNetwork(showConnection);
