// Setup wizard: game and edition, format, players, names and warbands (or fighters typed in),
// the pre-game decisions, then the join code + QR code for the other phones.
import { h, replace, button, toast, clearToast } from "../dom.js";
import { api, errorText, NetworkError, uuid } from "../api.js";
import { putGame } from "../store.js";
import { registerServiceWorker, watchNetwork } from "../pwa.js";
import { showConnection } from "../conn.js";
import { fighterEditor, blankFighter, slugify, fighterProblem } from "../games/underworlds/fighters.js";
import { askReason } from "../dialogs.js";

const root = document.getElementById("wizard");

// What the wizard offers when the server's ruleset list gives no more detail.
const FALLBACK_RULESETS = [
  { id: "underworlds/deathgorge", title: "Warhammer Underworlds (current rules, Deathgorge)" },
  { id: "underworlds/dreadfane", title: "Warhammer Underworlds (2019, Dreadfane)" },
  { id: "underworlds/shadespire", title: "Warhammer Underworlds (2018, Shadespire)" },
  { id: "conquest/core", title: "Warhammer 40,000: Conquest" },
  { id: "battlelore/second-edition", title: "BattleLore Second Edition" },
];
// Each ruleset's formats ({id, label}) and numbers of players, as the server's ruleset list gives them.
const setupOf = (id) => ((w.rulesets.find((r) => r.id === id) || {}).setup) || { formats: [], players: [2] };
const formatsOf = (id) => setupOf(id).formats;
// Matched play is a match between two players (Shadespire rulebook, Matched Play, pg 26).
const playersOf = (id) => (w.format === "matched" ? [2] : setupOf(id).players);

const w = {
  step: 0,
  rulesets: FALLBACK_RULESETS,
  ruleset: "underworlds/deathgorge",
  format: "rivals",
  count: 2,
  mySeat: "p1",
  shared: false,        // one phone for the whole table (passed around)
  seats: [],
  content: {},          // Underworlds content per ruleset: {warbands, decks} (each edition offers its own)
  firstBoard: "p1",
  doOvers: {},          // seat -> none|power|objectives|all
  deploysFirst: "p2",   // who placed the first fighter (the deployment roll-off's choice)
  placedFirst: "p1",    // who finished placing first (adds a critical to round 1's roll-off)
  created: null,
  tiebreakers: true,    // matched play: tiebreakers agreed before the match
};

const family = () => w.ruleset.split("/")[0];
const offered = () => w.content[w.ruleset] || { warbands: [], decks: [] };

/** The warbands and decks an Underworlds ruleset offers (GET /api/content/underworlds/...?ruleset=), once each. */
async function loadContent(ruleset) {
  if (w.content[ruleset] || !ruleset.startsWith("underworlds/")) return;
  w.content[ruleset] = { warbands: [], decks: [], loading: true };
  const q = `ruleset=${encodeURIComponent(ruleset)}&per_page=500`;
  try {
    const [wb, decks] = await Promise.all([api("GET", `/api/content/underworlds/warbands?${q}`),
      api("GET", `/api/content/underworlds/decks?${q}`)]);
    w.content[ruleset] = {
      warbands: wb.status === 200 ? wb.body.items.map((x) => ({ slug: x.id, name: x.name,
        typing: (x.printings.find((p) => p.id === x.default_printing) || {}).needs_typing })) : [],
      decks: decks.status === 200 ? decks.body.items : [] };
  } catch (err) { delete w.content[ruleset]; }  // offline: tried again on the next render
  render();
}

// Underworlds-only wizard parts (decks, saved warbands) load when an Underworlds game reaches its players.
let UW = null;
const loadUw = async () => (UW = UW || await import("../games/underworlds/wizard.js"));

