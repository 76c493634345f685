// A seat's `view` frames after the first come as changes (app/live/viewpatch.py): {seq, seat, base, patch}.
// Each operation is [path, value] (set), [path] (remove) or [path, refs, items] (the list at path anew: each
// ref is the index of an old item kept, or -1 for the next of items); a path is a list of object keys ([] is
// the whole view). The view held is never changed in place: objects along each path are copied, so earlier
// views stay as they were.

/**
 * The view `base` with `ops` applied.
 * @param {object} base the whole view this phone holds
 * @param {Array<Array>} ops the frame's patch
 * @returns {object} the new whole view
 */
export function applyPatch(base, ops) {
  let root = { ...base };
  for (const op of ops) {
    const path = op[0];
    if (!path.length) { root = { ...op[1] }; continue; }  // the whole object
    let node = root;
    for (const key of path.slice(0, -1)) {
      const child = node[key];
      node[key] = child && typeof child === "object" && !Array.isArray(child) ? { ...child } : {};
      node = node[key];
    }
    const last = path[path.length - 1];
    if (op.length === 1) delete node[last];
    else if (op.length === 3) {
      const old = node[last] || [];
      let next = 0;
      node[last] = op[1].map((ref) => (ref >= 0 ? old[ref] : op[2][next++]));
    } else node[last] = op[1];
  }
  return root;
}

/**
 * The whole view a `view` frame stands for: the frame itself, the held view patched, or null when the
 * frame is no newer than the held view (a sync already brought it) or its base is not the held view
 * (then the phone asks for a full one).
 * @param {object|null} held the last whole view
 * @param {object} frame the `view` frame received
 * @returns {{view: object|null, resync: boolean}}
 */
export function wholeView(held, frame) {
  if (!frame || typeof frame.seq !== "number") return { view: null, resync: false };
  if (held && typeof held.seq === "number" && frame.seq <= held.seq) return { view: null, resync: false };
  if (!frame.patch) return { view: frame, resync: false };
  if (!held || held.seq !== frame.base) return { view: null, resync: true };
  return { view: applyPatch(held, frame.patch), resync: false };
}
