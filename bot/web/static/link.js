// How the page says who opened it, and how it talks to the server (the token bootstrap).
//
// A link is a password. The bot puts its token in the address's fragment (#t=…), which a
// browser never sends to any server, so no request line, proxy, access log or Referer
// holds it. The page takes it out of the address bar at once (a copied address or a shared
// screen then shows no password), keeps it for this tab only (sessionStorage: a reload
// still works, another tab or site never sees it) and sends it in the Authorization header
// of each request it makes. A header rather than a cookie: inside Discord's Activity frame
// cookies may be blocked, and no other site's request can ever carry a header.
// The live stream is read with fetch (EventSource cannot send a header).
//
// Inside Discord (an Activity: Discord's client frames the page with `frame_id` and
// `instance_id` in its address) there is no link: discord.js asks Discord who is playing and
// the server which match to open, and the page then works exactly as with a link — the
// session the server signed stands where the link's token would.
//
// The first view waits on one request: the match's data. So this module imports nothing and
// the page loads it on its own (async), ahead of the board's other scripts; on a match's page
// opened with a link it asks for the data the moment it runs, while the rest still arrives,
// and as soon as the data names the game it preloads that game's drawing module.

const KEY = `board-link:${location.pathname}`;
const query = new URLSearchParams(location.search);
const inDiscord = query.has('frame_id') && query.has('instance_id');
const GAME = /^[a-z]+$/;
// This match's routes: beside the board page, or — in Discord, whose proxy may put the page
// under a prefix (/.proxy/) — beside the Activity's page, once the server named the match.
let base = location.pathname.replace(/\/+$/, '');
const onMatchPage = /\/m\/\d+$/.test(base);

function remember(token) {
  try {
    if (token) sessionStorage.setItem(KEY, token);
    return token || sessionStorage.getItem(KEY) || '';
  } catch {
    return token || ''; // storage blocked (a strict frame): the token lives in memory only
  }
}

function takeToken() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get('t') || '';
  if (token) history.replaceState(history.state, '', location.pathname + location.search);
  return remember(token);
}

let credential = {};
function use(token) {
  credential = token ? { Authorization: `Bearer ${token}` } : {};
}

// Who opened the page: the link's token, or Discord's word (discord.js); an error to show.
// The Activity's page (its boot names the Discord app) outside Discord's frame says where
// it opens.
async function identified(t, boot) {
  if (!inDiscord && boot.discord) return { error: t('activity.outside') };
  if (!inDiscord) return {}; // the link's token, taken below
  const { identify } = await import('./discord.js');
  const who = await identify(t, use);
  if (who.match) base = `${location.pathname.replace(/[^/]*$/, '')}m/${who.match}`;
  return who;
}

// A request to this match's routes (`path` like '/state'), with the page's credential.
export function api(path, init = {}) {
  return fetch(base + path, {
    cache: 'no-store',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    ...init,
    headers: { ...credential, ...(init.headers || {}) },
  });
}

// The match's data as this visitor may see it ({answer, body}); once it names the game, that
// game's drawing module is fetched at once (the page imports it next).
async function asked() {
  const answer = await api('/state');
  const body = await answer.json().catch(() => ({}));
  if (answer.ok && GAME.test(body.game ?? '')) {
    const ahead = document.createElement('link');
    ahead.rel = 'modulepreload';
    ahead.href = new URL(`./games/${body.game}.js`, import.meta.url).href;
    document.head.append(ahead);
  }
  return { answer, body };
}

if (!inDiscord) use(takeToken());
const early = !inDiscord && onMatchPage ? asked().catch(() => null) : null;

// The page's data, once the server has said what this visitor may see (`boot` is the page's
// data block, `t` says its words); on a refusal the page says why, plainly, and goes no
// further.
export async function opened(boot, t) {
  let answer = null;
  let body = {};
  try {
    const who = await identified(t, boot);
    if (who.error) body = { error: who.error };
    else ({ answer, body } = (await early) ?? (await asked()));
  } catch {
    body = {};
  }
  if (!answer || !answer.ok || !body.game) {
    const heading = document.createElement('h1');
    heading.textContent = t('refused_title');
    const text = document.createElement('p');
    text.id = 'refused';
    text.textContent = body.error || '';
    document.title = t('refused_title');
    document.getElementById('app').replaceChildren(heading, text);
    document.body.dataset.refused = '1';
    return new Promise(() => {}); // nothing more to do on this page
  }
  const title = t('page_title', { game: body.title, match: body.match });
  document.title = title;
  document.getElementById('title').textContent = title;
  document.getElementById('app').dataset.game = body.game;
  return body;
}

// Follow the match's server-sent events: `onVersion(n)` for each version, `onLost()` when
// the connection drops; it reconnects by itself, waiting longer after each failure (and as
// long as the server asks when it says 429).
export function follow(path, onVersion, onLost) {
  let wait = 1000;
  const decoder = new TextDecoder();
  async function once() {
    const answer = await api(path, { headers: { Accept: 'text/event-stream' } });
    if (!answer.ok || !answer.body) {
      const asked = Number(answer.headers.get('Retry-After'));
      if (asked > 0) wait = Math.max(wait, asked * 1000);
      return;
    }
    wait = 1000;
    const reader = answer.body.getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const data = lines.find((line) => line.startsWith('data:'));
        if (lines.includes('event: version') && data) onVersion(Number(data.slice(5).trim()));
      }
    }
  }
  (async () => {
    for (;;) {
      try {
        await once();
      } catch {
        // the network went away: try again below
      }
      onLost();
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, 60000);
    }
  })();
}
