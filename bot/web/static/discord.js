// The board inside Discord (an Activity): who is playing comes from Discord, never from the
// page.
//
// Discord's client frames the page, adds `frame_id`, `instance_id`, `platform`, `guild_id`
// and `channel_id` to its address, and talks to it through Discord's own Embedded App SDK
// (shipped unchanged under vendor/, see its manifest). The page claims nothing about itself:
// it hands the server the one-time code Discord's client gives it (`authorize`, scope
// `identify`) and the instance it runs in; the server asks Discord who that is and where the
// instance runs, and answers with a session, which the page sends exactly as it would send a
// link's token (link.js). Discord's own token only goes back to Discord's client
// (`authenticate`). Which match opens, and which of the player's other matches are listed,
// is the server's answer too; choosing another reloads the page on it.
//
// Every address is relative to the page, so it works the same at the board's own address
// and behind Discord's proxy (https://<app>.discordsays.com, with or without /.proxy/).
import { DiscordSDK } from './vendor/discord-embedded-app-sdk/Discord.mjs';

const folder = location.pathname.replace(/[^/]*$/, '');
const query = new URLSearchParams(location.search);
const KEY = `board-activity:${query.get('instance_id')}`;
const READY_MS = 20000; // Discord's client answers at once; nobody answering: not in Discord
const RENEW_AT = 0.8; // of a session's life
const RETRY_MS = 60000;

function request(path, init = {}) {
  return fetch(folder + path, {
    cache: 'no-store',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    ...init,
  });
}

// The session of this Activity instance kept for this tab (a reload on another match keeps
// it), while it has more than a minute to run.
function kept() {
  try {
    const session = JSON.parse(sessionStorage.getItem(KEY) || 'null');
    return session && session.until > Date.now() + 60000 ? session : null;
  } catch {
    return null;
  }
}

function keep(session) {
  try {
    if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage blocked: the session lives in memory only
  }
}

// Discord's code for this player, traded by the server for a session.
async function signIn(sdk, clientId) {
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const answer = await request('activity/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, instance_id: sdk.instanceId }),
  });
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) return { error: body.error || '' };
  const session = { token: body.session, until: Date.now() + body.expires_in * 1000 };
  return { session, access: body.access_token };
}

// A fresh session well before this one ends (asking Discord again: no prompt, the player
// already allowed it), for as long as the page is open.
function renew(sdk, clientId, session, use) {
  const wait = Math.max((session.until - Date.now()) * RENEW_AT, 1000);
  setTimeout(async () => {
    let next = session;
    try {
      const signed = await signIn(sdk, clientId);
      if (signed.session) {
        next = signed.session;
        keep(next);
        use(next.token);
      }
    } catch {
      next = { ...session, until: Date.now() + RETRY_MS / RENEW_AT };
    }
    renew(sdk, clientId, next, use);
  }, wait);
}

// The player's matches where the Activity runs, to switch between (when there are several).
function list({ open, matches }, t) {
  if (!Array.isArray(matches) || matches.length < 2) return;
  const nav = document.createElement('nav');
  nav.id = 'matches';
  const label = document.createElement('label');
  label.htmlFor = 'match-list';
  label.textContent = t('activity.matches');
  const select = document.createElement('select');
  select.id = 'match-list';
  for (const match of matches) {
    select.append(new Option(match.label, String(match.match), false, match.match === open));
  }
  select.addEventListener('change', () => {
    const next = new URLSearchParams(location.search);
    next.set('match', select.value);
    location.search = next.toString();
  });
  nav.append(label, select);
  document.querySelector('#app > header').append(nav);
}

function timeout(ms) {
  return new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('no answer')), ms);
  });
}

// Who is playing and which match to open: `{ match }` once the server said so (the session
// handed to `use`), or `{ error }` — a sentence from the catalogue — when it did not.
export async function identify(t, use) {
  const boot = JSON.parse(document.getElementById('boot').textContent);
  const clientId = boot.discord && boot.discord.client_id;
  if (!clientId) return { error: t('activity.off') };
  document.getElementById('status').textContent = t('activity.connecting');
  let sdk;
  try {
    sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
    await Promise.race([sdk.ready(), timeout(READY_MS)]);
  } catch {
    return { error: t('activity.outside') };
  }
  try {
    let session = kept();
    let fromBefore = Boolean(session);
    for (;;) {
      if (!session) {
        const signed = await signIn(sdk, clientId);
        if (!signed.session) return { error: signed.error };
        await sdk.commands.authenticate({ access_token: signed.access });
        session = signed.session;
        keep(session);
      }
      const wanted = /^\d+$/.test(query.get('match') || '') ? `?match=${query.get('match')}` : '';
      const answer = await request(`activity/here${wanted}`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      const body = await answer.json().catch(() => ({}));
      if (answer.ok) {
        use(session.token);
        renew(sdk, clientId, session, use);
        list(body, t);
        return { match: body.open };
      }
      if (!fromBefore || answer.status !== 403) return { error: body.error || '' };
      keep(null); // a session kept from before (ended, or from another channel): ask again
      session = null;
      fromBefore = false;
    }
  } catch {
    return { error: t('activity.not_confirmed') };
  }
}
