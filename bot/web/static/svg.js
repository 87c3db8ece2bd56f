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
