// What the engine offers one fighter now (its Table suggestions in the advice): the fighter card and its Tokens &
// counters sheet both ask it which tokens, counters and Inspire the rules allow.

/** The engine's Table suggestions of `type` for this fighter (null when this phone has no advice). @param {TableContext} c @param {string} fid @param {string} type @returns {Suggestion[]|null} */
export function offers(c, fid, type) {
  const all = c.advice && c.advice.suggestions;
  if (!all) return null;
  return all.filter((s) => { const t = s.template || s.event;
    return t.type === type && (t.data.fighter ? t.data.fighter === fid : ((s.choices || {}).fighter || []).includes(fid)); });
}

/** The engine says this fighter's Inspire is due now (not merely allowed if the players judge its condition met). @param {TableContext} c @param {string} fid @returns {boolean} */
export function inspireDue(c, fid) {
  return (offers(c, fid, "inspire") || []).some((s) => s.event && !s.players_judge);
}

/** Inspiring this fighter is the players' call now: the engine allows it but cannot read the condition (with no advice, as offline, the table says so and the server decides). @param {TableContext} c @param {string} fid @returns {boolean} */
export function inspireJudged(c, fid) {
  const offered = offers(c, fid, "inspire");
  return offered === null || offered.some((s) => s.event && s.players_judge);
}
