// @ts-check
// The "Aim at a disc" tool: choose one of your discs by its number and a
// pocket (or the easiest one), and the striker is placed and aimed for it
// by the server's planner, the one the hint's strokes are judged by
// (target.js). Every part is an ordinary form control, so it works with
// the keyboard, a screen reader, a mouse or a finger alike; the table
// shows the numbers while it is open.

import { t, errorText } from '../shared/text.js';
import { language } from '../shared/lang.js';
import { h } from '../shared/panel.js';
import { discNumbers } from '../shared/discs.js';
import { requestPlan, POCKETS } from './target.js';
import { whereShort } from './describe.js';

import { byId as $ } from '../shared/dom.js';

/** @typedef {import('../shared/protocol.js').State} State */
/** @typedef {import('../shared/protocol.js').Stroke} Stroke */
/** A disc on the table. @typedef {import('../shared/protocol.js').DiscView & {at: import('../shared/protocol.js').Vec2}} OnTable */

export class AimTool {
  /**
   * @param {{state: () => (State | null), enabled: () => boolean, viewSeat: () => string, use: (stroke: Stroke) => void, hand: () => string, changed: () => void, toTable: () => void}} hooks
   *   the state; a human may stroke now; the seat the table is seen from;
   *   take the stroke over; the level whose hand chances are counted
   *   under; redraw; give the table the keys
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.open = false;
    /** @type {number | null | undefined} the event the lists were made for */
    this.event = null;
    /** @type {string | null} what the lists were made from */
    this.key = null;
    this.pending = false;
    $('target-open').addEventListener('click', () => this.toggle(true));
    $('target-close').addEventListener('click', () => { this.close(); this.hooks.toTable(); });
    $('target-apply', HTMLButtonElement).addEventListener('click', () => this.apply());
    $('target-disc', HTMLSelectElement).addEventListener('change', () => this.hooks.changed());
    $('target-tool').addEventListener('keydown', (e) => {
      // Esc leaves the tool for the table, from any control in it.
      if (e.key === 'Escape') { e.preventDefault(); this.close(); this.hooks.toTable(); }
    });
  }

  /** Open (and focus the disc list) or close. */
  toggle(focus = false) {
    if (this.open) { this.close(); return; }
    this.show(focus);
  }

  /** Open, or if open already, give the disc list the focus again. */
  show(focus = true) {
    if (this.open) {
      if (focus) $('target-disc', HTMLSelectElement).focus();
      return;
    }
    this.open = true;
    $('target-tool').hidden = false;
    $('target-open').setAttribute('aria-expanded', 'true');
    this.refresh(true);
    if (focus) {
      $('target-tool').scrollIntoView({ block: 'nearest' });
      $('target-disc', HTMLSelectElement).focus();
    }
    this.hooks.changed();
  }

  close() {
    if (!this.open) return;
    this.open = false;
    $('target-tool').hidden = true;
    $('target-open').setAttribute('aria-expanded', 'false');
    this.hooks.changed();
  }

  /** The disc chosen in the list, as a disc id (or null). */
  get chosen() {
    const v = $('target-disc', HTMLSelectElement).value;
    return this.open && v !== '' ? Number(v) : null;
  }

  /**
   * The numbers to draw on the table: the mover's discs while the tool is
   * open ([{id, at, n}]).
   */
  labels() {
    const st = this.hooks.state();
    const turn = st?.turn;
    if (!this.open || !st || !turn) return null;
    const numbers = discNumbers(st);
    return st.set.discs.filter((d) => d.at && d.side === turn.side).map((d) => ({ id: d.id, at: d.at, n: numbers.get(d.id) }));
  }

  /**
   * Rebuild the lists for the state shown (keeping the choice), in the language in force.
   * @param {boolean} [force] even if nothing they show has changed
   */
  refresh(force = false) {
    if (!this.open) return;
    const st = this.hooks.state();
    const key = `${st?.event}|${language()}|${this.hooks.viewSeat()}|${this.hooks.enabled()}`;
    if (!force && key === this.key) return;
    const changedEvent = st?.event !== this.event;
    this.key = key;
    this.event = st?.event;
    const discSel = $('target-disc', HTMLSelectElement);
    const pocketSel = $('target-pocket', HTMLSelectElement);
    const keepDisc = discSel.value;
    const keepPocket = pocketSel.value || 'easiest';
    const numbers = discNumbers(st);
    const turn = st?.turn;
    /** @type {OnTable[]} */
    const own = st && turn ? st.set.discs.filter(/** @returns {d is OnTable} */ (d) => !!d.at && d.side === turn.side) : [];
    const table = st?.table;
    own.sort((a, b) => (numbers.get(a.id) ?? 0) - (numbers.get(b.id) ?? 0));
    discSel.replaceChildren(...own.map((d) => h('option', { value: String(d.id) },
      t(d.dark ? 'target.option_dark' : 'target.option', { n: numbers.get(d.id), where: table ? whereShort(table, d.at, this.hooks.viewSeat()) : '' }))));
    if (!own.length) discSel.append(h('option', { value: '' }, t('target.none_own')));
    if (own.some((d) => String(d.id) === keepDisc)) discSel.value = keepDisc;
    else {
      // The first light disc is the likeliest choice.
      const light = own.find((d) => !d.dark);
      if (light) discSel.value = String(light.id);
    }
    pocketSel.replaceChildren(
      h('option', { value: 'easiest' }, t('target.easiest')),
      ...POCKETS.map((p) => h('option', { value: p }, t(`pocket.${p}`))));
    pocketSel.value = keepPocket;
    const usable = !!st?.turn && this.hooks.enabled();
    discSel.disabled = !own.length;
    $('target-apply', HTMLButtonElement).disabled = !usable || !own.length;
    // A result belongs to the position it was worked out for.
    if (changedEvent) $('target-result').textContent = usable ? '' : t('target.not_now');
  }

  /**
   * Ask the server for the stroke for the choice and take it over, or say
   * why there is none. The result element is `aria-busy` while it is asked.
   */
  async apply() {
    const st = this.hooks.state();
    const out = $('target-result');
    if (!st?.turn || !this.hooks.enabled()) { out.textContent = t('target.not_now'); return; }
    const id = this.chosen;
    if (id === null) { out.textContent = t('target.none_own'); return; }
    if (this.pending) return;
    const pocket = $('target-pocket', HTMLSelectElement).value;
    const hand = this.hooks.hand();
    const n = discNumbers(st).get(id);
    this.pending = true;
    out.setAttribute('aria-busy', 'true');
    out.classList.remove('warn');
    out.textContent = t('target.asking', { n });
    $('target-apply', HTMLButtonElement).disabled = true;
    let plan;
    try {
      plan = await requestPlan(st.id, st, id, pocket, hand);
    } finally {
      this.pending = false;
      $('target-apply', HTMLButtonElement).disabled = !this.hooks.enabled();
    }
    // A plan belongs to the position it was asked for.
    const now = this.hooks.state();
    if (now?.event !== st.event || !this.open) {
      out.textContent = this.open ? t('target.not_now') : '';
      out.removeAttribute('aria-busy');
      return;
    }
    out.classList.toggle('warn', !plan.ok);
    if (!plan.ok) {
      out.textContent = plan.error
        ? errorText(plan.error)
        : t(`target.why.${plan.why}`, { n, pocket: pocket === 'easiest' ? t('target.easiest') : t(`pocket.${pocket}`) });
      out.removeAttribute('aria-busy');
      return;
    }
    this.hooks.use(plan.stroke);
    out.textContent = [
      t('target.done', {
        n,
        pocket: t(`pocket.${plan.pocket}`),
        route: t(`target.route.${plan.route}`),
        cut: Math.round((plan.cut * 180) / Math.PI),
        speed: plan.stroke.speed.toFixed(2),
        chance: Math.round(plan.chance * 100),
        // Worded as the hint words its chance, by the same hand.
        sure: t('hint.sure', { n: plan.tries, hand: t(`hand.${hand}`) }),
      }),
      ...plan.warnings.map((w) => t(`target.warn.${w}`)),
    ].join(' ');
    out.removeAttribute('aria-busy');
    this.hooks.toTable();
  }
}
