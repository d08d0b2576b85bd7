// The playground page (tools/playground). The WebAssembly of
// cmd/playground-wasm computes every number (package playground, the
// library's solvers); this script only keeps the state, draws it on the
// canvas #plane and writes the result into #result's data-result.
// The state is the URL fragment: playground.html#algo=svm&C=10&points=3,3,1;…
'use strict';

const $ = (id) => document.getElementById(id);
const W = JSON.parse($('words').textContent); // the page's words, in its language
const LANG = document.documentElement.lang.startsWith('zh') ? 'zh' : 'en';
const GRID = 72; // decision values per side of the plane
const XI = 1e-3; // slacks ξᵢ shown: above the solvers' tolerance (svm.DefaultEps)
const COLOURS = { pos: '#1f5fbf', neg: '#c0392b', posBg: [214, 228, 250], negBg: [250, 221, 216] };

let api; // marginnotesPlayground, set by the WebAssembly
let st; // the state: {points: [[x1, x2, label]…], algo, C, kernel, p, sigma, eta, order, seed, step}
let out; // the last Output of run
let view; // [x0, x1, y0, y1], fixed until a preset or a fragment is opened
let grid; // the decision values of the last fit, or null
let cls = 1; // the class a click adds
let selected = -1; // the selected point
let drag = null; // {i, moved} while a point is dragged
const undo = [], redo = [];

// ---- the WebAssembly, embedded gzip-compressed in base64 (fetch fails from file://)
async function loadWasm() {
  const b64 = $('wasm').textContent.trim();
  const bin = atob(b64);
  const gz = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) gz[i] = bin.charCodeAt(i);
  const stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'));
  const bytes = await new Response(stream).arrayBuffer();
  const go = new Go();
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  go.run(instance);
  api = window.marginnotesPlayground;
}

// ---- the state and the fragment
function num(v) { return String(+v); }

function fragment(s) {
  const parts = [];
  if (s.algo !== 'primal') parts.push('algo=' + s.algo);
  if (s.kernel !== 'linear' && (s.algo === 'svm' || s.algo === 'smo')) parts.push('kernel=' + s.kernel);
  if (s.C > 0 && (s.algo === 'svm' || s.algo === 'smo')) parts.push('C=' + num(s.C));
  if (s.kernel === 'poly' && s.p !== 2) parts.push('p=' + s.p);
  if (s.kernel === 'gauss' && s.sigma !== 1) parts.push('sigma=' + num(s.sigma));
  if (s.eta !== 1 && (s.algo === 'primal' || s.algo === 'dual')) parts.push('eta=' + num(s.eta));
  if (s.order !== 'cyclic' && (s.algo === 'primal' || s.algo === 'dual')) parts.push('order=' + s.order);
  if (s.seed !== 1) parts.push('seed=' + s.seed);
  if (s.step >= 0 && s.algo !== 'svm') parts.push('step=' + s.step);
  if (s.points.length) parts.push('points=' + s.points.map((p) => p.map(num).join(',')).join(';'));
  return parts.join('&');
}

// fit runs the state (or a fragment, whose view it takes unless keepView)
// and draws; it returns the milliseconds that took.
function fit(frag, keepView) {
  const t0 = performance.now();
  out = JSON.parse(api.run(frag === undefined ? fragment(st) : frag, LANG));
  st = out.state;
  if (!view || (frag !== undefined && !keepView)) view = out.view;
  grid = null;
  if (out.result.status !== 'error') {
    const buf = new Uint8Array(8 * GRID * GRID);
    if (api.grid(view[0], view[1], view[2], view[3], GRID, GRID, buf)) grid = new Float64Array(buf.buffer);
  }
  try { history.replaceState(null, '', '#' + fragment(st)); } catch (e) { /* about:srcdoc in a notebook */ }
  draw();
  show();
  const ms = performance.now() - t0;
  const r = $('result');
  r.dataset.result = JSON.stringify(out.result);
  r.dataset.ms = ms.toFixed(2);
  return ms;
}

// change records the state for undo, applies f to it and fits.
function change(f) {
  undo.push(fragment(st));
  redo.length = 0;
  f(st);
  return fit();
}

