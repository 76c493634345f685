// A feature table for a stream: both warbands with their glory and fighters' wounds, the game round and
// activation and the last entry, on a transparent page. Public: it reads what a spectator of the game sees
// (GET /api/tournaments/<id>/tables/<n>/overlay) and follows the table live.
import { h, replace } from "../dom.js";
import { api } from "../api.js";
import { followTournament } from "../tournaments/follow.js";

const root = document.getElementById("overlay");
const tournamentId = root.dataset.tournament;
const tableNo = Number(root.dataset.table);

function fighterItem(f) {
  const left = f.wounds === null || f.wounds === undefined ? null : Math.max(0, f.wounds - f.damage);
  const cls = f.out ? "out" : f.damage ? "hurt" : "";
  return h("li", { class: cls, dataset: { fighter: f.id } }, f.leader ? "♛ " : "", f.name, " ",
    f.out ? h("b", {}, "out") : h("b", {}, left === null ? `${f.damage} dmg` : `${left}/${f.wounds}`),
    f.inspired ? h("span", { class: "insp", title: "Inspired" }, " ✦") : null);
}

function panel(seat, side, scoreName) {
  return h("div", { class: `ov-panel ${side}`, dataset: { seat: seat.seat } },
    h("div", { class: "ov-head" }, h("div", {}, h("div", { class: "ov-name" }, seat.name), h("div", { class: "ov-warband" }, seat.warband || "")),
      h("div", { class: "ov-score" }, seat.score ?? "–", h("small", {}, scoreName))),
    seat.fighters ? h("ul", { class: "ov-fighters", "aria-label": `${seat.name}'s fighters` }, seat.fighters.map(fighterItem)) : null);
}

function centre(body, game) {
  let where = "Setting up";
  if (game.over) {
    const winner = game.seats.find((s) => game.winners.includes(s.seat));
    where = winner ? `${winner.name} wins` : "Draw";
  } else if (game.phase && game.phase !== "setup") {
    where = [game.round ? `Round ${game.round}` : null, game.activation ? `activation ${game.activation}` : null,
      game.phase === "end" ? "end phase" : null].filter(Boolean).join(" · ");
  }
  return h("div", { class: "ov-centre" }, h("small", {}, `${body.name} · round ${body.round} · table ${body.table}`),
    h("b", { id: "ov-where" }, where));
}

function render(body) {
  if (!body.seated) {
    replace(root, h("p", { class: "overlay-note", id: "overlay-note" },
      body.round ? `${body.name}: no table ${body.table} this round` : `${body.name}: table ${body.table} after the pairings`));
    return;
  }
  const game = body.game;
  if (!game) {
    replace(root, h("p", { class: "overlay-note", id: "overlay-note" },
      `${body.name} · round ${body.round} · table ${body.table}: ${body.names[0]} (${body.warbands[0]}) vs ${body.names[1]} (${body.warbands[1]})`));
    return;
  }
  const [a, b] = game.seats;
  replace(root, panel(a, "left", game.score_name), centre(body, game), b ? panel(b, "right", game.score_name) : h("div"),
    game.last ? h("p", { class: "ov-last", id: "ov-last" }, `Last: ${game.last.by_name}: ${game.last.label}`) : null);
}

async function load() {
  let reply;
  try {
    reply = await api("GET", `/api/tournaments/${encodeURIComponent(tournamentId)}/tables/${tableNo}/overlay`);
  } catch {
    return;  // offline: the last board stays up, the socket reads again once back
  }
  if (reply.status !== 200) {
    replace(root, h("p", { class: "overlay-note", id: "overlay-note" }, (reply.body && reply.body.error && reply.body.error.message) || "This table cannot be shown."));
    return;
  }
  render(reply.body);
  root.dataset.head = String(reply.body.game && reply.body.game.last ? reply.body.game.last.seq : 0);
}

load();
followTournament(tournamentId, load, { table: tableNo });
