// One seat's set-up fields (name, warband, printing, deck; another game's own fields), shared by the setup
// wizard (pages/new.js: the host's seats) and the join page (pages/join.js: a phone setting up its own seat).
// `ctx` is {ruleset, format, content: {}, cardList?}: the game's choices and a cache of the content offered.
import { h, button, toast } from "./dom.js";
import { loadFamily } from "./games/families.js";
import { api } from "./api.js";
import { fighterEditor, blankFighter, slugify, fighterProblem } from "./games/underworlds/fighters.js";
import { askReason } from "./dialogs.js";

export const family = (ctx) => ctx.ruleset.split("/")[0];
const offered = (ctx) => ctx.content[ctx.ruleset] || { warbands: [], decks: [] };

/** The warbands and decks an Underworlds ruleset offers (GET /api/content/underworlds/...?ruleset=), once each. */
export async function loadContent(ctx, rerender) {
  const ruleset = ctx.ruleset;
  if (ctx.content[ruleset] || !ruleset.startsWith("underworlds/")) return;
  ctx.content[ruleset] = { warbands: [], decks: [], loading: true };
  const q = `ruleset=${encodeURIComponent(ruleset)}&per_page=500`;
  try {
    // The numbers typed on this server come with the content: one redraw (a late one would empty a field typed in).
    const [wb, decks] = await Promise.all([api("GET", `/api/content/underworlds/warbands?${q}`),
      api("GET", `/api/content/underworlds/decks?${q}`), loadTyped(ctx)]);
    ctx.content[ruleset] = {
      warbands: wb.status === 200 ? wb.body.items.map((x) => ({ slug: x.id, name: x.name,
        typing: (x.printings.find((p) => p.id === x.default_printing) || {}).needs_typing })) : [],
      decks: decks.status === 200 ? decks.body.items : [] };
  } catch (err) { delete ctx.content[ruleset]; }  // offline: tried again on the next render
  rerender();
}

// Underworlds-only parts (decks, saved warbands) load when an Underworlds seat is shown.
let UW = null;
export const loadUw = async () => (UW = UW || await import("./games/underworlds/wizard.js"));
export const uw = () => UW;

// Games other than Underworlds plug their own seat fields in: their module under static/js/games/<family>/index.js
// may export `wizard` = {seatFields(seat, index, rerender) -> Node, seatProblem(seat) -> string|null,
// seatBody(seat) -> {...extra seat members}, options(w) -> {...}, tableFields(rerender) -> Node (the whole table's)}.
const hooks = {};
/** Load the game's wizard hooks once; `rerender` when they arrive. */
export async function loadHooks(ctx, rerender) {
  const fam = family(ctx);
  if (fam in hooks) return;
  hooks[fam] = null;
  const own = await loadFamily(fam, (message) => toast(message, "error", 12000));
  hooks[fam] = (own && own.wizard) || null;
  rerender();
}
export const hook = (ctx) => hooks[family(ctx)] || null;
export const hooksAsked = (ctx) => family(ctx) in hooks;

/** A blank seat. */
export const blankSeat = () => ({ name: "", warband: "", fighters: [] });

function warbandPicker(ctx, seat, index, rerender) {
  const options = [h("option", { value: "" }, "Choose a warband…"),
    ...offered(ctx).warbands.map((wb) => h("option", { value: wb.slug, selected: seat.warband === wb.slug },
      warbandLabel(ctx, wb))),
    savedGroup(seat),
    h("option", { value: "open", selected: seat.warband === "open" }, "Open a shared warband (link or id)"),
    h("option", { value: "custom", selected: seat.warband === "custom" }, "Type in the fighter cards")];
  const select = h("select", { id: `warband-${index}`, onchange: async (e) => {
    Object.assign(seat, { warband: e.target.value, gaps: null, printing: null, printings: null, saved: null, justSaved: false });
    if (seat.warband.startsWith("saved:")) {
      seat.fighters = [];
      seat.saved = await (await loadUw()).openSaved(seat.warband.slice(6));
      if (!seat.saved) seat.warband = "";
    } else if (seat.warband === "custom") {
      seat.fighters = seat.fighters.length ? seat.fighters : [blankFighter(true)];
    } else if (seat.warband) {
      seat.fighters = [];
      await loadWarband(ctx, seat);
    }
    rerender();
  } }, options);
  return h("label", { class: "field" }, h("span", {}, "Warband"), select);
}

/** A content warband as the picker offers it: its name, and whether its numbers are to type or typed here before. */
function warbandLabel(ctx, wb) {
  if (!wb.typing) return wb.name;
  const rec = typedOf(ctx, wb.slug, null);
  return rec ? `${wb.name} (${typedWho(rec)})` : `${wb.name} (some numbers to enter)`;
}

