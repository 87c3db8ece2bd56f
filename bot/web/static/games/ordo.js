// Ordo: a 10×8 board, rank 8 first in the view. A move is chosen by clicking the piece and
// its target square; a line move by clicking both ends of the line, then where the first
// clicked end goes. The coordinates sit inside the edge squares' corners, as on chess sites,
// so the squares fill the width: 39 px each on a 390 px phone.
import { board, cell, el, label, parseSquare, squareName } from '../svg.js';

const FILES = 10;
const RANKS = 8;
const S = 50; // a square, in drawing units
const INSET = 4; // a coordinate's distance from its square's edges
const COLOURS = ['#fafaf8', '#1e1e22'];

export const startPrompt = (t) => t('start_piece'); // what the bar asks first
export const zoom = false;
export const flipDefault = (seat) => seat === 1;
export const colour = (seat) => COLOURS[seat] || '#888';

const at = (name) => ({ t: name, at: name });

export function paths(move) {
  const line = /^([a-j]\d+):([a-j]\d+)-([a-j]\d+)$/.exec(move.n);
  if (line) {
    const [a, b, to] = line.slice(1).map(parseSquare);
    const other = squareName(b[0] + to[0] - a[0], b[1] + to[1] - a[1]);
    return [
      { seq: [at(line[1]), at(line[2]), at(line[3])] },
      { seq: [at(line[2]), at(line[1]), at(other)] },
    ];
  }
  const single = /^([a-j]\d+)[-x]([a-j]\d+)$/.exec(move.n);
  if (single) return [{ seq: [at(single[1]), at(single[2])] }];
  return [{ seq: [{ t: move.n, at: null }] }];
}

export function draw(view, { flipped, highlight, t, players, title }) {
  const svg = board(FILES * S, RANKS * S, t('board_label', { game: title }));
  const xy = (file, rank) => (flipped
    ? [(FILES - 1 - file) * S, (rank - 1) * S]
    : [file * S, (RANKS - rank) * S]);
  const from = new Set();
  const to = new Set();
  const taken = new Set();
  for (const h of highlight || []) {
    (h.from || []).forEach((s) => from.add(s));
    (h.to || []).forEach((s) => to.add(s));
    (h.captured || []).forEach((s) => taken.add(s));
  }
  const cells = new Map();
  const layer = el('g', {}, svg);
  for (let rank = RANKS; rank >= 1; rank -= 1) {
    const row = view.board[RANKS - rank] || '';
    for (let file = 0; file < FILES; file += 1) {
      const name = squareName(file, rank);
      const [x, y] = xy(file, rank);
      const shape = el('g');
      const dark = (file + rank) % 2 === 0;
      el('rect', { x, y, width: S, height: S, class: `sq ${dark ? 'dark' : 'light'}${from.has(name) ? ' from' : ''}${to.has(name) ? ' to' : ''}` }, shape);
      const symbol = row[file];
      const seat = symbol === 'W' ? 0 : symbol === 'B' ? 1 : null;
      let piece = '';
      if (seat !== null) {
        el('circle', { cx: x + S / 2, cy: y + S / 2, r: S * 0.38, class: `piece p${seat}` }, shape);
        piece = t('piece', { colour: players[seat]?.side || '' });
      }
      if (taken.has(name)) {
        el('path', { d: `M${x + 6} ${y + 6}l10 10m0 -10l-10 10`, class: 'taken' }, shape);
      }
      el('circle', { cx: x + S / 2, cy: y + S / 2, r: 0, class: 'dot' }, shape);
      el('rect', { x: x + 2, y: y + 2, width: S - 4, height: S - 4, class: 'ring' }, shape);
      let text = piece ? t('cell_piece', { cell: name, piece }) : t('cell_empty', { cell: name });
      if (to.has(name)) text = t('last_to', { label: text });
      else if (from.has(name)) text = t('last_from', { label: text });
      else if (taken.has(name)) text = t('last_taken', { label: text });
      cells.set(name, cell(layer, name, text, x + S / 2, y + S / 2, shape));
    }
  }
  // Letters in the bottom row's lower right corners, numbers in the left column's upper left.
  const marks = el('g', { class: 'coords inset', 'aria-hidden': 'true' }, svg);
  const [bottom, left] = flipped ? [8, FILES - 1] : [1, 0];
  for (let file = 0; file < FILES; file += 1) {
    const [x, y] = xy(file, bottom);
    label(marks, x + S - INSET, y + S - INSET, String.fromCharCode(97 + file), { 'text-anchor': 'end', 'dominant-baseline': 'auto' });
  }
  for (let rank = 1; rank <= RANKS; rank += 1) {
    const [x, y] = xy(left, rank);
    label(marks, x + INSET, y + INSET, String(rank), { 'text-anchor': 'start', 'dominant-baseline': 'hanging' });
  }
  return { svg, place: (id) => cells.get(id) || null };
}
