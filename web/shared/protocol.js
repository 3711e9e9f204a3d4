// @ts-check
// The server's messages and answers as JSDoc types (docs/protocol.md), for
// the modules that handle them and for editors; `npx tsc` checks them in
// scripts/test (tests/browser/tsconfig.json). Nothing here runs: a module
// names a type as `import('../shared/protocol.js').State`.
//
// The server's side is one module, crates/novuss-server/src/wire/: the
// WebSocket's messages are `ws_out.rs` `Event` and `Notice` (serde enums
// tagged by `type`) and the chat's `chat.rs`, the requests `ws_in.rs`, the
// state `state.rs`, the HTTP bodies `http/`. tests/golden/protocol.json has
// a real example of each, and tests/browser/protocol.mjs holds every type
// here that names one against them, field by field.

/** A match's format. @typedef {'singles' | 'doubles' | 'four_player'} Format */

/** A point or a direction in table metres: `[x, y]`, x from the west cushion, y from the south. @typedef {[number, number]} Vec2 */

/** A seat, named by the cushion the player stands at. @typedef {'south' | 'east' | 'north' | 'west'} Seat */

/** A pocket, named by its corner. @typedef {'south_west' | 'south_east' | 'north_east' | 'north_west'} Corner */

/**
 * A body's size (crates/novuss-core/src/table.rs `BodySpec`).
 * @typedef {object} BodySpec
 * @property {number} radius
 * @property {number} hole_radius
 * @property {number} thickness
 * @property {number} mass
 */

/**
 * The table (table.rs `Table`; `000` 7.1–7.2): metres and kilograms.
 * @typedef {object} Table
 * @property {number} size
 * @property {number} line_offset
 * @property {number} line_width
 * @property {number} circle_radius
 * @property {number} pocket_radius
 * @property {number} pocket_inset
 * @property {BodySpec} disc
 * @property {BodySpec} striker
 */

/**
 * The engine's parameters (crates/novuss-core/src/physics/params.rs
 * `Physics`): what the page's aiming sums need comes from here, never from
 * copies of the defaults.
 * @typedef {object} Physics
 * @property {number} friction
 * @property {number} gravity
 * @property {number} restitution_disc_disc
 * @property {number} restitution_striker_disc
 * @property {number} restitution_cushion
 * @property {number} max_stroke_speed
 * @property {number} off_table_speed
 * @property {number} pocket_jump_speed
 * @property {number} rest_speed
 * @property {number} contact_tolerance
 * @property {number} max_events
 */

/**
 * The settings of a rule profile (crates/novuss-core/src/rules/profile.rs
 * `Profile`), by their Rust names.
 * @typedef {object} ProfileSettings
 * @property {string} id
 * @property {'draw' | 'replay'} both_last_discs
 * @property {'all_moved' | 'per_clause'} restore_after_illegal_stroke
 * @property {boolean} blind_drive_is_foul
 * @property {boolean} blind_drive_needs_direct_or_light
 * @property {boolean} doubles_blind_drive_restores
 * @property {boolean} opponent_out_of_blind_is_foul
 * @property {boolean} opponent_off_table_is_foul
 * @property {boolean} several_restored_forfeits
 * @property {boolean} striker_return_ends_turn
 * @property {boolean} rebound_touching_nothing_is_foul
 * @property {boolean} blind_miss_replay
 * @property {boolean} last_disc_with_foul_loses
 * @property {'on_the_line' | 'symmetric'} penalty_layout
 * @property {boolean} first_turn_clear_replay_swaps
 * @property {boolean} dark_rebound_needs_opposite_cushion
 */

/**
 * A set's result (docs/protocol.md "Results").
 * @typedef {{result: 'won', winner: number, how: string} | {result: 'drawn'} | {result: 'replay', why: string}} SetResult
 */

/**
 * A player as the state shows them; `name` null when nobody named them.
 * @typedef {object} PlayerView
 * @property {string | null} name
 * @property {'human' | 'computer'} kind
 * @property {string} [level]
 * @property {Seat | null} seat
 * @property {number | null} side
 */

/**
 * @typedef {object} MatchView
 * @property {number} sets the number of sets the match is called by
 * @property {MatchFormat} format how many sets, and when the match ends (issue 32)
 * @property {number} needed
 * @property {number} set_number
 * @property {number[]} score
 * @property {boolean} over
 * @property {number | null} winner
 * @property {boolean} [drawn] the match ended level (3:3 in six sets): over, nobody won
 * @property {number} [resigned] the player who resigned the match
 * @property {boolean} [aborted] the match was called off without a result
 * @property {SetResult[]} results
 */

/**
 * @typedef {object} SideView
 * @property {number} side
 * @property {number[]} players
 * @property {Seat[]} seats
 * @property {number} on_table
 * @property {number} pocketed
 * @property {number} debt
 */

/**
 * A disc; `at` null once pocketed, `dark` for the seat to play.
 * @typedef {object} DiscView
 * @property {number} id
 * @property {number} side
 * @property {Vec2 | null} at
 * @property {boolean} penalty
 * @property {boolean} dark
 */

/**
 * @typedef {object} SetView
 * @property {Seat[]} seats
 * @property {number} strokes
 * @property {boolean} over
 * @property {SetResult | null} result
 * @property {SideView[]} sides
 * @property {DiscView[]} discs
 */

/**
 * Where the striker's centre may stand: the rectangle min–max less a
 * circle of radius `clear` round every disc (`000` 1.6–1.7, 1.14).
 * @typedef {object} RegionView
 * @property {Vec2} min
 * @property {Vec2} max
 * @property {number} clear
 */

/**
 * @typedef {object} TurnView
 * @property {Seat} seat
 * @property {number} side
 * @property {number | null} player
 * @property {'human' | 'computer'} kind
 * @property {RegionView | null} region
 */

/**
 * A game after an event (docs/protocol.md "The state").
 * @typedef {object} State
 * @property {string} id
 * @property {number} event
 * @property {number} created
 * @property {boolean} casual
 * @property {boolean} [rated] the match moves its players' ratings (absent: no)
 * @property {number} [stroke_clock] seconds a player has for each stroke, if the game has a clock
 * @property {PlayerView[]} players
 * @property {'singles' | 'doubles' | 'four_player'} format
 * @property {string} profile
 * @property {Table} table
 * @property {Physics} physics
 * @property {number} max_speed
 * @property {MatchView} match
 * @property {SetView} set
 * @property {TurnView | null} turn
 * @property {boolean} between_sets
 * @property {boolean} can_take_back
 * @property {number} [stroke_clock] seconds a player has for each stroke, if the game has a clock
 * @property {May} [may] what each client may do now (not in a replay's states)
 * @property {boolean} [can_abort] the match may still be called off
 * @property {SeatView[]} [seats] who holds each player's seat (none in a replay)
 * @property {boolean} [abandoned] nobody touched the game for the server's abandonment period: nothing more is played in it
 */

