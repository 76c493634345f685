// The staff's part of a tournament: tabs by role (organiser: everything; scorekeeper: rounds, tables,
// players, standings; judge: tables, disputes and rulings, standings).
import { h, button } from "../dom.js";
import { renderRound } from "./round.js";
import { renderDashboard } from "./dashboard.js";
import { renderPlayers } from "./players.js";
import { renderJudge } from "./judge.js";
import { renderLinks } from "./links.js";
import { exportLinks, printLink, standingsTable } from "./parts.js";

const TABS = {
  organiser: ["round", "tables", "players", "standings", "judge", "links"],
  scorekeeper: ["round", "tables", "players", "standings"],
  judge: ["judge", "tables", "standings"],
};
const LABEL = { round: "Round", tables: "Tables", players: "Players", standings: "Standings", judge: "Judge", links: "Links" };

/**
 * The staff's page: the tabs this role may use, and the open one.
 * @param {TournamentContext} ctx
 * @returns {HTMLElement}
 */
export function renderStaff(ctx) {
  const tabs = TABS[ctx.view.you.role];
  if (!tabs.includes(ctx.tab)) ctx.tab = ctx.view.current_round === 0 && tabs.includes("players") ? "players" : tabs[0];
  const bar = h("div", { class: "tabs tournament-tabs", role: "tablist" }, tabs.map((t) => button(LABEL[t], () => {
    ctx.tab = t;
    ctx.render();
  }, { cls: "btn small", role: "tab", "aria-selected": String(ctx.tab === t), id: `tab-${t}` })));
  let panel;
  if (ctx.tab === "round") panel = renderRound(ctx);
  else if (ctx.tab === "tables") panel = renderDashboard(ctx);
  else if (ctx.tab === "players") panel = renderPlayers(ctx);
  else if (ctx.tab === "judge") panel = renderJudge(ctx);
  else if (ctx.tab === "links") panel = renderLinks(ctx);
  else panel = h("div", {}, h("div", { class: "row" }, printLink(ctx.tournamentId, "Print standings", ["standings"])),
    standingsTable(ctx.view), exportLinks(ctx.tournamentId));
  return h("div", {}, bar, h("div", { role: "tabpanel", "aria-labelledby": `tab-${ctx.tab}` }, panel));
}
