// Words every page shares: a sentence's first letter, a list said the way a sentence says it ("Ana, Ben and
// Cat"; "Block or Dodge") and a count with its noun ("3 cards"), by the browser's own list and plural rules rather
// than joined by hand.
const AND = new Intl.ListFormat("en-GB", { type: "conjunction" });
const OR = new Intl.ListFormat("en-GB", { type: "disjunction" });
const PLURAL = new Intl.PluralRules("en-GB");

/**
 * The text with its first letter in capitals ("smash" -> "Smash"); "" for none.
 * @param {string|null|undefined} s
 * @returns {string}
 */
export const capital = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : "");

/**
 * "A", "A and B", "A, B and C"; "" for none.
 * @param {Array<*>} items
 * @returns {string}
 */
export const listAnd = (items) => AND.format(items.map(String));

/**
 * "A", "A or B", "A, B or C"; "" for none.
 * @param {Array<*>} items
 * @returns {string}
 */
export const listOr = (items) => OR.format(items.map(String));

/**
 * A count with its noun, by the language's own plural rules: "1 card", "3 cards", "-1 event point".
 * @param {number} n
 * @param {string} noun the noun for one
 * @returns {string}
 */
export const plural = (n, noun) => `${n} ${PLURAL.select(n) === "one" ? noun : `${noun}s`}`;
