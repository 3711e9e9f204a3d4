// @ts-check
// The new-game form, the game page's home: this browser's games in
// progress to go back to (its move first), who plays (against the
// computer, hot-seat, a friend online by an invitation link, or a
// stranger found in the lobby; then seat by seat), the game, the match
// length, the rule profile and take-backs. The choices come from
// GET /api/options; the last ones are remembered.

import { t, errorText, dateTime } from '../shared/text.js';
import { h, formatText, playerName } from '../shared/panel.js';
import { byId } from '../shared/dom.js';
import { errorCode, errorDetail } from '../shared/net.js';

/** @typedef {import('../shared/protocol.js').Options} Options */
/** @typedef {import('../shared/protocol.js').Seat} Seat */
/** @typedef {import('../shared/protocol.js').Created} Created */
/** @typedef {import('./online.js').InProgress} InProgress */

/** A new game as `POST /api/games` takes it (docs/protocol.md "A new game"). @typedef {import('../shared/protocol.js').NewGame} NewGame */
/** @typedef {import('../shared/protocol.js').Format} Format */
/** @typedef {import('../shared/protocol.js').MatchFormat} MatchFormat */

/**
 * The choices the form remembers (localStorage), and with a rebuild's
 * each seat's name and player and the control with the focus.
 * @typedef {object} FormChoices
 * @property {string} [mode]
 * @property {string} [level]
 * @property {string} [format]
 * @property {string | number} [sets]
 * @property {string} [profile]
 * @property {boolean} [casual]
 * @property {string | number} [stroke_clock]
 * @property {string} [name]
 * @property {string[]} [names]
 * @property {(string | undefined)[]} [kinds]
 * @property {string | null} [focus]
 */

const KEY = 'novuss.newGame';
/** Who the other players are: the computer, people at this screen, a friend at theirs by a link, or whoever the lobby finds. */
const MODES = ['computer', 'hot_seat', 'friend', 'lobby'];
/** @type {Record<string, Seat[]>} Seating order per format (docs/protocol.md "A new game"). */
const SEATING = {
  singles: ['south', 'north'],
  doubles: ['south', 'north', 'west', 'east'],
  four_player: ['south', 'west', 'north', 'east'],
};
/**
 * The match formats offered besides the server's best-ofs (issue 32): a
 * fixed number of sets, where an even number can end level (six in
 * singles, 3:3 a draw; four, doubles' usual, 2:2 a draw); and under
 * "Other", first to K sets. A fixed number is between two sides only.
 * @type {MatchFormat[]}
 */
const FIXED = [{ kind: 'sets', sets: 6 }, { kind: 'sets', sets: 4 }];
/** @type {MatchFormat[]} */
const OTHER = [{ kind: 'first_to', sets: 2 }, { kind: 'first_to', sets: 3 }];
/**
 * A format as the select's value: a best of by its number of sets (`3`,
 * as the form always had it, so that remembered choices still hold),
 * another by kind and sets (`sets:6`).
 * @param {MatchFormat} f
 */
const formatKey = (f) => (f.kind === 'best_of' ? String(f.sets) : `${f.kind}:${f.sets}`);

/**
 * The select's value as the request's terms: a best of by its sets, as
 * older servers take it; another format as itself.
 * @param {string} value
 * @returns {{sets: number} | {match_format: MatchFormat}}
 */
export function matchTerms(value) {
  const [kind, n] = value.includes(':') ? value.split(':') : ['best_of', value];
  const sets = Number(n);
  if (kind === 'sets' || kind === 'first_to') return { match_format: { kind, sets } };
  return { sets: Number.isInteger(sets) && sets > 0 ? sets : 1 };
}

const DEFAULTS = {
  formats: ['singles', 'doubles', 'four_player'],
  profiles: ['lnf-2017', 'australia-1992', 'koroona'],
  // Until the server's own list arrives (/api/options): the ladder (docs/ai.md).
  levels: ['novice', 'beginner', 'amateur', 'club', 'league', 'expert', 'master'],
  sets: [1, 3, 5],
};

/**
 * Options may come as plain ids or as objects; take the id either way.
 * @param {unknown} x
 * @returns {string | number}
 */