/**
 * Who holds a player's seat (docs/protocol.md "Seats").
 * @typedef {object} SeatView
 * @property {'computer' | 'person' | 'open' | 'unclaimed'} holder
 * @property {string} [person] the holder's public id
 * @property {string} [name] the name the holder chose
 * @property {SeatRating} [rating] in a rated game: the holder's rating in its format
 * @property {boolean} [connected] in `seats` messages: the holder has the game open
 * @property {boolean} [forgotten] the holder was forgotten at their request: no name, the page says "a deleted player"
 */

/**
 * A seat holder's rating in a rated game: what the game started from (or
 * stands at now, until it is rated), and once rated, how much it moved
 * (rounded after less rounded before).
 * @typedef {object} SeatRating
 * @property {number} rating rounded
 * @property {boolean} provisional shown with a "?": fewer than 5 rated games in the format, or still uncertain
 * @property {number} [change] once the match is over and rated
 */

/**
 * A stroke: where the striker stands, which way it is pushed (any length)
 * and how fast, m/s.
 * @typedef {object} Stroke
 * @property {Vec2} striker
 * @property {Vec2} direction
 * @property {number} speed
 */

/**
 * Where a body ended.
 * @typedef {{state: 'on_table', at: Vec2} | {state: 'pocketed', pocket: Corner, t: number} | {state: 'off_table', exit: string, at: Vec2, t: number}} Fate
 */

/**
 * An audible moment of a stroke.
 * @typedef {object} Contact
 * @property {number} t
 * @property {'disc' | 'cushion' | 'pocket'} kind
 * @property {number} speed
 */

/**
 * The engine's exact motion: `bodies[k]` is null for the striker or a disc
 * id; `paths[k]` its segments `[t, x, y, vx, vy, a]`.
 * @typedef {object} Motion
 * @property {(number | null)[]} bodies
 * @property {number[][][]} paths
 * @property {Fate[]} fates
 * @property {number} duration
 * @property {Contact[]} [contacts]
 */

/**
 * A typed reason of a verdict (docs/formats.md "Reasons"): `reason` and
 * the fields of its kind (`kind`, `why`, `how`, `count`, …).
 * @typedef {{reason: string, [field: string]: unknown}} Reason
 */

/**
 * A clause of a rule book.
 * @typedef {object} RuleRef
 * @property {string} doc
 * @property {string} clause
 */

/**
 * @typedef {object} Foul
 * @property {string} kind
 * @property {number[]} [discs]
 */

/**
 * The referee's verdict (crates/novuss-core/src/rules/verdict/mod.rs `Verdict`).
 * @typedef {object} Verdict
 * @property {string} profile
 * @property {Seat} seat
 * @property {number} side
 * @property {'direct' | 'rebound'} [kind]
 * @property {{discs: number[], cushions_before: string[]}} [first_contact]
 * @property {number[]} pocketed
 * @property {{disc: number, at: Vec2}[]} off_table
 * @property {{disc: number, at: Vec2}[]} restored
 * @property {Foul[]} fouls
 * @property {{side: number, placed: {disc: number, at: Vec2}[], debt: number}} [penalty]
 * @property {{disc: number, at: Vec2}[]} debt_paid
 * @property {{turn: 'continues' | 'set_over'} | {turn: 'passes', to: Seat}} turn
 * @property {SetResult} [set_result]
 * @property {Reason[]} reasons
 * @property {{disc?: number | null, pocket: Corner}[]} [jumped] bodies that ran over a pocket too fast to fall in (`disc` absent: the striker)
 */

/**
 * A computer's stroke with its estimates (crates/novuss-ai `Choice`).
 * @typedef {object} Choice
 * @property {Stroke} stroke
 * @property {Plan | null} [plan]
 * @property {number | null} disc
 * @property {Corner | null} corner
 * @property {Potted | null} pots what it pockets played as meant, judged as the aim tool judges
 * @property {number} value
 * @property {number} pot_chance
 * @property {number} foul_chance
 * @property {number} keep_chance
 * @property {number} samples
 */

/**
 * What a stroke pockets played as meant (crates/novuss-ai `target::Potted`).
 * @typedef {{disc: number, pocket: Corner, route: Route}} Potted
 */

/** How the striker reaches the disc. @typedef {'direct' | 'rebound'} Route */

/**
 * How the planner meant a stroke (crates/novuss-ai `target::Plan`): its
 * kind (`direct`, `bank`, `disc_bank`, …) and the cushion of a bank.
 * @typedef {{kind: string, cushion?: Seat}} Plan
 */

/**
 * A stroke the aim tool offers (crates/novuss-ai `target::Aim`).
 * @typedef {object} Aim
 * @property {number} disc
 * @property {Corner} pocket
 * @property {Route} route
 * @property {Plan} plan
 * @property {Stroke} stroke
 * @property {number} cut radians, at the first contact
 * @property {number} chance share of noisy tries (under the hand asked for, a club player's by default) that pot it
 * @property {number} tries
 * @property {('near_disc' | 'jumps' | 'scratch' | 'foul' | 'fast' | 'misses')[]} warnings
 */

/**
 * The answer of `POST /api/games/{id}/aim` (crates/novuss-server `target.rs`).
 * @typedef {object} AimAnswer
 * @property {number} event
 * @property {Seat} seat
 * @property {number} disc
 * @property {Aim | null} plan
 * @property {Aim[]} others
 * @property {'gone' | 'not_own' | 'dark' | 'blocked' | 'unreachable'} [reason]
 */

// ---- From the server (wire/ws_out.rs `Event`, `Notice`; wire/chat.rs) -------

/** @typedef {{type: 'state', event: number, state: State}} StateMessage */

/**
 * An event: a stroke with its motion and verdict; `rules[k]` are the
 * clauses of `verdict.reasons[k]`.
 * @typedef {object} StrokeMessage
 * @property {'stroke'} type
 * @property {number} event
 * @property {Seat} seat
 * @property {number | null} player
 * @property {'human' | 'computer' | null} by
 * @property {Stroke} stroke
 * @property {Motion} motion
 * @property {Verdict} verdict
 * @property {RuleRef[][]} rules
 * @property {State} state
 */

/** An event: strokes taken back. @typedef {{type: 'taken_back', event: number, strokes: number, state: State}} TakenBackMessage */

/** An event: the next set started. @typedef {{type: 'set_started', event: number, set_number: number, state: State}} SetStartedMessage */
/** An event: the player at `seat` resigned the match. @typedef {{type: 'resigned', event: number, seat: string, player: number, state: State}} ResignedMessage */
/** An event: the match was called off without a result. @typedef {{type: 'aborted', event: number, seat: string, state: State}} AbortedMessage */

/**
 * What one client may do (docs/protocol.md, "What a client may do"): the
 * actions the game offers them at all, and those allowed now.
 * @typedef {{offered: string[], now: string[]}} Allowed
 */

/**
 * What each client of a game may do: by player, the holder of that seat;
 * and a person holding no seat.
 * @typedef {{players: Allowed[], watcher: Allowed}} May
 */

/** Who holds each seat and who is connected (not an event). @typedef {{type: 'seats', seats: SeatView[], may: May}} SeatsMessage */

