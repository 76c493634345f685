// The offline outbox: every event entered is stored in IndexedDB before it is sent, and leaves
// only when the server has answered for it (applied, duplicate or refused). Ordered by entry.

const DB = "tablewarden";
const STORE = "outbox";
let dbPromise = null;

function open() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => {
        const store = req.result.createObjectStore(STORE, { keyPath: "order", autoIncrement: true });
        store.createIndex("game", "game");
        store.createIndex("id", "envelope.id", { unique: true });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }
  return dbPromise;
}

function tx(mode, fn) {
  return open().then((db) => new Promise((resolve, reject) => {
    const t = db.transaction(STORE, mode);
    const result = fn(t.objectStore(STORE));
    t.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  }));
}

/**
 * Queue an event envelope for a game; resolves when it is safely stored.
 * @param {string} game
 * @param {Envelope} envelope
 * @returns {Promise<number>} the entry's order
 */
export function enqueue(game, envelope) {
  return tx("readwrite", (s) => s.add({ game, envelope, queued_at: new Date().toISOString() }));
}

/**
 * The queued entries of a game, oldest first: [{order, game, envelope, queued_at}].
 * @param {string} game
 * @returns {Promise<Array<{order: number, game: string, envelope: Envelope, queued_at: string}>>}
 */
export function pending(game) {
  return tx("readonly", (s) => s.index("game").getAll(game))
    .then((rows) => rows.sort((a, b) => a.order - b.order));
}

/**
 * Remove an entry once the server has answered for it.
 * @param {number} order
 * @returns {Promise<void>}
 */
export function remove(order) {
  return tx("readwrite", (s) => s.delete(order));
}