const idOf = (x) => {
  if (x && typeof x === 'object') {
    const o = /** @type {{id?: string, name?: string, value?: string}} */ (x);
    return o.id ?? o.name ?? o.value ?? '';
  }
  return typeof x === 'number' ? x : String(x);
};

/** @returns {FormChoices} */
function remembered() {
  try { return JSON.parse(localStorage.getItem(KEY) ?? 'null') || {}; } catch { return {}; }
}

/**
 * The value of the form's input or select `sel`, if it has one.
 * @param {ParentNode} root
 * @param {string} sel
 */
function valueOf(root, sel) {
  const el = root.querySelector(sel);
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el.value : undefined;
}

/**
 * The form's input `sel`.
 * @param {ParentNode} root
 * @param {string} sel
 */
function input(root, sel) {
  const el = root.querySelector(sel);
  if (!(el instanceof HTMLInputElement)) throw new Error(`the form has no input ${sel}`);
  return el;
}

/**
 * @param {string} id
 * @param {(string | number)[]} values
 * @param {(v: string | number) => string} label
 * @param {unknown} chosen
 */
function select(id, values, label, chosen) {
  const el = h('select', { id, name: id }, values.map((v) => {
    const o = h('option', { value: String(v) }, label(v));
    if (String(v) === String(chosen)) o.selected = true;
    return o;
  }));
  return el;
}

/**
 * @param {string} labelId
 * @param {HTMLElement} control
 * @param {string} forId
 */
function row(labelId, control, forId) {
  return h('div', { class: 'row' }, h('label', { for: forId }, t(labelId)), control);
}

/**
 * The choices the form shows now, so that it can be built again in another
 * language without losing them (the same fields `remembered()` keeps, and
 * each seat's name and player), and the id of the control with the focus.
 * @param {HTMLFormElement} form
 * @returns {FormChoices}
 */
export function formChoices(form) {
  /** @param {string} sel */
  const value = (sel) => valueOf(form, sel);
  const seats = [...form.querySelectorAll('.player-row')];
  const casual = form.querySelector('#casual');
  const active = document.activeElement;
  return {
    mode: value('input[name=mode]:checked'),
    level: value('#level'),
    format: value('#format'),
    sets: value('#sets'),
    profile: value('#profile'),
    casual: casual instanceof HTMLInputElement ? casual.checked : undefined,
    stroke_clock: value('#stroke-clock'),
    name: value('#name-0')?.trim(),
    names: seats.map((_, i) => value(`#name-${i}`) ?? ''),
    kinds: seats.map((_, i) => value(`#kind-${i}`)),
    focus: active && form.contains(active) ? active.id : null,
  };
}

/**
 * Fill `form` with the choices and call `onSubmit(body)` with a new-game
 * body when it is sent. `current` (from formChoices) replaces the
 * remembered choices.
 * @param {HTMLFormElement} form
 * @param {Partial<Options> | null} options the server's (`GET /api/options`)
 * @param {(body: NewGame, learn?: boolean) => unknown} onSubmit
 * @param {FormChoices | null} [current]
 * @param {boolean} [offerCoach] offer a first-timer one guided stroke
 */
