// Small helpers shared by the board drawings: SVG elements, words, board cells.
export const NS = 'http://www.w3.org/2000/svg';

export function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

export function label(parent, x, y, words, attrs = {}) {
  const node = el('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', ...attrs }, parent);
  node.textContent = words;
  return node;
}

// The CLDR plural rules of the page's language (its <html lang>), as the catalogue's are.
const PLURALS = new Intl.PluralRules(globalThis.document?.documentElement.lang || 'en');

// The catalogue's sentence `key` with {fields} filled in; plural tables by `n`'s category.
export function say(words, key, params = {}) {
  let template = words[key];
  if (template === undefined && 'n' in params) {
    template = words[`${key}.${PLURALS.select(Number(params.n))}`] ?? words[`${key}.other`];
  }
  if (template === undefined) return key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// How wide `text` is at `px` pixels and `weight`, in the page's font: a canvas measures it,
// so nothing on the page needs laying out.
let ruler = null;
let family = '';
export function textWidth(text, px, weight = 400) {
  if (!ruler) {
    ruler = document.createElement('canvas').getContext('2d');
    family = getComputedStyle(document.body).fontFamily;
  }
  ruler.font = `${weight} ${px}px ${family}`;
  return ruler.measureText(text).width;
}

// A place on the board a player may choose: focusable, labelled, known by its id.
export function cell(parent, id, name, cx, cy, shape) {
  const group = el('g', { class: 'cell', 'data-id': id, 'data-cx': cx, 'data-cy': cy, tabindex: -1, role: 'img', 'aria-label': name }, parent);
  group.appendChild(shape);
  return group;
}

// The board's outer <svg>, scaled to its box by the page's style.
export function board(width, height, title) {
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': title, 'aria-describedby': 'keys-help' });
  svg.dataset.width = width;
  svg.dataset.height = height;
  return svg;
}

export const squareName = (file, rank) => String.fromCharCode(97 + file) + rank;

export function parseSquare(name) {
  const match = /^([a-z])(\d+)$/.exec(name);
  return match ? [match[1].charCodeAt(0) - 97, Number(match[2])] : null;
}

// Coordinates that stay in sight: the file letters along the bottom of what is shown and
// the rank numbers along its left, never under COORD_PX on screen. On a zoomed board the
// drawn edges scroll away, so the labels follow the view (`rescale(scale, box)`, called by
// the zoom); at the whole board they sit in the board's margins. `files` are [x, text],
// `ranks` [y, text], in drawing units; `margin` is the band they sit in, `least` their size
// in drawing units at the whole board.
export const COORD_PX = 11.5;
export function edgeCoordinates(svg, files, ranks, { margin, least }) {
  const marks = el('g', { class: 'coords edge-coords', 'aria-hidden': 'true' }, svg);
  const under = files.map(([x, text]) => label(marks, x, 0, text));
  const beside = ranks.map(([y, text]) => label(marks, 0, y, text));
  const [w, h] = [Number(svg.dataset.width), Number(svg.dataset.height)];
  const rescale = (scale, box) => {
    const size = Math.max(least, COORD_PX / (scale || 1));
    marks.style.setProperty('--coord-size', `${size.toFixed(1)}px`);
    const inset = Math.max(margin / 2, size * 0.75);
    const bottom = Math.min(box.y + box.h, h) - inset;
    const left = Math.max(box.x, 0) + inset;
    under.forEach((text) => text.setAttribute('y', bottom.toFixed(1)));
    beside.forEach((text) => text.setAttribute('x', left.toFixed(1)));
    marks.classList.toggle('floating', box.x > 0.5 || box.y + box.h < h - 0.5);
  };
  rescale(0, { x: 0, y: 0, w, h });
  return rescale;
}
