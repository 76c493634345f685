// Underworlds' parts of the setup wizard (loaded by static/js/seatform.js, as every game's are): each seat's warband,
// fighter cards and deck, the numbers no source gives typed once on this server, a warband typed in, saved and shared;
// the organiser's card list; the table's set-up before the first round, entered as events once the game exists.
import { h, button, toast } from "../../dom.js";
import { api } from "../../api.js";
import { askReason } from "../../dialogs.js";
import { fighterEditor, blankFighter, slugify, fighterProblem } from "./fighters.js";
import { checkDecks, deckOverride, deckPicker } from "./decks.js";
import { mySaved, openField, openSaved, saveWarband, savedSummary } from "./shared.js";

const offered = (ctx) => ctx.content[ctx.ruleset] || { warbands: [], decks: [] };

/** The warbands and decks an Underworlds ruleset offers (GET /api/content/underworlds/...?ruleset=), once each. */
async function loadContent(ctx, rerender) {
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
      seat.saved = await openSaved(seat.warband.slice(6));
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
  const list = mySaved();
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
  const rec = await saveWarband(name, seatFighters(seat));
  if (!rec) return;
  Object.assign(seat, { warband: `saved:${rec.id}`, saved: rec, justSaved: true, fighters: [] });
  rerender();
}

// Numbers the rules engine needs; a content record without them must be completed by the players.
const NEEDED = /^(move|wounds|defence|profiles(\[\d+\]\.(range|dice|symbol|damage))?)$/;

/** Fetch a content warband's fighters (the seat's printing, else the ruleset's); keep them for editing when
 * the content lacks numbers. */
