// @ts-check
// The board itself, drawn once per size and view into an offscreen canvas:
// the edge boards, the polished surface, the lines and the pockets, all in
// table metres from `state.table` (`000` 7.1).

// The edge board around the surface: 45 mm thick (`000` 7.1.1).
export const RAIL = 0.045;

/**
 * What drawing the board needs of a view (the game's TableView with its
 * table, and the rules page's views): the table, the transform that draws
 * table metres, metres for CSS pixels, the pixel ratio and the light.
 * @typedef {object} BoardView
 * @property {import('./protocol.js').Table} table
 * @property {number} dpr
 * @property {(px: number) => number} px
 * @property {(ctx: CanvasRenderingContext2D) => void} worldTransform
 * @property {() => import('./protocol.js').Vec2} lightDir
 */

/**
 * A small seeded generator, so the wood grain is the same on every draw.
 * @param {number} seed
 */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The board in `view`, into `ctx` (the view's offscreen canvas).
 * @param {BoardView} view
 * @param {CanvasRenderingContext2D} ctx
 */
export function drawBoard(view, ctx) {
  const T = view.table;
  const S = T.size;
  /** @param {number} p */
  const px = (p) => view.px(p);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  view.worldTransform(ctx);

  // The edge board: dark hard wood, with mitred corners.
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.45)';
  ctx.shadowBlur = 10 * view.dpr;
  ctx.shadowOffsetY = 3 * view.dpr;
  ctx.fillStyle = '#5a3119';
  roundRect(ctx, -RAIL, -RAIL, S + 2 * RAIL, S + 2 * RAIL, RAIL * 0.35);
  ctx.fill();
  ctx.restore();
  const rail = ctx.createLinearGradient(-RAIL, -RAIL, S + RAIL, S + RAIL);
  rail.addColorStop(0, '#7a4526');
  rail.addColorStop(0.5, '#5e331b');
  rail.addColorStop(1, '#4a2714');
  ctx.fillStyle = rail;
  roundRect(ctx, -RAIL, -RAIL, S + 2 * RAIL, S + 2 * RAIL, RAIL * 0.35);
  ctx.fill();
  const rand = rng(7);
  // Grain along each of the four boards, each clipped to its mitred shape.
  /** @type {[[number, number], [number, number], [number, number], [number, number], number, number][]} */
  const boards = [
    [[-RAIL, -RAIL], [S + RAIL, -RAIL], [S, 0], [0, 0], 0, -RAIL],
    [[S + RAIL, -RAIL], [S + RAIL, S + RAIL], [S, S], [S, 0], 1, S],
    [[S + RAIL, S + RAIL], [-RAIL, S + RAIL], [0, S], [S, S], 0, S],
    [[-RAIL, S + RAIL], [-RAIL, -RAIL], [0, 0], [0, S], 1, -RAIL],
  ];
  for (const [a, b, c, d, vertical, base] of boards) {
    ctx.save();
    ctx.beginPath();
    ctx.moveTo(a[0], a[1]); ctx.lineTo(b[0], b[1]); ctx.lineTo(c[0], c[1]); ctx.lineTo(d[0], d[1]);
    ctx.closePath();
    ctx.clip();
    for (let i = 0; i < 14; i++) {
      ctx.strokeStyle = `rgba(25,10,3,${0.1 + rand() * 0.2})`;
      ctx.lineWidth = px(0.4 + rand() * 1.2);
      const o = base + rand() * RAIL;
      const tilt = (rand() - 0.5) * 0.01;
      ctx.beginPath();
      if (vertical) { ctx.moveTo(o, -RAIL); ctx.lineTo(o + tilt, S + RAIL); } else { ctx.moveTo(-RAIL, o); ctx.lineTo(S + RAIL, o + tilt); }
      ctx.stroke();
    }
    ctx.restore();
  }
  ctx.strokeStyle = 'rgba(0,0,0,0.35)';
  ctx.lineWidth = px(1);
  for (const [x, y] of [[0, 0], [S, 0], [S, S], [0, S]]) {
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + (x ? RAIL : -RAIL), y + (y ? RAIL : -RAIL));
    ctx.stroke();
  }

  // The polished playing surface: light plywood with a faint grain.
  const surf = ctx.createLinearGradient(0, 0, S, S);
  surf.addColorStop(0, '#f1ddb4');
  surf.addColorStop(0.55, '#e8cf9f');
  surf.addColorStop(1, '#ddc08c');
  ctx.fillStyle = surf;
  ctx.fillRect(0, 0, S, S);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, S, S);
  ctx.clip();
  for (let i = 0; i < 160; i++) {
    const y0 = rand() * S;
    const amp = 0.002 + rand() * 0.01;
    const ph = rand() * 6.28;
    ctx.strokeStyle = `rgba(150,100,45,${0.04 + rand() * 0.08})`;
    ctx.lineWidth = px(0.5 + rand() * 1.5);
    ctx.beginPath();
    for (let x = 0; x <= S + 0.001; x += 0.02) {
      const y = y0 + amp * Math.sin(x * 7 + ph) + amp * 0.4 * Math.sin(x * 23 + ph * 2);
      if (x === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  // A soft sheen from the top-left of the screen.
  const l = view.lightDir();
  const sheen = ctx.createLinearGradient(S / 2 + l[0] * S / 2, S / 2 + l[1] * S / 2, S / 2 - l[0] * S / 2, S / 2 - l[1] * S / 2);
  sheen.addColorStop(0, 'rgba(255,255,255,0.16)');
  sheen.addColorStop(0.5, 'rgba(255,255,255,0)');
  sheen.addColorStop(1, 'rgba(60,30,0,0.07)');
  ctx.fillStyle = sheen;
  ctx.fillRect(0, 0, S, S);
  ctx.restore();

  // The lines (`000` 7.1.2): four zone lines from edge to edge at
  // line_offset, a middle line bisecting each edge zone, the centre circle
  // with its cross.
  const L = T.line_offset;
  const w = Math.max(T.line_width, px(1));
  ctx.strokeStyle = '#2b1d12';
  ctx.lineWidth = w;
  ctx.lineCap = 'butt';
  ctx.beginPath();
  for (const c of [L, S - L]) {
    ctx.moveTo(c, 0); ctx.lineTo(c, S);
    ctx.moveTo(0, c); ctx.lineTo(S, c);
  }
  ctx.moveTo(S / 2, 0); ctx.lineTo(S / 2, L);
  ctx.moveTo(S / 2, S); ctx.lineTo(S / 2, S - L);
  ctx.moveTo(0, S / 2); ctx.lineTo(L, S / 2);
  ctx.moveTo(S, S / 2); ctx.lineTo(S - L, S / 2);
  const cr = T.circle_radius;
  ctx.moveTo(S / 2 - cr, S / 2); ctx.lineTo(S / 2 + cr, S / 2);
  ctx.moveTo(S / 2, S / 2 - cr); ctx.lineTo(S / 2, S / 2 + cr);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(S / 2, S / 2, cr, 0, 2 * Math.PI);
  ctx.stroke();

  // The pockets in the corner squares.
  const pi = T.pocket_inset;
  for (const [x, y] of [[pi, pi], [S - pi, pi], [S - pi, S - pi], [pi, S - pi]]) {
    const g = ctx.createRadialGradient(x, y, 0, x, y, T.pocket_radius);
    g.addColorStop(0, '#070504');
    g.addColorStop(0.75, '#130c07');
    g.addColorStop(1, '#3b2714');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, T.pocket_radius, 0, 2 * Math.PI);
    ctx.fill();
    ctx.strokeStyle = 'rgba(80,50,20,0.8)';
    ctx.lineWidth = px(1.2);
    ctx.stroke();
  }

  // The cushions' inner edge.
  ctx.strokeStyle = 'rgba(40,20,8,0.7)';
  ctx.lineWidth = px(1.5);
  ctx.strokeRect(0, 0, S, S);
}

/**
 * A rectangle with round corners, as the path.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 */
export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

