// The board page: draws the match from what the server says this visitor may see, follows
// it live, replays it, and — with a seat's link, on that seat's turn — lets the player
// choose a legal move by clicking and sends it. Legality is the server's: the page only
// offers the steps of the legal moves it was given.
import { candidates, walk } from './chooser.js';
import { drawMoves } from './moves.js';
import { drawPlayers } from './players.js';
import { say } from './svg.js';
import { zoomable } from './zoom.js';
import { api, follow, opened } from './link.js';
import { Analysis } from './analysis.js';

const $ = (id) => document.getElementById(id);
const boot = JSON.parse($('boot').textContent);
const W = boot.words;
const t = (key, params) => say(W, key, params);
let page = await opened(boot, t); // what this visitor may see, asked with the link (link.js)
const game = await import(`./games/${page.game}.js`);

let cands = candidates(page.moves, game.paths);
let picked = []; // steps chosen so far
let undo = []; // lengths of `picked` before each choice the player made (for Back)
let marked = []; // the places on the board those choices were made at, marked until played
let via = null; // the place on the board the last choice was made at
let replay = null; // a past position being shown, or null for the live board
let asked = 0; // the latest replay request: older answers are dropped
let flipped = game.flipDefault ? game.flipDefault(page.seat) : false;
let drawing = null;
let zoom = null;
let sending = false;
let framed = null; // the choices the zoomed board last moved to show (see frame)
let previous = null; // the zoom of the board drawn before this one, whose view it may keep
let received = performance.now(); // when `page` came: the clocks count down from there
let tick = () => {};
const positions = new Map();
// While analysing, the analysis board's position (analysis.js) stands where the live game's
// view and moves are drawn; nothing chosen then is played (its steps go to analysis.js).
let study = null;
const shown = () => study || page;
const analysis = new Analysis({
  api,
  t,
  changed: (position) => {
    study = position;
    cands = candidates(shown().moves, game.paths);
    picked = [];
    undo = [];
    via = null;
    render();
    if (position === null) refresh(); // back to the game: conditional moves kept meanwhile show
  },
});

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

// The status line, read out when it changes: what just happened first (another player's
// move, a refusal), then whose turn it is.
function announce(text) {
  const who = page.seat === null ? t('watching') : mine() ? t('your_turn') : '';
  const state = [page.status_text, who].filter(Boolean).join(' ');
  const status = $('status');
  if (status.textContent === [text, state].filter(Boolean).join(' ')) return; // nothing new to say
  status.replaceChildren(...(text ? [node('span', { class: 'news' }, text), ' '] : []), state);
}

const mine = () => (study ? study.moves.length > 0 : !replay && page.status === 'active' && page.moves.length > 0);

function renderPlayers() {
  tick = drawPlayers($('players'), {
    players: page.players, seat: page.seat, colour: (seat) => game.colour(seat, page.view), t, W, received,
  });
}

function renderBoard() {
  const view = study ? study.view : replay ? replay.view : page.view;
  const highlight = study ? study.highlight : replay ? replay.highlight : page.highlight;
  const focused = document.activeElement?.closest?.('#board .cell')?.dataset.id;
  drawing = game.draw(view, { flipped, highlight, t, players: page.players, seat: page.seat, title: page.title });
  $('board').replaceChildren(drawing.svg);
  markChoices();
  if (zoomed()) {
    const before = zoom;
    before?.destroy();
    zoom = zoomable(drawing.svg, (scale, box) => drawing.rescale?.(scale, box));
    previous = before;
  } else {
    zoom?.destroy();
    zoom = null;
  }
  $('zoom').hidden = !zoomed();
  $('flip').parentElement.hidden = !game.flipDefault;
  const cells = drawing.svg.querySelectorAll('.cell');
  const start = (focused && drawing.svg.querySelector(`.cell[data-id="${CSS.escape(focused)}"]`))
    || drawing.svg.querySelector('.cell.target') || cells[0];
  if (start) start.setAttribute('tabindex', '0');
  if (focused && start) start.focus({ preventScroll: true });
}

