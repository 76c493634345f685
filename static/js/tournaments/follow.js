// Follow a tournament's public pushes on /tournament: every frame only says that something changed, and the
// page reads again over REST (a burst of entries, a whole round published, reads once).
import { io } from "../../vendor/socket.io.esm.min.js";

/**
 * Connect as the public (no token) and call `reread` after each change (and on every reconnect).
 * @param {string} tournamentId
 * @param {() => void} reread
 * @param {{table?: number}} [options] `table`: also hear that table's game move (a feature table's overlay)
 * @returns {object} the socket
 */
export function followTournament(tournamentId, reread, { table } = {}) {
  const auth = { tournament: tournamentId };
  if (table) auth.table = table;
  const socket = io("/tournament", { auth, transports: ["websocket", "polling"] });
  let timer = null;
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(reread, 150);
  };
  socket.on("connect", reread);
  for (const name of ["changed", "game_over", "table_moved"]) socket.on(name, soon);
  return socket;
}
