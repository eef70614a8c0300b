/** Inline SVG charts: score bars with interval whiskers, and a latency histogram. No chart library. */
import type { HistogramView, IntervalView } from '../shared/api-types.js';
import { fmtInt, fmtSeconds, fmtValue } from '../shared/format.js';
import { h, s } from './dom.js';
import { axisTicks, domainOf, tickLabel } from '../shared/axis.js';

export { domainOf } from '../shared/axis.js';

export interface BarRow {
  readonly label: string;
  readonly value: number | null;
  readonly interval: IntervalView | null;
  readonly href?: string;
  /** Shown instead of a bar when there is no value. */
  readonly note?: string;
}

/** One horizontal bar per row, its whisker spanning the interval, the value written at the right. */
export function scoreBars(
  rows: readonly BarRow[],
  title: string,
  declared: readonly [number, number] | null = null,
): SVGSVGElement {
  const [d0, d1] = domainOf(rows, declared);
  const labelW = 160;
  const plotW = 290;
  const rowH = 26;
  const width = labelW + plotW + 165;
  const height = rows.length * rowH + 26;
  const x = (v: number) => labelW + ((v - d0) / (d1 - d0)) * plotW;
  const svg = s('svg', {
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-label': title,
    class: 'score-bars',
  });
  svg.append(s('title', {}, title));
  rows.forEach((r, i) => {
    const y = i * rowH + 6;
    const label = s(
      'text',
      { x: labelW - 8, y: y + 13, 'text-anchor': 'end', class: 'label' },
      r.label.length > 23 ? `${r.label.slice(0, 22)}…` : r.label,
    );
    svg.append(r.href ? s('a', { href: r.href }, label) : label);
    if (r.value === null) {
      svg.append(s('text', { x: labelW + 4, y: y + 13 }, r.note ?? 'no value'));
      return;
    }
    // Bars start at 0 (or the domain's edge when 0 is outside it), so negative values grow leftwards.
    const [xa, xb] = [x(Math.max(d0, Math.min(0, d1))), x(r.value)];
    svg.append(
      s('rect', { class: 'bar', x: Math.min(xa, xb), y, width: Math.max(1, Math.abs(xb - xa)), height: 16, rx: 2 }),
    );
    if (r.interval) {
      const [a, b] = [x(r.interval.lo), x(r.interval.hi)];
      svg.append(s('line', { class: 'whisker', x1: a, x2: b, y1: y + 8, y2: y + 8 }));
      svg.append(s('line', { class: 'whisker', x1: a, x2: a, y1: y + 3, y2: y + 13 }));
      svg.append(s('line', { class: 'whisker', x1: b, x2: b, y1: y + 3, y2: y + 13 }));
    }
    const ci = r.interval ? ` [${fmtValue(r.interval.lo)}, ${fmtValue(r.interval.hi)}]` : '';
    svg.append(s('text', { x: labelW + plotW + 8, y: y + 13, class: 'label' }, `${fmtValue(r.value)}${ci}`));
  });
  const axisY = rows.length * rowH + 8;
  svg.append(s('line', { class: 'axis', x1: labelW, x2: labelW + plotW, y1: axisY, y2: axisY }));
  for (const v of axisTicks([d0, d1])) {
    svg.append(s('line', { class: 'axis', x1: x(v), x2: x(v), y1: axisY, y2: axisY + 3 }));
    svg.append(s('text', { x: x(v), y: axisY + 14, 'text-anchor': 'middle', class: 'tick' }, tickLabel(v)));
  }
  return svg;
}

