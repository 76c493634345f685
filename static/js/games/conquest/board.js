// Conquest's board: the planet line with each side's units and damage, both headquarters, resources and cards,
// warlords hale or bloodied, victory displays and the secret command dial.
import { h } from "../../dom.js";
import { TYPES, unit, planetName } from "./pieces.js";

function typeChips(types) {
  return h("span", { class: "cq-types" }, (types || []).map((t) =>
    h("span", { class: `cq-type cq-${t}`, title: (TYPES[t] || [t, t])[1], "aria-label": (TYPES[t] || [t, t])[1] }, (TYPES[t] || [t])[0])));
}

function unitChip(view, u, c) {
  const warlord = u.kind === "warlord";
  const hpLeft = (u.hp || 0) - (u.damage || 0);
  const kws = (u.keywords || []).filter((k) => k !== "limited");
  const label = `${u.name}: attack ${u.attack}, ${hpLeft} of ${u.hp} HP left${u.ready ? "" : ", exhausted"}` +
    `${warlord ? `, ${u.side}` : ""}${kws.length ? `, ${kws.join(", ")}` : ""}`;
  const attached = Object.values(view.cards || {}).filter((x) => x.attached_to === u.id);
  // Kept on screen when drawn alike (redraw.js): it has no handlers.
  return h("div", { class: `cq-unit${u.ready ? "" : " exhausted"}${warlord ? " warlord" : ""}`, "data-unit": u.id,
    "data-keep": u.id, role: "group", "aria-label": label },
    h("div", { class: "cq-unit-name" }, warlord ? h("span", { class: `cq-side ${u.side}` }, u.side === "bloodied" ? "Bloodied" : "Hale") : null,
      u.name, u.kind === "token" ? h("span", { class: "muted" }, " (token)") : null),
    h("div", { class: "cq-unit-stats" },
      h("span", { class: "cq-atk", title: "Attack" }, `⚔ ${u.attack}`),
      h("span", { class: "cq-hp", title: "Hit points" }, `♥ ${hpLeft}/${u.hp}`),
      u.damage ? h("span", { class: "cq-dmg", "data-damage": u.damage }, `${u.damage} dmg`) : null,
      u.command ? h("span", { title: "Command icons" }, `✦ ${u.command}`) : null,
      u.ready ? null : h("span", { class: "cq-exh" }, "exhausted")),
    kws.length ? h("div", { class: "cq-kw" }, kws.join(" · ")) : null,
    attached.length ? h("div", { class: "cq-kw" }, `+ ${attached.map((a) => a.name).join(", ")}`) : null);
}

function unitsAt(view, where, seat) {
  return Object.values(view.units || {}).filter((u) => u.at === where && u.owner === seat)
    .sort((a, b) => (a.kind === "warlord" ? -1 : 0) - (b.kind === "warlord" ? -1 : 0));
}

// -- the board ----------------------------------------------------------------------------------

export function seatStrip(view, seat, c) {
  const s = view.seats[seat];
  const wl = unit(view, s.warlord) || {};
  const stat = (n, label, aria) => h("div", { class: "stat", "aria-label": aria || `${n} ${label}` }, h("b", {}, String(n)), h("small", {}, label));
  const victory = s.victory || [];
  return h("section", { class: "seat cq-seat", style: `--seat: var(--${seat})`, "data-seat": seat, "aria-label": `${c.seatName(seat)}'s side` },
    h("div", { class: "seat-head" },
      h("span", { class: "name" }, c.seatName(seat), seat === c.seat ? h("span", { class: "muted", style: "font-size:.85rem" }, " (you)") : null,
        view.initiative === seat ? h("span", { class: "badge cq-init", title: "Initiative token" }, "Initiative") : null),
      h("span", { class: `cq-side ${wl.side || "hale"}`, "data-warlord-side": wl.side }, `${wl.name || s.warlord_name} · ${wl.side === "bloodied" ? "Bloodied" : "Hale"}`)),
    h("div", { class: "stats" },
      stat(s.resources, "resources", `${s.resources} resources in the pool`), stat(s.hand, "hand"), stat(s.deck, "deck"),
      stat(s.discard, "discard")),
    h("div", { class: "cq-victory", "aria-label": "Victory display" }, h("span", { class: "cq-who" }, "Victory display"),
      victory.length ? victory.map((name) => h("span", { class: "cq-won" }, name, typeChips((view.planets[name] || {}).types)))
        : h("span", { class: "muted" }, "no planets yet")));
}

