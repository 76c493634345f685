// Fallback renderer for a game without its own module: seats and their plain numbers.
import { h } from "../dom.js";

/** @type {Renderer} see static/js/types.js */
export default {
  renderBoard(view, c) {
    const seats = (view && view.seats) || {};
    return h("section", { "aria-label": "Players" }, Object.entries(seats).map(([id, s]) =>
      h("div", { class: "seat card", style: `--seat: var(--${id})` },
        h("div", { class: "seat-head" }, h("span", { class: "name" }, c.seatName(id))),
        h("div", { class: "stats" }, Object.entries(s || {})
          .filter(([, v]) => typeof v === "number")
          .map(([k, v]) => h("div", { class: "stat" }, h("b", {}, String(v)), h("small", {}, k.replace(/_/g, " "))))))));
  },
};
