// FENCE!: the whole city, north up, pan and zoom. Names stay readable at any zoom: never
// under NAME_PX on screen, never over one another or past the edge — where they would be,
// the names of the places that matter now win (those to choose, then those with a piece or
// the last move) and the others wait for a closer zoom. A turn is chosen step by step as
// the guided panel offers it; where a step leads to one place — a neighbourhood, a spot
// for a tile — that place can be clicked instead, through a tap area of TAP_PX or more.
// Pawns and the Cops stand beside the names, the dice and the marks, never over them (the
// rule of the posted picture, render/fence/pieces.py): see `arrange`.
import { board, cell, edgeCoordinates, el, label, textWidth } from '../svg.js';

const T = 120; // a tile, in drawing units
const M = 40; // room for the x,y coordinates
const PAWNS = ['#2ea043', '#f58220', '#8c50c8', '#f0c81e', '#ec64aa', '#14a0a5'];
const SIDE = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const NAME_PX = 11; // the smallest a name is ever shown, in screen pixels
const TAP_PX = 48; // a place to choose is at least this wide on screen
const DIE = 18; // a coordinate card's number, in drawing units (board.css .die)
const MOST_PX = 130; // following the choices, the view zooms in no closer than a tile this wide
const LINE_EM = 1.2; // a name's line, glyphs' tops to tails, in its font size
const PIECE = T * 0.26; // a piece's diameter as drawn, before `arrange` sizes it
// Piece diameters tried, in tiles, largest first; only those PIECE_PX or more on screen.
const SIZES = [0.26, 0.22, 0.19, 0.16, 0.13, 0.11, 0.09, 0.075, 0.06, 0.05];
const PIECE_PX = 10; // no piece is sized under this on screen while a name could give way instead
const FLOOR = 0.16; // ... or while the city is so small that 7 pieces would not fit a bare tile
const EDGE = 3; // pieces keep this far inside their tile
const ROOM = [0.24, 0.32, 0.4]; // columns, in tiles, names move aside to leave for a crowd, narrowest first
const BIG = 0.19; // pieces this wide, in tiles, or wider are tried beside names moved aside before smaller ones
const GRID = 4; // where a crowd may stand is tried on this grid, in drawing units

export const zoom = true;
export const colour = (seat) => PAWNS[seat % PAWNS.length];

export function paths(move) {
  const hl = move.hl || {};
  let place = null;
  if (hl.kind === 'tile' && Array.isArray(hl.pos)) place = `spot:${hl.pos[0]},${hl.pos[1]}`;
  else if (typeof hl.to === 'number') place = `hood:${hl.to}`;
  const steps = (move.path && move.path.length ? move.path : [move.label || move.n]).map((t) => ({ t, at: null }));
  steps[steps.length - 1].at = place;
  return [{ seq: steps }];
}

// A name in at most two lines of about equal length.
function lines(name) {
  const words = name.split(' ');
  if (name.length <= 9 || words.length === 1) return [name];
  let best = [name];
  let widest = Infinity;
  for (let cut = 1; cut < words.length; cut += 1) {
    const pair = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const width = Math.max(pair[0].length, pair[1].length);
    if (width < widest) [best, widest] = [pair, width];
  }
  return best;
}

