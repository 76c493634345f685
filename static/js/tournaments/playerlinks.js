// Players' links as the organiser's page lists them: read from the server (GET .../players/links, the organiser's
// only), so a reload or the organiser's other device shows and prints every current link without replacing any;
// other desks list the links made on this page. Merged-away registrations are never listed.

const served = { head: -1, links: null, asking: false, readAt: 0 };

/**
 * Ask the server for the players' current links when the event has moved on (organiser only), then redraw.
 * @param {TournamentContext} ctx
 */
export function loadServedLinks(ctx) {
  if (ctx.view.you.role !== "organiser" || served.asking || served.head === ctx.view.head) return;
  served.asking = true;
  const head = ctx.view.head;
  ctx.call("GET", "/players/links").then((reply) => {
    served.asking = false;
    if (reply.status !== 200) return;
    served.head = head;
    served.readAt = Date.now();
    served.links = reply.body.links.filter((x) => x.link);
    ctx.render();
  }).catch(() => { served.asking = false; });
}

/**
 * The links to list: the server's (organiser) with this page's titles kept, else this page's own; each player once
 * (their newest link), newest first, none of a registration merged away.
 * @param {TournamentContext} ctx
 * @param {{player: string, name: string, link: string, replaced?: boolean}[]} made this page's links, newest first
 * @returns {{player: string, name: string, link: string, replaced?: boolean}[]}
 */
export function listedLinks(ctx, made) {
  const status = new Map(ctx.view.players.map((p) => [p.id, p]));
  const newest = new Map();
  for (const m of made) if (!newest.has(m.player)) newest.set(m.player, m);
  const there = new Map((served.links || []).map((x) => [x.player, x]));
  const rest = [...there.keys()].filter((pid) => !newest.has(pid)).reverse();  // registered elsewhere: newest first
  const list = [...newest.keys(), ...rest].map((pid) => {
    const here = newest.get(pid);
    const now = there.get(pid);
    // A link made here after the server's list was read is the newer one (a replacement the list does not know yet).
    if (!now || (here && (here.link === now.link || (here.madeAt || 0) > served.readAt))) return here;
    return { player: pid, name: now.name, link: now.link };
  });
  return list.filter((m) => status.has(m.player) && status.get(m.player).status !== "merged")
    .map((m) => ({ ...m, name: status.get(m.player).name }));
}