// Games other than Underworlds plug their own seat fields into the wizard: their module under
// static/js/games/<family>/index.js may export `wizard` = {seatFields(seat, index, rerender) -> Node,
// seatProblem(seat) -> string|null, seatBody(seat) -> {...extra seat members}, options(w) -> {...},
// tableFields(rerender) -> Node (choices for the whole table, above the seats)}.
const hooks = {};
async function loadHooks() {
  const fam = family();
  if (fam in hooks) return;
  hooks[fam] = null;
  try { hooks[fam] = (await import(`../games/${fam}/index.js`)).wizard || null; } catch { hooks[fam] = null; }
  render();
}
const hook = () => hooks[family()] || null;
const seatIds = () => Array.from({ length: w.count }, (_, i) => `p${i + 1}`);

function ensureSeats() {
  while (w.seats.length < w.count) w.seats.push({ name: "", warband: "", fighters: [] });
  w.seats.length = w.count;
}

/** Choose a ruleset; keep the format and player count only where that edition has them. */
function pickRuleset(id) {
  if (id !== w.ruleset) {
    // Each edition offers its own printings of the fighter cards: content warbands are fetched again.
    for (const seat of w.seats) {
      if (!seat.warband || seat.warband === "custom" || seat.warband === "open" || seat.warband.startsWith("saved:")) continue;
      Object.assign(seat, { printing: null, printings: null, gaps: null, fighters: [], reload: true });
    }
  }
  w.ruleset = id;
  const formats = formatsOf(id).map((f) => f.id);
  if (!formats.includes(w.format)) w.format = formats[0] || null;
  if (!playersOf(id).includes(w.count)) w.count = playersOf(id)[0];
}

// -- steps --------------------------------------------------------------------------------------

function stepGame() {
  const formats = formatsOf(w.ruleset);
  return [
    h("h1", {}, "New game"),
    w.sharedWarband && family() === "underworlds" ? h("p", { class: "card", id: "shared-note" },
      `Shared warband “${w.sharedWarband.name}” is ready for Player ${w.sharedWarband.seat + 1}.`) : null,
    h("fieldset", {}, h("legend", {}, "Game and edition"),
      h("div", { class: "stack", role: "radiogroup", "aria-label": "Game and edition" },
        w.rulesets.map((r) => button(r.title || r.id, () => { pickRuleset(r.id); render(); },
          { cls: "btn", role: "radio", "aria-checked": String(r.id === w.ruleset), "data-ruleset": r.id })))),
    formats.length ? h("fieldset", {}, h("legend", {}, "Format"),
      h("div", { class: "seg", role: "radiogroup", "aria-label": "Format" },
        formats.map(({ id, label }) => button(label, () => { w.format = id; if (!playersOf(w.ruleset).includes(w.count)) w.count = 2; render(); },
          { cls: "btn", role: "radio", "aria-checked": String(id === w.format) })))) : null,
    ["championship", "nemesis"].includes(w.format) && family() === "underworlds" ? h("label", { class: "field" },
      h("span", {}, "Organiser's card list (id; empty: the app's list)"),
      h("input", { id: "card-list", value: w.cardList || "", maxlength: 200, autocomplete: "off",
        oninput: (e) => { w.cardList = e.target.value; } })) : null,
    w.format === "matched" ? h("label", { class: "check", id: "tiebreakers" },
      h("input", { type: "checkbox", checked: w.tiebreakers, onchange: (e) => { w.tiebreakers = e.target.checked; } }),
      "Use the tiebreakers if the match is level (agree before the first game)") : null,
    h("fieldset", {}, h("legend", {}, "Players"),
      h("div", { class: "seg", role: "radiogroup", "aria-label": "Number of players" },
        playersOf(w.ruleset).map((n) => button(String(n), () => { w.count = n; render(); },
          { cls: "btn", role: "radio", "aria-checked": String(n === w.count), "aria-label": `${n} players` })))),
  ];
}