export function draw(view, { highlight, t, players, title }) {
  const tiles = view.map || [];
  const xs = tiles.map((tile) => tile.x);
  const ys = tiles.map((tile) => tile.y);
  const grow = view.map_done ? 0 : 1; // while the city is built, the spots around it too
  const minX = Math.min(0, ...xs) - grow;
  const maxX = Math.max(0, ...xs) + grow;
  const minY = Math.min(0, ...ys) - grow;
  const maxY = Math.max(0, ...ys) + grow;
  const cols = maxX - minX + 1;
  const rows = maxY - minY + 1;
  const svg = board(cols * T + 2 * M, rows * T + 2 * M, t('board_label', { game: title }));
  const corner = (x, y) => [M + (x - minX) * T, M + (maxY - y) * T];
  el('rect', { x: 0, y: 0, width: cols * T + 2 * M, height: rows * T + 2 * M, fill: '#e4dfd2' }, svg);
  const ground = el('g', { 'aria-hidden': 'true' }, svg);
  const nodes = new Map(); // hood id -> [x, y]
  const hoodNames = new Map();
  for (const tile of tiles) {
    const [x0, y0] = corner(tile.x, tile.y);
    const usable = tile.hoods.some((h) => h.usable);
    el('rect', { x: x0, y: y0, width: T, height: T, fill: usable ? '#ded6ba' : '#c6c2b4' }, ground);
    water(ground, x0, y0, tile.water || []);
    tile.hoods.forEach((hood, index) => {
      nodes.set(hood.id, node(tile, index, x0, y0));
      hoodNames.set(hood.id, hood.name);
    });
    roads(ground, tile, x0, y0, nodes);
    for (const hood of tile.hoods) if (!hood.usable) offLimits(ground, ...nodes.get(hood.id));
    el('rect', { x: x0, y: y0, width: T, height: T, class: 'tile-edge' }, ground);
    if (tile.coords && tile.coords.length === 2) {
      die(ground, x0 + 4, y0 + 4, tile.coords[0], '#c82428');
      die(ground, x0 + 32, y0 + 4, tile.coords[1], '#2454be');
    }
  }
  const marks = markers(svg, view, tiles, corner, nodes); // tile -> boxes pieces leave free
  lastTurn(svg, highlight || [], corner, nodes);
  // Pieces by neighbourhood, for drawing and for what each place says to a screen reader.
  const pieces = new Map();
  (view.pawns || []).forEach((hood, seat) => {
    if (hood !== null && hood !== undefined) {
      if (!pieces.has(hood)) pieces.set(hood, []);
      pieces.get(hood).push(['pawn', seat]);
    }
  });
  if (view.cops !== null && view.cops !== undefined) {
    if (!pieces.has(view.cops)) pieces.set(view.cops, []);
    pieces.get(view.cops).push(['cops', -1]);
  }
  const cells = new Map();
  const names = el('g', { class: 'names', 'aria-hidden': 'true' }, svg);
  const places = el('g', {}, svg);
  // Names, the crowds of pieces set beside them, and the pieces' boxes names must not hide.
  const labels = { texts: [], crowds: [], discs: [], measured: false, key: '' };
  const last = new Set((highlight || []).map((h) => h.to));
  for (const tile of tiles) {
    const [x0, y0] = corner(tile.x, tile.y);
    const dice = tile.coords && tile.coords.length === 2 ? [{ x: x0 + 4, y: y0 + 4, w: 52, h: 24 }] : [];
    const crowd = { box: { x: x0, y: y0, w: T, h: T }, fixed: [...dice, ...(marks.get(tile.tile) || [])], hoods: [] };
    tile.hoods.forEach((hood, index) => {
      const [nx, ny] = nodes.get(hood.id);
      const several = tile.hoods.length > 1;
      // Of two names, the upper half's belongs to the place whose node lies higher.
      const [, oy] = several ? nodes.get(tile.hoods[1 - index].id) : [0, 0];
      const upper = ny < oy || (ny === oy && index === 0);
      const ty = several ? y0 + T * (upper ? 0.4 : 0.8) : ny < y0 + T * 0.7 ? ny + T * 0.26 : ny - T * 0.26;
      const text = label(names, several ? x0 + T / 2 : nx, ty, '', { class: hood.usable ? 'hood-name' : 'hood-name off', 'data-hood': hood.id });
      lines(hood.name).forEach((line, i, all) => {
        const span = el('tspan', { x: several ? x0 + T / 2 : nx, dy: i === 0 ? `${-(all.length - 1) * 0.55}em` : '1.1em' }, text);
        span.textContent = line;
      });
      const shape = el('g');
      el('circle', { cx: nx, cy: ny, r: T * 0.24, class: 'hit' }, shape);
      const here = pieces.get(hood.id) || [];
      // Each piece is drawn PIECE wide around its own origin; `arrange` moves and sizes it.
      const items = here.map(([kind, seat]) => {
        const piece = el('g', { transform: `translate(${nx} ${ny})` }, shape);
        if (kind === 'cops') {
          el('circle', { cx: 0, cy: 0, r: PIECE / 2, class: 'cops' }, piece);
          label(piece, 0, 1, 'C', { class: 'cops-mark' });
        } else {
          el('circle', { cx: 0, cy: 0, r: PIECE / 2, fill: colour(seat), class: 'pawn' }, piece);
        }
        return piece;
      });
      el('circle', { cx: nx, cy: ny, r: T * 0.24, class: 'ring' }, shape);
      const who = here.map(([kind, seat]) => (kind === 'cops' ? t('cops') : t('pawn', { colour: view.seat_names?.[seat] || '' })));
      let said = who.length ? t('cell_piece', { cell: hood.name, piece: who.join(', ') }) : hood.name;
      if (!hood.usable) said = t('off_limits_place', { label: said });
      if (last.has(hood.id)) said = t('last_to', { label: said });
      const made = cell(places, `hood:${hood.id}`, said, nx, ny, shape);
      cells.set(`hood:${hood.id}`, made);
      // Whose name shows first where names would collide: places to choose, then those
      // with a piece or the last move, then the rest.
      const entry = { text, place: made, rank: here.length || last.has(hood.id) ? 1 : 0 };
      labels.texts.push(entry);
      crowd.hoods.push({ node: [nx, ny], items, entry });
    });
    if (crowd.hoods.some((h) => h.items.length)) labels.crowds.push(crowd);
  }
  const edges = coordinates(svg, minX, maxX, minY, maxY, corner);
  const spots = el('g', {}, svg);
  const place = (id) => {
    if (cells.has(id)) return cells.get(id);
    const spot = /^spot:(-?\d+),(-?\d+)$/.exec(id);
    if (!spot) return null;
    const [x, y] = [Number(spot[1]), Number(spot[2])];
    if (x < minX || x > maxX || y < minY || y > maxY) return null;
    const [x0, y0] = corner(x, y);
    const shape = el('g');
    el('circle', { cx: x0 + T / 2, cy: y0 + T / 2, r: T * 0.45, class: 'hit spot-hit' }, shape);
    el('rect', { x: x0 + 6, y: y0 + 6, width: T - 12, height: T - 12, class: 'spot' }, shape);
    label(shape, x0 + T / 2, y0 + T / 2, `${x},${y}`, { class: 'spot-name' });
    el('rect', { x: x0 + 3, y: y0 + 3, width: T - 6, height: T - 6, class: 'ring' }, shape);
    const made = cell(spots, id, `${x},${y}`, x0 + T / 2, y0 + T / 2, shape);
    cells.set(id, made);
    return made;
  };
  svg.append(names); // names over every mark: a ring or the last move never hides one
  const rescale = (scale, box) => {
    declutter(svg, labels, scale || 1, box);
    svg.classList.toggle('small-dice', (scale || 1) * DIE < NAME_PX - 0.05); // zoomed out by hand
    edges(scale, box);
  };
  // The first view centres on whoever must act (else the last move, else Old Town).
  const mover = (view.to_move || [])[0];
  const lastTo = (highlight || []).map((h) => h.to).filter((h) => nodes.has(h)).pop();
  const hood = nodes.get(view.pawns?.[mover]) || nodes.get(lastTo);
  const [fx, fy] = hood || [corner(0, 0)[0] + T / 2, corner(0, 0)[1] + T / 2];
  const nameOf = (id) => {
    const hood = /^hood:(\d+)$/.exec(id);
    return hood ? hoodNames.get(Number(hood[1])) ?? null : null;
  };
  return { svg, place, rescale, nameOf, focus: { x: fx, y: fy, unit: T, most: MOST_PX, legible: NAME_PX / DIE } };
}