/** A small bar with whisker for a table cell (same scale as its column). */
export function miniBar(
  value: number | null,
  interval: IntervalView | null,
  domain: [number, number],
  w = 110,
): SVGSVGElement {
  const x = (v: number) => Math.max(0, Math.min(w, ((v - domain[0]) / (domain[1] - domain[0])) * w));
  const svg = s('svg', { width: w, height: 12, viewBox: `0 0 ${w} 12`, 'aria-hidden': 'true' });
  svg.append(s('rect', { x: 0, y: 2, width: w, height: 8, fill: '#eef1f6', rx: 2 }));
  if (value !== null)
    svg.append(s('rect', { class: 'bar', x: 0, y: 2, width: Math.max(1, x(value)), height: 8, rx: 2 }));
  if (interval) {
    svg.append(s('line', { class: 'whisker', x1: x(interval.lo), x2: x(interval.hi), y1: 6, y2: 6 }));
    svg.append(s('line', { class: 'whisker', x1: x(interval.lo), x2: x(interval.lo), y1: 2, y2: 10 }));
    svg.append(s('line', { class: 'whisker', x1: x(interval.hi), x2: x(interval.hi), y1: 2, y2: 10 }));
  }
  return svg;
}

/** Bars of request counts per latency bin, with dashed lines at p50 and p90 (labelled above the plot). */
export function latencyHistogram(hist: HistogramView): HTMLElement {
  const width = 640;
  const height = 214;
  const left = 48;
  const top = 24;
  const bottom = 30;
  const plotW = width - left - 12;
  const plotH = height - bottom - top;
  const maxCount = Math.max(...hist.bins.map((b) => b.count), 1);
  const end = hist.bins[hist.bins.length - 1].hi;
  const x = (v: number) => left + (v / end) * plotW;
  const y = (c: number) => top + plotH - (c / maxCount) * plotH;
  const svg = s('svg', {
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-label': 'latency histogram',
    class: 'latency-histogram',
  });
  svg.append(s('title', {}, `request latency: ${fmtInt(hist.total)} live requests`));
  for (const b of hist.bins) {
    const bar = s('rect', {
      class: 'bar hist',
      x: x(b.lo) + 0.5,
      y: y(b.count),
      width: Math.max(1, x(b.hi) - x(b.lo) - 1),
      height: top + plotH - y(b.count),
    });
    bar.append(s('title', {}, `${fmtSeconds(b.lo)}–${fmtSeconds(b.hi)}: ${fmtInt(b.count)} requests`));
    svg.append(bar);
  }
  svg.append(s('line', { class: 'axis', x1: left, x2: left + plotW, y1: top + plotH, y2: top + plotH }));
  const every = hist.bins.length <= 8 ? 1 : Math.ceil(hist.bins.length / 6);
  hist.bins.forEach((b, i) => {
    if (i % every === 0)
      svg.append(s('text', { x: x(b.lo), y: height - 12, 'text-anchor': 'middle' }, fmtSeconds(b.lo)));
  });
  svg.append(s('text', { x: left - 6, y: top + 8, 'text-anchor': 'end' }, fmtInt(maxCount)));
  svg.append(s('text', { x: left - 6, y: top + plotH, 'text-anchor': 'end' }, '0'));
  // p50 labelled left of its line, p90 right of its own, so the two never overlap.
  for (const [name, v, anchor, dx] of [
    ['p50', hist.p50, 'end', -3],
    ['p90', hist.p90, 'start', 3],
  ] as const) {
    if (v === null) continue;
    svg.append(s('line', { class: 'mark', x1: x(v), x2: x(v), y1: top - 6, y2: top + plotH }));
    svg.append(
      s(
        'text',
        {
          x: Math.max(left, x(v) + dx),
          y: top - 10,
          'text-anchor': anchor === 'end' && x(v) + dx < left + 60 ? 'start' : anchor,
          class: 'label',
        },
        `${name} ${fmtSeconds(v)}`,
      ),
    );
  }
  return h(
    'figure',
    { style: 'margin:0' },
    svg,
    h(
      'figcaption',
      { class: 'small muted' },
      `${fmtInt(hist.total)} live (uncached) requests · p50 ${fmtSeconds(hist.p50)} · p90 ${fmtSeconds(hist.p90)} · p99 ${fmtSeconds(hist.p99)}`,
    ),
  );
}