export function buildStartForm(form, options, onSubmit, current = null, offerCoach = false) {
  /** @param {'formats' | 'profiles' | 'levels' | 'sets'} k */
  const choices = (k) => {
    const given = options?.[k];
    return (given?.length ? given : DEFAULTS[k]).map(idOf);
  };
  const opt = { formats: choices('formats'), profiles: choices('profiles'), levels: choices('levels').map(String), sets: choices('sets') };
  // The computer levels offered for play; greedy is a baseline, not an opponent to choose first.
  const levels = opt.levels;
  const mem = current ?? remembered();
  let seatsKept = current; // each seat's name and player, kept once through a rebuild
  // Finding an opponent is a page of its own (the lobby): never the
  // choice the form opens with.
  const mode = MODES.includes(String(mem.mode)) && mem.mode !== 'lobby' ? String(mem.mode) : 'computer';
  // A first visit meets the first-timer's level, the gentlest on the ladder.
  const level = mem.level && levels.includes(mem.level) ? mem.level : levels.includes('novice') ? 'novice' : levels[0];

  const modeBox = h('fieldset', { class: 'modes' }, h('legend', {}, t('start.opponents')),
    MODES.map((m) => {
      const input = h('input', { type: 'radio', name: 'mode', value: m, id: `mode-${m}` });
      input.checked = m === mode;
      // The form opens on its first choice, whatever is listed above it.
      if (m === MODES[0]) input.setAttribute('autofocus', '');
      return h('label', { class: 'radio', for: `mode-${m}` }, input,
        h('span', { class: 'mode-name' }, t(`start.mode.${m}`)),
        h('span', { class: 'mode-about muted' }, t(`start.mode_about.${m}`)));
    }));
  // A level by its name and its rating (GET /api/options, `level_ratings`):
  // what a player who knows their own rating chooses by.
  /** @param {string | number} v */
  const ratingOf = (v) => {
    const r = options?.level_ratings?.[String(v)];
    return typeof r === 'number' && Number.isFinite(r) ? Math.round(r) : null;
  };
  /** @param {string | number} v */
  const levelName = (v) => {
    const rating = ratingOf(v);
    return rating === null ? t(`level.${v}`) : t('level.with_rating', { level: t(`level.${v}`), rating });
  };
  const levelSel = select('level', levels, levelName, level);
  const formatSel = select('format', opt.formats, (v) => t(`format.${v}`), mem.format ?? 'singles');
  const chosenSets = String(mem.sets ?? 1);
  /** @param {MatchFormat} f */
  const formatOption = (f) => {
    const o = h('option', { value: formatKey(f) }, formatText(f));
    if (formatKey(f) === chosenSets) o.selected = true;
    return o;
  };
  const bestOfs = opt.sets.map((n) => /** @type {MatchFormat} */ ({ kind: 'best_of', sets: Number(n) }));
  const setsSel = h('select', { id: 'sets', name: 'sets' },
    [...bestOfs, ...FIXED].map(formatOption),
    h('optgroup', { label: t('start.sets_other') }, OTHER.map(formatOption)));
  // Four players play a best of or a first to: a fixed number of sets is
  // between two sides (the server refuses it too).
  const syncSets = () => {
    const four = formatSel.value === 'four_player';
    for (const o of setsSel.querySelectorAll('option')) {
      o.disabled = four && o.value.startsWith('sets:');
    }
    if (four && setsSel.value.startsWith('sets:')) setsSel.value = String(opt.sets[0] ?? 1);
  };
  const profileSel = select('profile', opt.profiles, (v) => t(`profile.${v}`), mem.profile ?? opt.profiles[0]);
  const casual = h('input', { type: 'checkbox', id: 'casual', name: 'casual' });
  casual.checked = mem.casual !== false;
  // Listed games can be watched by anyone; the others only by those given
  // their link.
  const listed = h('input', { type: 'checkbox', id: 'public', name: 'public' });
  // A rated match: only between people at their own screens, without
  // take-backs (the server checks the same).
  const rated = h('input', { type: 'checkbox', id: 'rated', name: 'rated' });
  const ratedRow = h('label', { class: 'check', for: 'rated' }, rated, ' ', t('start.rated'));
  const syncRated = () => {
    const kinds = [...form.querySelectorAll('.player-row select')].map((s) => /** @type {HTMLSelectElement} */ (s).value);
    const between = kinds.includes('invite') && kinds.every((k) => k === 'human' || k === 'invite')
      && kinds.filter((k) => k === 'human').length <= 1;
    ratedRow.hidden = !between;
    if (!between) rated.checked = false;
    casual.disabled = rated.checked;
    if (rated.checked) casual.checked = false;
  };
  rated.addEventListener('change', syncRated);
  // Seconds a player has for each stroke; none by default.
  const clockSel = select('stroke-clock', ['none', 15, 30, 60],
    (v) => (v === 'none' ? t('start.no_clock') : t('start.clock_secs', { s: v })), mem.stroke_clock ?? 'none');
  const players = h('div', { class: 'players', id: 'players' });
  // What the chosen level plays like, and its rating, under the choice
  // across the form's width (not in the labels' column).
  const about = h('p', { class: 'level-about', id: 'level-about', 'aria-live': 'polite' });
  const describeLevel = () => {
    const v = levelSel.value;
    const rating = ratingOf(v);
    about.replaceChildren(
      rating === null ? '' : h('strong', { class: 'level-rating' }, t('level.rating', { rating })),
      rating === null ? '' : ' ',
      h('span', { class: 'muted' }, t(`level.about.${v}`)));
  };
  levelSel.setAttribute('aria-describedby', 'level-about');
  const levelRow = h('div', { class: 'level-block' }, row('start.level', levelSel, 'level'), about);
  describeLevel();
  levelSel.addEventListener('change', describeLevel);

  // Per seat: a name and who plays it. Presets follow the mode and level;
  // the player may then change any seat.
  const fillPlayers = () => {
    const m = valueOf(form, 'input[name=mode]:checked');
    levelRow.hidden = m !== 'computer';
    // Finding an opponent is the lobby's: the terms of a game are set there.
    const lobby = m === 'lobby';
    terms.hidden = lobby;
    submit.hidden = lobby;
    if (learn) learn.hidden = lobby;
    find.hidden = !lobby;
    const seats = SEATING[formatSel.value] ?? SEATING.singles;
    players.replaceChildren(h('div', { class: 'players-head' }, t('start.players')),
      ...seats.map((seat, i) => {
        const kind = h('select', { id: `kind-${i}`, 'aria-label': t(`seat.${seat}`) },
          h('option', { value: 'human' }, t('start.human')),
          // Another seat may be for a person at another screen, invited by a link.
          i > 0 ? h('option', { value: 'invite' }, t('start.invite')) : null,
          levels.map((l) => h('option', { value: l }, t('start.computer_level', { level: levelName(l) }))));
        // Against the computer its seats are the level's; with a friend
        // online every other seat is for an invited person.
        kind.value = i === 0 ? 'human' : m === 'computer' ? levelSel.value : m === 'friend' ? 'invite' : 'human';
        if (seatsKept?.kinds?.[i]) kind.value = seatsKept.kinds[i];
        // The one person at this screen is "you" (the others are the computer's or invited).
        const fallback = (m === 'computer' || m === 'friend') && i === 0 ? t('start.you') : t('start.player_n', { n: i + 1 });
        const name = h('input', { id: `name-${i}`, type: 'text', maxlength: '40', placeholder: fallback, 'aria-label': t('start.player_name', { n: i + 1 }), autocomplete: 'off' });
        if (i === 0 && mem.name) name.value = mem.name;
        if (seatsKept?.names?.[i]) name.value = seatsKept.names[i];
        const team = formatSel.value === 'doubles' ? ` · ${t('start.team', { team: i < 2 ? 1 : 2 })}` : '';
        const row = h('div', { class: 'player-row' }, h('span', { class: 'seat' }, t(`seat.${seat}`) + team), name, kind);
        // A computer is named after its level: its row is the level alone.
        const syncName = () => {
          // An invited person names themselves when they take the seat.
          const computer = kind.value !== 'human';
          name.hidden = computer;
          row.classList.toggle('computer', computer);
        };
        kind.addEventListener('change', syncName);
        kind.addEventListener('change', syncRated);
        syncName();
        return row;
      }));
    syncRated();
    syncSets();
  };

  // Busy until this browser's games are known (StartDialog.open).
  const recent = h('div', { class: 'recent', id: 'recent', 'aria-busy': 'true' });
  const submit = h('button', { type: 'submit', id: 'start-game', class: 'primary' }, t('start.start'));
  // The lobby is another page: a link to it, not a game made here.
  const find = h('a', { id: 'find-opponent', class: 'button primary', href: 'lobby.html' }, t('start.find'));
  // A first-timer is offered one guided stroke against the beginner.
  const learn = offerCoach ? h('button', { type: 'button', id: 'start-learn' }, t('coach.offer')) : null;
  const cancel = h('button', { type: 'button', id: 'start-cancel', value: 'cancel' }, t('start.cancel'));
  // The terms of a game made here (all but the choice of opponents).
  const terms = h('div', { class: 'terms', id: 'game-terms' },
    levelRow,
    row('start.format', formatSel, 'format'),
    players,
    row('start.sets', setsSel, 'sets'),
    row('start.profile', profileSel, 'profile'),
    row('start.stroke_clock', clockSel, 'stroke-clock'),
    h('label', { class: 'check', for: 'casual' }, casual, ' ', t('start.casual')),
    ratedRow,
    h('label', { class: 'check', for: 'public' }, listed, ' ', t('start.public')));
  form.replaceChildren(
    h('h2', {}, t('start.heading')),
    // A returning player's games in progress come first (fillRecent).
    recent,
    modeBox,
    terms,
    h('div', { class: 'form-buttons' }, learn, cancel, submit, find),
  );
  fillPlayers();
  seatsKept = null;
  const focused = current?.focus ? form.querySelector(`#${CSS.escape(current.focus)}`) : null;
  if (focused instanceof HTMLElement) focused.focus();
  modeBox.addEventListener('change', fillPlayers);
  levelSel.addEventListener('change', fillPlayers);
  formatSel.addEventListener('change', fillPlayers);

  form.onsubmit = (e) => {
    e.preventDefault();
    // Enter in the lobby's choice goes there, as its link does.
    if (valueOf(form, 'input[name=mode]:checked') === 'lobby') { find.click(); return; }
    const seats = SEATING[formatSel.value] ?? SEATING.singles;
    const kinds = seats.map((_, i) => valueOf(form, `#kind-${i}`));
    /** @type {NewGame} */
    const body = {
      format: /** @type {Format} */ (formatSel.value),
      profile: profileSel.value,
      ...matchTerms(setsSel.value),
      casual: casual.checked,
      public: listed.checked,
      ...(rated.checked ? { rated: true } : {}),
      ...(clockSel.value === 'none' ? {} : { stroke_clock: Number(clockSel.value) }),
      players: kinds.map((kind, i) => {
        const name = input(form, `#name-${i}`);
        // A name left empty is sent as none: every page that shows the game
        // names that player in its reader's language ("You", "Player 2").
        const given = name.value.trim().slice(0, 40);
        if (kind === 'human') return given ? { kind: 'human', name: given } : { kind: 'human' };
        if (kind === 'invite') return { kind: 'human', invite: true };
        return { kind: 'computer', level: String(kind) };
      }),
    };
    const m = valueOf(form, 'input[name=mode]:checked');
    localStorage.setItem(KEY, JSON.stringify({
      mode: m, level: levelSel.value, format: body.format, sets: setsSel.value, profile: body.profile,
      casual: body.casual, stroke_clock: clockSel.value, name: input(form, '#name-0').value.trim(),
    }));
    submit.disabled = true;
    submit.textContent = t('start.starting');
    Promise.resolve(onSubmit(body)).finally(() => {
      submit.disabled = false;
      submit.textContent = t('start.start');
    });
  };
  if (learn) {
    // One set against the gentlest computer, take-backs allowed.
    const offered = options?.levels ?? [];
    const level = offered.includes('novice') ? 'novice' : offered[0] ?? 'novice';
    learn.onclick = () => onSubmit({
      format: 'singles', profile: 'lnf-2017', sets: 1, casual: true,
      players: [{ kind: 'human' }, { kind: 'computer', level }],
    }, true);
  }
  return { cancel, recent };
}

