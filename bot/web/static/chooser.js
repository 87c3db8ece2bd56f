// Choosing a move by clicks, for every game alike.
//
// Each legal move comes with one or more *paths*: the steps a player takes to name it, as
// {t: what the step is called, at: the place on the board it is, or null}. A path has an
// ordered part (`seq`) and may end with steps taken in any order (`any`: Fuer's new
// pieces). The page never decides legality: it only offers the steps that some legal move
// still has, and a move is chosen when the steps so far name exactly one.

export function candidates(moves, pathsOf) {
  const found = [];
  for (const move of moves) {
    for (const path of pathsOf(move)) found.push({ move, seq: path.seq, any: path.any || [] });
  }
  return found;
}

function fits(c, picked) {
  const ordered = c.seq.length;
  for (let i = 0; i < picked.length && i < ordered; i += 1) {
    if (c.seq[i].t !== picked[i]) return false;
  }
  const rest = picked.slice(ordered);
  if (rest.length > c.any.length) return false;
  const pool = new Set(c.any.map((s) => s.t));
  for (const step of rest) {
    if (!pool.has(step)) return false;
    pool.delete(step);
  }
  return true;
}

function complete(c, picked) {
  return picked.length === c.seq.length + c.any.length;
}

function next(c, picked) {
  if (picked.length < c.seq.length) return [c.seq[picked.length]];
  const used = new Set(picked.slice(c.seq.length));
  return c.any.filter((s) => !used.has(s.t));
}

// Where choosing `step` now points on the board: its own place, else the first place a
// later step of the same path has (FENCE!: a card is chosen by clicking where it leads).
function place(c, picked, step) {
  if (step.at) return step.at;
  for (let i = picked.length + 1; i < c.seq.length; i += 1) {
    if (c.seq[i].at) return c.seq[i].at;
  }
  return null;
}

// What can be done after `picked`: the options for the next step (each with the one place
// on the board that chooses it, if it has one of its own) and the moves already named.
export function look(cands, picked) {
  const remaining = cands.filter((c) => fits(c, picked));
  const done = new Map();
  const options = new Map();
  for (const c of remaining) {
    if (complete(c, picked)) {
      done.set(c.move.n, c.move);
      continue;
    }
    for (const step of next(c, picked)) {
      let option = options.get(step.t);
      if (!option) options.set(step.t, (option = { t: step.t, places: new Set() }));
      option.places.add(place(c, picked, step));
    }
  }
  const list = [...options.values()];
  const claims = new Map();
  for (const option of list) {
    option.at = option.places.size === 1 ? [...option.places][0] : null;
    if (option.at) claims.set(option.at, (claims.get(option.at) || 0) + 1);
  }
  for (const option of list) {
    if (option.at && claims.get(option.at) > 1) option.at = null;
  }
  return { options: list, done: [...done.values()] };
}

// Steps with nothing to decide are taken for the player: a lone option with nowhere to
// click, or one at the very place the player just clicked (`via`).
export function walk(cands, picked, via = null) {
  const path = [...picked];
  for (;;) {
    const seen = look(cands, path);
    const lone = seen.options.length === 1 ? seen.options[0] : null;
    if (seen.done.length || !lone || (lone.at && lone.at !== via)) return { path, seen };
    path.push(lone.t);
  }
}
