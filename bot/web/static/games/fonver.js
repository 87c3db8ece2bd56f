// Fonver: stones on the points of a Go-like board, a1 at the bottom left for everyone. Place
// by clicking a point; capture by clicking your stone, then the stone it takes; keep or swap
// (the pie rule) are buttons.
import { board, cell, edgeCoordinates, el, parseSquare, squareName } from '../svg.js';

const G = 26; // between two points
const M = 30; // edge bands and coordinates
const STONES = { black: '#1c1c20', white: '#fafaf6' };

export const startPrompt = (t) => t('start_point'); // what the bar asks first
export const zoom = true;
const MOST_PX = 44; // following the choices, the view zooms in no closer than points this far apart
export const colour = (seat, view) => STONES[view?.seat_colours?.[seat]] || '#888';

const at = (name) => ({ t: name, at: name });

export function paths(move) {
  const capture = /^([a-z]\d+)\s*[>x-]\s*([a-z]\d+)$/.exec(move.n);
  if (capture) return [{ seq: [at(capture[1]), at(capture[2])] }];
  if (/^[a-z]\d+$/.test(move.n)) return [{ seq: [at(move.n)] }];
  return [{ seq: [{ t: move.n, at: null }] }];
}

export function draw(view, { highlight, t, title }) {
  const size = view.size;
  const span = (size - 1) * G;
  const svg = board(span + 2 * M, span + 2 * M, t('board_label', { game: title }));
  const xy = (file, rank) => [M + file * G, M + (size - rank) * G];
  el('rect', { x: 0, y: 0, width: span + 2 * M, height: span + 2 * M, fill: '#dcb46c' }, svg);
  // Each edge in its owner's colour: black top and bottom, white left and right.
  const band = 8;
  el('rect', { x: M - band / 2, y: M - 14, width: span + band, height: band, fill: STONES.black }, svg);
  el('rect', { x: M - band / 2, y: M + span + 6, width: span + band, height: band, fill: STONES.black }, svg);
  el('rect', { x: M - 14, y: M - band / 2, width: band, height: span + band, fill: STONES.white, stroke: '#555' }, svg);
  el('rect', { x: M + span + 6, y: M - band / 2, width: band, height: span + band, fill: STONES.white, stroke: '#555' }, svg);
  const lines = el('g', { class: 'lines', 'aria-hidden': 'true' }, svg);
  for (let i = 0; i < size; i += 1) {
    el('line', { x1: M, y1: M + i * G, x2: M + span, y2: M + i * G }, lines);
    el('line', { x1: M + i * G, y1: M, x2: M + i * G, y2: M + span }, lines);
  }
  const colourOf = new Map();
  for (const [name, points] of Object.entries(view.stones || {})) points.forEach((p) => colourOf.set(p, name));
  const chain = new Set(view.winning_chain || []);
  const placed = new Set();
  const taken = new Set();
  const from = new Set();
  for (const h of highlight || []) {
    if (h.point) placed.add(h.point);
    if (h.to) placed.add(h.to);
    if (h.from) from.add(h.from);
    (h.captured || []).forEach((p) => taken.add(p));
  }
  const cells = new Map();
  const layer = el('g', {}, svg);
  for (let rank = size; rank >= 1; rank -= 1) {
    for (let file = 0; file < size; file += 1) {
      const name = squareName(file, rank);
      const [x, y] = xy(file, rank);
      const shape = el('g');
      el('rect', { x: x - G / 2, y: y - G / 2, width: G, height: G, class: 'hit' }, shape);
      const stone = colourOf.get(name);
      let piece = '';
      if (stone) {
        el('circle', { cx: x, cy: y, r: G * 0.45, fill: STONES[stone], class: `stone ${stone}` }, shape);
        if (placed.has(name)) el('circle', { cx: x, cy: y, r: G * 0.2, class: 'last' }, shape);
        if (chain.has(name)) el('circle', { cx: x, cy: y, r: G * 0.14, fill: '#ffc81e' }, shape);
        piece = t('stone', { colour: stone });
      } else if (from.has(name)) {
        el('circle', { cx: x, cy: y, r: G * 0.4, class: 'ghost' }, shape);
      }
      if (taken.has(name)) el('path', { d: `M${x - 6} ${y - 6}l12 12m0 -12l-12 12`, class: 'taken' }, shape);
      el('circle', { cx: x, cy: y, r: 0, class: 'dot' }, shape);
      el('circle', { cx: x, cy: y, r: G * 0.48, class: 'ring' }, shape);
      let text = piece ? t('cell_piece', { cell: name, piece }) : t('cell_empty', { cell: name });
      if (placed.has(name)) text = t('last_to', { label: text });
      else if (from.has(name)) text = t('last_from', { label: text });
      else if (taken.has(name)) text = t('last_taken', { label: text });
      cells.set(name, cell(layer, name, text, x, y, shape));
    }
  }
  for (const cut of view.crosscuts || []) {
    const points = cut.map(parseSquare).filter(Boolean).map(([f, r]) => xy(f, r));
    if (points.length !== 4) continue;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    el('rect', {
      x: Math.min(...xs) - G * 0.55, y: Math.min(...ys) - G * 0.55,
      width: Math.max(...xs) - Math.min(...xs) + G * 1.1, height: Math.max(...ys) - Math.min(...ys) + G * 1.1,
      class: 'crosscut', 'aria-hidden': 'true',
    }, svg);
  }
  const files = [...Array(size).keys()].map((i) => [xy(i, 1)[0], String.fromCharCode(97 + i)]);
  const ranks = [...Array(size).keys()].map((i) => [xy(0, i + 1)[1], String(i + 1)]);
  const rescale = edgeCoordinates(svg, files, ranks, { margin: 16, least: 11 });
  return { svg, place: (id) => cells.get(id) || null, rescale, focus: { unit: G, most: MOST_PX } };
}

export function info(view, { t, players }) {
  if (!view.crosscuts?.length && !view.pie_pending) return null;
  const text = document.createElement('p');
  text.textContent = view.pie_pending ? t('pie_pending') : t('crosscuts', { n: view.crosscuts.length });
  return text;
}
