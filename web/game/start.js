// @ts-check
// The new-game form: who plays (against the computer or hot-seat, or seat
// by seat), the game, the match length, the rule profile and take-backs.
// The choices come from GET /api/options; the last ones are remembered.

import { t, errorText } from '../shared/text.js';
import { language } from '../shared/lang.js';
import { h, setsText } from '../shared/panel.js';
import { byId } from '../shared/dom.js';
import { errorCode, errorDetail } from '../shared/net.js';

/** @typedef {import('../shared/protocol.js').Options} Options */
/** @typedef {import('../shared/protocol.js').Seat} Seat */
/** @typedef {import('../shared/protocol.js').GameSummary} GameSummary */
/** @typedef {import('../shared/protocol.js').Created} Created */

/** A new game as `POST /api/games` takes it (docs/protocol.md "A new game"). @typedef {import('../shared/protocol.js').NewGame} NewGame */
/** @typedef {import('../shared/protocol.js').Format} Format */

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
/** @type {Record<string, Seat[]>} Seating order per format (docs/protocol.md "A new game"). */
const SEATING = {
  singles: ['south', 'north'],
  doubles: ['south', 'north', 'west', 'east'],
  four_player: ['south', 'west', 'north', 'east'],
};
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
  const mode = mem.mode === 'hot_seat' ? 'hot_seat' : 'computer';
  // A first visit meets the first-timer's level, the gentlest on the ladder.
  const level = mem.level && levels.includes(mem.level) ? mem.level : levels.includes('novice') ? 'novice' : levels[0];

  const modeBox = h('fieldset', { class: 'modes' }, h('legend', {}, t('start.opponents')),
    ['computer', 'hot_seat'].map((m) => {
      const input = h('input', { type: 'radio', name: 'mode', value: m, id: `mode-${m}` });
      input.checked = m === mode;
      return h('label', { class: 'radio', for: `mode-${m}` }, input, ' ', t(m === 'computer' ? 'start.vs_computer' : 'start.hot_seat'));
    }));
  const levelSel = select('level', levels, (v) => t(`level.${v}`), level);
  const formatSel = select('format', opt.formats, (v) => t(`format.${v}`), mem.format ?? 'singles');
  const setsSel = select('sets', opt.sets, (v) => setsText(v), mem.sets ?? 1);
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
  const levelRow = row('start.level', levelSel, 'level');
  // What the chosen level plays like, and its rating, under the choice.
  const about = h('p', { class: 'level-about muted', id: 'level-about', 'aria-live': 'polite' });
  const describeLevel = () => {
    const v = levelSel.value;
    const rating = options?.level_ratings?.[v];
    about.textContent = [t(`level.about.${v}`), Number.isFinite(rating) ? t('level.rating', { rating }) : ''].filter(Boolean).join(' ');
  };
  levelSel.setAttribute('aria-describedby', 'level-about');
  levelRow.append(about);
  describeLevel();
  levelSel.addEventListener('change', describeLevel);

  // Per seat: a name and who plays it. Presets follow the mode and level;
  // the player may then change any seat.
  const fillPlayers = () => {
    const m = valueOf(form, 'input[name=mode]:checked');
    levelRow.hidden = m !== 'computer';
    const seats = SEATING[formatSel.value] ?? SEATING.singles;
    players.replaceChildren(h('div', { class: 'players-head' }, t('start.players')),
      ...seats.map((seat, i) => {
        const kind = h('select', { id: `kind-${i}`, 'aria-label': t(`seat.${seat}`) },
          h('option', { value: 'human' }, t('start.human')),
          // Another seat may be for a person at another screen, invited by a link.
          i > 0 ? h('option', { value: 'invite' }, t('start.invite')) : null,
          levels.map((l) => h('option', { value: l }, t('start.computer_level', { level: t(`level.${l}`) }))));
        kind.value = m === 'computer' && i > 0 ? levelSel.value : 'human';
        if (seatsKept?.kinds?.[i]) kind.value = seatsKept.kinds[i];
        const fallback = m === 'computer' && i === 0 ? t('start.you') : t('start.player_n', { n: i + 1 });
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
  };

  const recent = h('div', { class: 'recent', id: 'recent' });
  const submit = h('button', { type: 'submit', id: 'start-game', class: 'primary' }, t('start.start'));
  // A first-timer is offered one guided stroke against the beginner.
  const learn = offerCoach ? h('button', { type: 'button', id: 'start-learn' }, t('coach.offer')) : null;
  const cancel = h('button', { type: 'button', id: 'start-cancel', value: 'cancel' }, t('start.cancel'));
  form.replaceChildren(
    h('h2', {}, t('start.heading')),
    modeBox,
    levelRow,
    row('start.format', formatSel, 'format'),
    players,
    row('start.sets', setsSel, 'sets'),
    row('start.profile', profileSel, 'profile'),
    row('start.stroke_clock', clockSel, 'stroke-clock'),
    h('label', { class: 'check', for: 'casual' }, casual, ' ', t('start.casual')),
    ratedRow,
    h('label', { class: 'check', for: 'public' }, listed, ' ', t('start.public')),
    h('div', { class: 'form-buttons' }, learn, cancel, submit),
    recent,
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
    const seats = SEATING[formatSel.value] ?? SEATING.singles;
    const kinds = seats.map((_, i) => valueOf(form, `#kind-${i}`));
    /** @type {NewGame} */
    const body = {
      format: /** @type {Format} */ (formatSel.value),
      profile: profileSel.value,
      sets: Number(setsSel.value),
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
      mode: m, level: levelSel.value, format: body.format, sets: body.sets, profile: body.profile,
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
 * The unfinished games the server keeps (GET /api/games), newest first, as
 * links that resume them.
 * @param {Element} el
 * @param {GameSummary[] | null} games
 * @param {string | null} current the game shown
 */
export function fillRecent(el, games, current) {
  const open = (games || []).filter((g) => !g.over && g.id !== current).slice(0, 5);
  if (!open.length) { el.replaceChildren(); return; }
  el.replaceChildren(h('h3', {}, t('start.recent')), h('ul', {}, open.map((g) => h('li', {},
    h('a', { href: `#game=${encodeURIComponent(g.id)}`, class: 'recent-game' },
      t('start.recent_line', {
        players: (g.who ?? []).map((w, k) => w.name ?? (w.kind === 'computer' ? t('computer.name', { level: t(`level.${w.level}`) }) : t('start.player_n', { n: k + 1 }))).join(' · '),
        format: t(`format.short.${g.format}`),
        profile: t(`profile.${g.profile}`),
        score: g.score.join('–'),
        when: new Date((g.updated ?? g.created) * 1000).toLocaleString(language()),
      }))))));
}

/**
 * The form as a modal dialog. Esc closes it; the focus then goes back
 * where it was, or to the table when the form opened a game. hooks:
 * options(), games(), create(body) the HTTP calls; opened(state) open the
 * game made; hasGame(), gameId(); showError(code, detail); toTable();
 * changed() the page's phase may have changed.
 */
export class StartDialog {
  /**
   * @param {object} hooks
   * @param {() => Promise<Options>} hooks.options
   * @param {() => Promise<GameSummary[]>} hooks.games
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
    /** @type {GameSummary[] | null} */
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
    }).catch(() => {});
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
