// The players above the board, each with their clock counting down as lichess and OGS show
// it: every seat's time, the running one ticking, the deadline on hover, tap or long-press.
// The clock reads the same as every other clock the bot shows (the catalogue's time words,
// rounded as bot/service/match/timecontrol.py's format_duration rounds).
import { NS, say } from './svg.js';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const HOLD_MS = 450; // a press this long shows the deadline (touch has no hover)

const nearest = (amount) => Math.floor(amount + 0.5); // half up, as on a clock

// Time left in the catalogue's words: days and hours from a day, hours and minutes under
// it, seconds under a minute (rounded up: time that remains never reads as none).
export function duration(seconds, W) {
  if (Math.ceil(seconds) < MINUTE) return say(W, 'time.short_seconds', { n: Math.max(0, Math.ceil(seconds)) });
  if (seconds >= DAY) {
    const hours = nearest(seconds / HOUR);
    const days = say(W, 'time.days', { n: Math.floor(hours / 24) });
    return hours % 24 ? `${days} ${say(W, 'time.short_hours', { n: hours % 24 })}` : days;
  }
  const minutes = nearest(seconds / MINUTE);
  if (minutes >= 1440) return say(W, 'time.days', { n: 1 });
  const [hours, mins] = [Math.floor(minutes / 60), minutes % 60];
  if (!hours) return say(W, 'time.short_minutes', { n: mins });
  const head = say(W, 'time.short_hours', { n: hours });
  return mins ? `${head} ${say(W, 'time.short_minutes', { n: mins })}` : head;
}

// An hourglass drawn, not a character: no emoji font needed.
function hourglass() {
  const icon = document.createElementNS(NS, 'svg');
  icon.setAttribute('viewBox', '0 0 12 16');
  icon.setAttribute('class', 'hourglass');
  icon.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(NS, 'path');
  path.setAttribute('d', 'M1 1h10M1 15h10M2 1c0 5 8 5 8 7s-8 2-8 7M10 1c0 5-8 5-8 7s8 2 8 7');
  icon.append(path);
  return icon;
}

function node(tag, className, text = '') {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text) made.textContent = text;
  return made;
}

// A deadline in the reader's language and time zone.
let dates = null; // made on first use: a date format costs milliseconds to build
function when(seconds) {
  dates ??= new Intl.DateTimeFormat(document.documentElement.lang || 'en', {
    weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit',
  });
  return dates.format(new Date(seconds * 1000));
}

// The list of players; returns `tick()`, which moves the running clocks on to now.
export function drawPlayers(list, { players, seat, colour, t, W, received }) {
  const clocks = [];
  list.replaceChildren();
  list.classList.toggle('many', players.length > 2); // two a row on a phone (board.css)
  players.forEach((player, index) => {
    const marks = [player.to_move && 'to-move', player.left && 'left', player.won && 'won', index === seat && 'you'];
    const item = node('li', ['player', ...marks.filter(Boolean)].join(' '));
    const swatch = node('span', 'swatch');
    swatch.setAttribute('aria-hidden', 'true');
    swatch.style.background = colour(index);
    item.append(swatch, node('span', 'name', player.name));
    if (player.side) item.append(node('span', 'side', `(${player.side})`));
    if (player.to_move) {
      const turn = node('span', 'turn', '◀');
      turn.setAttribute('aria-hidden', 'true');
      item.append(turn);
    }
    const clock = player.clock;
    if (clock) {
      const face = node('button', `clock${clock.running ? ' running' : ''}${clock.paused ? ' paused' : ''}`);
      face.type = 'button';
      const time = node('span', 'time');
      face.append(hourglass(), time);
      const note = node('span', 'deadline');
      note.hidden = true;
      if (clock.deadline) {
        // The deadline's words are made when first wanted: a hover, a focus, a press.
        const said = () => {
          if (!face.title) face.title = note.textContent = t('deadline', { when: when(clock.deadline) });
        };
        for (const first of ['pointerenter', 'focus', 'pointerdown']) face.addEventListener(first, said);
        face.setAttribute('aria-expanded', 'false');
        const show = (open) => {
          said();
          note.hidden = !open;
          face.setAttribute('aria-expanded', String(open));
        };
        let held = null;
        let shown = false; // a long press opened it: the click that ends the press keeps it open
        face.addEventListener('click', () => {
          if (!shown) show(note.hidden);
          shown = false;
        });
        face.addEventListener('pointerdown', () => {
          held = setTimeout(() => { shown = note.hidden; show(true); }, HOLD_MS);
        });
        for (const end of ['pointerup', 'pointerleave', 'pointercancel']) face.addEventListener(end, () => clearTimeout(held));
        face.addEventListener('contextmenu', (event) => event.preventDefault()); // the long-press menu
      } else {
        face.disabled = true;
      }
      item.append(face, note);
      clocks.push({ clock, time, face, name: player.name });
    }
    list.append(item);
  });
  const tick = () => {
    const gone = (performance.now() - received) / 1000;
    for (const { clock, time, face, name } of clocks) {
      const left = clock.running && !clock.paused ? clock.left - gone : clock.left;
      const text = clock.paused ? t('clock_paused', { left: duration(left, W) }) : duration(left, W);
      if (time.textContent !== text) {
        time.textContent = text;
        face.setAttribute('aria-label', t('clock_label', { player: name, left: text }));
      }
      face.classList.toggle('low', clock.running && left < HOUR);
    }
  };
  tick();
  return tick;
}
