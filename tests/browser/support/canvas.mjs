// What the game page's canvas shows, read from its pixels: for the tests
// that must see a drawing, not only the page's state.

/**
 * Whether the table's canvas shows the hint arrow's colour (a light cyan)
 * along `stroke`'s first 11 cm from the striker: probed at five points, as
 * the arrow's label may cover part of it on a small table.
 * @param {import('playwright-core').Page} page
 * @param {{striker: number[], direction: number[]}} stroke
 * @returns {Promise<boolean>}
 */
export function hintArrowOnCanvas(page, stroke) {
  const u = Math.hypot(...stroke.direction);
  const probes = [0.03, 0.05, 0.07, 0.09, 0.11].map((d) => [stroke.striker[0] + (stroke.direction[0] / u) * d, stroke.striker[1] + (stroke.direction[1] / u) * d]);
  return page.evaluate(async (ps) => {
    // The table is drawn on an animation frame: what a change asked for
    // is on the canvas once two frames have passed, not before.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById('table'));
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    const ctx = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
    return ps.some((p) => {
      const q = window.novussDebug.toPage(p);
      const x = Math.round((q.x - r.left) * k);
      const y = Math.round((q.y - r.top) * k);
      const px = ctx.getImageData(x - 6, y - 6, 13, 13).data;
      for (let i = 0; i < px.length; i += 4) if (px[i + 2] > 200 && px[i] < 140 && px[i + 1] > 170) return true;
      return false;
    });
  }, probes);
}
