// The type of /vendor/socket.io.esm.min.js (app/web.py serves node_modules' socket.io-client there).
export { io, Socket } from "socket.io-client";