/** "My saved warbands": those saved or opened on this phone (and the seat's own, if it came by link). */
function savedGroup(seat) {
  const list = UW ? UW.mySaved() : [];
  if (seat.saved && !list.some((x) => x.id === seat.saved.id)) list.unshift({ id: seat.saved.id, name: seat.saved.name });
  if (!list.length) return null;
  return h("optgroup", { label: "My saved warbands" },
    list.map((x) => h("option", { value: `saved:${x.id}`, selected: seat.warband === `saved:${x.id}` }, x.name)));
}

/** Save a typed-in warband on the server; the seat then plays the saved one and shows its share link. */
async function saveAndShare(seat, rerender) {
  const name = (seat.customName || "").trim();
  if (!name) return toast("Give the warband a name first.");
  const problem = seat.fighters.length ? seat.fighters.map(fighterProblem).find(Boolean) : "Enter at least one fighter.";
  if (problem) return toast(problem);
  const rec = await (await loadUw()).saveWarband(name, seatFighters(seat));
  if (!rec) return;
  Object.assign(seat, { warband: `saved:${rec.id}`, saved: rec, justSaved: true, fighters: [] });
  rerender();
}

// Numbers the rules engine needs; a content record without them must be completed by the players.
const NEEDED = /^(move|wounds|defence|profiles(\[\d+\]\.(range|dice|symbol|damage))?)$/;

/** Fetch a content warband's fighters (the seat's printing, else the ruleset's); keep them for editing when
 * the content lacks numbers. */
export async function loadWarband(ctx, seat) {
  try {
    const printing = seat.printing ? `&printing=${encodeURIComponent(seat.printing)}` : "";
    const reply = await api("GET", `/api/content/underworlds/warbands/${encodeURIComponent(seat.warband)}/fighters?ruleset=${encodeURIComponent(ctx.ruleset)}${printing}`);
    if (reply.status !== 200) return;
    seat.printings = reply.body.printings || [];
    seat.printing = reply.body.printing.id;
    seat.fighters = [];
    seat.gaps = null;
    const gaps = Object.entries(reply.body.missing || {}).filter(([, fields]) => fields.some((f) => NEEDED.test(f)));
    seat.typed = null;
    if (gaps.length) {
      seat.fighters = reply.body.fighters.map((f) => JSON.parse(JSON.stringify(f)));
      // A fighter whose attacks the content does not know gets one empty profile to fill in.
      for (const f of seat.fighters) {
        if (!(f.profiles || []).length) f.profiles = [{ name: "", range: null, dice: null, symbol: "smash", damage: null, keywords: [], spell: false }];
      }
      seat.gaps = Object.fromEntries(gaps);
      seat.printingLabel = reply.body.printing.label || reply.body.printing.id;
      await fillTyped(ctx, seat);
    }
  } catch (err) { /* offline: the server fills the warband when the game is created */ }
}

// -- numbers typed once on this server ---------------------------------------------------------------------
// A printing whose numbers no source gives is typed once: the numbers are saved on the server (a saved warband
// naming the content warband and printing it completes, and who typed it) and every later game here fills them in.
// A correction is saved as a newer record, which later games take first.
const TYPED_PATH = "/api/content/custom/warband";

/** The server's typed records, newest first: [{id, name, typed_by, based_on, printing, created_at}] (once a page). */
export function loadTyped(ctx, rerender) {
  if (!ctx.typedLoading) {
    ctx.typedLoading = api("GET", `${TYPED_PATH}?per_page=100`).catch(() => null).then((reply) => {
      ctx.typed = reply && reply.status === 200 ? reply.body.items.filter((x) => x.based_on && x.printing) : [];
      if (rerender) rerender();
      return ctx.typed;
    });
  }
  return ctx.typedLoading;
}

// The numbers a player types (the fighter form fills defaults for what it shows: compared as the form sees them).
const numbersOf = (fighters) => JSON.stringify(fighters.map((f) => [f.slug, f.move, f.wounds, (f.defence || {}).dice,
  (f.defence || {}).symbol || "block", !!f.leader, (f.profiles || []).map((p) => [p.name, p.range, p.dice, p.symbol || "smash",
    p.damage, p.keywords || []])]));
const typedOf = (ctx, warband, printing) => (ctx.typed || []).find((x) => x.based_on === warband && (!printing || x.printing === printing));