// Names never under NAME_PX on screen, and only where they overlap no other name, no piece,
// and lie wholly in view: the names of places to choose first, then ranked ones, then the
// rest. Tap areas grow as the city shrinks, so a place to choose stays TAP_PX wide.
function declutter(svg, labels, scale, box) {
  const { texts } = labels;
  const size = Math.max(T * 0.13, NAME_PX / scale);
  svg.style.setProperty('--name-size', `${size.toFixed(1)}px`);
  svg.style.setProperty('--hit', `${(TAP_PX / 2 / scale).toFixed(1)}px`);
  if (!labels.measured) { // once: each name's box per unit of font size, around its anchor
    for (const entry of texts) {
      const rows = [...entry.text.children].map((line) => line.textContent);
      const w = (Math.max(...rows.map((row) => textWidth(row, 100, 600))) / 100) * 1.02; // SVG lays out a hair wider
      const h = (rows.length - 1) * 1.1 + LINE_EM;
      const [ax, ay] = [Number(entry.text.getAttribute('x')), Number(entry.text.getAttribute('y'))];
      entry.unit = { x: -w / 2, y: -h / 2, w, h, ax, ay };
    }
    labels.measured = true;
  }
  const rank = (entry) => (entry.place.classList.contains('target') ? 2 : entry.rank);
  const order = [...texts].sort((a, b) => rank(b) - rank(a));
  const pad = size * 0.25;
  // The pieces move only when the zoom or the places to choose change, never with a pan.
  const least = Math.min(PIECE_PX / scale, FLOOR * T); // PIECE_PX, unless a crowd would find no room
  const key = `${size.toFixed(2)} ${least.toFixed(1)} ${order.filter((e) => rank(e) === 2).map((e) => e.place.dataset.id)}`;
  if (key !== labels.key) {
    for (const entry of texts) {
      const u = entry.unit;
      entry.shift = 0;
      entry.box = { x: u.ax + u.x * size, y: u.ay + u.y * size, w: u.w * size, h: u.h * size };
    }
    labels.discs = arrange(labels.crowds, order, rank, size, pad, least);
    for (const entry of texts) {
      if (entry.shift) entry.text.setAttribute('transform', `translate(${entry.shift.toFixed(1)} 0)`);
      else entry.text.removeAttribute('transform');
    }
    labels.key = key;
  }
  const shown = [];
  const view = box || { x: -Infinity, y: -Infinity, w: Infinity, h: Infinity };
  for (const entry of order) {
    const b = entry.box;
    const inside = b.x >= view.x && b.y >= view.y && b.x + b.w <= view.x + view.w && b.y + b.h <= view.y + view.h;
    const free = inside && shown.every((o) => apart(b, o, pad)) && labels.discs.every((o) => apart(b, o, halo(size)));
    entry.text.style.display = free ? '' : 'none';
    if (free) shown.push(b);
  }
}