// Where a big board looks. When the choices change (a step taken, a new turn), it moves to
// show every place that can be chosen now, no closer than a game's `most` pixels a place;
// otherwise it stays where the player left it. A player's board with nothing to choose
// opens around its focus (whoever must act), places MIN_PLACE px wide, and so does a
// watcher's on a phone (it reads as the players'); a watcher's on a desktop shows the whole
// board.
const MIN_PLACE = 90;
const QUIET = 30;
function frame(before) {
  const choices = JSON.stringify([page.version, replay && replay.ply, study && [study.ply, study.at], mine() && picked]);
  const moved = choices !== framed;
  framed = choices;
  const focus = drawing.focus || {};
  const spots = [...drawing.svg.querySelectorAll('.cell.target')].map((cell) => [Number(cell.dataset.cx), Number(cell.dataset.cy)]);
  if (moved && spots.length) {
    const xs = spots.map(([x]) => x);
    const ys = spots.map(([, y]) => y);
    const pad = (focus.unit || 0) * 0.75;
    const [x, y] = [Math.min(...xs) - pad, Math.min(...ys) - pad];
    const box = { x, y, w: Math.max(...xs) + pad - x, h: Math.max(...ys) + pad - y };
    const width = drawing.svg.getBoundingClientRect().width || 360;
    zoom.fitTo(box, focus.most ? (width / focus.most) * focus.unit : 0);
  } else if (before) {
    zoom.keep(before);
  } else if (wholeBoard() || focus.x === undefined) {
    zoom.fit();
  } else {
    const width = drawing.svg.getBoundingClientRect().width || 360;
    zoom.start(focus.x, focus.y, (width / MIN_PLACE) * focus.unit);
  }
  if ((moved || !before) && !wholeBoard()) legible(focus);
}

// A watcher on a desktop sees the whole board first (names too small for it wait, cards'
// numbers too).
const wholeBoard = () => page.seat === null && !PHONE.matches;

// A view the page chose itself never makes a board's words smaller than the game allows
// (`focus.legible`, screen pixels a drawing unit: FENCE!'s coordinate cards, Fuer's names, at
// 11 px): it comes closer, around whoever must act (else the middle of the view); the
// player may still zoom out.
function legible(focus) {
  if (!focus.legible || zoom.scale() >= focus.legible) return;
  const box = zoom.box();
  const width = drawing.svg.getBoundingClientRect().width || 360;
  zoom.start(focus.x ?? box.x + box.w / 2, focus.y ?? box.y + box.h / 2, width / focus.legible);
}

// Whether the board pans and zooms: a game's own choice (`zoom`: true, or by view).
const zoomed = () => (typeof game.zoom === 'function' ? game.zoom(page.view) : game.zoom);

// On a phone, while the player is to choose, the board is fitted between the top of the
// page and the action bar (which sticks to the bottom of the screen): the choices, the
// part of the board they refer to and Play are on the first screen, never below it.
const PHONE = matchMedia('(max-width: 899px)');
const LEAST_ROOM = 200; // px of board kept however tall the bar grows (its buttons then scroll)
function fitToScreen() {
  const main = $('app');
  main.style.removeProperty('--room');
  main.classList.toggle('acting', mine() && PHONE.matches);
  if (!drawing || !main.classList.contains('acting')) return;
  const svg = drawing.svg.getBoundingClientRect();
  const below = $('board-wrap').getBoundingClientRect().bottom - svg.bottom;
  const bar = $('chooser').getBoundingClientRect().height;
  const gap = parseFloat(getComputedStyle(main).rowGap) || 0;
  const room = innerHeight - (svg.top + scrollY) - below - gap - bar;
  main.style.setProperty('--room', `${Math.max(LEAST_ROOM, Math.floor(room))}px`);
}

// After a board and its choices are drawn: fitted to the screen, then looking where it should.
function settle() {
  fitToScreen();
  if (zoom) frame(previous);
  previous = null;
}

function markChoices() {
  if (!drawing || !mine()) return;
  const { seen } = walk(cands, picked, via);
  for (const step of picked) drawing.place(step)?.classList.add('picked');
  for (const id of marked) drawing.place(id)?.classList.add('picked');
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
  document.body.dataset.chosen = String(undo.length); // choices made this turn (tests)
  box.hidden = !mine();
  $('typing').hidden = box.hidden;
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
    for (const move of seen.done) {
      options.append(button(t('play_as_is', { move: named(move) }), () => send(move.n), { class: 'primary' }));
    }
    const labels = [];
    for (const option of seen.options) {
      // A place on the board is clicked there, unless the game names it as a button too
      // (a guided game's every step; a Fendo fence's side).
      const text = game.stepName?.(option.t, { picked, t }) ?? (option.at && !shown().guided ? null : option.t);
      if (text === null) continue;
      labels.push(text);
      options.append(button(leadsTo(text, option), () => choose(option.t, option.at), { class: 'option', 'data-step': option.t }));
    }
    $('prompt').textContent = stepPrompt(seen, labels);
  }
  if (undo.length) options.append(button(t('back'), back, { id: 'back' }));
  const legal = $('legal');
  legal.replaceChildren(...shown().moves.map((move) => node('option', { value: move.n }, move.label && move.label !== move.n ? move.label : '')));
}

