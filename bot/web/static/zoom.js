// Pan and zoom for a board too big for a phone (FENCE!'s city, Fuer, Fonver): drag or swipe
// to move, wheel or pinch to zoom, buttons for both. A press that moved is a pan, never a
// click. The view never shows more than the whole board, and never empty space beside a
// board that is wider than the view.

const DRAG = 6; // px a pointer may move and still count as a click
const MOSTLY = 0.75; // a view this much of the whole board's width is shown as the whole board

export function zoomable(svg, onChange = () => {}) {
  const whole = { x: 0, y: 0, w: Number(svg.dataset.width), h: Number(svg.dataset.height) };
  let box = { ...whole };
  const pointers = new Map();
  let start = null;
  let dragged = false;
  const stop = new AbortController(); // a redrawn board drops the old one's listeners
  const signal = stop.signal;
  svg.classList.add('zoomable'); // a swipe on it pans the board, not the page

  const scale = () => {
    const rect = svg.getBoundingClientRect();
    return Math.min(rect.width / box.w, rect.height / box.h) || 1;
  };
  const apply = () => {
    svg.setAttribute('viewBox', `${box.x} ${box.y} ${box.w} ${box.h}`);
    onChange(scale(), { ...box });
  };
  // The shown box keeps the element's shape, so nothing is letterboxed.
  const aspect = () => {
    const rect = svg.getBoundingClientRect();
    return rect.width && rect.height ? rect.height / rect.width : whole.h / whole.w;
  };
  const fitted = () => {
    const a = aspect();
    const w = Math.max(whole.w, whole.h / a);
    return { x: whole.x + (whole.w - w) / 2, y: whole.y + (whole.h - w * a) / 2, w, h: w * a };
  };
  // Along each axis: a box wider than the board is centred on it, a narrower one stays on it.
  const within = (at, size, start, length) => (size >= length
    ? start + (length - size) / 2
    : Math.min(Math.max(at, start), start + length - size));
  const clamp = () => {
    box.w = Math.min(Math.max(box.w, whole.w / 10), fitted().w);
    box.h = box.w * aspect();
    box.x = within(box.x, box.w, whole.x, whole.w);
    box.y = within(box.y, box.h, whole.y, whole.h);
  };
  const toUser = (clientX, clientY) => {
    const rect = svg.getBoundingClientRect();
    const s = scale();
    const offX = (rect.width - box.w * s) / 2;
    const offY = (rect.height - box.h * s) / 2;
    return { x: box.x + (clientX - rect.left - offX) / s, y: box.y + (clientY - rect.top - offY) / s };
  };
  const zoomAt = (factor, clientX, clientY) => {
    const rect = svg.getBoundingClientRect();
    const cx = clientX ?? rect.left + rect.width / 2;
    const cy = clientY ?? rect.top + rect.height / 2;
    const before = toUser(cx, cy);
    box.w /= factor;
    box.h /= factor;
    clamp();
    const after = toUser(cx, cy);
    box.x += before.x - after.x;
    box.y += before.y - after.y;
    clamp();
    apply();
  };

  svg.addEventListener('pointerdown', (event) => {
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    start = { box: { ...box }, pointers: new Map([...pointers].map(([k, v]) => [k, { ...v }])) };
    dragged = false;
  });
  window.addEventListener('pointermove', (event) => {
    if (!pointers.has(event.pointerId) || !start) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const s = scale();
    if (pointers.size === 1) {
      const [id, now] = [...pointers][0];
      const from = start.pointers.get(id);
      if (!from) return;
      const dx = now.x - from.x;
      const dy = now.y - from.y;
      if (!dragged && Math.hypot(dx, dy) < DRAG) return;
      dragged = true;
      box.x = start.box.x - dx / s;
      box.y = start.box.y - dy / s;
      clamp();
      apply();
    } else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const [a0, b0] = [...start.pointers.values()];
      if (!a0 || !b0) return;
      const ratio = Math.hypot(a.x - b.x, a.y - b.y) / (Math.hypot(a0.x - b0.x, a0.y - b0.y) || 1);
      dragged = true;
      box = { ...start.box };
      zoomAt(ratio, (a.x + b.x) / 2, (a.y + b.y) / 2);
    }
  }, { signal });
  const release = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size) start = { box: { ...box }, pointers: new Map([...pointers].map(([k, v]) => [k, { ...v }])) };
  };
  window.addEventListener('pointerup', release, { signal });
  window.addEventListener('pointercancel', release, { signal });
  // A pan ends with a click on whatever is under the finger: swallow it.
  svg.addEventListener('click', (event) => {
    if (dragged) {
      event.stopPropagation();
      event.preventDefault();
      dragged = false;
    }
  }, true);
  svg.addEventListener('wheel', (event) => {
    event.preventDefault();
    zoomAt(Math.exp(-event.deltaY * 0.0015), event.clientX, event.clientY);
  }, { passive: false });

  const control = {
    zoomBy: (factor) => zoomAt(factor),
    fit: () => { box = fitted(); apply(); },
    // Show all of `region` (drawing units), centred, and no less than `least` units across;
    // the whole board, edges and all, where that would show most of it anyway.
    fitTo: (region, least = 0) => {
      const a = aspect();
      const w = Math.max(region.w, region.h / a, least);
      if (w > MOSTLY * fitted().w) {
        box = fitted();
      } else {
        box = { x: region.x + region.w / 2 - w / 2, y: region.y + region.h / 2 - (w * a) / 2, w, h: w * a };
        clamp();
      }
      apply();
    },
    // A first view of `across` units around (x, y), or the whole board if that shows more.
    start: (x, y, across) => {
      const whole_ = fitted();
      if (!across || across >= whole_.w) {
        box = whole_;
      } else {
        box = { x: x - across / 2, y: y - (across * aspect()) / 2, w: across, h: across * aspect() };
        clamp();
      }
      apply();
    },
    show: (x, y) => { // bring a place into view without changing the zoom
      if (x < box.x || x > box.x + box.w || y < box.y || y > box.y + box.h) {
        box.x = x - box.w / 2;
        box.y = y - box.h / 2;
        clamp();
        apply();
      }
    },
    keep: (other) => { if (other) { box = { ...other.box() }; clamp(); } apply(); },
    box: () => ({ ...box }),
    at: (clientX, clientY) => toUser(clientX, clientY), // a point on screen, in drawing units
    scale,
    destroy: () => stop.abort(),
  };
  return control;
}
