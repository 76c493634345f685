// What one entry changed, in words: the state before and after it (the referee's GET .../state?seq=N) compared
// leaf by leaf; fighters and seats are named, the rest is the game's own step-keeping.

const MAX_LINES = 40;  // a bound: an entry that changes more than this is summarised ("and N more")

/**
 * Every leaf that differs between two JSON values: [{path: string[], before, after}].
 * @param {*} before
 * @param {*} after
 * @param {string[]} [path]
 * @param {Array} [out]
 * @returns {Array<{path: string[], before: *, after: *}>}
 */
export function changedLeaves(before, after, path = [], out = []) {
  if (JSON.stringify(before) === JSON.stringify(after)) return out;
  const isObj = (v) => v && typeof v === "object" && !Array.isArray(v);
  if (isObj(before) && isObj(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      changedLeaves(before[key], after[key], [...path, key], out);
    }
  } else {
    out.push({ path, before, after });
  }
  return out;
}

const WORDS = { out: "out of action", inspired: "Inspired", activations_left: "activations left",
  turns_taken: "turns taken", unspent: "unspent glory", spent: "spent glory" };

function value(v, c, key) {
  if (v === undefined || v === null) return "none";
  if (v === true) return "yes";
  if (v === false) return "no";
  if (Array.isArray(v)) return v.length ? v.map((x) => value(x, c, key)).join(", ") : "none";
  if (typeof v === "object") return Object.entries(v).filter(([, n]) => n).map(([k, n]) => `${k.replace(/_/g, " ")} ${n}`).join(", ") || "none";
  if (typeof v === "string" && /^p[1-4](\.|$)/.test(v)) return c.humanise(v);
  return String(v).replace(/_/g, " ");
}

/**
 * One sentence per change, the fighters' and seats' first: "Rok: damage 0 → 2", "Ana: unspent glory 0 → 1".
 * @param {object} before the state before the entry
 * @param {object} after the state after it
 * @param {{humanise: (text: string) => string, seatName: (seat: string) => string}} c
 * @returns {{who: string, what: string, table: boolean}[]} `table`: a fighter's or a seat's change (else the game's
 *   own step-keeping: whose turn, which step, the reaction step's bookkeeping)
 */
export function describeChanges(before, after, c) {
  const lines = changedLeaves(before || {}, after || {}).map(({ path, before: b, after: a }) => {
    const [head, id, ...rest] = path;
    let who = "The game";
    let keys = path;
    if ((head === "fighters" || head === "units") && id) { who = c.humanise(id); keys = rest; }
    else if (head === "seats" && id) { who = c.seatName(id); keys = rest; }
    const words = keys.filter((k) => !["tokens", "glory", "counters"].includes(k) || keys.length === 1)
      .map((k) => WORDS[k] || (keys.includes("tokens") ? `${k} tokens` : k.replace(/_/g, " "))).join(" ");
    return { who, what: `${words || "changed"}: ${value(b, c, keys[keys.length - 1])} → ${value(a, c, keys[keys.length - 1])}`,
      rank: who === "The game" ? 1 : 0 };
  });
  lines.sort((x, y) => x.rank - y.rank);
  const shown = lines.slice(0, MAX_LINES).map(({ who, what, rank }) => ({ who, what, table: rank === 0 }));
  if (lines.length > MAX_LINES) shown.push({ who: "", what: `and ${lines.length - MAX_LINES} more changes`, table: false });
  return shown;
}