function restore(from, to) {
  if (!from.length) return;
  to.push(fragment(st));
  selected = -1;
  fit(from.pop(), true);
}

// ---- drawing: the same calls on the canvas and into an SVG string
function toPx(x, y) {
  const c = $('plane');
  return [(x - view[0]) / (view[1] - view[0]) * c.width, (view[3] - y) / (view[3] - view[2]) * c.height];
}

function fromPx(px, py) {
  const c = $('plane'), r = c.getBoundingClientRect();
  const sx = (px - r.left) / r.width, sy = (py - r.top) / r.height;
  return [view[0] + sx * (view[1] - view[0]), view[3] - sy * (view[3] - view[2])];
}

// canvasPen and svgPen draw the same figure; draw calls one of them.
function canvasPen(ctx) {
  const style = (o) => {
    ctx.strokeStyle = o.stroke || 'none'; ctx.fillStyle = o.fill || 'none';
    ctx.lineWidth = o.width || 1; ctx.setLineDash(o.dash || []);
  };
  return {
    image(img) { ctx.drawImage(img, 0, 0, ctx.canvas.width, ctx.canvas.height); },
    path(pts, o) {
      style(o); ctx.beginPath();
      pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      if (o.close) ctx.closePath();
      if (o.fill) ctx.fill();
      if (o.stroke) ctx.stroke();
    },
    circle(x, y, r, o) {
      style(o); ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI);
      if (o.fill) ctx.fill();
      if (o.stroke) ctx.stroke();
    },
    text(x, y, s, o) { ctx.fillStyle = o.fill || '#222'; ctx.font = (o.size || 12) + 'px sans-serif'; ctx.textAlign = o.align || 'left'; ctx.fillText(s, x, y); },
  };
}

