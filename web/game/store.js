// @ts-check
// One state and one way to change it. `store.state` is read by everyone;
// `store.update(change)` is the only way to write it: it applies the change
// and then draws the page once from the state. Updates made while one is
// being applied (a change that sets off another) are drawn together, once,
// when the outermost one is done; an update made while the page is being
// drawn is drawn again right after. No DOM here, so it runs in Node too
// (tests/browser/events.mjs).

/**
 * What a change needs drawn: `page` everything (the default), `table` only
 * the table (an animation's frame, which nothing else shows).
 * @typedef {'page' | 'table'} Scope
 */

/**
 * A change: fields to set, or a recipe that edits the state it is given
 * in place (its return value is ignored).
 * @template T
 * @typedef {Partial<T> | ((draft: T) => unknown)} Change
 */

/**
 * @template T
 * @typedef {object} Store
 * @property {Readonly<T>} state the state: read it, never write it
 * @property {(change: Change<T>, scope?: Scope) => void} update apply a change, then draw
 */

/**
 * A store for `state` (kept as it is, and changed in place), drawn by
 * `draw(state, scope)` after every update.
 * @template {object} T
 * @param {T} state
 * @param {(state: Readonly<T>, scope: Scope) => void} draw
 * @returns {Store<T>}
 */
export function createStore(state, draw) {
  let depth = 0;
  let drawing = false;
  /** @type {Scope | null} */
  let pending = null;

  const flush = () => {
    if (drawing) return; // the draw under way draws again when it is done
    drawing = true;
    try {
      while (pending) {
        const scope = pending;
        pending = null;
        draw(state, scope);
      }
    } finally {
      drawing = false;
    }
  };

  return {
    get state() { return state; },
    update(change, scope = 'page') {
      depth += 1;
      try {
        if (typeof change === 'function') change(state);
        else Object.assign(state, change);
      } finally {
        depth -= 1;
        pending = pending === 'page' || scope === 'page' ? 'page' : 'table';
      }
      if (depth === 0) flush();
    },
  };
}
