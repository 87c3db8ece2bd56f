// The board page: draws the match from what the server says this visitor may see, follows
// it live, replays it, and — with a seat's link, on that seat's turn — lets the player
// choose a legal move by clicking and sends it. Legality is the server's: the page only
// offers the steps of the legal moves it was given.
import { candidates, look, walk } from './chooser.js';
import { say } from './svg.js';
import { zoomable } from './zoom.js';
import { api, follow, opened } from './link.js';

const boot = await opened(); // what this visitor may see, asked with the link (link.js)
const W = boot.words;
const t = (key, params) => say(W, key, params);
const $ = (id) => document.getElementById(id);
const game = await import(`./games/${boot.page.game}.js`);

let page = boot.page;
let cands = candidates(page.moves, game.paths);
let picked = []; // steps chosen so far
let undo = []; // lengths of `picked` before each choice the player made (for Back)
let via = null; // the place on the board the last choice was made at
let replay = null; // a past position being shown, or null for the live board
let asked = 0; // the latest replay request: older answers are dropped
let flipped = game.flipDefault ? game.flipDefault(page.seat) : false;
let drawing = null;
let zoom = null;
let sending = false;
const positions = new Map();

function node(tag, attrs = {}, text = '') {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) made.setAttribute(key, value);
  if (text) made.textContent = text;
  return made;
}

function button(text, onClick, attrs = {}) {
  const made = node('button', { type: 'button', ...attrs }, text);
  made.addEventListener('click', onClick);
  return made;
}

function announce(text) {
  const who = page.seat === null ? t('watching') : mine() ? t('your_turn') : '';
  $('status').textContent = [page.status_text, who, text].filter(Boolean).join(' ');
}

const mine = () => !replay && page.status === 'active' && page.moves.length > 0;

function renderPlayers() {
  const list = $('players');
  list.replaceChildren();
  page.players.forEach((player, seat) => {
    const item = node('li', { class: ['player', player.to_move ? 'to-move' : '', player.left ? 'left' : '', player.won ? 'won' : ''].join(' ').trim() });
    const swatch = node('span', { class: 'swatch', 'aria-hidden': 'true' });
    swatch.style.background = game.colour(seat, page.view);
    item.append(swatch, node('span', { class: 'name' }, player.name));
    if (player.side) item.append(node('span', { class: 'side' }, ` (${player.side})`));
    if (player.to_move) item.append(node('span', { class: 'turn', 'aria-hidden': 'true' }, ' ◀'));
    if (player.clock) item.append(node('span', { class: 'clock' }, ` ⏳ ${player.clock}`));
    if (seat === page.seat) item.classList.add('you');
    list.append(item);
  });
}

function renderBoard() {
  const view = replay ? replay.view : page.view;
  const highlight = replay ? replay.highlight : page.highlight;
  const focused = document.activeElement?.closest?.('#board .cell')?.dataset.id;
  drawing = game.draw(view, { flipped, highlight, t, players: page.players, seat: page.seat, title: page.title });
  $('board').replaceChildren(drawing.svg);
  if (game.zoom) {
    const before = zoom;
    before?.destroy();
    zoom = zoomable(drawing.svg, (scale) => drawing.rescale?.(scale));
    if (before) zoom.keep(before);
    else zoom.start(...firstView());
  }
  $('zoom').hidden = !game.zoom;
  $('flip').parentElement.hidden = !game.flipDefault;
  markChoices();
  const cells = drawing.svg.querySelectorAll('.cell');
  const start = (focused && drawing.svg.querySelector(`.cell[data-id="${CSS.escape(focused)}"]`))
    || drawing.svg.querySelector('.cell.target') || cells[0];
  if (start) start.setAttribute('tabindex', '0');
  if (focused && start) start.focus({ preventScroll: true });
}

// Where a big board opens: around its focus, with places at least MIN_PLACE px wide.
const MIN_PLACE = 90;
const QUIET = 30;
function firstView() {
  const focus = drawing.focus;
  if (!focus) return [0, 0, 0];
  const width = drawing.svg.getBoundingClientRect().width || 360;
  return [focus.x, focus.y, (width / MIN_PLACE) * focus.unit];
}