function svgPen(parts, w, h) {
  const attr = (o) => `fill="${o.fill || 'none'}" stroke="${o.stroke || 'none'}" stroke-width="${o.width || 1}"` +
    (o.dash ? ` stroke-dasharray="${o.dash.join(' ')}"` : '');
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const f = (v) => +v.toFixed(2);
  return {
    image(img) { parts.push(`<image x="0" y="0" width="${w}" height="${h}" preserveAspectRatio="none" href="${img.toDataURL('image/png')}"/>`); },
    path(pts, o) { parts.push(`<path d="${pts.map(([x, y], i) => (i ? 'L' : 'M') + f(x) + ' ' + f(y)).join('')}${o.close ? 'Z' : ''}" ${attr(o)}/>`); },
    circle(x, y, r, o) { parts.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${r}" ${attr(o)}/>`); },
    text(x, y, s, o) { parts.push(`<text x="${f(x)}" y="${f(y)}" font-family="sans-serif" font-size="${o.size || 12}" text-anchor="${{ left: 'start', center: 'middle', right: 'end' }[o.align || 'left']}" fill="${o.fill || '#222'}">${esc(s)}</text>`); },
  };
}

// regions paints the sign of f on a GRID × GRID image.
function regions() {
  const img = document.createElement('canvas');
  img.width = img.height = GRID;
  const ctx = img.getContext('2d'), data = ctx.createImageData(GRID, GRID);
  for (let i = 0; i < GRID * GRID; i++) {
    const c = grid[i] >= 0 ? COLOURS.posBg : COLOURS.negBg;
    data.data.set([c[0], c[1], c[2], 255], 4 * i);
  }
  ctx.putImageData(data, 0, 0);
  return img;
}

// contour returns the segments of the level set f = level of the grid
// (marching squares), in pixels.
function contour(level, w, h) {
  const segs = [], cw = w / GRID, ch = h / GRID;
  const at = (r, c) => grid[r * GRID + c] - level;
  const cross = (a, b, pa, pb) => { const t = a / (a - b); return [pa[0] + t * (pb[0] - pa[0]), pa[1] + t * (pb[1] - pa[1])]; };
  for (let r = 0; r + 1 < GRID; r++) {
    for (let c = 0; c + 1 < GRID; c++) {
      const v = [at(r, c), at(r, c + 1), at(r + 1, c + 1), at(r + 1, c)];
      const p = [[(c + 0.5) * cw, (r + 0.5) * ch], [(c + 1.5) * cw, (r + 0.5) * ch], [(c + 1.5) * cw, (r + 1.5) * ch], [(c + 0.5) * cw, (r + 1.5) * ch]];
      const pts = [];
      for (let k = 0; k < 4; k++) {
        const a = v[k], b = v[(k + 1) % 4];
        if ((a < 0) !== (b < 0)) pts.push(cross(a, b, p[k], p[(k + 1) % 4]));
      }
      if (pts.length >= 2) segs.push([pts[0], pts[1]]);
      if (pts.length === 4) segs.push([pts[2], pts[3]]);
    }
  }
  return segs;
}

// chain joins the segments of a level set into polylines, so that a dashed
// line keeps its pattern from cell to cell.
function chain(segs) {
  const key = (q) => q[0].toFixed(2) + ',' + q[1].toFixed(2);
  const at = new Map();
  segs.forEach((s, i) => s.forEach((q) => { const k = key(q); if (!at.has(k)) at.set(k, []); at.get(k).push(i); }));
  const used = segs.map(() => false), lines = [];
  segs.forEach((s, i) => {
    if (used[i]) return;
    used[i] = true;
    const line = [s[0], s[1]];
    for (const atEnd of [true, false]) {
      for (;;) {
        const tip = atEnd ? line[line.length - 1] : line[0];
        const j = (at.get(key(tip)) || []).find((k) => !used[k]);
        if (j === undefined) break;
        used[j] = true;
        const next = key(segs[j][0]) === key(tip) ? segs[j][1] : segs[j][0];
        if (atEnd) line.push(next); else line.unshift(next);
      }
    }
    lines.push(line);
  });
  return lines;
}

function ticks(lo, hi) {
  const step = Math.pow(10, Math.floor(Math.log10((hi - lo) / 4)));
  const s = [1, 2, 5, 10].map((m) => m * step).find((d) => (hi - lo) / d <= 8);
  const t = [];
  for (let v = Math.ceil(lo / s) * s; v <= hi; v += s) t.push(+v.toFixed(10));
  return t;
}

function figure(pen, w, h) {
  const px = (x, y) => [(x - view[0]) / (view[1] - view[0]) * w, (view[3] - y) / (view[3] - view[2]) * h];
  if (grid) pen.image(regions());
  else pen.path([[0, 0], [w, 0], [w, h], [0, h]], { fill: '#f4f4f4', close: true });
  for (const t of ticks(view[0], view[1])) {
    const [x] = px(t, 0);
    pen.path([[x, 0], [x, h]], { stroke: 'rgba(0,0,0,0.08)' });
    pen.text(x + 2, h - 4, num(t), { size: 10, fill: '#666' });
  }
  for (const t of ticks(view[2], view[3])) {
    const [, y] = px(0, t);
    pen.path([[0, y], [w, y]], { stroke: 'rgba(0,0,0,0.08)' });
    pen.text(2, y - 2, num(t), { size: 10, fill: '#666' });
  }
  pen.text(w - 4, h - 16, 'x⁽¹⁾', { align: 'right', fill: '#444' });
  pen.text(6, 14, 'x⁽²⁾', { fill: '#444' });
  if (grid) {
    const svm = st.algo === 'svm' || st.algo === 'smo';
    for (const [level, o] of [[0, { stroke: '#111', width: 2 }], [1, { stroke: '#333', dash: [6, 4] }], [-1, { stroke: '#333', dash: [6, 4] }]]) {
      if (level !== 0 && !svm) continue;
      for (const line of chain(contour(level, w, h))) pen.path(line, o);
    }
  }
  if (out.meet) {
    const [x, y] = px(out.meet[0], out.meet[1]);
    pen.path([[x - 7, y - 7], [x + 7, y + 7]], { stroke: '#7b2d8b', width: 2 });
    pen.path([[x - 7, y + 7], [x + 7, y - 7]], { stroke: '#7b2d8b', width: 2 });
    pen.text(x + 9, y - 6, W.meet, { fill: '#7b2d8b' });
  }
  const free = new Set(out.free || []), bounded = new Set(out.bounded || []);
  const far = new Set(out.far || []);
  st.points.forEach(([a, b, y], i) => {
    let [x, yy] = px(a, b);
    if (far.has(i)) { x = Math.min(Math.max(x, 8), w - 8); yy = Math.min(Math.max(yy, 8), h - 8); }
    const col = y > 0 ? COLOURS.pos : COLOURS.neg;
    if (y > 0) pen.circle(x, yy, 6, { fill: col, stroke: '#fff', width: 1.5 });
    else pen.path([[x - 5.5, yy - 5.5], [x + 5.5, yy - 5.5], [x + 5.5, yy + 5.5], [x - 5.5, yy + 5.5]], { fill: col, stroke: '#fff', width: 1.5, close: true });
    if (free.has(i)) pen.circle(x, yy, 10, { stroke: '#111', width: 1.5 });
    if (bounded.has(i)) pen.circle(x, yy, 10, { stroke: '#111', width: 1.5, dash: [3, 2] });
    if (i === out.highlight) pen.circle(x, yy, 14, { stroke: '#e67e00', width: 3 });
    if (i === selected) pen.circle(x, yy, 17, { stroke: '#2a9d8f', width: 1.5, dash: [2, 2] });
    if (st.points.length <= 40) {
      let label = 'x' + sub(i + 1);
      if (out.xi && out.xi[i] > XI) label += ' ξ=' + fmt(out.xi[i], 2);
      pen.text(x + 8, yy - 8, label, { size: 11 });
    }
  });
}

const SUB = '₀₁₂₃₄₅₆₇₈₉';
function sub(n) { return String(n).replace(/\d/g, (d) => SUB[d]); }
function fmt(v, d = 4) { return v === undefined || v === null ? '∞' : String(+(+v).toPrecision(d)); }

function draw() {
  const c = $('plane'), ctx = c.getContext('2d');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, c.width, c.height);
  figure(canvasPen(ctx), c.width, c.height);
}