// What the bar asks: the first step in the game's words; later, the steps taken so far and
// what comes next ("Draw: red or blue?"), or where to choose it.
const FEW = 3;
function stepPrompt(seen, buttons) {
  if (!picked.length) return shown().prompt || (game.startPrompt ? game.startPrompt(t) : t('choose_start'));
  if (seen.done.length) return t('choose_or_play');
  const steps = picked.join(' › ');
  if (!buttons.length) return t('step_places', { steps });
  if (buttons.length > FEW) return t('step_buttons', { steps });
  const choices = buttons.length === 1 ? buttons[0] : `${buttons.slice(0, -1).join(', ')} ${t('either_or')} ${buttons.at(-1)}`;
  return t('step_question', { steps, choices });
}

// A step's button says where it leads ("R1 B6 → Gasworks"), where the board can name the
// places (FENCE!'s neighbourhoods) and the step does not name them already.
function leadsTo(text, option) {
  const names = [...option.places].map((id) => id && drawing?.nameOf?.(id)).filter(Boolean);
  const fresh = [...new Set(names)].filter((name) => !text.includes(name));
  return fresh.length ? t('leads_to', { step: text, places: fresh.join(' / ') }) : text;
}

function choose(step, place = null) {
  via = place;
  if (step === null) {
    picked = [];
    undo = [];
    marked = [];
  } else {
    undo.push(picked.length);
    marked.push(place);
    picked = [...picked, step];
  }
  renderBoard();
  renderPremoves();
  renderChooser();
  settle();
}

function back() {
  via = null;
  picked = picked.slice(0, undo.pop() ?? 0);
  marked.pop();
  renderBoard();
  renderPremoves();
  renderChooser();
  settle();
}

// The player's own conditional moves (their link only: the server sends them to no one
// else), drawn on the live board — a dashed ring on each move of the opponent they expect, a
// solid one on their answer — and listed under it with a button that cancels them all.
function renderPremoves() {
  const box = $('premoves');
  const pending = !study && !replay ? page.premoves || [] : [];
  box.hidden = !pending.length;
  if (!pending.length) {
    box.replaceChildren();
    return;
  }
  for (const line of pending) {
    markPremove(line.theirs, 'premove-theirs');
    markPremove(line.mine, 'premove-mine');
  }
  const list = node('ul');
  for (const line of pending) for (const text of line.lines) list.append(node('li', {}, text));
  box.replaceChildren(
    node('h2', {}, t('premoves.title')),
    node('p', { class: 'hint' }, t('premoves.legend')),
    list,
    button(t('premoves.cancel'), cancelPremoves, { id: 'premoves-cancel' }),
  );
}

// A ring on every place of the board a move's marks name (each game's renderer names its
// places by the same ids the marks use).
function markPremove(facts, kind) {
  const ids = new Set();
  const gather = (value) => {
    if (typeof value === 'string') ids.add(value);
    else if (Array.isArray(value)) value.forEach(gather);
    else if (value && typeof value === 'object') Object.values(value).forEach(gather);
  };
  gather(facts);
  const r = (drawing.focus?.unit || 40) * 0.42;
  for (const id of ids) {
    const place = drawing.svg.querySelector(`.cell[data-id="${CSS.escape(id)}"]`);
    if (!place) continue;
    const ring = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
    for (const [key, value] of Object.entries({ cx: place.dataset.cx, cy: place.dataset.cy, r, class: `premove-mark ${kind}`, 'data-premove': id })) ring.setAttribute(key, value);
    drawing.svg.append(ring);
  }
}

async function cancelPremoves() {
  const answer = await api('/analysis', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ op: 'unkeep' }),
  });
  const body = await answer.json().catch(() => ({}));
  await refresh();
  announce(answer.ok && body.ok !== false ? t('premoves.cancelled') : body.error || body.text || '');
}

function renderExtras() {
  const view = study ? study.view : replay ? replay.view : page.view;
  const hand = $('hand');
  const shown = !replay && game.hand ? game.hand(page.view, { t }) : null;
  hand.hidden = !shown;
  hand.replaceChildren(...(shown ? [shown] : []));
  const info = game.info ? game.info(view, { t, players: page.players }) : null;
  $('info').replaceChildren(...(info ? [info] : []));
  $('analyse').hidden = page.seat === null || analysis.on;
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
  drawMoves($('turns'), { page, at: replay ? replay.ply : page.ply, show, t });
}