/**
 * This browser's games in progress (online.js `gamesInProgress`), those
 * where it is the player's move first, each with a link back to it: what
 * a returning player meets at the top of the form. The game shown is not
 * offered again.
 * @param {Element} el
 * @param {InProgress[] | null} games
 * @param {string | null} current the game shown
 */
export function fillRecent(el, games, current) {
  if (games) el.removeAttribute('aria-busy');
  const open = (games || []).filter((g) => g.game.id !== current).slice(0, 5);
  if (!open.length) { el.replaceChildren(); return; }
  el.replaceChildren(h('h3', {}, t('start.recent')), h('ul', {}, open.map(({ game: g, state: st, yourMove }) => {
    const players = st.players.map((_, k) => playerName(st, k)).join(' · ');
    const next = st.turn ? playerName(st, st.turn.player) : null;
    const what = t('start.recent_line', {
      format: t(`format.short.${g.format}`),
      profile: t(`profile.${g.profile}`),
      score: g.score.join('–'),
      when: dateTime(g.updated ?? g.created),
    });
    return h('li', { class: yourMove ? 'your-move' : '' },
      h('span', { class: 'recent-what' },
        h('span', { class: yourMove ? 'recent-move' : '' }, yourMove ? t('start.your_move', { players }) : players),
        h('small', {}, yourMove || !next ? what : `${t('start.to_play', { name: next })} · ${what}`)),
      h('a', { href: `#game=${encodeURIComponent(g.id)}`, class: `button recent-game${yourMove ? ' primary' : ''}`, 'aria-label': t(yourMove ? 'start.resume_your_move' : 'start.resume_label', { players }) },
        t('start.resume')));
  })));
}