// A name's white outline, and a little air: how far pieces keep from a name `size` high.
const halo = (size) => size * 0.14 + 1;

// Whether two boxes lie `gap` or more apart.
const apart = (a, b, gap) => !(a.x - gap < b.x + b.w && b.x - gap < a.x + a.w && a.y - gap < b.y + b.h && b.y - gap < a.y + a.h);

// The distance between two boxes (0 where they touch or overlap).
const distance = (a, b) => Math.hypot(
  Math.max(b.x - a.x - a.w, a.x - b.x - b.w, 0),
  Math.max(b.y - a.y - a.h, a.y - b.y - b.h, 0),
);

// Whether box `b` lies nearer `one` than `other`: by the gap between them, then (a crowd
// beside both names of a tile) by their middles.
function closer(b, one, other) {
  const [near, far] = [distance(b, one), distance(b, other)];
  if (Math.abs(near - far) > 0.5) return near < far;
  const middle = (o) => Math.hypot(o.x + o.w / 2 - b.x - b.w / 2, o.y + o.h / 2 - b.y - b.h / 2);
  return middle(one) < middle(other);
}

// Where the pieces stand at this zoom, as render/fence/pieces.py sets them in the posted
// picture: each neighbourhood's crowd in a row (or a few short rows) inside its tile, as near
// its node as the room allows, clear of the dice, of the marks and of every name that wins
// its room (whatever the view, so a pan never moves a piece), and on a tile of two
// neighbourhoods no nearer the other's name than its own. A crowd with no room at full size
// first gets a column beside its name, moved aside (ROOM), then is drawn smaller, down to
// PIECE_PX on screen; where even that finds none, the name that matters least gives way
// (another tile's first, a crowd's own last). Returns the pieces' boxes, which no name may
// then cover.
function arrange(crowds, order, rank, size, pad, least) {
  const standing = [];
  for (const entry of order) if (standing.every((o) => apart(entry.box, o.box, pad))) standing.push(entry);
  const diameters = [...SIZES.map((f) => f * T).filter((d) => d > least), least];
  const gap = halo(size);
  const discs = [];
  for (const crowd of crowds) {
    const mine = new Set(crowd.hoods.map((hood) => hood.entry));
    const near = () => standing.filter((entry) => !apart(entry.box, crowd.box, gap));
    // Its own names moved aside, further and further, until the crowd fits (then back).
    const attempt = (sizes) => {
      for (const width of [0, ...ROOM]) {
        for (const hood of crowd.hoods) if (hood.items.length) aside(hood, crowd.box, width * T);
        const found = fit(crowd, near(), sizes, gap);
        if (found) return found;
      }
      for (const hood of crowd.hoods) if (hood.items.length) aside(hood, crowd.box, 0);
      return null;
    };
    // Full-sized pieces beside names moved aside before small ones anywhere.
    const big = diameters.filter((d) => d >= BIG * T);
    let spots = (big.length && attempt(big)) || attempt(diameters);
    const many = (entry) => crowd.hoods.find((h) => h.entry === entry)?.items.length || 0;
    const weigh = (entry) => (mine.has(entry) ? 5 : 0) + (many(entry) ? 10 + many(entry) / 10 : 0) + rank(entry);
    while (!spots && near().length) {
      const yields = near().reduce((a, b) => (weigh(b) < weigh(a) ? b : a));
      standing.splice(standing.indexOf(yields), 1);
      spots = attempt(diameters);
    }
    // No room even without names (marks everywhere): the smallest pieces, over the marks.
    spots ||= fit({ ...crowd, fixed: [] }, [], [least], 0)
      || crowd.hoods.map((hood) => row(hood.node, hood.items.length, least, 1));
    crowd.hoods.forEach((hood, i) => hood.items.forEach((item, j) => {
      const { x, y, d } = spots[i][j];
      item.setAttribute('transform', `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${(d / PIECE).toFixed(3)})`);
      discs.push({ x: x - d / 2, y: y - d / 2, w: d, h: d });
    }));
  }
  return discs;
}

