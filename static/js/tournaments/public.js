// The public page: the current round's pairings and the standings, with a QR code of this page.
import { h } from "../dom.js";
import { STATUS, extraText, resultText } from "./words.js";
import { exportLinks, roundClock, standingsTable } from "./parts.js";
import { bracketPanel } from "./bracket.js";

/**
 * Pairings of a published round, table by table; a table still playing says the extra minutes a judge gave it.
 * @param {{tables: Array<{table: number, names: string[], players: string[], result?: object|null, status: string, extra_minutes?: number}>, bye?: string|null, bye_name?: string|null}} rnd
 * @returns {HTMLElement}
 */
export function pairingsList(rnd) {
  return h("ol", { class: "list pairings" }, rnd.tables.map((t) => h("li", { class: "card" },
    h("span", { class: "table-no" }, `T${t.table}`),
    h("span", { class: "grow" }, `${t.names[0]} vs ${t.names[1]}`,
      h("small", { "data-table-state": t.table }, t.result ? resultText(t.result, t.players, t.names)
        : [STATUS[t.status], extraText(t)].filter(Boolean).join(" · "))))),
  rnd.bye ? h("li", { class: "card" }, h("span", { class: "table-no" }, "Bye"), h("span", { class: "grow" }, rnd.bye_name)) : null);
}

/**
 * The public page: the current round's pairings and the standings.
 * @param {TournamentContext} ctx
 * @returns {HTMLElement}
 */
export function renderPublic(ctx) {
  const v = ctx.view;
  const rnd = v.rounds[v.rounds.length - 1];
  return h("div", { class: "public-grid" },
    h("section", { "aria-labelledby": "pub-pairings" },
      h("h2", { id: "pub-pairings" }, rnd ? `${rnd.name || `Round ${rnd.round}`} pairings` : "Pairings"),
      rnd ? [rnd.complete ? null : roundClock(rnd.timer, v.setup.end_of_time), pairingsList(rnd)] : h("p", { class: "muted" }, "Round 1 is not published yet.")),
    v.cut ? bracketPanel(v.cut) : null,
    h("section", { "aria-labelledby": "pub-standings" }, h("h2", { id: "pub-standings" }, v.cut ? "Swiss standings" : "Standings"), standingsTable(v)),
    v.decklists ? h("section", { "aria-labelledby": "pub-decks" }, h("h2", { id: "pub-decks" }, "Deck lists"),
      h("ol", { class: "list", id: "decklists" }, v.decklists.map((d) => h("li", { class: "card" },
        h("span", { class: "grow" }, h("b", {}, d.name), h("small", {}, [d.warband_name || d.warband, d.deck_name || "no deck data"].join(" · ")))))))
      : null,
    h("section", { class: "qr-box" }, h("h2", {}, "Follow on your phone"),
      h("img", { class: "qr", src: `/api/tournaments/${encodeURIComponent(ctx.tournamentId)}/qr.svg`, alt: "QR code of this page" }),
      h("div", { class: "row" },
        h("a", { class: "btn small", href: `/tournament/${encodeURIComponent(ctx.tournamentId)}/venue`, id: "venue-link" }, "Venue screen"),
        h("a", { class: "btn small", href: `/tournament/${encodeURIComponent(ctx.tournamentId)}/print`, id: "print-link" }, "Print")),
      exportLinks(ctx.tournamentId)));
}