/**
 * An event: a call of the referee's (`time_out`: the stroke clock ran out,
 * a refused stroke, 000 3.6.15) or the server's (`claimed_set`,
 * `claimed_match` against the absent player at `seat`, claimed from `by`;
 * `abandoned`). A time-out and a claimed set carry the verdict.
 * @typedef {{type: 'called', event: number, call: 'time_out' | 'claimed_set' | 'claimed_match' | 'abandoned', seat: Seat, by?: Seat, player?: number, verdict?: Verdict, rules?: RuleRef[][], state: State}} CalledMessage
 */

/**
 * The game's clocks (not an event): the stroke clock of the player to
 * stroke and a player away on their turn, in milliseconds from when it was
 * sent.
 * @typedef {{type: 'timers', event: number, stroke?: {seat: Seat, left_ms: number}, absent?: {seat: Seat, player: number, claim_in_ms: number, bye: boolean}}} TimersMessage
 */

/** The computer is choosing its stroke (not an event). @typedef {{type: 'thinking', event: number, seat: Seat, player: number}} ThinkingMessage */

/**
 * The computer's suggestion for the player to stroke.
 * @typedef {{type: 'hint', event: number, seat: Seat, level: string, best: Choice, alternatives: Choice[]}} HintMessage
 */

/**
 * A request refused; nothing changed. `event` is absent when the request
 * could not be read; `error_id` names the log line of a server failure.
 * @typedef {{type: 'error', code: string, event?: number, detail: string, error_id?: string}} ErrorMessage
 */

/**
 * A player offers the other side a take-back of their last stroke or a
 * rematch (not an event).
 * @typedef {{type: 'offer', kind: 'take_back' | 'rematch', player: number, seat: Seat, event: number, may: May}} OfferMessage
 */
/** The other side answered an offer (not an event). @typedef {{type: 'answered', kind: 'take_back' | 'rematch', accepted: boolean, may: May}} AnsweredMessage */
/** The rematch the players agreed on. @typedef {{type: 'rematch', id: string}} RematchMessage */

/**
 * A chat line (not an event; docs/protocol.md, "Chat"): a preset phrase by
 * id, or plain text the page shows as text only.
 * @typedef {{type: 'chat', number: number, at: number, room: 'players' | 'watchers', person: string, name: string | null, player?: number, preset?: string, text?: string}} ChatMessage
 */

/** The game's chat settings (not an event). @typedef {{type: 'chat_settings', free_text: boolean, creator: string | null}} ChatSettingsMessage */

/** Chat lines taken away, by number: their author was forgotten at their request (not an event). @typedef {{type: 'chat_removed', numbers: number[]}} ChatRemovedMessage */

/** The events: what moves a game on. @typedef {StrokeMessage | TakenBackMessage | SetStartedMessage | ResignedMessage | AbortedMessage | CalledMessage} EventMessage */

/** How many watch the game: sockets open on it not of its players (not an event). @typedef {{type: 'watchers', count: number}} WatchersMessage */

/** The last event is a stroke made `elapsed_ms` ago, maybe still moving (not an event; before the events missed). @typedef {{type: 'moving', event: number, elapsed_ms: number}} MovingMessage */

/** Every message of a game's WebSocket. @typedef {StateMessage | EventMessage | SeatsMessage | TimersMessage | WatchersMessage | MovingMessage | OfferMessage | AnsweredMessage | RematchMessage | ThinkingMessage | HintMessage | ChatMessage | ChatSettingsMessage | ChatRemovedMessage | ErrorMessage} ServerMessage */

// ---- Replays and analysis (HTTP) ---------------------------------------------

/**
 * A stroke played, as a replay has it and as an analysis plays it on its
 * copy: the `stroke` event's fields without `type`, `event` and `by`.
 * @typedef {object} PlayedStroke
 * @property {Seat} seat
 * @property {number | null} player
 * @property {Stroke} stroke
 * @property {Motion} motion
 * @property {Verdict} verdict
 * @property {RuleRef[][]} rules
 * @property {State} state the state after it
 */

/**
 * A stroke of a replay: its number in the game (from 1), its set, who
 * played it (`by` null for a game made from an uploaded record), and
 * whether the server's new simulation of it was compared and differs.
 * @typedef {PlayedStroke & {number: number, set_number: number, by: 'human' | 'computer' | null, checked: boolean, diverged: boolean}} ReplayStroke
 */

/**
 * `GET /api/games/{id}/replay`: the game as it stands, stroke by stroke
 * (docs/protocol.md "Replays").
 * @typedef {object} Replay
 * @property {string} id
 * @property {State} state the state now
 * @property {{set_number: number, start: State}[]} [sets] each set's state when it began
 * @property {ReplayStroke[]} strokes
 * @property {{number: number, what: string}[]} [divergences]
 */

/**
 * `POST /api/games/{id}/analysis`'s answer: the copy's state after the
 * strokes, the strokes as played, and the computer's choice there.
 * @typedef {{at: number, state: State, played: PlayedStroke[], hint: Omit<HintMessage, 'type' | 'event'> | null}} AnalysisAnswer
 */

// ---- The lobby and ratings (HTTP) ---------------------------------------------

/**
 * An open challenge of the lobby: its terms, its creator's rating in its
 * format, and whether this visitor may accept it.
 * @typedef {object} Challenge
 * @property {string} id
 * @property {number} created
 * @property {string} creator
 * @property {string | null} name
 * @property {number} rating
 * @property {boolean} provisional
 * @property {string} format
 * @property {string} profile
 * @property {number} sets
 * @property {MatchFormat} match_format
 * @property {boolean} rated
 * @property {number} [stroke_clock]
 * @property {number | null} [min_rating]
 * @property {number | null} [max_rating]
 * @property {number} open
 * @property {boolean} acceptable
 */

/** A public game in play (a challenge accepted: people only, never over, so no computer level and no winner), with how many watch it. @typedef {Omit<GameSummary, 'winner' | 'aborted' | 'who'> & {who: {name: string | null, kind: 'human' | 'computer'}[], watchers: number}} LiveGame */

/** `GET /api/lobby`: the open challenges and the live games. @typedef {{challenges: Challenge[], live: LiveGame[]}} Lobby */

/**
 * A challenge's terms, as `POST /api/lobby/challenges` and `POST /api/lobby/quick` read them.
 * @typedef {{format: string, profile: string, sets?: number, match_format?: MatchFormat, rated?: boolean, stroke_clock?: number | null, min_rating?: number | null, max_rating?: number | null}} NewChallenge
 */

/** What "play someone now" did: the game to open, and the seat taken, or that it waits for an opponent. @typedef {{id: string, player?: number, waiting: boolean}} Quick */

/** What accepting a challenge answers: the seat taken. @typedef {{id: string, player: number, person: string}} LobbySeated */

/** A person's rating in one format. @typedef {{format: Format, rating: number, deviation: number, provisional: boolean, games: number, wins: number, draws: number, losses: number}} Rating */

/**
 * A rated result: the game (absent when the visitor may not watch it), how
 * it went and the rating before and after.
 * @typedef {{game?: string, format: Format, at: number, result: 'win' | 'draw' | 'loss', score: number, rating_before: number, rating_after: number, deviation_after: number, opponents: {id: string, name: string | null, forgotten?: boolean}[]}} RatedResult
 */