// Moves `hood`'s name sideways inside its tile, away from its node's side, to leave a column
// `width` wide beside it for its pieces (as far as the name's own width allows).
function aside(hood, tile, width) {
  const { entry, node } = hood;
  const side = node[0] < tile.x + tile.w / 2 ? -1 : 1;
  const half = entry.box.w / 2;
  const base = entry.unit.ax;
  const clamp = (v, lo, hi) => (lo > hi ? base : Math.min(Math.max(v, lo), hi));
  const inside = [tile.x + EDGE + half, tile.x + tile.w - EDGE - half];
  const roomy = [inside[0] + (side < 0 ? width : 0), inside[1] - (side > 0 ? width : 0)];
  const centre = roomy[0] <= roomy[1] ? clamp(base - (side * width) / 2, ...roomy) : clamp(base, ...inside);
  entry.shift = centre - base;
  entry.box.x = centre - half;
}

// Each hood's pieces of `crowd` placed, largest diameter first, or null where one finds no room.
function fit(crowd, names, diameters, halo) {
  const taken = [...crowd.fixed.map((b) => grow(b, 2)), ...names.map((entry) => grow(entry.box, halo))];
  const own = crowd.hoods.map((hood) => (names.includes(hood.entry) ? hood.entry.box : null));
  const out = [];
  for (const [index, hood] of crowd.hoods.entries()) {
    const count = hood.items.length;
    let found = null;
    if (!count) {
      out.push([]);
      continue;
    }
    for (const d of diameters) {
      for (let rows = 1; rows <= count && !found; rows += 1) {
        const across = Math.ceil(count / rows);
        const step = d + 2;
        const w = d + (across - 1) * step;
        const h = d + (rows - 1) * step;
        const middle = spot(crowd.box, hood.node, w, h, taken, own[index], own.filter((b, i) => b && i !== index));
        if (middle) found = { middle, w, h, d, rows, step };
      }
      if (found) break;
    }
    if (!found) return null;
    const { middle, w, h, d, rows, step } = found;
    taken.push({ x: middle[0] - w / 2 - 1, y: middle[1] - h / 2 - 1, w: w + 2, h: h + 2 });
    out.push(row(middle, count, d, rows, step));
  }
  return out;
}

const grow = (b, by) => ({ x: b.x - by, y: b.y - by, w: b.w + 2 * by, h: b.h + 2 * by });

// `count` pieces `d` wide in `rows` rows around `middle`, the last row centred under the others.
function row(middle, count, d, rows, step = d + 2) {
  const across = Math.ceil(count / rows);
  return Array.from({ length: count }, (_, i) => {
    const [r, c] = [Math.floor(i / across), i % across];
    const inRow = Math.min(across, count - r * across);
    return { x: middle[0] + (c - (inRow - 1) / 2) * step, y: middle[1] + (r - (rows - 1) / 2) * step, d };
  });
}