// ---- the panels beside the plane
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }

function table(head, rows) {
  const t = el('table');
  const tr = el('tr');
  head.forEach((h) => tr.appendChild(el('th', h)));
  t.appendChild(tr);
  for (const r of rows) {
    const row = el('tr');
    r.forEach((v) => row.appendChild(el('td', v)));
    t.appendChild(row);
  }
  return t;
}

function show() {
  const r = out.result;
  const msg = $('message');
  msg.textContent = r.message || W.status[r.status] || r.status;
  msg.className = 'status-' + r.status.replace(/ /g, '-');
  const notes = $('notes');
  notes.replaceChildren(...(out.notes || []).map((n) => el('li', n)));
  if (r.status === 'not separable' && (st.algo === 'svm' || st.algo === 'smo') && !(st.C > 0)) {
    // A hard margin that does not exist: offer the soft margin.
    const b = el('button', W.offerC);
    b.id = 'offer-c';
    b.addEventListener('click', () => change((s) => { s.C = 1; s.step = -1; }));
    const li = el('li');
    li.appendChild(b);
    notes.appendChild(li);
  }
  syncControls();
  const d = $('details');
  d.replaceChildren();
  const steps = r.steps || 0;
  $('stepper').hidden = !(st.algo !== 'svm' && r.step !== undefined);
  $('step').max = steps;
  $('step').value = r.step === undefined ? steps : r.step;
  $('stepinfo').textContent = W.stepOf.replace('%d', r.step === undefined ? steps : r.step).replace('%d', steps);
  if (r.status === 'error') return;
  if (st.algo === 'primal' || st.algo === 'dual') {
    if (out.table) {
      const n = st.points.length;
      const head = st.algo === 'primal' ? [W.k, W.mis, 'w', 'b'] : [W.k, W.mis, ...st.points.map((_, i) => 'α' + sub(i + 1)), 'b'];
      const rows = out.table.map((t) => [String(t.k), t.point < 0 ? '' : 'x' + sub(t.point + 1),
        ...(st.algo === 'primal' ? ['(' + t.w.map((v) => fmt(v)).join(', ') + ')ᵀ'] : t.alpha.map((v) => fmt(v))), fmt(t.b)]);
      d.appendChild(el('h3', st.algo === 'primal' ? W.table21 : W.table22));
      d.appendChild(n > 12 && st.algo === 'dual' ? el('p', W.tooMany) : table(head, rows));
    }
    if (out.gram) {
      d.appendChild(el('h3', W.gram));
      d.appendChild(table(['', ...st.points.map((_, i) => 'x' + sub(i + 1))], out.gram.map((row, i) => ['x' + sub(i + 1), ...row.map((v) => fmt(v))])));
    }
    if (r.R !== undefined) {
      d.appendChild(el('h3', W.novikoff));
      d.appendChild(el('p', `R = ${fmt(r.R)}, γ = ${fmt(r.gamma)}, (R/γ)² = ${fmt(r.bound)}; k = ${r.step}` + (r.steps !== r.step ? ` (${W.ofSteps.replace('%d', r.steps)})` : '')));
    }
  }
  if (st.algo === 'svm' || st.algo === 'smo') {
    const lines = [];
    if (r.w) lines.push(`w = (${r.w.map((v) => fmt(v)).join(', ')})ᵀ, b = ${fmt(r.b)}, 2/‖w‖ = ${fmt(2 / Math.hypot(r.w[0], r.w[1]))}`);
    else if (r.b !== undefined) lines.push(`b = ${fmt(r.b)}`);
    lines.push(W.sv + ': ' + ((r.support || []).map((i) => 'x' + sub(i + 1)).join(', ') || '—'));
    if (out.bounded && out.bounded.length) lines.push(W.bounded + ': ' + out.bounded.map((i) => 'x' + sub(i + 1)).join(', '));
    if (out.xi) {
      const v = out.xi.map((x, i) => [x, i]).filter(([x]) => x > XI);
      if (v.length) lines.push('ξ: ' + v.slice(0, 20).map(([x, i]) => `ξ${sub(i + 1)} = ${fmt(x, 3)}`).join(', ') + (v.length > 20 ? ' …' : ''));
    }
    lines.forEach((l) => d.appendChild(el('p', l)));
    if (out.pair) {
      const p = out.pair;
      d.appendChild(el('h3', W.pair));
      d.appendChild(table([W.pairHead[0], W.pairHead[1], '[L, H]', W.pairHead[2], W.pairHead[3], 'α₁', 'b', 'E₁', 'E₂'],
        [['x' + sub(p.i1 + 1), 'x' + sub(p.i2 + 1), `[${fmt(p.L)}, ${fmt(p.H)}]`, fmt(p.unclipped), fmt(p.new2), fmt(p.new1), fmt(p.b), fmt(p.e1), fmt(p.e2)]]));
    }
    if (out.errors && st.points.length <= 20) {
      d.appendChild(el('h3', W.errors));
      d.appendChild(table(st.points.map((_, i) => 'E' + sub(i + 1)), [out.errors.map((v) => fmt(v))]));
    }
  }
  if (r.alpha && st.points.length <= 20 && st.algo !== 'primal') d.appendChild(el('p', 'α = (' + r.alpha.map((v) => fmt(v)).join(', ') + ')'));
}

