// Shadespire matched play (pg 26): linked games carry the match so far in options.match; the outcome gives
// this game's `record` and the match standing. Shows the score, the next game, the winner and tiebreak.
import { h, button, toast, sheet } from "../../dom.js";
import { api, errorText } from "../../api.js";
import { getGame, putGame } from "../../store.js";

const DECIDED = {
  glory: "most glory over the match's games",
  wiped_out: "the other warband was out of action at the end of the third game",
  sudden_death: "the sudden-death round",
  roll_off: "the roll-off (no fighters left, equal glory)",
};

const both = (ctx, c, f) => ctx.seats.map((s) => `${c.seatName(s)} ${f(s)}`).join(" · ");

function gameLine(g, i, c) {
  const who = g.draw || !(g.winners || []).length ? "a draw" : `${c.seatName(g.winners[0])} won`;
  return h("li", {}, `Game ${i + 1}: ${who} (glory ${Object.entries(g.glory || {}).map(([s, v]) => `${c.seatName(s)} ${v}`).join(", ")})`);
}

/**
 * The match panel of a matched-play game (null for any other game).
 * @param {object} view
 * @param {TableContext} c
 * @returns {HTMLElement|null}
 */
export function matchPanel(view, c) {
  const ctx = view && view.classic && view.classic.match;
  if (!ctx) return null;
  const st = c.outcome && c.outcome.match;
  const games = [...(ctx.previous || []), ...(st ? [c.outcome.record] : [])];
  /** @type {HTMLElement[]} */
  const out = [h("h2", {}, `Matched play: game ${ctx.game} of 3${st ? " is over" : ""}`),
    games.length ? h("ol", {}, games.map((g, i) => gameLine(g, i, c))) : null];
  if (!st) {
    out.push(h("p", { class: "muted" }, `Best of three${ctx.tiebreakers ? ", with tiebreakers" : "; level is a draw"}.`));
  } else {
    out.push(h("p", { id: "match-score", style: "font-size:1.15rem;font-weight:700" }, `Games won: ${both(ctx, c, (s) => st.wins[s])}`),
      h("p", { class: "muted" }, `Glory over the match: ${both(ctx, c, (s) => st.glory[s])}`));
    if (st.over) {
      const how = st.draw ? "Level on games, and no tiebreakers were agreed" : st.decided_by === "games"
        ? `${c.seatName(st.winner)} won ${st.wins[st.winner]} of ${st.games_played} games` : `Tiebreaker: ${DECIDED[st.decided_by] || st.decided_by}`;
      out.push(h("div", { class: "winner", id: "match-result" },
        h("div", { class: "muted" }, st.draw ? "The match is over" : "Match winner"),
        h("div", { class: "who" }, st.draw ? "Draw" : c.seatName(st.winner)),
        h("div", { id: "match-decided-by" }, how),
        st.rule ? h("div", { class: "muted" }, `Rule: ${st.rule}`) : null));
    } else if (st.roll_off) {
      out.push(h("p", {}, "The match is level with no fighters left and equal glory: roll off, and enter who won at the top."));
    } else if (st.next_game && /^p\d$/.test(c.seat || "")) {
      // The same button on both phones: the first tap makes the game, every later one opens this phone's own seat of it.
      out.push(button(`Next game of the match (game ${st.next_game})`, (e) => nextGame(c, st.next_game, e.currentTarget), { cls: "btn primary big", "data-action": "next-game" }));
    }
  }
  return h("section", { class: "card stack", "aria-label": "Match", id: "match" }, out);
}

/**
 * The match roll-off's sheet: who won it (the engine's `first` names the winner).
 * @param {Suggestion} s
 * @param {TableContext} c
 * @returns {Promise<object|null>}
 */
export function matchRollOff(s, c) {
  return sheet("Match roll-off: who won?", (close) => h("div", { class: "stack" }, h("div", { class: "btn-grid" },
    (s.choices && s.choices.first || ["p1", "p2"]).map((seat) => button(c.seatName(seat),
      () => close({ ...s.template.data, first: seat, winner: seat }), { cls: "btn big", "data-winner": seat }))),
  button("Cancel", () => close(null), { cls: "btn" })));
}

/**
 * Open the match's next game on this phone: the server makes it from this game (same players, warbands and decks,
 * the match so far) the first time any phone asks, and answers every phone with its own seat's token only.
 * The button stays disabled meanwhile (a second tap would make nothing but wait).
 */
async function nextGame(c, number, btn) {
  if (btn.disabled) return;
  btn.disabled = true;
  try {
    await openNextGame(c, number);
  } finally {
    btn.disabled = false;
  }
}

async function openNextGame(c, number) {
  const reply = await api("POST", "/api/games", { token: c.token, body: { follows: c.gameId } }).catch(() => null);
  if (!reply || (reply.status !== 201 && reply.status !== 200)) {
    toast(reply ? errorText(reply) : "The next game needs the connection.");
    return;
  }
  const game = reply.body;
  // What this phone held in the game before: its seat's token, or the shared device's own token.
  const mine = game.seats.find((s) => s.seat === (game.you && game.you.seat)) || game.seats[0];
  const before = /** @type {Partial<GameRecord>} */ (getGame(c.gameId) || {});
  // The phone that held the referee link of the game before (the one that set the match up) keeps it for this one.
  const ref = before.referee_token ? await api("POST", "/api/games", { token: before.referee_token, body: { follows: c.gameId } }).catch(() => null) : null;
  putGame(game.id, { token: mine.token || game.device_token, seat: mine.seat, seatLabel: mine.name,
    ruleset: game.ruleset, title: `${game.seats.map((s) => s.name).join(" vs ")} · match game ${number}`,
    join_code: game.join_code, join_url: game.join_url, event: before.event,
    ...(ref && ref.body && ref.body.referee_token ? { referee_token: ref.body.referee_token } : {}) });
  location.href = `/play?game=${encodeURIComponent(game.id)}`;
}
