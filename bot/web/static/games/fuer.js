// Fuer (Extension): a diamond of hexagonal spaces, a1 at the bottom left. A turn is chosen by
// clicking the space for the tile, then the tiles for the new pieces (in any order), or the
// piece to move and where it goes.
import { board, cell, el, label } from '../svg.js';

const R = 26; // centre to corner of a hex
const HW = Math.sqrt(3) * R;
const M = 26;
const ROWS = 5;
const COLOURS = { F: '#202026', S: '#fcfcf8' };

export const zoom = false;
export const colour = (seat) => (seat === 0 ? COLOURS.F : COLOURS.S);

const at = (name) => ({ t: name, at: name });

export function paths(move) {
  const parts = move.n.trim().split(/\s+/);
  const [tile, ...rest] = parts;
  if (!/^[a-i]\d$/.test(tile || '')) return [{ seq: [{ t: move.n, at: null }] }];
  const moved = rest.length === 1 ? /^([a-i]\d)>([a-i]\d)$/.exec(rest[0]) : null;
  if (moved) return [{ seq: [at(tile), at(moved[1]), at(moved[2])] }];
  if (rest.every((p) => /^\+[a-i]\d$/.test(p))) {
    return [{ seq: [at(tile)], any: rest.map((p) => at(p.slice(1))) }];
  }
  return [{ seq: [{ t: move.n, at: null }] }];
}

function hexagon(cx, cy, r) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = Math.PI / 6 + (i * Math.PI) / 3;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(' ');
}

export function draw(view, { highlight, t, title }) {
  const spaces = view.spaces || [];
  const columns = Math.max(...spaces.map((s) => s.q)) + 1;
  const width = HW * (columns + (ROWS - 1) / 2) + 2 * M;
  const height = 1.5 * R * (ROWS - 1) + 2 * R + 2 * M;
  const svg = board(Math.round(width), Math.round(height), t('board_label', { game: title }));
  const centre = (q, r) => [M + HW / 2 + (q + r / 2) * HW, M + R + (ROWS - 1 - r) * 1.5 * R];
  const tiles = new Set(view.tiles || []);
  const open = view.open || {};
  const win = new Set(view.win_line || []);
  const lastTile = new Set();
  const lastPieces = new Set();
  for (const h of highlight || []) {
    if (h.tile) lastTile.add(h.tile);
    (h.placed || []).forEach((p) => lastPieces.add(p));
    if (h.moved) lastPieces.add(h.moved[1]);
  }
  const cells = new Map();
  const layer = el('g', {}, svg);
  for (const space of spaces) {
    const [x, y] = centre(space.q, space.r);
    const shape = el('g');
    const kind = tiles.has(space.name) ? 'tile' : space.name in open ? 'open' : 'empty';
    el('polygon', { points: hexagon(x, y, R - 1), class: `hex ${kind}${lastTile.has(space.name) ? ' last' : ''}` }, shape);
    const piece = view.pieces?.[space.name];
    let what = kind === 'tile' ? t('tile') : '';
    if (piece) {
      el('circle', { cx: x, cy: y, r: R * 0.55, fill: COLOURS[piece], class: `stone${win.has(space.name) ? ' win' : ''}` }, shape);
      if (lastPieces.has(space.name)) el('circle', { cx: x, cy: y, r: R * 0.2, class: 'last' }, shape);
      what = t('piece', { colour: view.colours?.[piece] || piece });
    } else {
      label(shape, x, y, space.name, { class: 'space-name', 'aria-hidden': 'true' });
    }
    el('circle', { cx: x, cy: y, r: 0, class: 'dot' }, shape);
    el('polygon', { points: hexagon(x, y, R - 3), class: 'ring' }, shape);
    const text = what ? t('cell_piece', { cell: space.name, piece: what }) : t('cell_empty', { cell: space.name });
    cells.set(space.name, cell(layer, space.name, text, x, y, shape));
  }
  return { svg, place: (id) => cells.get(id) || null };
}

export function info(view, { t, players }) {
  const text = document.createElement('p');
  text.textContent = t('supply', {
    dark: view.supply?.F ?? 0, light: view.supply?.S ?? 0,
  });
  return text;
}