export function dialStatus(view, c) {
  if (!view.step || view.step.name !== "commit") return null;
  const dials = view.step.dials || {};
  const committed = view.step.committed || Object.keys(dials);
  return h("div", { class: "card cq-dials", id: "dials", role: "status" },
    h("h3", {}, "Command dials"),
    Object.keys(view.seats).map((seat) => {
      const mine = seat === c.seat;
      let text;
      if (mine && dials[seat] != null) text = `your dial: ${planetName(view, dials[seat])}`;
      else if (committed.includes(seat)) text = mine ? "committed" : "committed (secret until both have chosen)";
      else text = "choosing…";
      return h("div", { "data-dial": seat }, h("b", {}, `${c.seatName(seat)}: `), text);
    }));
}

export function planetCard(view, p, c, order) {
  const info = view.planets[p.name] || {};
  const b = view.battle;
  const here = b && b.planet === p.slot;
  const first = view.first_planet === p.slot;
  if (!p.face_up) {
    return h("li", { class: "cq-planet facedown", "data-slot": p.slot }, h("div", { class: "cq-planet-head" },
      h("span", { class: "cq-slot" }, String(p.slot)), h("span", { class: "muted" }, "Face-down planet")));
  }
  return h("li", { class: `cq-planet${here ? " battle" : ""}${first ? " first" : ""}`, "data-slot": p.slot,
    "aria-label": `${p.name}${first ? ", first planet" : ""}${here ? ", battle here" : ""}` },
    h("div", { class: "cq-planet-head" },
      h("span", { class: "cq-slot" }, String(p.slot)),
      h("span", { class: "cq-pname" }, p.name), typeChips(info.types),
      h("span", { class: "cq-bonus", title: "Command struggle bonuses" }, `+${info.resources || 0}R +${info.cards || 0}C`),
      first ? h("span", { class: "badge cq-first" }, "First planet") : null,
      here ? h("span", { class: "badge cq-battle" }, `Battle · round ${b.round}`) : null),
    order.every((seat) => !unitsAt(view, p.slot, seat).length) ? h("div", { class: "muted cq-none" }, "No units") :
    order.map((seat) => {
      const list = unitsAt(view, p.slot, seat);
      return h("div", { class: "cq-side-row", style: `--seat: var(--${seat})`, "data-side": seat },
        h("div", { class: "cq-who" }, c.seatName(seat)),
        list.length ? h("div", { class: "cq-units" }, list.map((u) => unitChip(view, u, c))) : h("div", { class: "muted cq-none" }, "—"));
    }));
}

export function hqBlock(view, seat, c) {
  const list = unitsAt(view, "hq", seat);
  const supports = Object.values(view.cards || {}).filter((x) => x.owner === seat && x.kind === "support");
  return h("div", { class: "cq-hq", style: `--seat: var(--${seat})`, "data-hq": seat },
    h("div", { class: "cq-who" }, `${c.seatName(seat)}'s HQ`),
    list.length || supports.length ? h("div", { class: "cq-units" }, list.map((u) => unitChip(view, u, c)),
      supports.map((x) => h("div", { class: `cq-unit support${x.ready ? "" : " exhausted"}` }, h("div", { class: "cq-unit-name" }, x.name),
        h("div", { class: "cq-kw" }, ["support", ...(x.traits || [])].join(" · "))))) : h("div", { class: "muted cq-none" }, "empty"));
}

// -- setup wizard hooks --------------------------------------------------------------------------
