// REST client: JSON in, JSON out, errors as {error: {code, message, rule?}} (docs/architecture.md, Wire protocol).

export class NetworkError extends Error {}

/**
 * Call the API; resolves {status, body}; rejects with NetworkError when the server is unreachable.
 * @param {string} method
 * @param {string} path
 * @param {{body?: *, token?: string}} [options]
 * @returns {Promise<ApiReply>}
 */
export async function api(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  } catch (err) {
    throw new NetworkError(err.message || "network error");
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = { error: { code: "bad_reply", message: text.slice(0, 200) } }; }
  }
  return { status: response.status, body: data };
}

/**
 * The error sentence of a reply, for people.
 * @param {ApiReply|null} reply
 * @returns {string}
 */
export function errorText(reply) {
  const err = reply && reply.body && reply.body.error;
  if (err && err.message) return err.message;
  return `The server answered ${reply ? reply.status : "nothing"}.`;
}

/**
 * Random UUID (crypto.randomUUID needs a secure context; phones on a LAN may use plain http).
 * @returns {string}
 */
export function uuid() {
  if (globalThis.crypto && crypto.randomUUID && globalThis.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = [...b].map((v) => v.toString(16).padStart(2, "0")).join("");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
