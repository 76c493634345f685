// One seat's set-up fields (its name, and the game's own: a warband and deck, a warlord, a faction), shared by the
// setup wizard (pages/new.js: the host's seats) and the join page (pages/join.js: a phone setting up its own seat).
// `ctx` is {ruleset, format, content: {}, cardList?, seats?}: the game's choices and a cache of the content offered.
//
// Every game plugs its own parts in the same way: static/js/games/<family>/wizard.js exports `wizard`, an object with
// any of these (each given `ctx` first):
//   seatFields(ctx, seat, index, rerender) -> nodes     the seat's own fields, under its name
//   seatProblem(ctx, seat, index) -> string|null        what is missing in them, as a sentence
//   seatBody(ctx, seat) -> {...}                        the seat's own members of POST /api/games
//   seatsProblem(ctx, seats) -> Promise<string|null>    a check of all the seats before going on (the server's rules)
//   beforeCreate(ctx, seat) -> Promise                  what is kept before the game is created
//   rulesetChanged(ctx, seats)                          another edition of the game was chosen
//   gameFields(ctx, rerender) -> nodes                  the game step's own fields, under the format
//   tableFields(ctx, rerender) -> nodes                 the players step's fields for the whole table
//   options(ctx) -> {...}                               the game's options beside the format
//   tableStep(ctx, {seatIds, seatName, seatChoice, rerender}) -> nodes   the step before the game is created
//   setupEvents(ctx, game, mine) -> [{token, type, by, data}]           that step's answers, entered as events
//   opened(ctx, seats) -> Promise                       the wizard opened (a link may bring a seat's choice)
import { h, toast } from "./dom.js";
import { OWN_MODULE } from "./games/families.js";

export const family = (ctx) => ctx.ruleset.split("/")[0];

/** A family's wizard hooks (its wizard.js), or null; a module that fails to load is said on the page and the console. */
async function loadWizard(fam) {
  if (!OWN_MODULE.has(fam)) return null;
  try {
    return (await import(`./games/${fam}/wizard.js`)).wizard || null;
  } catch (err) {
    console.error(`The ${fam} set-up module could not be loaded:`, err);
    toast("This game's own set-up fields could not be loaded (the connection, or an update under way): reload the page to try again.", "error", 12000);
    return null;
  }
}

const hooks = {};
const loading = {};
/** Load the game's wizard hooks once (every call waits for the same load); `rerender` when they arrive. */
export function loadHooks(ctx, rerender) {
  const fam = family(ctx);
  if (!loading[fam]) {
    hooks[fam] = null;
    loading[fam] = loadWizard(fam).then((own) => { hooks[fam] = own; rerender(); });
  }
  return loading[fam];
}
/** The loaded hooks of the game of `ctx`, or null (none, or not loaded yet). */
export const hook = (ctx) => hooks[family(ctx)] || null;
export const hooksAsked = (ctx) => family(ctx) in hooks;
/** Call the game's hook `name` when it has one; `fallback` otherwise. */
export const hooked = (ctx, name, fallback, ...args) => (hook(ctx) && hook(ctx)[name] ? hook(ctx)[name](ctx, ...args) : fallback);

/** A blank seat. */
export const blankSeat = () => ({ name: "", warband: "", fighters: [] });

/** The fields of one seat (index i): its name and the game's own choices. */
export function seatFields(ctx, seat, i, rerender) {
  if (!hooksAsked(ctx)) loadHooks(ctx, rerender);
  return [
    h("label", { class: "field" }, h("span", {}, "Name"),
      h("input", { id: `name-${i}`, value: seat.name, maxlength: 40, autocomplete: "off", placeholder: ctx.namePlaceholder || `Player ${i + 1}`,
        oninput: (e) => { seat.name = e.target.value; } })),
    hooked(ctx, "seatFields", null, seat, i, rerender),
  ];
}

/** What is missing or wrong in one seat (index i), as a sentence; null when it can be sent. */
export function seatProblem(ctx, seat, i) {
  if (!seat.name.trim()) return `Player ${i + 1} needs a name.`;
  return hooked(ctx, "seatProblem", null, seat, i);
}

/** One seat as POST /api/games (or PUT /api/games/<id>/seats/<seat>) takes it. */
export function seatBody(ctx, s) {
  return { name: s.name.trim(), ...hooked(ctx, "seatBody", {}, s) };
}

/** The game's own check of the seats (an Underworlds seat's deck against the format's rules): a sentence, or null. */
export async function seatsProblem(ctx, seats) {
  return hooked(ctx, "seatsProblem", null, seats);
}

/** What the game keeps before the game is created (numbers typed once on this server). */
export async function beforeCreate(ctx, seat) {
  await hooked(ctx, "beforeCreate", null, seat);
}
