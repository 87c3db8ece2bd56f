// Fendo: a square board with fences on the grid lines. Add a piece by clicking an empty
// square; move by clicking your piece, where it goes (itself to stay) and the side to fence
// — on the board, where each side's tap area is the diamond between the two squares it
// parts (TAP_PX at least), or by its button.
import { board, cell, edgeCoordinates, el, parseSquare, squareName } from '../svg.js';

const WIDTH = 420;
const M = 22;
const COLOURS = ['#fcfcfa', '#f28018'];
const TERRITORY = ['#eef0fa', '#fac084'];
const SIDES = { n: [0, 1], s: [0, -1], e: [1, 0], w: [-1, 0] };
const TAP_PX = 48;

// Pan and zoom where a square would be under 44 px on a phone (9×9 and 11×11): a first tap
// there magnifies the board, the next chooses (app.js).
export const startPrompt = (t) => t('start_square'); // what the bar asks first
export const zoom = (view) => view.size > 7;
export const flipDefault = (seat) => seat === 1;
export const colour = (seat) => COLOURS[seat] || '#888';

const at = (name) => ({ t: name, at: name });

// The fence between two neighbouring squares, named as the view names it ("d4/d5").
function edge(square, side) {
  const [file, rank] = parseSquare(square);
  const [df, dr] = SIDES[side];
  const other = squareName(file + df, rank + dr);
  const pair = df + dr > 0 ? [square, other] : [other, square];
  return `edge:${pair.join('/')}`;
}

export function paths(move) {
  const moved = /^([a-z]\d+)-([a-z]\d+)([nesw])$/.exec(move.n);
  if (moved) return [{ seq: [at(moved[1]), at(moved[2]), at(edge(moved[2], moved[3]))] }];
  const stayed = /^([a-z]\d+)([nesw])$/.exec(move.n);
  if (stayed) return [{ seq: [at(stayed[1]), at(stayed[1]), at(edge(stayed[1], stayed[2]))] }];
  if (/^\+?[a-z]\d+$/.test(move.n)) {
    const square = move.n.replace('+', '');
    return [{ seq: [at(square)] }];
  }
  return [{ seq: [{ t: move.n, at: null }] }];
}

// A fence step's button: the side of the square just chosen, in words.
export function stepName(step, { picked, t }) {
  if (!step.startsWith('edge:')) return null;
  const square = picked[picked.length - 1];
  const [a, b] = step.slice(5).split('/');
  const [from, to] = [parseSquare(square), parseSquare(a === square ? b : a)];
  if (!from || !to) return null;
  const [df, dr] = [to[0] - from[0], to[1] - from[1]];
  const side = Object.keys(SIDES).find((key) => SIDES[key][0] === df && SIDES[key][1] === dr);
  const named = {
    n: t('fence_north', { square }),
    e: t('fence_east', { square }),
    s: t('fence_south', { square }),
    w: t('fence_west', { square }),
  };
  return named[side] ?? null;
}