// ---- controls
function syncControls() {
  // The preset whose points these are, else "your own points" (value ""),
  // which has no seed to renew.
  $('preset').value = out.preset || '';
  $('reseed').disabled = !out.preset;
  $('algo').value = st.algo;
  $('kernel').value = st.kernel;
  $('soft').checked = st.C > 0;
  $('logC').disabled = !(st.C > 0);
  if (st.C > 0) $('logC').value = Math.log10(st.C);
  $('Cval').textContent = st.C > 0 ? 'C = ' + fmt(st.C, 3) : W.hard;
  $('p').value = st.p;
  $('sigma').value = st.sigma;
  $('eta').value = st.eta;
  $('order').value = st.order;
  $('seed').value = st.seed;
  const perc = st.algo === 'primal' || st.algo === 'dual';
  for (const e of document.querySelectorAll('.perc')) e.hidden = !perc;
  for (const e of document.querySelectorAll('.svm')) e.hidden = perc;
  $('pbox').hidden = perc || st.kernel !== 'poly';
  $('sigmabox').hidden = perc || st.kernel !== 'gauss';
  $('gammaval').textContent = `(LIBSVM γ = 1/(2σ²) = ${fmt(1 / (2 * st.sigma * st.sigma), 3)})`;
  $('cls-pos').classList.toggle('on', cls > 0);
  $('cls-neg').classList.toggle('on', cls < 0);
}