function markChoices() {
  if (!drawing || !mine()) return;
  const { seen } = walk(cands, picked, via);
  for (const step of picked) drawing.place(step)?.classList.add('picked');
  const placed = seen.options.filter((option) => option.at);
  // Nearly every point is a target (a placement): marks everywhere would hide the board.
  drawing.svg.classList.toggle('quiet', placed.length > QUIET);
  for (const option of placed) {
    const place = drawing.place(option.at);
    if (!place) continue;
    place.classList.add('target');
    place.dataset.choose = option.t;
    place.setAttribute('role', 'button');
    place.setAttribute('aria-label', t('choosable', { label: place.getAttribute('aria-label') }));
  }
}

function renderChooser() {
  const box = $('chooser');
  box.hidden = !mine();
  if (box.hidden) return;
  const { path, seen } = walk(cands, picked, via);
  picked = path;
  const options = $('options');
  options.replaceChildren();
  const named = (move) => move.label || move.n;
  if (seen.done.length === 1 && !seen.options.length) {
    const move = seen.done[0];
    const risky = move.hl && move.hl.onto_cops ? ` ${W['panel.onto_cops']}` : '';
    $('prompt').textContent = t('play_question', { move: named(move) }) + risky;
    const play = button(t('play'), () => send(move.n), { id: 'play', class: 'primary' });
    options.append(play, button(t('cancel'), () => choose(null), { id: 'cancel' }));
    if (document.activeElement?.closest?.('#board, #options')) play.focus({ preventScroll: true });
  } else {
    $('prompt').textContent = !picked.length ? t('choose_start') : seen.done.length ? t('choose_or_play') : t('choose_next');
    for (const move of seen.done) {
      options.append(button(t('play_as_is', { move: named(move) }), () => send(move.n), { class: 'primary' }));
    }
    for (const option of seen.options) {
      if (option.at && !page.guided) continue; // a place on the board: click it there
      options.append(button(option.t, () => choose(option.t), { class: 'option' }));
    }
  }
  if (undo.length) options.append(button(t('back'), back, { id: 'back' }));
  const legal = $('legal');
  legal.replaceChildren(...page.moves.map((move) => node('option', { value: move.n }, move.label && move.label !== move.n ? move.label : '')));
}

function choose(step, place = null) {
  via = place;
  if (step === null) {
    picked = [];
    undo = [];
  } else {
    undo.push(picked.length);
    picked = [...picked, step];
  }
  renderBoard();
  renderChooser();
}

function back() {
  via = null;
  picked = picked.slice(0, undo.pop() ?? 0);
  renderBoard();
  renderChooser();
}

function renderExtras() {
  const view = replay ? replay.view : page.view;
  const hand = $('hand');
  const shown = !replay && game.hand ? game.hand(page.view, { t }) : null;
  hand.hidden = !shown;
  hand.replaceChildren(...(shown ? [shown] : []));
  const info = game.info ? game.info(view, { t, players: page.players }) : null;
  $('info').replaceChildren(...(info ? [info] : []));
}

function renderReplay() {
  const slider = $('replay-slider');
  const at = replay ? replay.ply : page.ply;
  slider.max = String(page.ply);
  slider.value = String(at);
  slider.disabled = page.ply === 0;
  $('replay-label').textContent = !replay ? '' : at === 0 ? t('start_position') : t('position_of', { ply: at, last: page.ply });
  $('replay-live').hidden = !replay;
  $('replay-prev').disabled = at === 0;
  $('replay-first').disabled = at === 0;
  $('replay-next').disabled = at >= page.ply;
}

function renderHistory() {
  const list = $('turns');
  list.replaceChildren();
  const at = replay ? replay.ply : page.ply;
  for (const turn of page.history) {
    const item = node('li');
    const jump = button(`${turn.who}: ${turn.moves.join(' ')}`, () => show(turn.ply), { class: 'turn-link' });
    if (turn.ply === at) jump.setAttribute('aria-current', 'step');
    item.append(jump);
    list.append(item);
  }
}

function render() {
  renderPlayers();
  renderBoard();
  renderChooser();
  renderExtras();
  renderReplay();
  renderHistory();
  announce('');
  document.body.dataset.version = String(page.version);
  document.body.dataset.mine = mine() ? '1' : '0';
  document.body.dataset.ply = String(replay ? replay.ply : page.ply);
  document.body.dataset.drawnAt = String(Date.now()); // when this state was drawn (benchmarks)
}