/** Fill a seat's missing numbers from the newest record typed for its warband and printing. */
async function fillTyped(ctx, seat) {
  await loadTyped(ctx);
  const rec = typedOf(ctx, seat.warband, seat.printing);
  if (!rec) return;
  const reply = await api("GET", `${TYPED_PATH}/${encodeURIComponent(rec.id)}`).catch(() => null);
  if (!reply || reply.status !== 200) return;
  const typed = Object.fromEntries((reply.body.payload.fighters || []).map((f) => [f.slug, f]));
  seat.fighters = seat.fighters.map((f) => (typed[f.slug] ? { ...f, ...JSON.parse(JSON.stringify(typed[f.slug])) } : f));
  seat.typed = { ...rec, numbers: numbersOf(seat.fighters) };
}

/** Save the numbers a seat typed (new, or corrected) so later games on this server are offered them. */
export async function saveTyped(ctx, seat) {
  if (!seat.gaps || seat.warband === "custom" || (seat.typed && seat.typed.numbers === numbersOf(seat.fighters))) return;
  const wb = offered(ctx).warbands.find((x) => x.slug === seat.warband);
  const body = { name: `${wb ? wb.name : seat.warband} (${seat.printingLabel || seat.printing})`.slice(0, 120),
    based_on: seat.warband, printing: seat.printing, typed_by: seat.name.trim().slice(0, 40) || null, fighters: seat.fighters };
  const reply = await api("POST", TYPED_PATH, { body }).catch(() => null);
  if (reply && reply.status === 201) {
    seat.typed = { id: reply.body.id, ...body, created_at: new Date().toISOString(), numbers: numbersOf(seat.fighters) };
    ctx.typed = [seat.typed, ...(ctx.typed || [])];
    ctx.typedLoading = Promise.resolve(ctx.typed);
  }
}

/** "typed by Ana, 1 Dec": who typed a record and when. */
const typedWho = (rec) => `typed by ${rec.typed_by || "a player"}${rec.created_at ? `, ${new Date(rec.created_at).toLocaleDateString(undefined, { day: "numeric", month: "short" })}` : ""}`;

/** "Fighter cards": which printing the player holds, when the warband has more than one (default: these rules'). */
function printingPicker(ctx, seat, index, rerender) {
  if (!seat.printings || seat.printings.length < 2) return null;
  const label = (p) => `${p.label}${p.offered ? "" : " (not the cards these rules were written for)"}${p.needs_typing ? ": some numbers to enter" : ""}`;
  return h("label", { class: "field" }, h("span", {}, "Fighter cards"),
    h("select", { id: `printing-${index}`, onchange: async (e) => { seat.printing = e.target.value; await loadWarband(ctx, seat); rerender(); } },
      seat.printings.map((p) => h("option", { value: p.id, selected: p.id === seat.printing }, label(p)))));
}

/** The numbers no source gives of the chosen cards, to copy from the fighter cards. */
function gapsEditor(seat, index) {
  const cards = seat.printings && seat.printings.length
    ? `the ${(seat.printings.find((p) => p.id === seat.printing) || {}).label || "chosen cards"}` : "this warband";
  return h("div", { class: "stack", "data-seat-gaps": index },
    seat.typed ? h("p", { class: "muted", "data-typed-by": seat.typed.typed_by || "" },
      `Numbers of ${cards} ${typedWho(seat.typed)} on this server: check them against your cards (a correction is kept for later games).`)
      : h("p", { class: "muted" }, `No source gives these numbers of ${cards}: copy them from your fighter cards (they are kept for later games here).`),
    seat.fighters.filter((f) => seat.gaps[f.slug]).map((f, j) => fighterEditor(f, `${index}-c${j}`, null)));
}

function customEditor(seat, index, rerender) {
  return h("div", { class: "stack" },
    seat.fighters.map((f, j) => fighterEditor(f, `${index}-${j}`, () => { seat.fighters.splice(j, 1); rerender(); })),
    button("+ Add a fighter", () => { seat.fighters.push(blankFighter(false)); rerender(); }, { cls: "btn" }),
    h("label", { class: "field" }, h("span", {}, "Warband name (to save it)"),
      h("input", { id: `custom-name-${index}`, value: seat.customName || "", maxlength: 120, autocomplete: "off",
        oninput: (e) => { seat.customName = e.target.value; } })),
    button("Save and share", () => saveAndShare(seat, rerender), { cls: "btn", "data-action": "save-warband" }));
}