// The middle of the free w×h box inside `tile` nearest `node`, clear of `taken`, no nearer
// any of `others` than to `own` (names of the tile); null when there is none.
function spot(tile, [nx, ny], w, h, taken, own, others) {
  const axis = (start, length, size, at) => {
    const lo = start + EDGE + size / 2;
    const hi = start + length - EDGE - size / 2;
    if (lo > hi) return [];
    const points = [Math.min(Math.max(at, lo), hi), hi];
    for (let v = lo; v < hi; v += GRID) points.push(v);
    return points;
  };
  let best = null;
  let nearest = Infinity;
  for (const x of axis(tile.x, tile.w, w, nx)) {
    for (const y of axis(tile.y, tile.h, h, ny)) {
      const far = (x - nx) ** 2 + (y - ny) ** 2;
      if (far >= nearest) continue;
      const b = { x: x - w / 2, y: y - h / 2, w, h };
      if (!taken.every((o) => apart(b, o, 0))) continue;
      if (own && others.some((o) => closer(b, o, own))) continue;
      [best, nearest] = [[x, y], far];
    }
  }
  return best;
}

// A neighbourhood no road reaches from Old Town and back: a no-entry sign on its node, under
// the names (its own name stays whole and legible, greyed and slanted; its label says so).
function offLimits(parent, x, y) {
  const sign = el('g', { class: 'no-entry', 'aria-hidden': 'true' }, parent);
  el('circle', { cx: x, cy: y, r: T * 0.1 }, sign);
  el('rect', { x: x - T * 0.065, y: y - T * 0.018, width: T * 0.13, height: T * 0.036 }, sign);
}

function node(tile, index, x0, y0) {
  const cx = x0 + T / 2;
  const cy = y0 + T / 2;
  const hood = tile.hoods[index];
  if (tile.hoods.length === 1) return [cx, cy];
  const links = hood.links.length ? hood.links : [['N', 'both']];
  const vx = links.reduce((sum, [side]) => sum + SIDE[side][0], 0) / links.length;
  const vy = links.reduce((sum, [side]) => sum + SIDE[side][1], 0) / links.length;
  if (Math.abs(vx) < 0.01 && Math.abs(vy) < 0.01) {
    const [sx, sy] = SIDE[links[0][0]];
    const shift = index === 0 ? 0.16 : -0.16;
    return [cx - sy * shift * T, cy + sx * shift * T];
  }
  return [cx + vx * 0.22 * T, cy + vy * 0.22 * T];
}

function water(parent, x0, y0, wet) {
  const r = T * 0.42;
  const corners = [[x0 + T, y0, 90], [x0 + T, y0 + T, 180], [x0, y0 + T, 270], [x0, y0, 0]];
  corners.forEach(([cx, cy], i) => {
    if (!wet[i]) return;
    const sx = i === 0 || i === 1 ? -1 : 1;
    const sy = i === 0 || i === 3 ? 1 : -1;
    el('path', { d: `M${cx} ${cy}h${sx * r}a${r} ${r} 0 0 ${sx * sy > 0 ? 1 : 0} ${-sx * r} ${sy * r}z`, class: 'water' }, parent);
  });
  const depth = T * 0.3;
  const bands = [[0, 3, x0, y0, T, depth], [0, 1, x0 + T - depth, y0, depth, T], [1, 2, x0, y0 + T - depth, T, depth], [2, 3, x0, y0, depth, T]];
  for (const [a, b, x, y, w, h] of bands) {
    if (wet[a] && wet[b]) el('rect', { x, y, width: w, height: h, class: 'water' }, parent);
  }
}

