// The analysis board: a player's own lines on a position of their match, kept by the server
// (bot/service/analysis.py). The board page (app.js) draws the position this module hands it
// and offers its legal steps with the same taps as in play; a chosen step comes back here
// (`play`) and is sent to the server, which checks it on the rules engine and keeps it. This
// module draws the rest: the banner, the tree of lines, its buttons and the private note.
// Nothing is ever played from here; leaving hands the page back its live game.

const MAX_DEPTH_INDENT = 6; // nested variations stop indenting further (a phone is narrow)

export class Analysis {
  // `api` asks the match's routes with the page's credential; `t` says the page's words;
  // `changed(position)` tells the page what to draw (null: the live game again).
  constructor({ api, t, changed }) {
    this.api = api;
    this.t = t;
    this.changed = changed;
    this.data = null; // the server's last answer, while analysing
    this.busy = false;
    this.panel = document.getElementById('analysis-panel');
    this.banner = document.getElementById('analysis-banner');
    document.addEventListener('keydown', (event) => this.key(event));
  }

  get on() {
    return this.data !== null;
  }

  // Open at the game's position after `ply` steps (the live one, or a replay's).
  async open(ply) {
    await this.ask(`/analysis?ply=${Math.max(0, ply)}`);
  }

  leave() {
    this.data = null;
    this.draw();
    this.changed(null);
  }

  async goto(node) {
    if (node === null || node === undefined) return;
    await this.ask(`/analysis?node=${node}`);
  }

  // A step chosen on the board: after the position shown. Where chance decides how it
  // falls, the server answers with the outcomes instead, and the player's pick comes back
  // here as `outcome`.
  async play(notation, outcome = null) {
    const { at, ply } = this.data;
    const body = at === null ? { op: 'move', ply, move: notation } : { op: 'move', node: at, move: notation };
    if (outcome !== null) body.outcome = outcome;
    await this.change(body);
  }

  async ask(path) {
    const answer = await this.api(path);
    await this.took(answer);
  }

  async change(body) {
    if (this.busy) return;
    this.busy = true;
    try {
      const answer = await this.api('/analysis', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      await this.took(answer);
    } finally {
      this.busy = false;
    }
  }

  // The server's answer: a new position to draw, or one sentence saying why not (nothing
  // changed then: the position stays as it was).
  async took(answer) {
    const body = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      this.say(body.error || '');
      return;
    }
    this.data = body;
    this.draw();
    this.changed(body);
    this.say(body.ok === false ? body.text : body.text ? body.text : '');
  }

  say(text) {
    const line = document.getElementById('analysis-said');
    if (line) line.textContent = text || '';
  }

  get nodes() {
    return new Map((this.data?.tree || []).map((node) => [node.id, node]));
  }

  // Back, forward (the main line), and the neighbouring lines, as the arrow keys walk them.
  parent() {
    const node = this.nodes.get(this.data.at);
    return node ? node.p : null;
  }

  child() {
    const { at, ply } = this.data;
    if (at === null) {
      const root = this.data.tree.find((node) => node.p === null && node.ply === ply);
      return root?.c[0] ?? null;
    }
    return this.nodes.get(at)?.c[0] ?? null;
  }

  sibling(step) {
    const node = this.nodes.get(this.data.at);
    if (!node || node.p === null) return null;
    const around = this.nodes.get(node.p).c;
    return around[around.indexOf(node.id) + step] ?? null;
  }

  key(event) {
    if (!this.on || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.('input, textarea, select, #board')) return;
    const go = {
      ArrowLeft: () => this.parent(),
      ArrowRight: () => this.child(),
      ArrowUp: () => this.sibling(-1),
      ArrowDown: () => this.sibling(1),
    }[event.key];
    if (!go) return;
    event.preventDefault();
    this.goto(go());
  }

  draw() {
    document.body.classList.toggle('analysing', this.on);
    this.banner.hidden = !this.on;
    this.panel.hidden = !this.on;
    if (!this.on) {
      this.panel.replaceChildren();
      return;
    }
    const { t } = this;
    const d = this.data;
    this.banner.replaceChildren(
      make('strong', {}, t('analysis.banner')),
      ' ',
      d.running ? make('span', {}, t('analysis.fair')) : '',
    );
    const tools = make('div', { class: 'tools analysis-tools' });
    const tool = (id, text, action, enabled = true, extra = {}) => {
      const made = make('button', { type: 'button', id, ...extra }, text);
      made.disabled = !enabled;
      made.addEventListener('click', action);
      tools.append(made);
      return made;
    };
    const here = this.nodes.get(d.at);
    tool('analysis-back', '◀', () => this.goto(this.parent()), here !== undefined, { 'aria-label': t('analysis.back') });
    tool('analysis-forward', '▶', () => this.goto(this.child()), this.child() !== null, { 'aria-label': t('analysis.forward') });
    tool('analysis-promote', t('analysis.promote'), () => this.change({ op: 'promote', node: d.at }), here?.p != null && this.nodes.get(here.p).c[0] !== d.at);
    tool('analysis-delete', t('analysis.delete'), () => this.change({ op: 'delete', node: d.at }), here !== undefined);
    if (d.two_players && d.running && d.ply === d.live_ply) {
      tool('analysis-keep', t('analysis.keep'), () => this.change({ op: 'keep', node: d.at }), here?.p != null);
    }
    tool('analysis-leave', t('analysis.leave'), () => this.leave(), true, { class: 'primary' });
    const said = make('p', { id: 'analysis-said', role: 'status', 'aria-live': 'polite' });
    const parts = [tools, said];
    if (d.ended) parts.push(make('p', { class: 'hint' }, t('analysis.over')));
    else if (!d.moves.length) parts.push(make('p', { class: 'hint', id: 'analysis-stopped' }, t('analysis.stopped')));
    parts.push(this.drawChance(), this.drawPremoves(), this.drawTree(), this.drawNote());
    this.panel.replaceChildren(...parts.filter(Boolean));
  }

