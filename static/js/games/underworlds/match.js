// Shadespire matched play (pg 26): linked games carry the match so far in options.match; the outcome gives
// this game's `record` and the match standing. Shows the score, the next game, the winner and tiebreak.
import { h, button, toast, sheet } from "../../dom.js";
import { api, errorText, uuid } from "../../api.js";
import { getGame, putGame } from "../../store.js";

const NEXT_NOTE = /^Next game of the match \(game (\d)\): join code ([0-9A-Z]+)/;
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

/** The join link of the match's next game, for the seat this phone plays (the same seat in every game). */
const joinLink = (code, c) => `/join/${encodeURIComponent(code)}${/^p\d$/.test(c.seat || "") ? `#seat=${c.seat}` : ""}`;

/** The next game's join code once a player created it (their note in this game's log). */
function nextCode(c, number) {
  for (const ev of c.events || []) {
    const m = ev.type === "note" && String((ev.data && ev.data.text) || "").match(NEXT_NOTE);
    if (m && Number(m[1]) === number) return m[2];
  }
  return null;
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
    } else if (st.next_game) {
      const code = nextCode(c, st.next_game);
      if (code) out.push(h("a", { class: "btn primary big", href: joinLink(code, c), "data-action": "join-next-game" }, `Join game ${st.next_game} of the match`));
      else if (/^p\d$/.test(c.seat || "")) {
        out.push(button(`Next game of the match (game ${st.next_game})`, (e) => nextGame(c, ctx, st.next_game, e.currentTarget), { cls: "btn primary big", "data-action": "next-game" }));
      }
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
 * Create the next game (same players, same fighters, decks by id), note its code in this game's log, open it.
 * The button stays disabled meanwhile (a second tap would make nothing but wait); when the other phone made the
 * game first, the server answers with its join code and this phone joins it.
 */
async function nextGame(c, ctx, number, btn) {
  if (btn.disabled) return;
  btn.disabled = true;
  try {
    await makeNextGame(c, ctx, number);
  } finally {
    btn.disabled = false;
  }
}

async function makeNextGame(c, ctx, number) {
  const fail = (r) => toast(r ? errorText(r) : "The next game needs the connection.");
  // A player's export keeps the other seat's deck face down; the phone that holds the referee link reads every deck.
  const stored = getGame(c.gameId) || {};
  const exp = await api("GET", `/api/games/${encodeURIComponent(c.gameId)}/export`, { token: stored.referee_token || c.token }).catch(() => null);
  if (!exp || exp.status !== 200) return fail(exp);
  const setup = exp.body.setup;
  const seats = setup.seats.map((s) => {
    const seat = { name: s.name, warband: s.warband, fighters: s.fighters };
    for (const k of ["printing", "warband_name", "grand_alliance", "custom_id"]) if (s[k] != null) seat[k] = s[k];
    if (s.deck && s.deck.id) seat.deck = s.deck.id;
    return seat;
  });
  const match = { ...ctx, game: number, previous: [...(ctx.previous || []), c.outcome.record] };
  // `follows` links the new game to this one on the server (an event's table follows its match through it).
  const made = await api("POST", "/api/games", { token: c.token,
    body: { ruleset: setup.ruleset, options: { ...setup.options, match }, seats, follows: c.gameId } }).catch(() => null);
  const madeFirst = made && made.status === 409 && made.body && made.body.error && made.body.error.code === "next_game_exists";
  if (madeFirst) {
    location.href = joinLink(made.body.error.join_code, c);
    return;
  }
  if (!made || made.status !== 201) return fail(made);
  const game = made.body;
  const mine = game.seats.find((s) => s.seat === c.seat) || game.seats[0];
  putGame(game.id, { token: mine.token, seat: mine.seat, seatLabel: mine.name, ruleset: setup.ruleset,
    title: `${game.seats.map((s) => s.name).join(" vs ")} · match game ${number}`,
    join_code: game.join_code, join_url: game.join_url, referee_token: game.referee_token });
  await api("POST", `/api/games/${encodeURIComponent(c.gameId)}/events`, { token: c.token,
    body: { id: uuid(), type: "note", by: c.seat, data: { text: `Next game of the match (game ${number}): join code ${game.join_code}` } } }).catch(() => null);
  await sheet(`Game ${number} of the match is ready`, (close) => h("div", { class: "stack" },
    h("p", {}, "The other phone joins from its game-over screen, or with this code:"),
    h("div", { class: "join-code", id: "next-join-code" }, game.join_code),
    button("Open it", () => close(true), { cls: "btn primary big", "data-action": "open-next" })));
  location.href = `/play?game=${encodeURIComponent(game.id)}`;
}