function warbandPicker(seat, index) {
  const options = [h("option", { value: "" }, "Choose a warband…"),
    ...offered().warbands.map((wb) => h("option", { value: wb.slug, selected: seat.warband === wb.slug },
      wb.typing ? `${wb.name} (some numbers to enter)` : wb.name)),
    savedGroup(seat),
    h("option", { value: "open", selected: seat.warband === "open" }, "Open a shared warband (link or id)"),
    h("option", { value: "custom", selected: seat.warband === "custom" }, "Type in the fighter cards")];
  const select = h("select", { id: `warband-${index}`, onchange: async (e) => {
    seat.warband = e.target.value;
    seat.gaps = null;
    seat.printing = null;
    seat.printings = null;
    seat.saved = null;
    seat.justSaved = false;
    if (seat.warband.startsWith("saved:")) {
      seat.fighters = [];
      seat.saved = await (await loadUw()).openSaved(seat.warband.slice(6));
      if (!seat.saved) seat.warband = "";
    } else if (seat.warband === "custom") {
      seat.fighters = seat.fighters.length ? seat.fighters : [blankFighter(true)];
    } else if (seat.warband) {
      seat.fighters = [];
      await loadWarband(seat);
    }
    render();
  } }, options);
  return h("label", { class: "field" }, h("span", {}, "Warband"), select);
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
async function saveAndShare(seat) {
  const name = (seat.customName || "").trim();
  if (!name) return toast("Give the warband a name first.");
  const problem = seat.fighters.length ? seat.fighters.map(fighterProblem).find(Boolean) : "Enter at least one fighter.";
  if (problem) return toast(problem);
  const rec = await (await loadUw()).saveWarband(name, seatFighters(seat));
  if (!rec) return;
  Object.assign(seat, { warband: `saved:${rec.id}`, saved: rec, justSaved: true, fighters: [] });
  render();
}

// Numbers the rules engine needs; a content record without them must be completed by the players.
const NEEDED = /^(move|wounds|defence|profiles(\[\d+\]\.(range|dice|symbol|damage))?)$/;

/** Fetch a content warband's fighters (the seat's printing, else the ruleset's); keep them for editing when
 * the content lacks numbers. */
async function loadWarband(seat) {
  try {
    const printing = seat.printing ? `&printing=${encodeURIComponent(seat.printing)}` : "";
    const reply = await api("GET", `/api/content/underworlds/warbands/${encodeURIComponent(seat.warband)}/fighters?ruleset=${encodeURIComponent(w.ruleset)}${printing}`);
    if (reply.status !== 200) return;
    seat.printings = reply.body.printings || [];
    seat.printing = reply.body.printing.id;
    seat.fighters = [];
    seat.gaps = null;
    const gaps = Object.entries(reply.body.missing || {}).filter(([, fields]) => fields.some((f) => NEEDED.test(f)));
    if (gaps.length) {
      seat.fighters = reply.body.fighters.map((f) => JSON.parse(JSON.stringify(f)));
      // A fighter whose attacks the content does not know gets one empty profile to fill in.
      for (const f of seat.fighters) {
        if (!(f.profiles || []).length) f.profiles = [{ name: "", range: null, dice: null, symbol: "smash", damage: null, keywords: [], spell: false }];
      }
      seat.gaps = Object.fromEntries(gaps);
    }
  } catch (err) { /* offline: the server fills the warband when the game is created */ }
}

/** "Fighter cards": which printing the player holds, when the warband has more than one (default: these rules'). */
function printingPicker(seat, index) {
  if (!seat.printings || seat.printings.length < 2) return null;
  const label = (p) => `${p.label}${p.offered ? "" : " (not the cards these rules were written for)"}${p.needs_typing ? ": some numbers to enter" : ""}`;
  return h("label", { class: "field" }, h("span", {}, "Fighter cards"),
    h("select", { id: `printing-${index}`, onchange: async (e) => { seat.printing = e.target.value; await loadWarband(seat); render(); } },
      seat.printings.map((p) => h("option", { value: p.id, selected: p.id === seat.printing }, label(p)))));
}

function stepPlayers() {
  ensureSeats();
  const fam = family();
  if (fam === "underworlds" && !UW) loadUw().then(render);
  if (fam === "underworlds" && !w.content[w.ruleset]) loadContent(w.ruleset);
  for (const seat of w.seats.filter((x) => x.reload)) {
    seat.reload = false;
    if (w.content[w.ruleset] && !w.content[w.ruleset].loading && !offered().warbands.some((x) => x.slug === seat.warband)) seat.warband = "";
    else loadWarband(seat).then(render);
  }
  return [
    h("h1", {}, "Players"),
    h("p", { class: "muted" }, "In order of play. This phone will be the seat you tick."),
    h("label", { class: "check" }, h("input", { type: "checkbox", id: "shared-device", checked: w.shared,
      onchange: (e) => { w.shared = e.target.checked; } }), "One phone for the whole table (pass it around)"),
    fam !== "underworlds" && hook() && hook().tableFields ? hook().tableFields(render) : null,
    w.seats.map((seat, i) => {
      const id = `p${i + 1}`;
      return h("fieldset", { class: "seat-edit", style: `--seat: var(--${id})` },
        h("legend", {}, `Player ${i + 1}`),
        h("label", { class: "field" }, h("span", {}, "Name"),
          h("input", { id: `name-${i}`, value: seat.name, maxlength: 40, autocomplete: "off", placeholder: `Player ${i + 1}`,
            oninput: (e) => { seat.name = e.target.value; } })),
        fam === "underworlds" ? warbandPicker(seat, i) : null,
        fam === "underworlds" ? printingPicker(seat, i) : null,
        UW && fam === "underworlds" && seat.warband ? UW.deckPicker(seat, i, { decks: offered().decks, ruleset: w.ruleset, format: w.format, rerender: render, askReason }) : null,
        fam !== "underworlds" && hook() && hook().seatFields ? hook().seatFields(seat, i, render) : null,
        seat.gaps ? h("div", { class: "stack", "data-seat-gaps": i },
          h("p", { class: "muted" }, `No source gives these numbers of ${seat.printings && seat.printings.length ? `the ${(seat.printings.find((p) => p.id === seat.printing) || {}).label || "chosen cards"}` : "this warband"}: copy them from your fighter cards.`),
          seat.fighters.filter((f) => seat.gaps[f.slug]).map((f, j) => fighterEditor(f, `${i}-c${j}`, null))) : null,
        seat.warband === "custom" ? h("div", { class: "stack" },
          seat.fighters.map((f, j) => fighterEditor(f, `${i}-${j}`, () => { seat.fighters.splice(j, 1); render(); })),
          button("+ Add a fighter", () => { seat.fighters.push(blankFighter(false)); render(); }, { cls: "btn" }),
          h("label", { class: "field" }, h("span", {}, "Warband name (to save it)"),
            h("input", { id: `custom-name-${i}`, value: seat.customName || "", maxlength: 120, autocomplete: "off",
              oninput: (e) => { seat.customName = e.target.value; } })),
          button("Save and share", () => saveAndShare(seat), { cls: "btn", "data-action": "save-warband" })) : null,
        UW && seat.warband === "open" ? UW.openField(i, (rec) => { Object.assign(seat, { warband: `saved:${rec.id}`, saved: rec, justSaved: false }); render(); }) : null,
        UW && seat.saved ? UW.savedSummary(seat.saved, { shared: seat.justSaved }) : null,
        h("label", { class: "check" },
          h("input", { type: "radio", name: "my-seat", checked: w.mySeat === id, onchange: () => { w.mySeat = id; } }),
          "This phone plays this seat"));
    }),
  ];
}

function seatChoice(label, current, onpick, name) {
  return h("fieldset", {}, h("legend", {}, label),
    h("div", { class: "seg", role: "radiogroup", "aria-label": label },
      seatIds().map((id, i) => button(seatName(i), () => { onpick(id); render(); },
        { cls: "btn", role: "radio", "aria-checked": String(current === id), "data-choice": `${name}-${id}` }))));
}

function seatName(i) { return (w.seats[i] && w.seats[i].name.trim()) || `Player ${i + 1}`; }

const DO_OVERS = [["none", "No"], ["power", "Power"], ["objectives", "Objectives"], ["all", "Both"]];

function stepTable() {
  if (family() !== "underworlds") return [h("h1", {}, "Ready"), h("p", {}, "Create the game, then let the other phones join.")];
  return [
    h("h1", {}, "Before the first round"),
    h("p", { class: "muted" }, "Set up the boards, draw cards and place fighters at the table, then tap what happened."),
    seatChoice("Who chose the first game board?", w.firstBoard, (id) => { w.firstBoard = id; }, "board"),
    h("fieldset", {}, h("legend", {}, "Do-overs (hands redrawn)"),
      seatIds().map((id, i) => h("div", { class: "stack", style: "margin:4px 0" },
        h("div", { style: "font-weight:700;overflow-wrap:anywhere" }, seatName(i)),
        h("div", { class: "seg", role: "radiogroup", "aria-label": `Do-over of ${seatName(i)}` },
          DO_OVERS.map(([v, label]) => button(label, () => { w.doOvers[id] = v; render(); },
            { cls: "btn small", role: "radio", "aria-checked": String((w.doOvers[id] || "none") === v),
              "data-choice": `doover-${id}-${v}` })))))),
    seatChoice("Who placed the first fighter?", w.deploysFirst, (id) => { w.deploysFirst = id; }, "deploy"),
    seatChoice("Who finished placing fighters first?", w.placedFirst, (id) => { w.placedFirst = id; }, "placed"),
  ];
}

/** The set-up as events, each filed under the seat whose phone entered it (`mine`: this phone's seat, or the
 *  table's shared device). What the table settled (roll-offs, the fighters placed) names its players in its data,
 *  so this phone enters it as its own, and only this phone is offered its Undo. A do-over is a player's own
 *  decision about their hand (the rules take them in order by seat): it stays that player's, entered with the
 *  token the creator holds for them, or by the shared device. */
function setupEvents(game, mine) {
  if (family() !== "underworlds") return [];
  const tokens = Object.fromEntries(game.seats.map((s) => [s.seat, s.token]));
  const ids = seatIds();
  const order = [...ids.slice(ids.indexOf(w.firstBoard)), ...ids.slice(0, ids.indexOf(w.firstBoard))];
  const own = (type, data) => ({ token: mine.token, type, by: mine.seat, data });
  return [
    own("roll_off", { purpose: "boards", first: w.firstBoard }),
    ...order.map((id) => ({ token: game.device_token ? mine.token : tokens[id], type: "do_over", by: id, data: { choice: w.doOvers[id] || "none" } })),
    own("roll_off", { purpose: "deployment", first: w.deploysFirst }),
    own("deployed", { finished_first: w.placedFirst }),
  ];
}

async function enterSetup(game, mine) {
  for (const ev of setupEvents(game, mine)) {
    const reply = await api("POST", `/api/games/${encodeURIComponent(game.id)}/events`, {
      token: ev.token, body: { id: uuid(), type: ev.type, by: ev.by, data: ev.data } });
    if (reply.status !== 201 && reply.status !== 200) {
      toast(`Set-up step "${ev.type.replace(/_/g, " ")}" was refused: ${errorText(reply)} Enter it at the table.`, "error", 8000);
      return;
    }
  }
}

const STEPS = [stepGame, stepPlayers, stepTable];

function validate() {
  if (w.step === 1) {
    for (const [i, seat] of w.seats.entries()) {
      if (!seat.name.trim()) return `Player ${i + 1} needs a name.`;
      if (family() === "underworlds" && !seat.warband) return `Choose ${seat.name}'s warband.`;
      if (family() === "underworlds" && (seat.warband === "open" || (seat.warband.startsWith("saved:") && !seat.saved))) {
        return `Open ${seat.name}'s shared warband (its link or id), or choose another.`;
      }
      const other = family() !== "underworlds" && hook() && hook().seatProblem ? hook().seatProblem(seat) : null;
      if (other) return other;
      if (seat.warband === "custom" || seat.gaps) {
        if (!seat.fighters.length) return `${seat.name} needs at least one fighter.`;
        for (const f of seat.fighters) {
          const problem = fighterProblem(f);
          if (problem) return `${seat.name}: ${problem}`;
        }
      }
    }
  }
  return null;
}

function setupBody() {
  const options = w.format ? { format: w.format } : {};
  if (family() === "underworlds") options.players = w.count;
  if (family() !== "underworlds" && hook() && hook().options) Object.assign(options, hook().options(w));
  const seats = w.seats.map((s) => {
    const seat = { name: s.name.trim() };
    if (family() === "underworlds") seat.warband = s.warband;
    if (family() === "underworlds" && s.printing && !s.saved && s.warband !== "custom") seat.printing = s.printing;
    else if (hook() && hook().seatBody) Object.assign(seat, hook().seatBody(s));
    const fighters = seatFighters(s);
    if (fighters) seat.fighters = fighters;
    if (family() === "underworlds" && s.deck) seat.deck = s.deck;
    if (family() === "underworlds" && s.saved) Object.assign(seat, { warband: "custom", custom_id: s.saved.id });
    return seat;
  });
  if (w.format === "matched" && family() === "underworlds") {
    // Game 1 of a best-of-three match; each player keeps this warband for the whole match.
    options.match = { game: 1, seats: seatIds(), tiebreakers: w.tiebreakers, previous: [],
      warbands: Object.fromEntries(seats.map((s, i) => [`p${i + 1}`, s.warband])) };
  }
  const list = cardListId();
  if (list) options.card_list = list;
  const override = UW && family() === "underworlds" ? UW.deckOverride(w.seats) : null;
  if (override) options.deck_override = override;
  return { ruleset: w.ruleset, options, seats, ...(w.shared ? { shared_device: true } : {}) };
}

/** The organiser's card list for the chosen format: its id, also when a link to it was pasted. */
function cardListId() {
  if (family() !== "underworlds" || !["championship", "nemesis"].includes(w.format)) return null;
  const m = String(w.cardList || "").trim().match(/([\w-]{1,64})$/);
  return m ? m[1] : null;
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

async function create() {
  let reply;
  try {
    reply = await api("POST", "/api/games", { body: setupBody() });
  } catch (err) {
    if (err instanceof NetworkError) return toast("The server cannot be reached: the game needs it to start.");
    throw err;
  }
  if (reply.status !== 201) return toast(errorText(reply));
  const game = reply.body;
  // One phone for the table keeps the device's own token (it enters for every seat); a seat's token is its seat's only.
  const mine = game.device_token ? { ...game.seats[0], token: game.device_token }
    : game.seats.find((s) => s.seat === w.mySeat) || game.seats[0];
  const title = game.seats.map((s) => s.name).join(" vs ");
  putGame(game.id, {
    token: mine.token, seat: mine.seat, seatLabel: mine.name, ruleset: w.ruleset, title,
    join_code: game.join_code, join_url: game.join_url, referee_token: game.referee_token,
  });
  await enterSetup(game, mine);
  w.created = game;
  render();
  window.scrollTo(0, 0);   // the form was scrolled down to its Create button: the join code is at the top
}

function joinScreen() {
  const game = w.created;
  const url = new URL(game.join_url || `/join/${game.join_code}`, location.href).href;
  return [
    h("h1", {}, "Game ready"),
    h("div", { class: "card join-box" },
      h("p", {}, "On every other phone at the table (players, referee, spectators): open this app, tap ",
        h("b", {}, "Join a game"), " and type the code, or scan the QR code."),
      h("div", { class: "join-code", id: "join-code", "aria-label": `Join code ${game.join_code.split("").join(" ")}` }, game.join_code),
      h("img", { class: "qr", src: game.qr_url || `/api/join/${encodeURIComponent(game.join_code)}/qr.svg`, alt: `QR code of the join link ${url}`, width: 260, height: 260 }),
      h("p", { class: "muted", style: "overflow-wrap:anywhere" }, url),
      h("p", { class: "muted" }, "A referee needs the private referee link: the Game tab at the table has it.")),
    h("a", { class: "btn primary big", href: `/play?game=${encodeURIComponent(game.id)}`, id: "go-table" }, "Go to the table"),
  ];
}

// Re-rendering replaces the form; keep the field being typed in focused (with its caret), so a
// late reply from the server never swallows what a player is typing.
function render() {
  const active = document.activeElement;
  const keep = active && active.id && root.contains(active) ? { id: active.id, start: active.selectionStart, end: active.selectionEnd } : null;
  draw();
  if (keep) {
    const again = document.getElementById(keep.id);
    if (again) {
      again.focus();
      try { if (keep.start !== null) again.setSelectionRange(keep.start, keep.end); } catch { /* not a text field */ }
    }
  }
}

function draw() {
  if (!(family() in hooks)) loadHooks();
  if (w.created) return replace(root, joinScreen());
  const last = w.step === STEPS.length - 1;
  replace(root,
    h("div", { class: "wizard-steps", role: "group", "aria-label": `Step ${w.step + 1} of ${STEPS.length}` },
      STEPS.map((_, i) => h("span", { class: i <= w.step ? "done" : "" }))),
    STEPS[w.step](),
    h("div", { class: "wizard-nav" },
      w.step > 0 ? button("Back", () => { w.step -= 1; shownProblem = null; clearToast(); render(); }, { cls: "btn" }) : h("a", { class: "btn", href: "/" }, "Cancel"),
      button(last ? "Create game" : "Next", async (e) => {
        const problem = validate();
        if (problem) { shownProblem = problem; return toast(problem); }
        shownProblem = null;
        clearToast();
        if (w.step === 1 && family() === "underworlds") {
          e.target.disabled = true;
          const deckProblem = await (await loadUw()).checkDecks(w.seats, { ruleset: w.ruleset, format: w.format, cardList: cardListId(), fightersOf: (s) => seatFighters(s) || (s.saved ? s.saved.fighters : null) });
          e.target.disabled = false;
          if (deckProblem) { render(); return toast(deckProblem, "error", 8000); }
        }
        if (last) { e.target.disabled = true; await create(); e.target.disabled = false; } else { w.step += 1; render(); window.scrollTo(0, 0); }
      }, { cls: "btn primary", id: "wizard-next" })));
}

/** A share link (/new?warband=<id>) puts that saved warband in the first seat without one. */
async function openSharedWarband() {
  const id = new URLSearchParams(location.search).get("warband");
  if (!id) return;
  const rec = await (await loadUw()).openSaved(id);
  if (!rec) return;
  ensureSeats();
  const seat = w.seats.find((x) => !x.warband) || w.seats[0];
  Object.assign(seat, { warband: `saved:${rec.id}`, saved: rec, fighters: [], gaps: null });
  w.sharedWarband = { name: rec.name, seat: w.seats.indexOf(seat) };
}

async function load() {
  try {
    const rs = await api("GET", "/api/rulesets");
    const list = Array.isArray(rs.body) ? rs.body : (rs.body && rs.body.rulesets);
    if (rs.status === 200 && Array.isArray(list) && list.length) {
      w.rulesets = list.map((r) => ({ id: r.id, title: r.title || r.id, setup: r.setup }));
      pickRuleset(w.rulesets.some((r) => r.id === w.ruleset) ? w.ruleset : w.rulesets[0].id);
    }
    await openSharedWarband();
  } catch (err) {
    toast("The server cannot be reached: a new game needs it.", "error", 6000);
  }
  root.dataset.ready = "true";
  render();
}

// The "what is missing" toast goes as soon as the player has fixed what it said.
let shownProblem = null;
const recheck = () => { if (shownProblem && validate() !== shownProblem) { shownProblem = null; clearToast(); } };
root.addEventListener("input", recheck);
root.addEventListener("change", recheck);

render();
load();
registerServiceWorker();
watchNetwork(showConnection);
