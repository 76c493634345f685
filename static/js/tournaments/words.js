// Words the tournament pages show for the server's codes.
export const TIEBREAKERS = {
  glory_difference: "Glory difference", total_glory: "Total glory", games_lost: "Games lost (fewest)",
  head_to_head: "Head-to-head", strength_of_schedule: "Strength of schedule", roll_off: "Roll-off",
};

/** Short column heads for the standings (a phone's width), explained under the table. */
export const SHORT = {
  glory_difference: "GD", total_glory: "Glory", games_lost: "Lost", head_to_head: "H2H",
  strength_of_schedule: "SoS", roll_off: "Roll",
};

export const STATUS = {
  playing: "Playing", waiting: "Waiting for confirmation", confirmed: "Confirmed", disputed: "Disputed: a judge decides",
};

export const MODES = { phones: "Players' phones", device: "One table device", untracked: "Not tracked (paper)" };

/**
 * What separated a player from the one above in the standings.
 * @param {string|null} key
 * @returns {string}
 */
export function separatedBy(key) {
  if (!key) return "";
  if (key === "tied") return "Tied";
  if (key === "points") return "Match points";
  return TIEBREAKERS[key] || key;
}

/**
 * "Ana 5 – 3 Ben" / "Draw 4 – 4" for a result.
 * @param {{winner?: string|null, glory: Object<string, number>, games_won?: Object<string, number>, decided_by?: string}|null} result
 * @param {string[]} players
 * @param {string[]} names
 * @returns {string}
 */
export function resultText(result, players, names) {
  if (!result) return "";
  const [a, b] = players;
  const score = `${result.glory[a]} – ${result.glory[b]}`;
  const won = result.games_won ? ` ${result.games_won[a]} – ${result.games_won[b]} in games,` : "";
  if (!result.winner) return result.games_won ? `Drawn match,${won} glory ${score}` : `Draw, glory ${score}`;
  const winner = names[players.indexOf(result.winner)];
  const how = TIEBREAK_WORDS[result.decided_by] ? ` (on ${TIEBREAK_WORDS[result.decided_by]})` : "";
  if (!result.games_won) return `${winner} won${how}, glory ${score}`;
  return `${winner} won the match${how},${won} glory ${score}`;
}

// What decided a game level on glory (the book's tiebreaks, app/tournaments/victory.py), a level best-of-three
// match (a matched-play tiebreaker, Shadespire pg 26), or a judge's ruling.
const TIEBREAK_WORDS = { glory: "glory over the games", wiped_out: "the warband left standing",
  sudden_death: "sudden death", roll_off: "the roll-off", surviving_fighters: "the only warband standing",
  objective_value: "the value of objectives held", objectives_held: "objectives held",
  wipe_out: "the only warband standing", ruling: "a judge's ruling" };

/**
 * Each game of a tracked best-of-three match, one line each ("Game 1: Ana won, glory 4 – 0").
 * @param {{games?: Array<{game: number, winner: string|null, glory: Object<string, number>}>}|null} result
 * @param {string[]} players
 * @param {string[]} names
 * @returns {string[]}
 */
export function matchGames(result, players, names) {
  return ((result && result.games) || []).map((g) => `Game ${g.game}: ${resultText({ winner: g.winner, glory: g.glory }, players, names)}`);
}

/**
 * mm:ss left on a round clock (negative: over time).
 * @param {{started_at: string, minutes: number}|null} timer
 * @param {number} [now] ms since the epoch
 * @returns {number|null} seconds
 */
export function timeLeft(timer, now = Date.now()) {
  if (!timer) return null;
  const end = Date.parse(timer.started_at) + timer.minutes * 60000;
  return Math.round((end - now) / 1000);
}

/**
 * Seconds as m:ss (a minus sign when over time).
 * @param {number} seconds
 * @returns {string}
 */
export function clock(seconds) {
  const s = Math.abs(seconds);
  const text = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  return seconds < 0 ? `-${text}` : text;
}

/**
 * "Ana" for "player:p1", "the table device" for "table:3", the role and name otherwise.
 * @param {object} view the tournament's view
 * @param {string} actor
 * @returns {string}
 */
export function actorName(view, actor) {
  const [role, subject] = String(actor || "").split(":");
  if (role === "game" && subject === "device") return "the table's device";   // a table's game, flagging an entry
  if (role === "player" || role === "game") return (view.players.find((p) => p.id === subject) || {}).name || subject;
  if (role === "table") return `the table ${subject} device`;
  return subject ? `${role} ${subject}` : role;
}

/**
 * "Flagged by judge Kim: reason" (a referee's flag) or "Disputed by Ana: reason".
 * @param {object} view the tournament's view
 * @param {{flag?: boolean, actor: string, reason: string}} x
 * @returns {string}
 */
export function disputeLine(view, x) {
  return `${x.flag ? "Flagged" : "Disputed"} by ${actorName(view, x.actor)}: ${x.reason}`;
}


/**
 * "+4 min" for a table whose clock runs longer than the round's (a judge's extension), else null.
 * @param {{extra_minutes?: number}|null|undefined} t a table row of the tournament's view
 * @returns {string|null}
 */
export function extraText(t) {
  return t && t.extra_minutes ? `+${t.extra_minutes} min` : null;
}