async function refresh() {
  const answer = await api('/state');
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    announce(body.error || '');
    return;
  }
  const changed = body.version !== page.version || body.ply !== page.ply;
  page = body;
  if (changed) {
    picked = [];
    undo = [];
    via = null;
    positions.clear();
  }
  cands = candidates(page.moves, game.paths);
  render();
  if (changed) announce(t('updated'));
}

async function send(notation) {
  if (sending) return;
  sending = true;
  announce(t('sending'));
  let body = {};
  try {
    const answer = await api('/move', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ move: notation, version: page.version }),
    });
    body = await answer.json().catch(() => ({}));
  } finally {
    sending = false;
  }
  picked = [];
  undo = [];
  via = null;
  await refresh();
  announce(body.text || '');
}

async function show(ply) {
  const ask = (asked += 1);
  if (ply >= page.ply) {
    replay = null;
  } else {
    const key = `${page.version}:${ply}`;
    let found = positions.get(key);
    if (!found) {
      const answer = await api(`/at/${Math.max(0, ply)}`);
      if (!answer.ok) return;
      found = await answer.json();
      positions.set(key, found);
    }
    if (ask !== asked) return;
    replay = found;
  }
  render();
}

function listen() {
  follow('/events', (version) => {
    $('conn').textContent = '';
    if (version !== page.version) refresh();
  }, () => {
    $('conn').textContent = t('reconnecting');
  });
}

function nearest(from, dx, dy) {
  const a = from.getBoundingClientRect();
  const ax = a.left + a.width / 2;
  const ay = a.top + a.height / 2;
  let best = null;
  let score = Infinity;
  for (const other of drawing.svg.querySelectorAll('.cell')) {
    if (other === from) continue;
    const b = other.getBoundingClientRect();
    const ox = b.left + b.width / 2 - ax;
    const oy = b.top + b.height / 2 - ay;
    const along = ox * dx + oy * dy;
    if (along < 2) continue;
    const across = Math.abs(ox * dy) + Math.abs(oy * dx);
    const value = along + 2.5 * across;
    if (value < score) [best, score] = [other, value];
  }
  return best;
}

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

$('board').addEventListener('click', (event) => {
  if (!mine()) return;
  const place = event.target.closest?.('[data-choose]');
  if (place) {
    choose(place.dataset.choose, place.dataset.id);
    return;
  }
  // Elsewhere on a board game's board: start again, from there if a move begins there.
  const cell = event.target.closest?.('.cell');
  if (!cell || !picked.length || page.guided) return;
  const fresh = walk(cands, [], null).seen.options.find((option) => option.at === cell.dataset.id);
  choose(null);
  if (fresh) choose(fresh.t, cell.dataset.id);
});
$('board').addEventListener('keydown', (event) => {
  const cell = event.target.closest?.('.cell');
  if (!cell) return;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    if (cell.dataset.choose && mine()) choose(cell.dataset.choose, cell.dataset.id);
    return;
  }
  const arrow = ARROWS[event.key];
  if (!arrow) return;
  event.preventDefault();
  const next = nearest(cell, ...arrow);
  if (!next) return;
  cell.setAttribute('tabindex', '-1');
  next.setAttribute('tabindex', '0');
  next.focus();
  if (zoom && next.dataset.cx) zoom.show(Number(next.dataset.cx), Number(next.dataset.cy));
});
$('typed').addEventListener('submit', (event) => {
  event.preventDefault();
  const text = $('typed-move').value.trim();
  if (text) send(text).then(() => { $('typed-move').value = ''; });
});
$('flip').addEventListener('click', () => { flipped = !flipped; renderBoard(); });
$('zoom-in').addEventListener('click', () => zoom?.zoomBy(1.4));
$('zoom-out').addEventListener('click', () => zoom?.zoomBy(1 / 1.4));
$('zoom-fit').addEventListener('click', () => zoom?.fit());
$('replay-slider').addEventListener('input', (event) => show(Number(event.target.value)));
$('replay-first').addEventListener('click', () => show(0));
$('replay-prev').addEventListener('click', () => show((replay ? replay.ply : page.ply) - 1));
$('replay-next').addEventListener('click', () => show((replay ? replay.ply : page.ply) + 1));
$('replay-live').addEventListener('click', () => show(page.ply));
setInterval(() => { if (!document.hidden && page.status === 'active') refresh(); }, 60000);

render();
listen();
performance.mark('board-drawn');
document.body.dataset.ready = '1';
