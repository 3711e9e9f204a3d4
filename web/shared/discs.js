// @ts-check
// What each disc is called, by the game page (its aiming tool and the table
// described in words) and the replay viewer's analysis alike.

/**
 * Each disc's short name: its number within its side (1–8, or 1–16 for a
 * doubles team), by disc id. The pocketed ones keep theirs, so a number
 * never moves to another disc during a set.
 * @param {{set?: {discs: {id: number, side: number}[]}} | null | undefined} state
 * @returns {Map<number, number>}
 */
export function discNumbers(state) {
  /** @type {Map<number, number>} */
  const numbers = new Map();
  /** @type {Map<number, number>} */
  const bySide = new Map();
  for (const d of [...(state?.set?.discs ?? [])].sort((a, b) => a.id - b.id)) {
    const n = (bySide.get(d.side) ?? 0) + 1;
    bySide.set(d.side, n);
    numbers.set(d.id, n);
  }
  return numbers;
}
