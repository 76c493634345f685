// An Underworlds roll entered as the table reads it: "two successes, one of them critical" is one key, so a
// roll costs one tap (none when nothing succeeded), and the engine decides the result from the counts
// (app/engine/underworlds/dice.py, the counts form). The per-die face pad stays for whoever needs the faces.
import { h } from "../../dom.js";

const CRIT = "✷";

/**
 * The key's label for `total` successes of which `crits` are critical: "2", "✷", "✷+1", "✷✷".
 * @param {number} total
 * @param {number} crits
 * @returns {string}
 */
export function countLabel(total, crits) {
  if (!crits) return String(total);
  return CRIT.repeat(crits) + (total > crits ? `+${total - crits}` : "");
}

/** What a key says to a screen reader: "2 successes, 1 of them critical"; a defence roll's are saves ("1 save"). */
function countWords(kind, total, crits) {
  const [one, many] = kind === "defence" ? ["save", "saves"] : ["success", "successes"];
  if (!total) return `No ${many}`;
  const s = `${total} ${total === 1 ? one : many}`;
  return crits ? `${s}, ${crits === total ? (total === 1 ? "critical" : "all critical") : `${crits} of them critical`}` : s;
}

/**
 * One roll's keys: every (successes, of them critical) a roll of `dice` dice can show; the one picked is marked. `value` is [total, crits]; `onpick` gets the new pair.
 * @param {string} kind attack | defence | magic
 * @param {number} dice
 * @param {number[]} value
 * @param {(v: number[]) => void} onpick
 * @param {string} label
 * @returns {HTMLElement}
 */
export function countPad(kind, dice, value, onpick, label) {
  const keys = [];
  // One grid, the keys without a critical first, then those with one, two...: a two-dice roll is one row of six.
  for (let crits = 0; crits <= dice; crits++) {
    for (let total = crits; total <= dice; total++) {
      const on = value[0] === total && value[1] === crits;
      keys.push(h("button", { type: "button", class: `count-key${kind === "defence" ? " def" : kind === "magic" ? " magic" : ""}${crits ? " crit" : ""}`,
        role: "radio", "aria-checked": String(on), "aria-label": countWords(kind, total, crits), "data-count-key": `${kind}-${total}-${crits}`,
        onclick: () => onpick([total, crits]) }, countLabel(total, crits)));
    }
  }
  return h("div", { class: "count-pad", role: "radiogroup", "aria-label": `${label}: ${kind === "defence" ? "saves" : "successes"}`, "data-counts": kind }, keys);
}

/**
 * A roll in the counts form the engine takes: {crit, success} (success: the other successes).
 * @param {number[]} value [total, crits]
 * @returns {{crit?: number, success: number}}
 */
export function countedRoll(value) {
  const [total, crits] = value;
  return crits ? { crit: crits, success: total - crits } : { success: total };
}

// What an attack's preview says first: who is out of action, glory gained, damage; the passes the entry would
// close and the reaction steps it opens come last (they are bookkeeping, not the outcome).
const WEIGHT = { out_of_action: 0, bounty: 1, surge_scored: 1, glory: 1, damage: 2, staggered: 3, drive_back_allowed: 4, attack_resolved: 5 };
const LAST = new Set(["passes_inferred", "reaction_step_closed"]);

/**
 * The preview's consequences, the outcome first and the bookkeeping last.
 * @param {Array<{type: string}>} consequences
 * @returns {Array<{type: string}>}
 */
export function outcomeFirst(consequences) {
  const rank = (x) => (x.type in WEIGHT ? WEIGHT[x.type] : LAST.has(x.type) ? 20 : 10);
  return [...consequences].map((x, i) => /** @type {[{type: string}, number]} */ ([x, i])).sort((p, q) => rank(p[0]) - rank(q[0]) || p[1] - q[1]).map((p) => p[0]);
}