function roads(parent, tile, x0, y0, nodes) {
  const mid = { N: [x0 + T / 2, y0], E: [x0 + T, y0 + T / 2], S: [x0 + T / 2, y0 + T], W: [x0, y0 + T / 2] };
  for (const hood of tile.hoods) {
    const [nx, ny] = nodes.get(hood.id);
    const cls = hood.usable ? 'road' : 'road off';
    for (const [side] of hood.links) {
      if (tile.hoods.length > 1) el('line', { x1: mid[side][0], y1: mid[side][1], x2: nx, y2: ny, class: 'road-casing' }, parent);
      el('line', { x1: mid[side][0], y1: mid[side][1], x2: nx, y2: ny, class: cls }, parent);
    }
    el('circle', { cx: nx, cy: ny, r: T / 11, class: cls.replace('road', 'road-node') }, parent);
    for (const [side, kind] of hood.links) {
      if (kind === 'both') continue;
      const [vx, vy] = SIDE[side];
      const [sx, sy] = mid[side];
      const [dx, dy] = kind === 'in' ? [-vx, -vy] : [vx, vy];
      const size = T * 0.12;
      // Along the road, from where it always sat, inwards until clear of the coordinate cards.
      let points = null;
      for (let depth = 0.2; depth <= 0.5 && !points; depth += 0.02) {
        const tip = [sx - vx * T * depth, sy - vy * T * depth];
        const base = [tip[0] - dx * size, tip[1] - dy * size];
        const corners = [tip, [base[0] - dy * size * 0.6, base[1] + dx * size * 0.6], [base[0] + dy * size * 0.6, base[1] - dx * size * 0.6]];
        if (!tile.coords || !corners.some(([x, y]) => onCard(x - x0, y - y0)) && !coversCard(corners, x0, y0)) points = corners;
      }
      if (points) el('polygon', { points: points.map((p) => p.join(',')).join(' '), class: 'one-way' }, parent);
    }
  }
}

// The coordinate cards' corner of a tile (two 24-unit cards from 4, 4 to 56, 28), and a
// margin: a one-way arrow never lies over one.
const CARDS = [2, 2, 58, 30];
function onCard(x, y) {
  return x >= CARDS[0] && x <= CARDS[2] && y >= CARDS[1] && y <= CARDS[3];
}
function coversCard(corners, x0, y0) {
  const xs = corners.map(([x]) => x - x0);
  const ys = corners.map(([, y]) => y - y0);
  return Math.min(...xs) <= CARDS[2] && Math.max(...xs) >= CARDS[0] && Math.min(...ys) <= CARDS[3] && Math.max(...ys) >= CARDS[1];
}

function die(parent, x, y, value, fill) {
  el('rect', { x, y, width: 24, height: 24, rx: 5, fill }, parent);
  label(parent, x + 12, y + 13, String(value), { class: 'die' });
}

// The marks drawn on tiles; returns, by tile, the boxes they cover, which pieces leave free.
function markers(svg, view, tiles, corner, nodes) {
  const group = el('g', { 'aria-hidden': 'true' }, svg);
  const byTile = new Map(tiles.map((tile) => [tile.tile, tile]));
  const boxes = new Map();
  const mark = (tile, box) => boxes.set(tile, [...(boxes.get(tile) || []), box]);
  const seen = new Map();
  for (const goods of view.hot_goods || []) {
    const tile = byTile.get(goods.tile);
    if (!tile || view.stage === 'over') continue;
    const [x0, y0] = corner(tile.x, tile.y);
    const offset = seen.get(goods.tile) || 0;
    seen.set(goods.tile, offset + 1);
    const x = x0 + T - 30 - offset * 30;
    const y = y0 + T - 30;
    const ring = typeof goods.winner === 'number' ? colour(goods.winner) : '#787878';
    el('rect', { x: x - 3, y: y - 3, width: 28, height: 28, fill: ring }, group);
    mark(goods.tile, { x: x - 3, y: y - 3, w: 28, h: 28 });
    el('rect', { x, y, width: 22, height: 22, class: 'goods' }, group);
    label(group, x + 11, y + 12, '$', { class: 'goods-mark' });
  }
  const ritzy = byTile.get(view.ritzy);
  if (ritzy) {
    const [x0, y0] = corner(ritzy.x, ritzy.y);
    label(group, x0 + T - 16, y0 + 18, '★', { class: 'ritzy' });
    mark(ritzy.tile, { x: x0 + T - 31, y: y0 + 3, w: 30, h: 30 });
  }
  const ends = (view.tunnel || []).map((hood) => nodes.get(hood)).filter(Boolean);
  if (ends.length === 2) {
    el('line', { x1: ends[0][0], y1: ends[0][1], x2: ends[1][0], y2: ends[1][1], class: 'tunnel' }, group);
  }
  const post = nodes.get(view.post);
  if (post) {
    el('rect', { x: post[0] + 12, y: post[1] - 34, width: 36, height: 22, rx: 4, class: 'post' }, group);
    label(group, post[0] + 30, post[1] - 22, 'TP', { class: 'post-mark' });
    const tile = tiles.find((t) => t.hoods.some((hood) => hood.id === view.post));
    mark(tile.tile, { x: post[0] + 11, y: post[1] - 35, w: 38, h: 24 });
  }
  return boxes;
}

