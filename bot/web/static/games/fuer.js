// Fuer (Extension): a diamond of hexagonal spaces, a1 at the bottom left, with pan and zoom
// (the diamond is wide and low, small on a phone). A turn is chosen by clicking the space
// for the tile, then the tiles for the new pieces (in any order), or the piece to move and
// where it goes. As in the image, every space says its name, and a space that takes a tile
// now says what the tile would do: "+N" new pieces, or "move" one of yours.
import { board, cell, el, label, textWidth } from '../svg.js';

const R = 26; // centre to corner of a hex
const HW = Math.sqrt(3) * R;
const M = 26;
const ROWS = 5;
const COLOURS = { F: '#202026', S: '#fcfcf8' };

const HINT_PX = 13; // "+2", "move": a word longer than most of a hex is set smaller
const MOST_PX = 64; // following the choices, the view zooms in no closer than a hex this wide
const LEGIBLE = 1; // the page's own views keep a space's name (15 units) and hint (13 or less) near 11.5 px or more

export const startPrompt = (t) => t('start_space'); // what the bar asks first
export const zoom = true;
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
  const lastFrom = new Set();
  for (const h of highlight || []) {
    if (h.tile) lastTile.add(h.tile);
    (h.placed || []).forEach((p) => lastPieces.add(p));
    if (h.moved) {
      lastFrom.add(h.moved[0]);
      lastPieces.add(h.moved[1]);
    }
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
    } else if (kind === 'open') {
      const touched = Number(open[space.name]) || 0;
      const hint = touched === 1 ? t('fuer_move') : t('fuer_more', { n: touched - 1 });
      label(shape, x, y - 8, space.name, { class: 'space-name', 'aria-hidden': 'true' });
      const fits = Math.min(HINT_PX, (HINT_PX * HW * 0.8) / textWidth(hint, HINT_PX, 700)); // a long word shrinks
      label(shape, x, y + 9, hint, { class: 'space-hint', 'aria-hidden': 'true', 'font-size': fits.toFixed(1) });
      what = touched === 1 ? t('fuer_open_move') : t('fuer_open_more', { n: touched - 1 });
    } else {
      label(shape, x, y, space.name, { class: 'space-name', 'aria-hidden': 'true' });
    }
    el('circle', { cx: x, cy: y, r: 0, class: 'dot' }, shape);
    el('polygon', { points: hexagon(x, y, R - 3), class: 'ring' }, shape);
    let text = what ? t('cell_piece', { cell: space.name, piece: what }) : t('cell_empty', { cell: space.name });
    if (lastFrom.has(space.name)) text = t('last_from', { label: text });
    else if (lastPieces.has(space.name) || lastTile.has(space.name)) text = t('last_move', { label: text });
    cells.set(space.name, cell(layer, space.name, text, x, y, shape));
  }
  return { svg, place: (id) => cells.get(id) || null, focus: { unit: HW, most: MOST_PX, legible: LEGIBLE } };
}

export function info(view, { t }) {
  const box = document.createElement('div');
  const supply = document.createElement('p');
  supply.textContent = t('supply', { dark: view.supply?.F ?? 0, light: view.supply?.S ?? 0 });
  box.append(supply);
  if (Object.keys(view.open || {}).length) {
    const key = document.createElement('p');
    key.className = 'hint';
    key.textContent = t('fuer_key');
    box.append(key);
  }
  return box;
}
