// Words every page shares: a sentence's first letter, and a list said the way a sentence says it ("Ana, Ben and
// Cat"; "Block or Dodge"), by the browser's own list rules rather than joined by hand.
const AND = new Intl.ListFormat("en-GB", { type: "conjunction" });
const OR = new Intl.ListFormat("en-GB", { type: "disjunction" });

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