/**
 * A game on a person's page: the names the set-up gave (`players`), the
 * names the seats' holders go by (`names`) and their ids (`people`).
 * @typedef {object} PlayerGame
 * @property {string} id
 * @property {number} updated
 * @property {Format} format
 * @property {boolean} rated
 * @property {boolean} over
 * @property {boolean} aborted
 * @property {number | null} player
 * @property {number} [winner]
 * @property {number[]} score
 * @property {(string | null)[]} players
 * @property {(string | null)[]} names
 * @property {(string | null)[]} people
 * @property {number[]} [forgotten] the players whose holder was forgotten at their request
 */

/** One point of a rating history: the rating before and after a rated result. @typedef {{format: Format, at: number, before: number, rating: number, deviation: number}} HistoryPoint */

/**
 * `GET /api/players/{id}`: a person's page: every rated result's point for
 * the plot (`history`), the latest page of results, and `older`, the
 * cursor of the page before it, if any.
 * @typedef {{id: string, name: string | null, forgotten?: boolean, provisional_deviation: number, ratings: Rating[], history: HistoryPoint[], results: RatedResult[], older?: number, games: PlayerGame[]}} PlayerPage
 */

/** `GET /api/players/{id}/results?before=…`: a page of older results. @typedef {{results: RatedResult[], older?: number}} ResultsPage */

/**
 * `GET /api/leaderboard?format=…`: the established players of a format, best
 * first (`max_deviation`: the deviation a listed rating is below), and the
 * provisional ones apart.
 * @typedef {{rank: number, id: string, name: string | null, rating: number, deviation: number, games: number}} LeaderboardPlace
 * @typedef {{format: Format, max_deviation: number, min_games: number, players: LeaderboardPlace[], provisional: LeaderboardPlace[]}} Leaderboard
 */

// ---- From the client ---------------------------------------------------------

/**
 * @typedef {{type: 'hello', since?: number}
 *   | ({type: 'stroke', event: number, seat: Seat} & Stroke)
 *   | {type: 'take_back', event: number}
 *   | {type: 'next_set', event: number}
 *   | {type: 'resign', event: number, seat: Seat}
 *   | {type: 'abort', event: number, seat: Seat}
 *   | {type: 'hint', event: number, level?: string}
 *   | {type: 'claim', event: number, seat: Seat, absent: Seat, what: 'set' | 'match'}
 *   | {type: 'bye'}
 *   | {type: 'offer', event: number, seat: Seat, kind: 'take_back' | 'rematch'}
 *   | {type: 'answer', kind: 'take_back' | 'rematch', accept: boolean}
 *   | {type: 'chat', preset?: string, text?: string, room?: 'players' | 'watchers'}
 *   | {type: 'chat_settings', free_text: boolean}} ClientMessage
 */

// ---- HTTP (wire/http/) ------------------------------------------------------

/** `GET /api/health`. @typedef {{ok: true, version: string}} Health */

/**
 * Who this browser is (`GET /api/me`, and every account route's answer):
 * `person` null until it plays, `account` null without one.
 * @typedef {{person: string | null, name: string | null, account: {username: string} | null}} Me
 */

/** `POST /api/me`'s answer: the person (made if the browser was none) and the name now. @typedef {{person: string, name: string | null}} Named */

/** What `POST /api/me` takes: the display name, or null for none. @typedef {{name: string | null}} MeRequest */

/** What `POST /api/account/register` and `…/signin` take. @typedef {{username: string, password: string}} Credentials */

/** What `POST /api/account/password` takes. @typedef {{old: string, new: string}} PasswordChange */

/** What `POST /api/me/forget` takes: an account's password; an anonymous person sends none. @typedef {{password?: string}} ForgetMe */

/**
 * A player of a new game: a person (at this screen, or `invite` for one at
 * another) or the computer at a level of `Options.levels`.
 * @typedef {{kind: 'human', name?: string, invite?: boolean} | {kind: 'computer', level: string, name?: string}} NewPlayer
 */

/**
 * What `POST /api/games` takes (docs/protocol.md "A new game").
 * @typedef {object} NewGame
 * @property {Format} format
 * @property {string} profile
 * @property {number} [sets] 1, 3 or 5 (a best of); may be left out when `match_format` is given
 * @property {MatchFormat} [match_format] a best of, a fixed number of sets, or first to K
 * @property {NewPlayer[]} players
 * @property {boolean} [casual]
 * @property {boolean} [public]
 * @property {boolean} [rated]
 * @property {number} [stroke_clock]
 */

/** What `POST /api/games/{id}/join` takes: the secret of the link. @typedef {{invite: string}} JoinRequest */

/** `POST /api/games/{id}/join`'s answer: the seat taken. @typedef {{game: string, player: number, person: string}} Joined */

/** `POST /api/games/{id}/invites`'s answer: new links for the seats still waiting. @typedef {{invites: Invite[]}} Invites */

/**
 * What `POST /api/games/{id}/analysis` takes: the position after `at`
 * strokes, strokes played on a copy of it, and a level whose choice is wanted.
 * @typedef {{at: number, strokes?: Stroke[], hint?: string}} AnalysisRequest
 */

/**
 * What `POST /api/games/{id}/aim` takes: the disc to pocket, and optionally
 * the pocket, the route and the seat the page plays for.
 * @typedef {{event: number, disc: number, pocket?: Corner, route?: Route, seat?: Seat, hand?: string}} AimRequest
 */

/**
 * Every refusal of an HTTP route (docs/protocol.md "Errors"): a stable
 * `code` the page words, an English `detail`, and for a failure of the
 * server's own the `error_id` of its log line; a competition's refusal
 * (`competition_refused`) has its `refusal` too.
 * @typedef {{code: string, detail: string, error_id?: string, refusal?: CompetitionRefusal}} Failure
 */

/** The secret that takes player `player`'s invited seat. @typedef {{player: number, invite: string}} Invite */

/** `POST /api/games`: the new game's state, with the invited seats' secrets. @typedef {State & {invites?: Invite[]}} Created */

/**
 * A game in `GET /api/games` (and the lobby's live games): `who[k]` is
 * player `k`.
 * @typedef {object} GameSummary
 * @property {string} id
 * @property {number} created
 * @property {number} [updated]
 * @property {Format} format
 * @property {string} profile
 * @property {number} sets
 * @property {MatchFormat} match_format
 * @property {(string | null)[]} [players] the names the set-up gave
 * @property {{name: string | null, kind: 'human' | 'computer', level?: string, forgotten?: boolean}[]} who
 * @property {'played' | 'uploaded' | 'competition'} [origin]
 * @property {boolean} over
 * @property {number[]} score
 * @property {number} [winner]
 * @property {boolean} [aborted]
 * @property {number} event
 * @property {number} strokes
 */