function pointAt(ev) {
  const c = $('plane'), r = c.getBoundingClientRect();
  let best = -1, bd = 12 * 12;
  st.points.forEach(([a, b], i) => {
    const [x, y] = toPx(a, b);
    const dx = x * r.width / c.width + r.left - ev.clientX, dy = y * r.height / c.height + r.top - ev.clientY;
    if (dx * dx + dy * dy < bd) { bd = dx * dx + dy * dy; best = i; }
  });
  return best;
}

function round(v) { return +v.toFixed(Math.max(0, 2 - Math.floor(Math.log10(view[1] - view[0])))); }

function setupPlane() {
  const c = $('plane');
  c.addEventListener('mousedown', (ev) => {
    ev.preventDefault();
    c.focus();
    const i = pointAt(ev);
    if (i >= 0 && (ev.altKey || ev.ctrlKey || ev.metaKey)) {
      selected = -1;
      change((s) => { s.points.splice(i, 1); s.step = -1; });
      return;
    }
    if (i >= 0) {
      selected = i;
      drag = { i, moved: false, before: fragment(st) };
      draw();
      return;
    }
    const [x, y] = fromPx(ev.clientX, ev.clientY);
    selected = -1;
    change((s) => { s.points.push([round(x), round(y), ev.shiftKey ? -cls : cls]); s.step = -1; });
  });
  // A drag refits at most once a frame, with the latest position: a slow
  // fit (many points) then skips positions instead of falling behind.
  let pending = null;
  const move = () => {
    if (!drag || pending === null) return;
    const [x, y] = pending;
    pending = null;
    const p = st.points[drag.i];
    p[0] = round(Math.min(Math.max(x, view[0]), view[1]));
    p[1] = round(Math.min(Math.max(y, view[2]), view[3]));
    drag.moved = true;
    st.step = -1;
    fit();
  };
  c.addEventListener('mousemove', (ev) => {
    if (!drag) return;
    if (pending === null) requestAnimationFrame(move);
    pending = fromPx(ev.clientX, ev.clientY);
  });
  window.addEventListener('mouseup', () => {
    move();
    if (drag && drag.moved) { undo.push(drag.before); redo.length = 0; }
    drag = null;
  });
  c.addEventListener('keydown', (ev) => {
    if ((ev.key === 'Delete' || ev.key === 'Backspace') && selected >= 0) {
      const i = selected;
      selected = -1;
      change((s) => { s.points.splice(i, 1); s.step = -1; });
      ev.preventDefault();
    }
  });
  document.addEventListener('keydown', (ev) => {
    if (!(ev.ctrlKey || ev.metaKey)) return;
    if (ev.key === 'z' && !ev.shiftKey) { restore(undo, redo); ev.preventDefault(); }
    if (ev.key === 'y' || (ev.key === 'z' && ev.shiftKey)) { restore(redo, undo); ev.preventDefault(); }
  });
}

