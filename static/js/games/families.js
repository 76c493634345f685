// The game families whose table and wizard have their own modules (static/js/games/<family>/index.js, and the
// wizard.js static/js/seatform.js loads); any other ruleset's table is the generic one. A module of these that fails
// to load is said on the page and in the console, never hidden behind the generic table.

/** @type {ReadonlySet<string>} */
export const OWN_MODULE = new Set(["underworlds", "conquest", "battlelore"]);

/**
 * Load a family's module; a failure of one that has its own is told (console and `tell`), and null is returned.
 * @param {string} family
 * @param {(message: string) => void} tell
 * @returns {Promise<*>}
 */
export async function loadFamily(family, tell) {
  if (!OWN_MODULE.has(family)) return null;
  try {
    return await import(`./${family}/index.js`);
  } catch (err) {
    console.error(`The ${family} module could not be loaded:`, err);
    tell("This game's own screen could not be loaded (the connection, or an update under way): reload the page to try again.");
    return null;
  }
}
