// The shapes that pass between the modules, as JSDoc types: what the server sends (envelope, log record,
// suggestion, advice, outcome), what the table page gives the shared parts and a game's module
// (TableContext), what a game's module gives back (Renderer), and the tournament page's context. Nothing
// imports this file, so no page loads it (only the service worker's offline copy of the app holds it);
// editors and `@type` / `@param` comments name these types.

/**
 * What the server answered: the HTTP status and the JSON body.
 * @typedef {{status: number, body: *}} ApiReply
 */

/**
 * An entry as a phone sends it (the event envelope).
 * @typedef {Object} Envelope
 * @property {string} [id] made on the phone (a repeated id is stored once)
 * @property {string} type
 * @property {string} by the seat it is entered for
 * @property {object} data
 * @property {{reason: string}} [override] the table's reason to apply it against a rule check
 * @property {number} [expected_seq]
 */

/**
 * An entry of the log as this seat may see it, with the automatic consequences the engine applied.
 * @typedef {Envelope & {seq: number, actor?: string, consequences?: Array<{type: string, data?: object, rule?: string}>, created_at?: string}} LogRecord
 */

/**
 * One thing a seat may enter now: a complete `event`, or a `template` whose `choices` and `fields` are
 * still to be filled.
 * @typedef {Object} Suggestion
 * @property {string} label
 * @property {string} [group]
 * @property {boolean} [pass] an explicit pass (shown small)
 * @property {boolean} [players_judge] allowed now, but only the players can judge its condition (kept out of the way)
 * @property {{type: string, by: string, data: object}} [event]
 * @property {{type: string, by: string, data: object}} [template]
 * @property {object} [weapon] the weapon profile a renderer's expanded button picked (Underworlds)
 * @property {object} [cardPlay] a card played by name, with what its fixed effects do (Underworlds)
 * @property {string} [target] the target a renderer's expanded button picked with the action (Underworlds)
 * @property {boolean} [picked] a renderer's expanded button: its weapon or target is already picked
 * @property {Object<string, Array<*>>} [choices] dotted path -> the values it may take
 * @property {Object<string, object>} [fields] dotted path -> its bounds ({type, min, max})
 */

/**
 * What a seat may enter now (GET .../suggestions).
 * @typedef {{seat: string, step: object, suggestions: Suggestion[], reaction_window: object|null, waiting_for: string[]}} Advice
 */

/**
 * How a finished game ended (null while it is played); games add their own members (glory, vp, match...).
 * @typedef {{winners?: string[], draw?: boolean, decided_by?: string} & Object<string, *>} Outcome
 */

/**
 * A game's score by source per round, for the chart (a renderer's `glorySeries`).
 * @typedef {{title?: string, rounds: number[], seats: string[], sources: string[], value: (seat: string, round: number, source: string) => number}} GlorySeries
 */

/**
 * A card of the Conquest card pool (GET /api/content/conquest/cards).
 * @typedef {{id: string, name: string, type: string, faction: string, cost?: number, cost_x?: boolean, attack?: number, hp?: number, keywords?: string[], traits?: string[], unique?: boolean, command_icons?: number, shields?: number, set?: string, official?: boolean}} ConquestCard
 */

/**
 * What the tournament page gives each of its tabs (static/js/tournaments/).
 * @typedef {Object} TournamentContext
 * @property {string} tournamentId
 * @property {string|null} token this device's link
 * @property {object|null} view the tournament as this link may see it
 * @property {object|null} dash the current round's dashboard (staff)
 * @property {string|null} tab the open tab
 * @property {(method: string, path: string, payload?: object) => Promise<ApiReply>} call
 * @property {() => Promise<string>} refresh "ok", "offline" or "refused"
 * @property {() => void} render
 */