async function loadWarband(ctx, seat) {
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
function loadTyped(ctx, rerender) {
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
async function saveTyped(ctx, seat) {
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
    seat.warband ? deckPicker(seat, i, { decks: offered(ctx).decks, ruleset: ctx.ruleset, format: ctx.format, rerender, askReason }) : null,
    seat.gaps ? gapsEditor(seat, i) : null,
    seat.warband === "custom" ? customEditor(seat, i, rerender) : null,
    seat.warband === "open" ? openField(i, (rec) => { Object.assign(seat, { warband: `saved:${rec.id}`, saved: rec, justSaved: false }); rerender(); }) : null,
    seat.saved ? savedSummary(seat.saved, { shared: seat.justSaved }) : null,
  ];
}

/** Reload what a seat's content warband offers after the ruleset changed (each edition has its own printings). */
function reloadSeat(ctx, seat, rerender) {
  seat.reload = false;
  if (ctx.content[ctx.ruleset] && !ctx.content[ctx.ruleset].loading && !offered(ctx).warbands.some((x) => x.slug === seat.warband)) seat.warband = "";
  else loadWarband(ctx, seat).then(rerender);
}


/** The fighters a seat sends: typed in (with unique slugs), completed from the cards, or none (content fills them). */
function seatFighters(s) {
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

/** What is missing or wrong in a seat's warband, as a sentence; null when it can be sent. */
function seatProblem(ctx, seat) {
  if (!seat.warband) return `Choose ${seat.name}'s warband.`;
  if (seat.warband === "open" || (seat.warband.startsWith("saved:") && !seat.saved)) {
    return `Open ${seat.name}'s shared warband (its link or id), or choose another.`;
  }
  if (seat.warband === "custom" || seat.gaps) {
    if (!seat.fighters.length) return `${seat.name} needs at least one fighter.`;
    for (const f of seat.fighters) {
      const problem = fighterProblem(f);
      if (problem) return `${seat.name}: ${problem}`;
    }
  }
  return null;
}

/** A seat's warband, printing, fighters and deck as POST /api/games takes them. */
function seatBody(ctx, s) {
  const seat = { warband: s.warband };
  if (s.printing && !s.saved && s.warband !== "custom") seat.printing = s.printing;
  const fighters = seatFighters(s);
  if (fighters) seat.fighters = fighters;
  if (s.deck) seat.deck = s.deck;
  if (s.saved) Object.assign(seat, { warband: "custom", custom_id: s.saved.id });
  return seat;
}

/** The organiser's card list for the chosen format: its id, also when a link to it was pasted. */
function cardListId(ctx) {
  if (!["championship", "nemesis"].includes(ctx.format)) return null;
  const m = String(ctx.cardList || "").trim().match(/([\w-]{1,64})$/);
  return m ? m[1] : null;
}

/** The game step's own parts: the warband a share link brought, and the organiser's card list for the format. */
function gameFields(ctx) {
  return [
    ctx.sharedWarband ? h("p", { class: "card", id: "shared-note" },
      `Shared warband “${ctx.sharedWarband.name}” is ready for Player ${ctx.sharedWarband.seat + 1}.`) : null,
    ["championship", "nemesis"].includes(ctx.format) ? h("label", { class: "field" },
      h("span", {}, "Organiser's card list (id; empty: the app's list)"),
      h("input", { id: "card-list", value: ctx.cardList || "", maxlength: 200, autocomplete: "off",
        oninput: (e) => { ctx.cardList = e.target.value; } })) : null,
  ];
}

/** The game's options beside the format: the players, a match's first game, the card list, decks let through. */
function options(ctx) {
  const out = { players: ctx.count };
  if (ctx.format === "matched") {
    // Game 1 of a best-of-three match; each player keeps this warband for the whole match.
    const ids = ctx.seats.map((_, i) => `p${i + 1}`);
    out.match = { game: 1, seats: ids, tiebreakers: ctx.tiebreakers, previous: [],
      warbands: Object.fromEntries(ctx.seats.map((s, i) => [ids[i], seatBody(ctx, s).warband])) };
  }
  const list = cardListId(ctx);
  if (list) out.card_list = list;
  const override = deckOverride(ctx.seats);
  if (override) out.deck_override = override;
  return out;
}

const DO_OVERS = [["none", "No"], ["power", "Power"], ["objectives", "Objectives"], ["all", "Both"]];

/** The step before the game is created: what the table settled before the first round (boards, do-overs, placing). */
function tableStep(ctx, t) {
  const setup = ctx.setup;
  const choice = (label, key, name) => t.seatChoice(label, setup[key], (id) => { setup[key] = id; }, name);
  return [
    h("h1", {}, "Before the first round"),
    h("p", { class: "muted" }, "Set up the boards, draw cards and place fighters at the table, then tap what happened."),
    choice("Who chose the first game board?", "firstBoard", "board"),
    h("fieldset", {}, h("legend", {}, "Do-overs (hands redrawn)"),
      t.seatIds().map((id, i) => h("div", { class: "stack", style: "margin:4px 0" },
        h("div", { style: "font-weight:700;overflow-wrap:anywhere" }, t.seatName(i)),
        h("div", { class: "seg", role: "radiogroup", "aria-label": `Do-over of ${t.seatName(i)}` },
          DO_OVERS.map(([v, label]) => button(label, () => { setup.doOvers[id] = v; t.rerender(); },
            { cls: "btn small", role: "radio", "aria-checked": String((setup.doOvers[id] || "none") === v),
              "data-choice": `doover-${id}-${v}` })))))),
    choice("Who placed the first fighter?", "deploysFirst", "deploy"),
    choice("Who finished placing fighters first?", "placedFirst", "placed"),
  ];
}

/** The set-up as events, each filed under the seat whose phone entered it (`mine`: this phone's seat, or the
 *  table's shared device). What the table settled (roll-offs, the fighters placed) names its players in its data,
 *  so this phone enters it as its own, and only this phone is offered its Undo. A do-over is a player's own
 *  decision about their hand (the rules take them in order by seat): it stays that player's, entered with the
 *  token the creator holds for them, or by the shared device. */
function setupEvents(ctx, game, mine) {
  const setup = ctx.setup;
  const tokens = Object.fromEntries(game.seats.map((s) => [s.seat, s.token]));
  const ids = game.seats.map((s) => s.seat);
  const order = [...ids.slice(ids.indexOf(setup.firstBoard)), ...ids.slice(0, ids.indexOf(setup.firstBoard))];
  const own = (type, data) => ({ token: mine.token, type, by: mine.seat, data });
  return [
    own("roll_off", { purpose: "boards", first: setup.firstBoard }),
    ...order.map((id) => ({ token: game.device_token ? mine.token : tokens[id], type: "do_over", by: id, data: { choice: setup.doOvers[id] || "none" } })),
    own("roll_off", { purpose: "deployment", first: setup.deploysFirst }),
    own("deployed", { finished_first: setup.placedFirst }),
  ];
}

/** A share link (/new?warband=<id>) puts that saved warband in the first seat without one. */
async function opened(ctx, seats) {
  const id = new URLSearchParams(location.search).get("warband");
  if (!id) return;
  const rec = await openSaved(id);
  if (!rec) return;
  const seat = seats.find((x) => !x.warband) || seats[0];
  Object.assign(seat, { warband: `saved:${rec.id}`, saved: rec, fighters: [], gaps: null });
  ctx.sharedWarband = { name: rec.name, seat: seats.indexOf(seat) };
}

/** Setup wizard hooks (static/js/seatform.js). */
export const wizard = {
  seatFields(ctx, seat, i, rerender) {
    if (!ctx.content[ctx.ruleset]) loadContent(ctx, rerender);
    if (seat.reload) reloadSeat(ctx, seat, rerender);
    return underworldsFields(ctx, seat, i, rerender);
  },
  seatProblem,
  seatBody,
  /** The seats' decks against the format's deck rules: the first problem as a sentence, or null. */
  seatsProblem: (ctx, seats) => checkDecks(seats, { ruleset: ctx.ruleset, format: ctx.format, cardList: cardListId(ctx),
    fightersOf: (s) => seatFighters(s) || (s.saved ? s.saved.fighters : null) }),
  /** Numbers typed for a printing no source gives are kept on the server for every later game here. */
  beforeCreate: saveTyped,
  /** A seat's content warband is fetched again for another edition (each offers its own printings). */
  rulesetChanged(ctx, seats) {
    for (const seat of seats) {
      if (!seat.warband || seat.warband === "custom" || seat.warband === "open" || seat.warband.startsWith("saved:")) continue;
      Object.assign(seat, { printing: null, printings: null, gaps: null, fighters: [], reload: true });
    }
  },
  gameFields,
  options,
  tableStep,
  setupEvents,
  opened,
};