/** An Underworlds seat's own fields: warband, printing, deck, the numbers to type, a saved or shared warband. */
function underworldsFields(ctx, seat, i, rerender) {
  return [
    warbandPicker(ctx, seat, i, rerender),
    printingPicker(ctx, seat, i, rerender),
    UW && seat.warband ? UW.deckPicker(seat, i, { decks: offered(ctx).decks, ruleset: ctx.ruleset, format: ctx.format, rerender, askReason }) : null,
    seat.gaps ? gapsEditor(seat, i) : null,
    seat.warband === "custom" ? customEditor(seat, i, rerender) : null,
    UW && seat.warband === "open" ? UW.openField(i, (rec) => { Object.assign(seat, { warband: `saved:${rec.id}`, saved: rec, justSaved: false }); rerender(); }) : null,
    UW && seat.saved ? UW.savedSummary(seat.saved, { shared: seat.justSaved }) : null,
  ];
}

/** Reload what a seat's content warband offers after the ruleset changed (each edition has its own printings). */
function reloadSeat(ctx, seat, rerender) {
  seat.reload = false;
  if (ctx.content[ctx.ruleset] && !ctx.content[ctx.ruleset].loading && !offered(ctx).warbands.some((x) => x.slug === seat.warband)) seat.warband = "";
  else loadWarband(ctx, seat).then(rerender);
}

/** The fields of one seat (index i): its name and the game's own choices. */
export function seatFields(ctx, seat, i, rerender) {
  const fam = family(ctx);
  if (fam === "underworlds" && !UW) loadUw().then(rerender);
  if (fam === "underworlds" && !ctx.content[ctx.ruleset]) loadContent(ctx, rerender);
  if (!hooksAsked(ctx)) loadHooks(ctx, rerender);
  if (seat.reload) reloadSeat(ctx, seat, rerender);
  return [
    h("label", { class: "field" }, h("span", {}, "Name"),
      h("input", { id: `name-${i}`, value: seat.name, maxlength: 40, autocomplete: "off", placeholder: ctx.namePlaceholder || `Player ${i + 1}`,
        oninput: (e) => { seat.name = e.target.value; } })),
    fam === "underworlds" ? underworldsFields(ctx, seat, i, rerender) : null,
    fam !== "underworlds" && hook(ctx) && hook(ctx).seatFields ? hook(ctx).seatFields(seat, i, rerender) : null,
  ];
}

/** What is missing or wrong in one seat (index i), as a sentence; null when it can be sent. */
export function seatProblem(ctx, seat, i) {
  const uwSeat = family(ctx) === "underworlds";
  if (!seat.name.trim()) return `Player ${i + 1} needs a name.`;
  if (uwSeat && !seat.warband) return `Choose ${seat.name}'s warband.`;
  if (uwSeat && (seat.warband === "open" || (seat.warband.startsWith("saved:") && !seat.saved))) {
    return `Open ${seat.name}'s shared warband (its link or id), or choose another.`;
  }
  const other = !uwSeat && hook(ctx) && hook(ctx).seatProblem ? hook(ctx).seatProblem(seat) : null;
  if (other) return other;
  if (seat.warband === "custom" || seat.gaps) {
    if (!seat.fighters.length) return `${seat.name} needs at least one fighter.`;
    for (const f of seat.fighters) {
      const problem = fighterProblem(f);
      if (problem) return `${seat.name}: ${problem}`;
    }
  }
  return null;
}

/** The fighters a seat sends: typed in (with unique slugs), completed from the cards, or none (content fills them). */
export function seatFighters(s) {
  if (s.warband === "custom") {
    const used = new Set();
    return s.fighters.map((f) => {
      let slug = slugify(f.name) || "fighter";
      while (used.has(slug)) slug += "-2";
      used.add(slug);
      return { ...f, name: f.name.trim(), slug };
    });
  }
  return s.gaps ? s.fighters : null;
}

/** One seat as POST /api/games (or PUT /api/games/<id>/seats/<seat>) takes it. */
export function seatBody(ctx, s) {
  const uwSeat = family(ctx) === "underworlds";
  const seat = { name: s.name.trim() };
  if (uwSeat) seat.warband = s.warband;
  if (uwSeat && s.printing && !s.saved && s.warband !== "custom") seat.printing = s.printing;
  else if (hook(ctx) && hook(ctx).seatBody) Object.assign(seat, hook(ctx).seatBody(s));
  const fighters = seatFighters(s);
  if (fighters) seat.fighters = fighters;
  if (uwSeat && s.deck) seat.deck = s.deck;
  if (uwSeat && s.saved) Object.assign(seat, { warband: "custom", custom_id: s.saved.id });
  return seat;
}

/** Check the Underworlds seats' decks against the format's rules; the first problem as a sentence, or null. */
export async function deckProblem(ctx, seats) {
  if (family(ctx) !== "underworlds") return null;
  return (await loadUw()).checkDecks(seats, { ruleset: ctx.ruleset, format: ctx.format, cardList: ctx.cardList || null,
    fightersOf: (s) => seatFighters(s) || (s.saved ? s.saved.fighters : null) });
}
