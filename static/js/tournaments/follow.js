// The tournament's pushes on /tournament, opened one way for every page; following them as the public: every
// frame only says that something changed, and the page reads again over REST (a burst of entries, a whole round
// published, reads once).
import { io } from "../../vendor/socket.io.esm.min.js";

/**
 * The socket of a tournament's pushes: WebSocket first, polling only where it fails (as the table's socket).
 * @param {string} tournamentId
 * @param {{token?: string, table?: number}} [options] `token`: a role's link token (its pushes, e.g. alerts);
 *   `table`: also hear that table's game move
 * @returns {*} the Socket.IO socket
 */
export function tournamentSocket(tournamentId, { token, table } = {}) {
  /** @type {{tournament: string, token?: string, table?: number}} */
  const auth = { tournament: tournamentId };
  if (token) auth.token = token;
  if (table) auth.table = table;
  return io("/tournament", { auth, transports: ["websocket", "polling"], tryAllTransports: true });
}

/**
 * Connect as the public (no token) and call `reread` after each change (and on every reconnect).
 * @param {string} tournamentId
 * @param {() => void} reread
 * @param {{table?: number}} [options] `table`: also hear that table's game move (a feature table's overlay)
 * @returns {object} the socket
 */
export function followTournament(tournamentId, reread, { table } = {}) {
  const socket = tournamentSocket(tournamentId, { table });
  let timer = null;
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(reread, 150);
  };
  socket.on("connect", reread);
  for (const name of ["changed", "game_over", "table_moved"]) socket.on(name, soon);
  return socket;
}