/**
 * `GET /api/options`: what a new game may be, and what the rules page
 * draws and judges with (the table, and each profile's settings).
 * @typedef {object} Options
 * @property {Format[]} formats
 * @property {string[]} profiles
 * @property {string[]} levels
 * @property {Record<string, number>} level_ratings each level's estimated Glicko-2 rating
 * @property {number[]} sets
 * @property {Table} table
 * @property {Record<string, ProfileSettings>} profile_settings
 */

// ---- Competitions (docs/competitions.md, docs/protocol.md "Competitions") ----

/** How many sets a match has: best of, a fixed number (draws possible), or first to; competitions' and games' alike. @typedef {{kind: 'best_of' | 'sets' | 'first_to', sets: number}} MatchFormat */

/** What a match's result is worth. @typedef {{win: number, draw: number, loss: number}} MatchPoints */

/** How rounds are paired. @typedef {{kind: 'swiss', rounds: number} | {kind: 'round_robin', cycles: 'single' | 'double'} | {kind: 'knockout', third_place: boolean} | {kind: 'double_elimination', reset: boolean} | {kind: 'groups_then_knockout', groups: number, cycles: 'single' | 'double', third_place: boolean}} CompetitionSystem */

/**
 * `POST /api/competitions`: a competition's set-up (days as `YYYY-MM-DD`).
 * @typedef {{name: string, venue?: string | null, club?: string | null, starts?: string | null, ends?: string | null, tables: number, system: CompetitionSystem, format: MatchFormat, points?: MatchPoints, rated?: boolean, tiebreaks?: TieBreak[], play?: CompetitionPlay, open_entry?: boolean, teams?: TeamRules, doubles?: boolean}} NewCompetition
 */

/**
 * When an online competition's next round is paired: after the last game,
 * by the organiser, or at set times (round r at `starts_ms` + (r − 1) ×
 * `interval_secs` s, UTC ms; or when round r − 1 ends, if later).
 * @typedef {'after_last_game' | 'by_organiser' | {scheduled: {starts_ms: number, interval_secs: number}}} CompetitionNextRound
 */
/**
 * Where a competition's matches are played: on real tables, or on this
 * server (each board a game; `grace_secs` to open it; the next round paired
 * after the last game, by the organiser or at set times).
 * @typedef {{kind: 'tables'} | {kind: 'online', stroke_clock: number | null, grace_secs: number, next_round: CompetitionNextRound}} CompetitionPlay
 */
/** A competition's set-up as stored. @typedef {{name: string, venue: string | null, club: string | null, starts: string | null, ends: string | null, tables: number, system: CompetitionSystem, format: MatchFormat, points: MatchPoints, rated: boolean, tiebreaks: TieBreak[], play?: CompetitionPlay, open_entry?: boolean, teams: TeamRules | null, doubles?: boolean}} CompetitionSetup */
/**
 * A team competition's rules (issue 32, "Teams"; `null` in a stored
 * set-up for a competition of players): boards per match; board and team match points (2/1/0 when not
 * given); what a Swiss's pairing-allocated bye is worth (a win's match
 * points and half the board points when not given).
 * @typedef {{boards: number, board_points?: MatchPoints, match_points?: MatchPoints, bye?: {match_points: number | null, board_points: number | null}}} TeamRules
 */
/**
 * A board's game of a competition played on this server
 * (`GET /api/competitions/{id}/games`): the people holding its first and
 * second seats, the deadline to open it (ms since 1970), who did, and
 * whether its result is taken.
 * @typedef {{round: number, board: number, game: string, people: [string, string], deadline_ms: number, here: [boolean, boolean], settled: boolean}} BoardGame
 */

/**
 * A tie-break after match points (FIDE C.07; docs/standings.md), by its code.
 * @typedef {'bh' | 'bh_c1' | 'bh_m1' | 'sb' | 'sb_c1' | 'ps' | 'ps_c1' | 'de' | 'win' | 'won' | 'set_ratio' | 'rating'} TieBreak
 */

/**
 * One tie-break's value for an entrant: points and point products in the
 * competition's match points, a count, a rank (the direct encounter; lower
 * is better), sets won and lost, or a rating (null: unrated).
 * @typedef {{points: number} | {point_products: number} | {count: number} | {rank: number} | {set_ratio: {won: number, lost: number}} | {rating: number | null}} TieBreakValue
 */

/** An entrant's line: the places shared (`start` = `end` when nobody shares it). @typedef {{place: {start: number, end: number}, entrant: number, points: number, values: TieBreakValue[]}} Standing */

/** The standings, best first; each row's values follow `tiebreaks`. @typedef {{tiebreaks: TieBreak[], rows: Standing[]}} Standings */

/** A player as the organiser types or lists them (a change never names a person: the server does). @typedef {{name: string, club: string | null, licence: string | null, category: 'men' | 'women' | 'youth' | 'veterans' | null, birth_year: number | null, rating: number | null}} ListedEntry */

/** One player of a doubles pair. @typedef {{name: string, club?: string | null, licence?: string | null, category?: 'men' | 'women' | 'youth' | 'veterans' | null, birth_year?: number | null}} PairMember */

/** A doubles pair as sent: its two players and its rating (its name, club and category are made by the server from its players'). @typedef {{name: string, rating: number | null, pair: [PairMember, PairMember]}} PairEntry */

/** A player as entered; `person` is the public id of the person with an account they are (absent for a list's players); `forgotten`: that person deleted their account, and the name is gone (shown as "Deleted player"); `pair`: a doubles pair's two players, the entry's name ("A / B"), club and category made from theirs. @typedef {ListedEntry & {person?: string, pair?: [PairMember, PairMember], forgotten?: boolean}} Entry */

/** An entrant: their number (in the order of entry), the first round they could play, and the first they are not paired in once withdrawn. @typedef {{entrant: number, entry: Entry, entered_for: number, withdrawn_from: number | null}} Entrant */

/**
 * How a match ended; `team`: a team match decided over its boards, by the
 * board points each team counted (never sent by a client: a team match's
 * result comes board by board); `decided`: played, its sets not known (a
 * result read from a TRF file, which has none; `winner` null: drawn).
 * @typedef {{kind: 'sets', first: number, second: number} | {kind: 'forfeit', winner: 'first' | 'second'} | {kind: 'both_absent'} | {kind: 'team', first: number, second: number} | {kind: 'decided', winner: 'first' | 'second' | null}} MatchOutcome
 */

/** A conduct penalty on a board's match (a team match's board: `team_match`), with the clause it applies; `taken_back`: recorded in error. @typedef {{number: number, round: number, team_match?: number, board: number, side: 'first' | 'second', conduct: 'warning' | 'set_forfeited' | 'match_forfeited', clause: string, taken_back: boolean}} Penalty */

/** One set as a table records it: its winner (null: drawn, `000` 4.5), who broke, who cleared the table in their first turn (4.6), the penalty discs each side was given. @typedef {{winner: 'first' | 'second' | null, broke: 'first' | 'second', cleared?: 'first' | 'second' | null, penalty_discs?: [number, number]}} SetRecord */