function download(name, type, text) {
  const a = el('a');
  a.href = text.startsWith('data:') ? text : URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

// exportText returns the export of a kind: svg, png (a data: URL), csv,
// libsvm, model or link; the buttons download it, tests call it.
function exportText(kind) {
  if (kind === 'svg') {
    const w = 560, h = 560, parts = [];
    figure(svgPen(parts, w, h), w, h);
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>\n`;
  }
  if (kind === 'png') return $('plane').toDataURL('image/png');
  if (kind === 'link') {
    // Inside a notebook the page is an iframe's document (about:srcdoc): name the site's page.
    const here = location.protocol === 'about:' ? 'playground.html' : location.href.split('#')[0];
    return here + '#' + fragment(st);
  }
  const r = JSON.parse(api.exportText(kind));
  if (r.error) throw new Error(r.error);
  return r.text;
}

function setupControls() {
  const on = (id, ev, f) => $(id).addEventListener(ev, f);
  on('algo', 'change', () => change((s) => { s.algo = $('algo').value; s.step = -1; }));
  on('kernel', 'change', () => change((s) => { s.kernel = $('kernel').value; s.step = -1; }));
  on('soft', 'change', () => change((s) => { s.C = $('soft').checked ? Math.pow(10, +$('logC').value) : 0; s.step = -1; }));
  on('logC', 'input', () => { st.C = +Math.pow(10, +$('logC').value).toPrecision(3); st.step = -1; fit(); });
  on('logC', 'change', () => change(() => {}));
  for (const id of ['p', 'sigma', 'eta', 'seed']) {
    on(id, 'change', () => {
      const v = +$(id).value;
      if (!(v > 0) && id !== 'seed') { syncControls(); return; }
      change((s) => { s[id] = id === 'p' || id === 'seed' ? Math.round(v) : v; s.step = -1; });
    });
  }
  on('order', 'change', () => change((s) => { s.order = $('order').value; s.step = -1; }));
  on('step', 'input', () => { st.step = +$('step').value; fit(); });
  on('first', 'click', () => { st.step = 0; fit(); });
  on('prev', 'click', () => { st.step = Math.max(0, (out.result.step || 0) - 1); fit(); });
  on('next', 'click', () => { st.step = Math.min(out.result.steps, (out.result.step || 0) + 1); fit(); });
  on('last', 'click', () => { st.step = -1; fit(); });
  on('cls-pos', 'click', () => { cls = 1; syncControls(); });
  on('cls-neg', 'click', () => { cls = -1; syncControls(); });
  on('undo', 'click', () => restore(undo, redo));
  on('redo', 'click', () => restore(redo, undo));
  on('clear', 'click', () => change((s) => { s.points = []; s.step = -1; }));
  on('preset', 'change', () => openPreset($('preset').value));
  on('reseed', 'click', () => openPreset($('preset').value, (st.seed % 1000) + 1));
  const exports = { svg: ['playground.svg', 'image/svg+xml'], png: ['playground.png', 'image/png'], csv: ['points.csv', 'text/csv'],
    libsvm: ['points.libsvm', 'text/plain'], model: ['model.json', 'application/json'] };
  for (const [kind, [name, type]] of Object.entries(exports)) {
    on('export-' + kind, 'click', () => {
      try { download(name, type, exportText(kind)); } catch (e) { $('message').textContent = e.message; }
    });
  }
  on('export-link', 'click', () => {
    const link = exportText('link');
    $('link').value = link;
    $('link').hidden = false;
    $('link').select();
  });
}

// openPreset opens preset name drawn with seed (default: the state's).
function openPreset(name, seed = st.seed || 1) {
  const frag = name ? api.preset(name, seed) : '';
  if (!frag) { if (out) syncControls(); return; } // "your own points" chosen: the menu shows the points' preset again
  undo.push(fragment(st));
  redo.length = 0;
  selected = -1;
  fit(frag);
}

// ---- start: the fragment, else the state the page was made with, else Example 2.1
async function start() {
  setupPlane();
  setupControls();
  try {
    await loadWasm();
  } catch (e) {
    $('message').textContent = W.noWasm + ' (' + e.message + ')';
    return;
  }
  const initial = location.hash.slice(1) || $('state').textContent.trim();
  if (initial) fit(initial);
  else fit(api.preset('example21', 1));
  window.addEventListener('hashchange', () => {
    if (location.hash.slice(1) !== fragment(st)) { undo.push(fragment(st)); fit(location.hash.slice(1)); }
  });
  window.playground = { fit, exportText, state: () => st, output: () => out, view: () => view };
  document.body.dataset.readyMs = performance.now().toFixed(1); // since the page was opened
  document.body.dataset.ready = '1';
}

start();