  // How a step chance decides may fall (a roll, a card drawn), for the player to pick one:
  // one button each, as the server words them; the line goes on from the one picked.
  drawChance() {
    const { chance } = this.data;
    if (!chance) return null;
    const box = make('div', { id: 'analysis-chance', role: 'group', 'aria-label': this.t('analysis.chance') });
    box.append(make('p', {}, this.t('analysis.chance')));
    for (const option of chance.outcomes) {
      const made = make('button', { type: 'button', class: 'analysis-outcome', 'data-outcome': String(option.outcome) }, option.label);
      made.addEventListener('click', () => this.play(chance.move, option.outcome));
      box.append(made);
    }
    return box;
  }

  drawPremoves() {
    const { premoves } = this.data;
    if (!premoves.length) return null;
    const box = make('div', { id: 'analysis-premoves' });
    box.append(make('p', {}, this.t('analysis.kept')));
    const list = make('ul');
    for (const line of premoves) list.append(make('li', {}, line));
    const cancel = make('button', { type: 'button', id: 'analysis-unkeep' }, this.t('analysis.unkeep'));
    cancel.addEventListener('click', () => this.change({ op: 'unkeep' }));
    box.append(list, cancel);
    return box;
  }

  // The lines: each root (a position of the game), then its main line in a row and every
  // other line indented beneath the step it branches from.
  drawTree() {
    const { t } = this;
    const d = this.data;
    const nodes = this.nodes;
    const box = make('nav', { id: 'analysis-tree', 'aria-label': t('analysis.lines') });
    box.append(make('h2', {}, t('analysis.lines')), make('p', { class: 'hint' }, t('analysis.count', { nodes: d.nodes, limit: d.node_limit })));
    const rootShown = d.tree.some((node) => node.p === null && node.ply === d.ply);
    const roots = d.tree.filter((node) => node.p === null);
    if (!rootShown) roots.push({ id: null, p: null, ply: d.ply, c: [] });
    roots.sort((a, b) => a.ply - b.ply);
    for (const root of roots) {
      const block = make('div', { class: 'analysis-root' });
      const name = root.ply === 0 ? t('analysis.start') : root.ply === d.live_ply ? t('analysis.live_root', { ply: root.ply }) : t('analysis.root', { ply: root.ply });
      block.append(this.nodeButton(root, name, root.id === d.at && d.ply === root.ply || (root.id === null && d.at === null)));
      if (root.c.length) block.append(this.drawLine(root.c, nodes, 0));
      else if (root.ply === d.ply && d.at === root.id) block.append(make('p', { class: 'hint' }, t('analysis.empty')));
      box.append(block);
    }
    return box;
  }

  drawLine(children, nodes, depth) {
    const line = make('div', { class: 'analysis-line' });
    line.style.setProperty('--depth', String(Math.min(depth, MAX_DEPTH_INDENT))); // CSSOM: no inline style attribute
    let next = children;
    while (next.length) {
      const [main, ...others] = next;
      const node = nodes.get(main);
      if (!node) break;
      const text = node.label || node.n.replace(/ @\d+$/, '');
      line.append(this.nodeButton(node, node.chance ? `${text} (${this.t('analysis.chance_mark')})` : text, node.id === this.data.at));
      for (const other of others) line.append(this.drawLine([other], nodes, depth + 1));
      next = node.c;
    }
    return line;
  }

  nodeButton(node, text, current) {
    const made = make('button', { type: 'button', class: 'analysis-node', 'data-node': node.id ?? '' }, text);
    if (node.eval !== undefined) {
      made.append(make('small', { class: 'analysis-eval' }, ` ${this.t('analysis.eval', { percent: Math.round(node.eval * 100) })}`));
    }
    if (current) made.setAttribute('aria-current', 'step');
    made.addEventListener('click', () => (node.id === null ? this.open(node.ply) : this.goto(node.id)));
    return made;
  }

  drawNote() {
    const { t } = this;
    const box = make('form', { id: 'analysis-note' });
    const label = make('label', { for: 'analysis-note-text' }, t('analysis.note'));
    const text = make('textarea', { id: 'analysis-note-text', rows: '3', maxlength: String(this.data.note_limit) });
    text.value = this.data.note;
    const save = make('button', { type: 'submit' }, t('analysis.save_note'));
    box.append(label, text, save);
    box.addEventListener('submit', async (event) => {
      event.preventDefault();
      await this.change({ op: 'note', note: text.value, node: this.data.at });
      if (this.data.note === text.value.trim()) this.say(t('analysis.note_saved'));
    });
    return box;
  }
}

function make(tag, attrs = {}, text = '') {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) made.setAttribute(key, value);
  if (text) made.textContent = text;
  return made;
}