/**
 * A board's table protocol: the sets so far, the sets each side won, the
 * result the score makes once the match is over, who confirmed it, whether
 * it stands (the board's result), and the table link's generation.
 * @typedef {{round: number, team_match?: number, board: number, sets: SetRecord[], score: [number, number], over: 'first' | 'second' | 'drawn' | null, confirmed: ('first' | 'second' | 'referee')[], stands: boolean, link: number}} TableProtocol
 */

/** A step at a table: a set, the last set taken back, the final score confirmed. @typedef {{kind: 'set', set: number, record: SetRecord} | {kind: 'undo', set: number} | {kind: 'confirm'}} TableStepKind */

/** `POST /api/tables/{link}`: one step from a player's phone, with the id the phone gave it (made once however often sent). @typedef {{by: 'first' | 'second', entry: string, step: TableStepKind}} TableStep */

/** One side at a table: the entrant, or on a team match's board the player and their team; `forgotten`: a person who deleted their account, the name gone. @typedef {{name: string, club: string | null, team?: string, forgotten?: boolean}} Contender */

/**
 * `GET`/`POST /api/tables/{link}`: the table a link opens, as its phones
 * show it; `open`: it still records (its round is played, its result not
 * in); `breaks`: who breaks in the first set (the second side on a team
 * match's even boards).
 * @typedef {{competition: string, name: string, round: number, team_match?: number, board: number, table: number | null, first: Contender, second: Contender, breaks: 'first' | 'second', format: MatchFormat, protocol: TableProtocol | null, outcome: MatchOutcome | null, open: boolean, changes: number}} TableView
 */

/** `GET /api/competitions/{id}/tables`: a table's card for the organiser: its link, the address a phone opens, and that address as a QR code (SVG). @typedef {{round: number, team_match?: number, board: number, table: number | null, link: string, address: string, qr: string}} TableCard */

/** The `table` event of `GET /api/competitions/{id}/live`: a step at a table that left its result open, as the change after the follower's last. @typedef {{changes: number, protocol: TableProtocol}} TableStepped */

/** Who made a change of a competition's record: its organiser or an arbiter (by name), the server, a phone at a table (the side it recorded for, its person), or someone else. @typedef {{kind: 'organiser', name: string | null} | {kind: 'arbiter', name: string | null} | {kind: 'server'} | {kind: 'phone', side: 'first' | 'second' | 'referee', person: string} | {kind: 'someone', person: string, name: string | null}} ChangeMaker */

/** A change of a competition's record: its number, when it was stored (seconds since 1970), who made it, and the change as stored. @typedef {{number: number, at: number, by: ChangeMaker, change: object}} RecordedChange */

/** `GET /api/competitions/{id}/record`: a page of its changes, newest first; `more` if older ones are left. @typedef {{changes: RecordedChange[], more: boolean}} RecordPage */

/** A team as entered: its roster in board order, reserves after the boards. @typedef {{name: string, club: string | null, roster: (Partial<ListedEntry> & {name: string})[]}} TeamEntry */

/** A board's result in a team match (`side`: whose player won, or did not come). @typedef {{kind: 'won', side: 'first' | 'second'} | {kind: 'drawn'} | {kind: 'absent', side: 'first' | 'second'} | {kind: 'both_absent'}} TeamBoardResult */

/**
 * A board of a team match: its number and table, each team's player by
 * roster place (null: the line-up left it empty), whose player breaks
 * first, where it stands (`playing`; `counted`; `not_needed`: the match was
 * decided without it; `after_decision`: shown, not counted) and the result
 * as entered, with its sets.
 * @typedef {{number: number, table: number | null, first: number | null, second: number | null, breaks_first: 'first' | 'second', status: 'playing' | 'counted' | 'not_needed' | 'after_decision', result?: TeamBoardResult, entered: MatchOutcome | null}} TeamBoard
 */

/** How a team match ended. @typedef {{kind: 'won', side: 'first' | 'second'} | {kind: 'drawn'} | {kind: 'walkover', side: 'first' | 'second'} | {kind: 'neither_came'}} TeamOutcome */

/** A team match: the teams, their board points, how it ended (null: running), the board that passed half. @typedef {{first: number, second: number, first_points: number, second_points: number, outcome: TeamOutcome | null, deciding_board: number | null, boards: TeamBoard[]}} TeamMatchView */

/** A team's row of the team standings. @typedef {{place: {first: number, last: number}, team: number, played: number, won: number, drawn: number, lost: number, byes: number, match_points: number, board_points: number, board_points_against: number}} TeamStanding */

/**
 * A team competition's teams and matches: each team's roster, each round's
 * matches board by board (`bye`: a Swiss's pairing-allocated bye), the team
 * standings (match points, board points, the direct encounter) and each
 * player's boards and board points by team and roster place.
 * @typedef {{rules: TeamRules, teams: {entrant: number, name: string, club: string | null, roster: ListedEntry[]}[], rounds: {number: number, matches: TeamMatchView[], bye: number | null}[], standings: TeamStanding[], players: {team: number, place: number, boards: number, points: number}[]}} TeamsView
 */

/** A bye. @typedef {'pairing_allocated' | 'full' | 'half' | 'zero'} ByeKind */

/** A board of a round: `first` breaks first in the first set; `table` is null while it waits for one. @typedef {{first: number, second: number, table: number | null, outcome: MatchOutcome | null, by_pairing: boolean}} Board */

/** Someone not paired in a round. @typedef {{entrant: number, bye: ByeKind}} Rest */

/** A round paired. @typedef {{number: number, boards: Board[], rests: Rest[]}} PairedRound */

/** A bye asked for a round not yet paired. @typedef {{entrant: number, round: number, bye: ByeKind}} RequestedBye */

/**
 * A competition as everyone reads it (`POST /api/competitions`, each change's
 * answer, and the `competition` event of `GET /api/competitions/{id}/live`).
 * @typedef {object} Competition
 * @property {string} id
 * @property {string} organiser
 * @property {number} created
 * @property {number} changes how many changes it has had
 * @property {number} round_count
 * @property {boolean} finished
 * @property {number[]} ranking entrants in pairing-number order
 * @property {number[]} seeding the organiser's seeds by hand, seed 1 first (`[]`: the ranking is by rating)
 * @property {CompetitionSetup} setup
 * @property {Entrant[]} entrants
 * @property {PairedRound[]} rounds
 * @property {RequestedBye[]} requested
 * @property {Penalty[]} penalties conduct penalties recorded, the first first (`000` 1.28)
 * @property {TableProtocol[]} tables the table protocols begun, by round and board
 * @property {Standings | null} standings by the set-up's tie-breaks
 * @property {Bracket | null} bracket a bracket as it stands: a knock-out's, a double elimination's, or the knock-out after groups once drawn (`null` otherwise)
 * @property {CompetitionGroup[] | null} groups groups then knock-out: each group's entrants and table (`null` for other systems)
 * @property {TeamsView | null} teams a team competition's teams, matches and team standings (`null` for a competition of players)
 */

/**
 * A group of groups then knock-out: its place in the order of the groups
 * (0 is group A), its entrants best seed first, its table.
 * @typedef {{group: number, entrants: number[], standings: Standings}} CompetitionGroup
 */