/**
 * What the table page gives a game's renderer and the shared parts (actions, log, dialogs).
 * @typedef {Object} TableContext
 * @property {string} seat the seat this phone enters for now
 * @property {object} view this seat's view of the state
 * @property {Advice|null} advice
 * @property {Outcome|null} outcome
 * @property {boolean} actsForAll one phone for the whole table, or the referee
 * @property {boolean} readOnly spectators, scorekeepers, and everyone once the game is over
 * @property {boolean} isReferee
 * @property {boolean} isPlayer
 * @property {string} gameId
 * @property {string} token
 * @property {LogRecord[]} events
 * @property {Envelope[]} pending entered on this phone, not yet stored
 * @property {Object<number, *>} inert the log's entries that no longer have any effect, and why
 * @property {object} catalogue the ruleset's events and fields (GET /api/rulesets)
 * @property {Renderer} renderer
 * @property {(type: string, data: object, options?: {override?: {reason: string}, by?: string}) => Promise<Envelope|null>} submit
 * @property {(type: string, data: object) => Promise<object>} preview
 * @property {(field: string, value: *) => string} describe
 * @property {(seat: string) => string} seatName
 * @property {(seat: string) => string} warbandName
 * @property {(type: string) => string} catalogueLabel
 * @property {(text: string) => string} humanise
 * @property {() => Promise<void>} exportLog
 * @property {() => void} [rerender] draw the table again (a renderer's part that loaded later)
 * @property {((ev: LogRecord) => Promise<*>)|null} [flagEntry] a player's flag of an entry for the referee
 * The Log tab's tools (pages/play.js gives them to logview.js):
 * @property {Array<{envelope: Envelope, error: object, at: string, appliedAnyway?: boolean}>} [refused] entries this phone's rules check refused
 * @property {object|null} [filter] the Log's search and filters
 * @property {(entries: LogRecord[]) => Promise<*>} [enterVoided]
 * @property {(ev: LogRecord, own: boolean) => *} [revert]
 * @property {(ev: LogRecord) => Promise<*>} [correct]
 * @property {(ev: LogRecord) => *} [flag]
 * @property {object|null} [desk] the referee's desk module (referee/desk.js), on the referee's phone
 */

/**
 * A game's module (static/js/games/<family>/index.js, default export): draws its board and words its
 * entries; every member but renderBoard is optional.
 * @typedef {Object} Renderer
 * @property {(view: object, c: TableContext) => Node} renderBoard
 * @property {(view: object, advice: Advice|null, c: TableContext) => {where: string, what: string, extra?: string|null}} [banner]
 * @property {(view: object, advice: Advice|null, c: TableContext) => Node|null} [stepGuide]
 * @property {(ev: Envelope, c: TableContext) => string|null} [describeEvent]
 * @property {(cons: {type: string, data?: object}, c: TableContext) => string|null} [describeConsequence]
 * @property {(cons: {type: string, data?: object}) => number} [consequenceRank] which consequences the "what just happened" card tells first (lower first; default: the shared ranking)
 * @property {(path: string, value: *, view: object) => string|null} [describeValue]
 * @property {(s: Suggestion, c: TableContext) => Promise<object|null>|null} [customEntry] its own sheet for a suggestion
 * @property {(entered: Envelope, advice: Advice|null, c: TableContext) => Suggestion|null} [followUp]
 * @property {(s: Suggestion, c: TableContext) => Suggestion[]|null} [expand] one suggestion as several buttons (null: as it is)
 * @property {(outcome: Outcome, c: TableContext) => string|object|null} [decidedBy]
 * @property {(outcome: Outcome, view: object, c: TableContext) => string} [scoreLine]
 * @property {(outcome: Outcome, view: object, c: TableContext) => Node|null} [afterWinner]
 * @property {(view: object, events: LogRecord[], c: TableContext) => GlorySeries} [glorySeries]
 */

/**
 * What this phone keeps of a game it joined or created.
 * @typedef {Object} GameRecord
 * @property {string} id
 * @property {string} ruleset
 * @property {string} seat the seat this phone plays (or "referee")
 * @property {string} token
 * @property {string} [join_code]
 * @property {boolean} [pending] its seats are still being set up by their own phones (no state yet)
 * @property {string} [referee_token]
 * @property {number} touched last opened (ms since the epoch)
 * @property {string} [title] "Ana vs Ben"
 * @property {string} [seatLabel] how the start screen names this phone's seat
 * @property {string} [join_url]
 * @property {string} [event] the tournament whose table this game is
 * @property {string|null} [player_seat] the referee's phone of a player: the seat it goes back to
 * @property {string|null} [player_token]
 * @property {string} [player_label]
 * @property {number[]} [caught] the entries of an undismissed "While you were away" summary (happened.js)
 */