/**
 * The form as a modal dialog. Esc closes it; the focus then goes back
 * where it was, or to the table when the form opened a game. hooks:
 * options(), games() (this browser's games in progress), create(body); opened(state) open the
 * game made; hasGame(), gameId(); showError(code, detail); toTable();
 * changed() the page's phase may have changed.
 */
export class StartDialog {
  /**
   * @param {object} hooks
   * @param {() => Promise<Options>} hooks.options
   * @param {() => Promise<InProgress[]>} hooks.games
   * @param {(body: NewGame) => Promise<Created>} hooks.create
   * @param {(state: Created, learn: boolean) => Promise<void>} hooks.opened
   * @param {() => boolean} [hooks.offerCoach]
   * @param {() => boolean} hooks.hasGame
   * @param {() => string | null} hooks.gameId
   * @param {(code: string, detail?: string) => void} hooks.showError
   * @param {() => void} hooks.toTable
   * @param {() => void} hooks.changed
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.dialog = byId('start', HTMLDialogElement);
    this.form = byId('start-form', HTMLFormElement);
    /** @type {Partial<Options> | null} */
    this.options = null;
    /** @type {InProgress[] | null} */
    this.games = null;
    /** @type {Element | null} */
    this.opener = null;
    this.started = false;
    // Bumped by every open and dismiss: an open still waiting for the
    // options when a game is opened another way gives way to it.
    this.asked = 0;
    this.dialog.addEventListener('close', () => this.closed());
  }

  async open() {
    const asked = ++this.asked;
    if (!this.dialog.open) this.opener = document.activeElement;
    if (!this.options) {
      try { this.options = await this.hooks.options(); } catch (e) { this.options = {}; this.hooks.showError(errorCode(e), errorDetail(e)); }
    }
    if (asked !== this.asked) return;
    this.fill(null);
    if (!this.dialog.open) this.dialog.showModal();
    this.hooks.changed();
    this.hooks.games().then((games) => {
      this.games = games;
      const recent = this.form.querySelector('#recent');
      if (recent) fillRecent(recent, games, this.hooks.gameId());
    }).catch(() => this.form.querySelector('#recent')?.removeAttribute('aria-busy'));
  }

  /**
   * (Re)build the form, keeping the choices `current` when given.
   * @param {FormChoices | null} current
   */
  fill(current) {
    const { cancel, recent } = buildStartForm(this.form, this.options, async (body, learn = false) => {
      try {
        const st = await this.hooks.create(body);
        this.started = true;
        this.dialog.close();
        await this.hooks.opened(st, learn);
      } catch (e) {
        this.hooks.showError(errorCode(e), errorDetail(e));
        // Keep the error visible next to the form, where the player is looking.
        this.form.querySelector('.form-error')?.remove();
        this.form.append(h('p', { class: 'form-error', role: 'alert' }, errorText(errorCode(e))));
      }
    }, current, this.hooks.offerCoach?.() ?? false);
    cancel.hidden = !this.hooks.hasGame();
    cancel.onclick = () => this.dialog.close();
    if (this.games) fillRecent(recent, this.games, this.hooks.gameId());
    recent.onclick = (e) => {
      if (e.target instanceof Element && e.target.closest('a')) { this.started = true; this.dialog.close(); }
    };
  }

  /** A game was opened another way (its address): the form gives way to it. */
  dismiss() {
    this.asked += 1;
    if (!this.dialog.open) return;
    this.started = true;
    this.dialog.close();
  }

  /** The language changed: the open form again in it, choices and focus kept. */
  relabel() {
    if (this.dialog.open) this.fill(formChoices(this.form));
  }

  /** Where the keys go when the form closes. */
  closed() {
    const { opener, started } = this;
    this.opener = null;
    this.started = false;
    if (started || !(opener instanceof HTMLElement || opener instanceof SVGElement) || opener === document.body || !opener.isConnected || opener.closest('dialog')) {
      if (this.hooks.gameId()) this.hooks.toTable();
      else byId('new-game').focus();
    } else {
      opener.focus();
    }
  }
}