/**
 * The `result` event of `GET /api/competitions/{id}/live`: a board's result,
 * the change after the follower's last, with the standings it makes (and a
 * knock-out's bracket, which a result moves on).
 * @typedef {{changes: number, round: number, board: number, outcome: MatchOutcome, finished: boolean, standings: Standings | null, bracket?: Bracket | null, groups?: CompetitionGroup[] | null}} CompetitionResult
 */

/**
 * Where a side of a knock-out match comes from: a seed, or the winner or
 * loser of an earlier match by its number.
 * @typedef {{seed: number} | {winner_of: number} | {loser_of: number}} BracketSource
 */
/**
 * A side of a knock-out match as it stands: its entrant, where it comes
 * from while undecided, or nobody (both sides of the match before were
 * absent: the other side goes on).
 * @typedef {{kind: 'entrant', entrant: number} | {kind: 'awaits', source: BracketSource} | {kind: 'nobody'}} BracketSlot
 */
/**
 * A match of the bracket: its number, the competition's round it is
 * played in, its part (a single knock-out is all `winners`) and its
 * round within the part (`column`), sides (the better seed first once
 * both are known), its board in its round once paired, and who went on
 * once decided.
 * @typedef {{number: number, round: number, part: 'winners' | 'losers' | 'final', column: number, third_place: boolean, a: BracketSlot, b: BracketSlot, board: number | null, winner: number | null}} BracketTie
 */
/**
 * A bracket: its places (a power of two), the winners' bracket's rounds, the
 * entrants by seed, the seeds with a first-round bye, the matches.
 * @typedef {{places: number, rounds: number, seeds: number[], byes: number[], ties: BracketTie[]}} Bracket
 */
/** `GET /api/competitions/{id}`: the competition, whether the visitor may change it (its organiser or an arbiter) and whether they may name its arbiters (its organiser). @typedef {{competition: Competition, may_change: boolean, may_name_arbiters: boolean}} CompetitionPage */
/** `GET /api/competitions/{id}/arbiters` (and the answer to naming or removing one): the people the organiser named, in the order named. @typedef {{person: string, name: string}} Arbiter */

/** A competition in `GET /api/competitions`. @typedef {{id: string, organiser: string, created: number, setup: CompetitionSetup}} CompetitionSummary */

/** `GET /api/clubs/{name}`: a club's name as its newest competition writes it, and the competitions it organises, newest first. @typedef {{name: string, competitions: CompetitionSummary[]}} Club */

/** How far a competition has gone: no round paired, round `round` of `rounds` paired, or every result in. @typedef {{state: 'entries_open'} | {state: 'round', round: number, rounds: number} | {state: 'finished', rounds: number}} CompetitionStatus */

/**
 * A competition a player is entered in, and their part in it as it stands
 * (`place` a range when shared, final once finished; `null` while the
 * standings cannot be computed).
 * @typedef {{id: string, name: string, club: string | null, starts: string | null, ends: string | null, created: number, system: CompetitionSystem, online: boolean, status: CompetitionStatus, entrant: number, withdrawn_from: number | null, place: {start: number, end: number} | null, entrants: number, points: number, wins: number, draws: number, losses: number}} EnteredCompetition
 */

/** `GET /api/players/{id}/competitions`: the newest 50 a person is entered in, newest first; `more` if there are older ones. @typedef {{competitions: EnteredCompetition[], more: boolean}} PlayerCompetitions */

/**
 * `POST /api/competitions/{id}/changes`: one change by the organiser.
 * @typedef {{change: 'enter', entry: (Partial<ListedEntry> & {name: string}) | PairEntry} | {change: 'enter_list', entries: (Partial<ListedEntry> & {name: string})[]} | {change: 'withdraw', entrant: number} | {change: 'request_bye', entrant: number, round: number, bye: ByeKind} | {change: 'pair_next', round: number} | {change: 'result', round: number, board: number, outcome: MatchOutcome} | {change: 'unpair', round: number} | {change: 'seed', order: number[]} | {change: 'penalty', round: number, team_match?: number, board: number, side: 'first' | 'second', conduct: 'warning' | 'set_forfeited' | 'match_forfeited', clause: string} | {change: 'take_back_penalty', penalty: number} | {change: 'enter_team', team: TeamEntry} | {change: 'enter_teams', teams: TeamEntry[]} | {change: 'line_up', round: number, team_match: number, side: 'first' | 'second', players: number[]} | {change: 'board_result', round: number, team_match: number, board: number, outcome: MatchOutcome} | {change: 'at_table', round: number, team_match?: number, board: number, entry: string, step: TableStepKind} | {change: 'revoke_table_link', round: number, team_match?: number, board: number}} CompetitionChange
 */

/**
 * `POST /api/competitions/{id}/entries`: how many entrants (players, pairs
 * or teams) the file entered,
 * and the competition as it then stands.
 * @typedef {{entered: number, competition: Competition}} EntriesImported
 */

/**
 * `GET /api/competitions/{id}/competition.json`, and the body of
 * `POST /api/competitions/import`: a competition's set-up and its stored
 * changes, versioned.
 * @typedef {{format: 'novuss-competition', version: number, setup: CompetitionSetup, changes: {number: number, at?: number | null, change: object}[]}} CompetitionFile
 */

/**
 * `POST /api/competitions/import/trf`: a TRF-16 file's text and the match
 * format its games were played in (TRF does not say).
 * @typedef {{trf: string, format: MatchFormat}} TrfImport
 */

/**
 * Why a competition refused a change (`refusal` of a `competition_refused`
 * failure): its `code`, and the fields each code has (docs/protocol.md,
 * "Competitions"), which the page words it with.
 * @typedef {{code: string} & Record<string, unknown>} CompetitionRefusal
 */

export {};

// ---- The lobby followed live (server-sent events) -----------------------------

/**
 * `GET /api/lobby/live[?waiting=ID]`: server-sent events. `lobby` carries
 * a {@link Lobby} as this visitor sees it, sent at once and again whenever
 * it changes; `accepted` says that the visitor's challenge `waiting` has
 * every seat taken, with the game to open. A refusal (`busy`: too many
 * streams from one address) is an HTTP error, which ends an EventSource.
 * @typedef {{id: string}} LobbyAccepted
 * @typedef {{lobby: Lobby, accepted: LobbyAccepted}} LobbyLiveEvents the event names and their data
 */

// ---- Series (docs/protocol.md, "Series") ----------------------------------------

/**
 * A series' set-up: what `POST /api/series` sends (`points` left out: the
 * default table; `category` left out or null: every player).
 * @typedef {{name: string, season?: string | null, starts?: string | null, ends?: string | null,
 *   stages: number, best: number, points?: number[], category?: 'men' | 'women' | 'youth' | 'veterans' | null}} NewSeries
 */
/**
 * `POST /api/series/{id}/stages`: a competition added as a stage (in
 * place `stage`, or the first open one), or a stage taken out.
 * @typedef {{action: 'add', competition: string, stage?: number} | {action: 'remove', stage: number}} SeriesStageChange
 */
