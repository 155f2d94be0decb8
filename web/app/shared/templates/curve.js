// The NDCG@k curve: NDCG at every cutoff, as a chart.
import { t } from '../i18n.js';
import { s } from '../templates.js';
import { count, fixed } from './numbers.js';

/** Points to draw: every k up to 400, else an even sample that keeps the last. */
function samplePoints(values) {
  const n = values.length;
  const step = Math.max(1, Math.ceil(n / 400));
  const out = [];
  for (let i = 0; i < n; i += step) out.push(i);
  if (out[out.length - 1] !== n - 1) out.push(n - 1);
  return out;
}

/** A small line chart of NDCG@k, built with DOM calls (no markup strings). */
export function curve(lang, r, d) {
  const values = r.ndcgAt;
  const n = values.length;
  if (!n) return null;
  const W = 360; const H = 150; const L = 34; const R = 10; const T = 10; const B = 26;
  const x = (i) => L + (n === 1 ? (W - L - R) / 2 : (i / (n - 1)) * (W - L - R));
  const y = (val) => T + (1 - Math.max(0, Math.min(1, val))) * (H - T - B);
  const kAt = r.k && r.k <= n ? r.k : n;
  const vk = values[kAt - 1];
  const desc = t(lang, 'curveDesc', { n: count(n), k: count(kAt), v: fixed(vk, d) });
  const svg = s('svg', { class: 'curve', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': desc, focusable: 'false' });
  svg.appendChild(s('title', null, desc));
  for (const g of [0, 0.5, 1]) {
    svg.appendChild(s('line', { class: 'grid', x1: L, x2: W - R, y1: y(g), y2: y(g) }));
    svg.appendChild(s('text', { class: 'axis', x: L - 6, y: y(g) + 4, 'text-anchor': 'end' }, g.toFixed(1)));
  }
  let path = '';
  for (const i of samplePoints(values)) {
    if (values[i] === null) continue;
    path += `${path ? 'L' : 'M'}${x(i).toFixed(1)},${y(values[i]).toFixed(1)}`;
  }
  if (path) svg.appendChild(s('path', { class: 'curve-line', d: path }));
  // The cutoff: a dot with its value and a tick on the axis, no line down to
  // zero (which read as the score collapsing there).
  if (vk !== null && vk !== undefined) {
    const cx = x(kAt - 1);
    svg.appendChild(s('line', { class: 'k-tick', x1: cx, x2: cx, y1: H - B, y2: H - B + 5 }));
    svg.appendChild(s('circle', { class: 'k-dot', cx, cy: y(vk), r: 3.5 }));
    const right = cx > (L + W - R) / 2;
    // The label sits on the side of the dot away from the line: below a high value, above a low one.
    svg.appendChild(s('text', { class: 'axis k-label', x: right ? cx - 7 : cx + 7, y: vk > 0.5 ? y(vk) + 18 : y(vk) - 8, 'text-anchor': right ? 'end' : 'start' },
      t(lang, 'curveCutoff', { k: count(r.k || n), v: fixed(vk, d) })));
  }
  svg.appendChild(s('text', { class: 'axis', x: L, y: H - 8, 'text-anchor': 'start' }, '1'));
  svg.appendChild(s('text', { class: 'axis', x: W - R, y: H - 8, 'text-anchor': 'end' }, count(n)));
  svg.appendChild(s('text', { class: 'axis', x: (L + W - R) / 2, y: H - 8, 'text-anchor': 'middle' }, t(lang, 'curveAxisK')));
  return svg;
}