function lastTurn(svg, highlight, corner, nodes) {
  const group = el('g', { class: 'last-turn', 'aria-hidden': 'true' }, svg);
  for (const facts of highlight) {
    if (facts.kind === 'tile' && Array.isArray(facts.pos)) {
      const [x0, y0] = corner(facts.pos[0], facts.pos[1]);
      el('rect', { x: x0 + 4, y: y0 + 4, width: T - 8, height: T - 8, class: 'last-tile' }, group);
    } else if (typeof facts.to === 'number' && nodes.has(facts.to)) {
      const [tx, ty] = nodes.get(facts.to);
      if (typeof facts.from === 'number' && nodes.has(facts.from) && facts.from !== facts.to) {
        const [fx, fy] = nodes.get(facts.from);
        el('line', { x1: fx, y1: fy, x2: tx, y2: ty, class: 'last-path' }, group);
      }
      el('circle', { cx: tx, cy: ty, r: T * 0.2, class: 'last-ring' }, group);
    }
  }
}

// The tiles' x along the bottom of the view and y along its left, never under 11 px and in
// sight at any zoom (svg.js); returns what moves them with the view.
function coordinates(svg, minX, maxX, minY, maxY, corner) {
  const xs = [];
  for (let x = minX; x <= maxX; x += 1) xs.push([corner(x, 0)[0] + T / 2, String(x)]);
  const ys = [];
  for (let y = minY; y <= maxY; y += 1) ys.push([corner(0, y)[1] + T / 2, String(y)]);
  return edgeCoordinates(svg, xs, ys, { margin: M, least: 15 });
}

function cards(t, title, list) {
  const box = document.createElement('div');
  const heading = document.createElement('h2');
  heading.textContent = title;
  const row = document.createElement('div');
  row.className = 'cards';
  for (const card of list) {
    const chip = document.createElement('span');
    chip.className = `card ${card.startsWith('R') ? 'red' : 'blue'}`;
    chip.textContent = card;
    row.append(chip);
  }
  if (!list.length) row.textContent = t('no_cards');
  box.append(heading, row);
  return box;
}

// The seat's own cards: only a seat's view has them, so only that seat's page shows them.
export function hand(view, { t }) {
  if (!Array.isArray(view.hand)) return null;
  const box = document.createElement('div');
  box.append(cards(t, t('hand'), view.hand));
  if (view.starting_cards?.length) box.append(cards(t, t('starting_cards'), view.starting_cards));
  for (const note of view.notes || []) {
    const line = document.createElement('p');
    line.textContent = note;
    box.append(line);
  }
  return box;
}

export function info(view, { t, players }) {
  const list = document.createElement('ul');
  list.className = 'facts';
  const add = (text) => {
    const item = document.createElement('li');
    item.textContent = text;
    list.append(item);
  };
  if (view.stage !== 'draft') add(t('round', { round: view.round, limit: view.round_limit }));
  add(t('stash', { red: view.stash?.red ?? 0, blue: view.stash?.blue ?? 0 }));
  (players || []).forEach((player, seat) => {
    const side = view.seat_names?.[seat];
    // the player named as everywhere else: "bob (Orange)"
    const parts = [`${side ? `${player.name} (${side})` : player.name}: ${t('cards_held', { n: view.hand_sizes?.[seat] ?? 0 })}`];
    if (view.jailed?.[seat]) parts.push(t('jailed'));
    add(parts.join(', '));
  });
  if ((view.map || []).some((tile) => tile.hoods.some((hood) => !hood.usable))) {
    const icon = el('svg', { viewBox: `${-T * 0.12} ${-T * 0.12} ${T * 0.24} ${T * 0.24}`, class: 'key-icon', 'aria-hidden': 'true' });
    offLimits(icon, 0, 0);
    add(t('off_limits_key'));
    list.lastChild.prepend(icon, ' ');
  }
  return list;
}