/** A place, shared as a range. @typedef {{first: number, last: number}} SeriesPlaces */
/**
 * One stage of the season.
 * @typedef {{stage: number, competition: string | null, name: string | null, starts: string | null,
 *   status: 'open' | 'waiting' | 'provisional' | 'final'}} SeriesCalendarStage
 */
/** One player's result in one stage. @typedef {{place: SeriesPlaces, points: number, counted: boolean, provisional: boolean}} SeriesResult */
/**
 * One player's line of a series' standings.
 * @typedef {{place: SeriesPlaces, name: string, club: string | null, licence: string | null,
 *   counted: number, total: number, results: (SeriesResult | null)[]}} SeriesStanding
 */
/**
 * A series as everyone sees it (`GET /api/series/{id}`'s `series`, the
 * `series` event of `GET /api/series/{id}/live`).
 * @typedef {{id: string, organiser: string, created: number, name: string, season: string | null,
 *   starts: string | null, ends: string | null, stages: number, best: number, points: number[],
 *   category: 'men' | 'women' | 'youth' | 'veterans' | null, calendar: SeriesCalendarStage[],
 *   standings: SeriesStanding[] | null, problem: ({code: string} & Record<string, unknown>) | null}} Series
 */
/** `GET /api/series/{id}`. @typedef {{series: Series, may_change: boolean}} SeriesPage */
/** A series in `GET /api/series`. @typedef {Omit<Series, 'calendar' | 'standings' | 'problem'> & {given: number}} SeriesSummary */
/**
 * Why a series refused a set-up or a stage (`refusal` of a
 * `series_refused` failure).
 * @typedef {{code: string} & Record<string, unknown>} SeriesRefusal
 */

// ---- Ratings for the real table (docs/protocol.md, "Real-table ratings") ---
/**
 * One place on the real-table list: the player as their latest rated
 * competition listed them, and their rating after it.
 * @typedef {{rank: number, player: string, person: string | null, name: string, forgotten?: boolean, club: string | null,
 *   licence: string | null, category: 'men' | 'women' | 'youth' | 'veterans' | null,
 *   rating: number, deviation: number, competitions: number, games: number}} TablePlace
 */
/**
 * `GET /api/ratings/tables?category=…`: established players best first,
 * the provisional ones apart.
 * @typedef {{category: 'men' | 'women' | 'youth' | 'veterans' | null, max_deviation: number,
 *   min_games: number, players: TablePlace[], provisional: TablePlace[]}} TableRatings
 */
/**
 * One competition of a player's real-table history.
 * @typedef {{competition: string, name: string, at: number, games: number, points: number,
 *   rating_before: number, rating: number, deviation: number}} TableHistoryPoint
 */
/**
 * `GET /api/ratings/tables/players/{id}` and `GET /api/ratings/tables/people/{person}` (which
 * answers `null` when the person has no real-table rating).
 * @typedef {{player: string, person: string | null, name: string, forgotten?: boolean, club: string | null,
 *   licence: string | null, category: 'men' | 'women' | 'youth' | 'veterans' | null,
 *   rating: number, deviation: number, provisional: boolean, competitions: number, games: number,
 *   history: TableHistoryPoint[]}} TablePlayer
 */

/** A Glicko-2 rating as the server keeps it. @typedef {{rating: number, deviation: number, volatility: number}} GlickoRating */

/**
 * `GET /api/me/data`: everything the server holds of this browser's
 * person, a file to keep (`person: null` for a browser it knows nothing
 * of); times in seconds since 1970, no secret in it.
 * @typedef {{kind: 'novuss-personal-data', version: number, exported_at: number,
 *   person: {id: string, name: string | null, created: number} | null,
 *   account: {username: string} | null,
 *   sessions: {created: number, seen: number}[],
 *   games: {id: string, created: number, updated: number, events: number, over: boolean}[],
 *   chat: {game: string, at: number, room: string, preset: string | null, text: string | null}[],
 *   ratings: {format: Format, rating: GlickoRating, games: number}[],
 *   rating_history: {game: string, format: Format, at: number, before: GlickoRating, after: GlickoRating}[],
 *   organised: {id: string, name: string, created: number}[],
 *   entered: string[],
 *   real_table: {competition: string, at: number, name: string, games: number, before: GlickoRating, after: GlickoRating}[]}} MyData
 */

/** What is reported (docs/moderation.md). @typedef {'chat_line' | 'name' | 'player'} ReportKind */

/** Why, as the reporter chose it. @typedef {'abuse' | 'spam' | 'cheating' | 'name' | 'other'} ReportReason */

/** What `POST /api/reports` takes: a chat line by its game and number, or a person for a name or a player. @typedef {{kind: ReportKind, person?: string, game?: string, line?: number, reason: ReportReason, note?: string}} ReportAsk */

/** What `POST /api/reports` answers: the report, new or the reporter's own one still open about the same thing. @typedef {{id: string, new: boolean}} Reported */

/** A moderator's action. @typedef {'hide_line' | 'show_line' | 'rename' | 'mute' | 'unmute' | 'ban' | 'unban' | 'close' | 'reopen'} ModerationAction */

/** What `POST /api/admin/actions` takes. @typedef {{action: ModerationAction, person: string, game?: string, line?: number, name?: string | null, reason: string, report?: string}} ActionAsk */

/** Why: what undoing an action and closing a report take. @typedef {{reason: string}} WhyAsk */

/**
 * A report as moderators read it: `what` is what was reported as it stood
 * then (a line's words, a preset's id in brackets, or a name).
 * @typedef {{id: string, at: number, reporter: string, reporter_name: string | null, kind: ReportKind,
 *   person: string, person_name: string | null, game?: string, line?: number, reason: ReportReason,
 *   note?: string, what?: string, closed?: number, outcome?: string}} ReportView
 */

/** `GET /api/admin/reports`: the queue, newest first. @typedef {{reports: ReportView[]}} ReportQueue */

/**
 * One entry of the moderation log: who took which action, on whom, why;
 * `undoes`/`undone_by` link an action and its undoing.
 * @typedef {{id: string, at: number, admin: string, admin_name: string | null, person: string,
 *   person_name: string | null, action: ModerationAction, game?: string, line?: number, reason: string, name_before?: string,
 *   name_after?: string, undoes?: string, undone_by?: string}} LogEntry
 */

/** `GET /api/admin/log`: the moderation log, newest first. @typedef {{entries: LogEntry[]}} ModerationLog */

/** A chat line as moderators read it. @typedef {{game: string, number: number, at: number, preset?: string, text?: string, hidden: boolean}} LineView */

/** What a person is held to. @typedef {{admin: boolean, muted: boolean, banned: boolean, closed: boolean}} StandingView */

/** `GET /api/admin/people/{id}`: a person's history for moderators. @typedef {{id: string, name: string | null, username: string | null, standing: StandingView, reports: ReportView[], log: LogEntry[], lines: LineView[]}} PersonFile */

/** What `POST /api/blocks` takes: whom to block. @typedef {{person: string}} BlockAsk */

/** `GET /api/blocks`, and what blocking and unblocking answer: the people this browser's person blocked, newest first. @typedef {{blocked: {person: string, name: string | null, at: number}[]}} Blocks */
