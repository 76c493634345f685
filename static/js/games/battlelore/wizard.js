// BattleLore's parts of the setup wizard (loaded by static/js/seatform.js): each seat's faction.
import { h } from "../../dom.js";

const FACTIONS = [["", "Not chosen yet"], ["daqan", "Daqan Lords"], ["uthuk", "Uthuk Y'llan"]];

/** Setup wizard hooks (static/js/seatform.js): each seat's faction, so its muster offers that faction's units by name. */
export const wizard = {
  seatFields(ctx, seat, index, rerender) {
    return h("label", { class: "field" }, h("span", {}, "Faction"),
      h("select", { id: `faction-${index}`, onchange: (e) => { seat.faction = e.target.value; rerender(); } },
        FACTIONS.map(([id, name]) => h("option", { value: id, selected: (seat.faction || "") === id }, name))));
  },
  seatBody: (ctx, seat) => (seat.faction ? { faction: seat.faction } : {}),
};
