// The moves played, each a button to the position after it. Two players get the compact
// two-column list chess sites use (number, first seat's move, second seat's move); more
// players a list of "who: what". The shown position's move is marked and kept in sight.

function node(tag, attrs = {}, text = '') {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) made.setAttribute(key, value);
  if (text) made.textContent = text;
  return made;
}

// A turn as the thread tells it (`text`, for games told in words: FENCE!), else its moves.
function jump(turn, at, show) {
  const made = node('button', { type: 'button', class: 'turn-link' }, turn.text || turn.moves.join(' '));
  made.addEventListener('click', () => show(turn.ply));
  if (turn.ply === at) made.setAttribute('aria-current', 'step');
  return made;
}

// Rows of [first seat's turn, second seat's turn]: a row starts with the first seat, or
// with the second where the first has nothing in it (the game began with, or repeated, it).
function pairs(history) {
  const rows = [];
  for (const turn of history) {
    const side = turn.seat === 1 ? 1 : 0;
    const row = rows[rows.length - 1];
    if (row && side === 1 && !row[1]) row[1] = turn;
    else rows.push(side === 0 ? [turn, null] : [null, turn]);
  }
  return rows;
}

function table(page, at, show, t) {
  const made = node('table', { id: 'turns', class: 'pairs' });
  const head = node('tr');
  const number = node('th', { scope: 'col' });
  number.append(node('span', { class: 'visually-hidden' }, t('move_number')));
  head.append(number);
  for (const player of page.players) head.append(node('th', { scope: 'col' }, player.side ? `${player.name} (${player.side})` : player.name));
  made.append(node('thead'), node('tbody'));
  made.tHead.append(head);
  pairs(page.history).forEach((row, index) => {
    const line = node('tr');
    line.append(node('th', { scope: 'row' }, String(index + 1)));
    for (const turn of row) {
      const cell = node('td');
      if (turn) cell.append(jump(turn, at, show));
      else cell.textContent = '…';
      line.append(cell);
    }
    made.tBodies[0].append(line);
  });
  return made;
}

function list(page, at, show) {
  const made = node('ol', { id: 'turns' });
  for (const turn of page.history) {
    const item = node('li');
    const button = jump(turn, at, show);
    if (!turn.text) button.textContent = `${turn.who}: ${button.textContent}`;
    item.append(button);
    made.append(item);
  }
  return made;
}

export function drawMoves(place, { page, at, show, t }) {
  const made = page.players.length === 2 ? table(page, at, show, t) : list(page, at, show);
  const before = Number(place.dataset.scrolled || 0); // kept as it scrolls: reading it would lay out the page
  made.addEventListener('scroll', () => { made.dataset.scrolled = String(made.scrollTop); }, { passive: true });
  place.replaceWith(made);
  // The marked move in sight inside the list, without scrolling the page; measured when the
  // page is laid out anyway, so drawing never waits for it.
  requestAnimationFrame(() => {
    if (before) made.scrollTop = before;
    const all = made.querySelectorAll('.turn-link');
    const current = made.querySelector('[aria-current]') || all[all.length - 1];
    if (!current) return;
    const box = made.getBoundingClientRect();
    const spot = current.getBoundingClientRect();
    if (spot.top < box.top || spot.bottom > box.bottom) made.scrollTop += spot.top - box.top - box.height / 2;
  });
  return made;
}