function render() {
  renderPlayers();
  renderBoard();
  renderPremoves();
  renderChooser();
  renderExtras();
  renderReplay();
  renderHistory();
  settle();
  announce('');
  document.body.dataset.version = String(page.version);
  document.body.dataset.mine = mine() ? '1' : '0';
  document.body.dataset.ply = String(replay ? replay.ply : page.ply);
  document.body.dataset.drawnAt = String(Date.now()); // when this state was drawn (benchmarks)
}

// What happened since ply `since`, as a screen reader should hear it: each turn by whom.
function news(since) {
  return page.history
    .filter((turn) => turn.ply > since && turn.seat !== page.seat)
    .map((turn) => t('played', { player: turn.who, moves: turn.moves.join(' ') }))
    .join(' ');
}

async function refresh() {
  const answer = await api('/state');
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    announce(body.error || '');
    return;
  }
  const changed = body.version !== page.version || body.ply !== page.ply;
  const since = page.ply;
  page = body;
  received = performance.now();
  if (changed) {
    picked = [];
    undo = [];
    marked = [];
    via = null;
    positions.clear();
  }
  cands = candidates(shown().moves, game.paths);
  render();
  if (changed) announce(news(since));
}

async function send(notation) {
  if (study) {
    await analysis.play(notation);
    return;
  }
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
  marked = [];
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

// The place a click chooses. Tap areas are larger than the drawing (44 px at least), so
// two may overlap: the one whose middle is nearest the click wins.
function chosenAt(event) {
  const under = document.elementsFromPoint(event.clientX, event.clientY);
  const places = [...new Set(under.map((found) => found.closest?.('[data-choose]')).filter(Boolean))];
  if (places.length < 2) return places[0] || event.target.closest?.('[data-choose]');
  const screen = drawing.svg.getScreenCTM();
  const away = (place) => {
    const middle = new DOMPoint(Number(place.dataset.cx), Number(place.dataset.cy)).matrixTransform(screen);
    return Math.hypot(middle.x - event.clientX, middle.y - event.clientY);
  };
  return places.reduce((best, place) => (away(place) < away(best) ? place : best));
}

// A tap never chooses a place smaller than TAP_PX on screen: where places are that small
// (Fonver's 19×19 on a phone), the first tap magnifies the board around it, places MAGNIFY_PX
// apart, as Go apps do; the next tap chooses, and Play confirms.
const TAP_PX = 44;
const MAGNIFY_PX = 52;
function magnified(event) {
  const unit = drawing.focus?.unit;
  if (!zoom || !unit || unit * zoom.scale() >= TAP_PX) return false;
  const { x, y } = zoom.at(event.clientX, event.clientY);
  zoom.start(x, y, (drawing.svg.getBoundingClientRect().width / MAGNIFY_PX) * unit);
  return true;
}

$('board').addEventListener('click', (event) => {
  if (!mine()) return;
  const place = chosenAt(event);
  if (place) {
    if (!magnified(event)) choose(place.dataset.choose, place.dataset.id);
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
$('flip').addEventListener('click', () => { flipped = !flipped; renderBoard(); settle(); });
PHONE.addEventListener('change', () => settle());
addEventListener('resize', () => fitToScreen()); // a phone turned, its toolbar hidden: the view stays
$('zoom-in').addEventListener('click', () => zoom?.zoomBy(1.4));
$('zoom-out').addEventListener('click', () => zoom?.zoomBy(1 / 1.4));
$('zoom-fit').addEventListener('click', () => zoom?.fit());
$('replay-slider').addEventListener('input', (event) => show(Number(event.target.value)));
$('replay-first').addEventListener('click', () => show(0));
$('replay-prev').addEventListener('click', () => show((replay ? replay.ply : page.ply) - 1));
$('replay-next').addEventListener('click', () => show((replay ? replay.ply : page.ply) + 1));
$('replay-live').addEventListener('click', () => show(page.ply));
$('analyse').addEventListener('click', () => analysis.open(replay ? replay.ply : page.ply));
setInterval(() => { if (!document.hidden && page.status === 'active') refresh(); }, 60000);
setInterval(() => tick(), 1000);

render();
listen();
performance.mark('board-drawn');
document.body.dataset.ready = '1';