export function draw(view, { flipped, highlight, t, players, title }) {
  const size = view.size;
  const S = WIDTH / size;
  const svg = board(WIDTH + 2 * M, WIDTH + 2 * M, t('board_label', { game: title }));
  const corner = (file, rank) => (flipped
    ? [M + (size - 1 - file) * S, M + (rank - 1) * S]
    : [M + file * S, M + (size - rank) * S]);
  const owner = new Map();
  (view.closed || []).forEach((area) => (area.squares || []).forEach((sq) => owner.set(sq, area.owner)));
  const last = (highlight || [])[highlight.length - 1] || {};
  const route = last.path || [];
  const landing = route.length ? route[route.length - 1] : last.added;
  const cells = new Map();
  const layer = el('g', {}, svg);
  for (let rank = size; rank >= 1; rank -= 1) {
    for (let file = 0; file < size; file += 1) {
      const name = squareName(file, rank);
      const [x, y] = corner(file, rank);
      const shape = el('g');
      const area = owner.get(name);
      el('rect', { x, y, width: S, height: S, class: 'grid', fill: area === undefined ? '#ecd6aa' : TERRITORY[area] }, shape);
      if (name === landing) el('rect', { x, y, width: S, height: S, fill: '#b0cefa' }, shape);
      const seat = view.pieces[name];
      let piece = '';
      if (seat !== undefined) {
        el('circle', { cx: x + S / 2, cy: y + S / 2, r: S * 0.34, fill: COLOURS[seat], class: 'stone' }, shape);
        piece = t('piece', { colour: players[seat]?.side || view.seat_names?.[seat] || '' });
      }
      el('circle', { cx: x + S / 2, cy: y + S / 2, r: 0, class: 'dot' }, shape);
      el('rect', { x: x + 2, y: y + 2, width: S - 4, height: S - 4, class: 'ring' }, shape);
      let text = piece ? t('cell_piece', { cell: name, piece }) : t('cell_empty', { cell: name });
      if (name === landing) text = t('last_to', { label: text });
      else if (route.length > 1 && name === route[0]) text = t('last_from', { label: text });
      cells.set(name, cell(layer, name, text, x + S / 2, y + S / 2, shape));
    }
  }
  const centre = (name) => {
    const [file, rank] = parseSquare(name);
    const [x, y] = corner(file, rank);
    return [x + S / 2, y + S / 2];
  };
  if (route.length > 1) {
    el('polyline', { points: route.map(centre).map((p) => p.join(',')).join(' '), class: 'route' }, svg);
  }
  // A fence lies on the grid line between its two squares.
  const line = (fence) => {
    const [a, b] = fence.split('/').map(centre);
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2;
    return a[0] === b[0]
      ? { x1: mx - S / 2, y1: my, x2: mx + S / 2, y2: my }
      : { x1: mx, y1: my - S / 2, x2: mx, y2: my + S / 2 };
  };
  const fences = el('g', { 'aria-hidden': 'true' }, svg);
  for (const fence of view.fences || []) {
    el('line', { ...line(fence), class: fence === last.fence ? 'fence new' : 'fence' }, fences);
  }
  el('rect', { x: M, y: M, width: WIDTH, height: WIDTH, class: 'frame' }, svg);
  const files = [...Array(size).keys()].map((i) => [corner(i, 1)[0] + S / 2, String.fromCharCode(97 + i)]);
  const ranks = [...Array(size).keys()].map((i) => [corner(0, i + 1)[1] + S / 2, String(i + 1)]);
  const rescale = edgeCoordinates(svg, files, ranks, { margin: M, least: 15 });
  const overlay = el('g', {}, svg);
  let shown = 0; // screen pixels a drawing unit, read once the board is on the page
  const place = (id) => {
    if (cells.has(id)) return cells.get(id);
    if (!id.startsWith('edge:')) return null;
    const fence = id.slice(5);
    const [a, b] = fence.split('/');
    if (!parseSquare(a) || !parseSquare(b)) return null;
    const spot = line(fence);
    const [mx, my] = [(spot.x1 + spot.x2) / 2, (spot.y1 + spot.y2) / 2];
    // The diamond between the two squares' middles and the side's ends, grown to TAP_PX.
    shown ||= svg.getBoundingClientRect().width / Number(svg.dataset.width) || 1;
    const half = Math.max(S / 2, TAP_PX / 2 / shown);
    const shape = el('g');
    el('polygon', { points: `${mx - half},${my} ${mx},${my - half} ${mx + half},${my} ${mx},${my + half}`, class: 'edge-hit' }, shape);
    el('line', { ...spot, class: 'ring edge-ring' }, shape);
    const made = cell(overlay, id, t('fence', { a, b }), mx, my, shape);
    cells.set(id, made);
    return made;
  };
  return { svg, place, rescale, focus: { unit: S, most: TAP_PX } };
}

export function info(view, { t, players }) {
  const list = document.createElement('ul');
  list.className = 'facts';
  (view.scores || []).forEach((score, seat) => {
    const item = document.createElement('li');
    item.textContent = t('fendo_line', {
      player: players[seat]?.name || '', score, stock: view.stock?.[seat] ?? 0,
    });
    list.append(item);
  });
  return list;
}
