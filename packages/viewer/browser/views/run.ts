/** A run's page: status, counts, metrics with intervals, efficiency with the latency histogram, settings. */
import type { MetricView, RunView, Verdict } from '../../shared/api-types.js';
import { VERDICTS } from '../../shared/api-types.js';
import { fmtInt, fmtInterval, fmtValue } from '../../shared/format.js';
import { domainOf, latencyHistogram, miniBar } from '../charts.js';
import { badge, facts, h, mount, stat, textBlock } from '../dom.js';
import { instancesHref } from '../router.js';
import type { DataSource } from '../source.js';
import { crumbs, messageList, problemList, runTitle, stateBadge, VERDICT_LABELS } from './common.js';

function metricTags(m: MetricView): HTMLElement[] {
  const tags = [];
  if (m.main) tags.push(badge('info', 'main'));
  tags.push(
    m.helm_compatible
      ? badge('success', 'HELM-compatible', 'computed exactly as HELM does')
      : badge('warn', 'not HELM', "this project's metric"),
  );
  if (m.corrects) tags.push(badge('info', `corrects ${m.corrects}`));
  if (m.lower_is_better) tags.push(badge('info', 'lower is better'));
  if (m.ratio) tags.push(badge('info', 'ratio', 'Σ numerator / Σ denominator: no per-instance interval'));
  return tags;
}

function metricsTable(view: RunView): HTMLElement {
  const domain = domainOf(view.metrics.filter((m) => !m.ratio));
  return h(
    'table',
    { 'data-testid': 'metrics' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, 'Metric'),
        h('th', { class: 'num' }, 'Value'),
        h('th', { class: 'num' }, '95 % interval'),
        h('th', {}, ''),
        h('th', { class: 'num' }, 'n'),
        h('th', {}, ''),
        h('th', {}, 'What it measures'),
      ),
    ),
    h(
      'tbody',
      {},
      view.metrics.map((m) =>
        h(
          'tr',
          { 'data-metric': m.name },
          h('td', {}, m.main ? h('strong', {}, m.name) : m.name),
          h('td', { class: 'num metric-value' }, fmtValue(m.value)),
          h('td', { class: 'num metric-ci' }, fmtInterval(m.interval)),
          h('td', {}, m.ratio ? '' : miniBar(m.value, m.interval, domain)),
          h('td', { class: 'num' }, fmtInt(m.count)),
          h('td', {}, metricTags(m)),
          h('td', { class: 'small' }, m.description),
        ),
      ),
    ),
  );
}

function countCards(view: RunView): HTMLElement {
  const c = view.summary.counts;
  const link = (verdict: Verdict | 'all') =>
    instancesHref(view.summary.id, verdict === 'all' ? '' : `verdict=${verdict}`);
  const cards = [
    stat(h('a', { href: link('all') }, fmtInt(c?.evaluated)), 'instances evaluated', {
      'data-testid': 'count-evaluated',
    }),
    stat(fmtInt(c?.scored), 'scored', { 'data-testid': 'count-scored' }),
    stat(h('a', { href: link('failed') }, fmtInt(c?.failed)), 'failed', { 'data-testid': 'count-failed' }),
    stat(h('a', { href: link('unscored') }, fmtInt(c?.unscored)), 'unscored', { 'data-testid': 'count-unscored' }),
  ];
  const r = view.requests;
  if (r)
    cards.push(
      stat(
        fmtInt(r.total),
        `requests (${fmtInt(r.failed)} failed, ${fmtInt(r.retried)} retried, ${fmtInt(r.cached)} cached)`,
        { 'data-testid': 'count-requests' },
      ),
    );
  return h('div', { class: 'stats' }, cards);
}

function verdictLinks(view: RunView): HTMLElement {
  const shown = VERDICTS.filter((v) => view.verdicts[v] > 0);
  const total = VERDICTS.reduce((a, v) => a + view.verdicts[v], 0);
  return h(
    'div',
    { class: 'toolbar', 'data-testid': 'verdicts' },
    h('a', { class: 'chip', href: instancesHref(view.summary.id) }, `Browse all ${fmtInt(total)} instances`),
    shown.map((v) =>
      h(
        'a',
        { class: 'chip', href: instancesHref(view.summary.id, `verdict=${v}`), 'data-verdict': v },
        `${VERDICT_LABELS[v]} ${fmtInt(view.verdicts[v])}`,
      ),
    ),
    view.main_metric ? h('span', { class: 'small muted' }, `by ${view.main_metric}`) : null,
  );
}

function settings(view: RunView): HTMLElement {
  const f = view.facts;
  return h(
    'div',
    { class: 'grid2' },
    h('div', { class: 'card' }, h('h3', {}, 'Run'), facts(f.run)),
    h(
      'div',
      {},
      h('div', { class: 'card' }, h('h3', {}, 'Model'), facts(f.model)),
      h('div', { class: 'card' }, h('h3', {}, 'Generation'), facts(f.generation)),
    ),
    h('div', { class: 'card' }, h('h3', {}, 'Data'), facts(f.data)),
  );
}

export async function runPage(src: DataSource, el: HTMLElement, runId: string): Promise<void> {
  const view = await src.run(runId);
  const run = view.summary;
  document.title = `${runTitle(run)} · eval-factory`;
  mount(
    el,
    crumbs(['Leaderboard', '#/'], [run.id, null]),
    h('h1', {}, runTitle(run), ' ', stateBadge(run.state)),
    h('p', { class: 'muted' }, run.dir),
    messageList('error', 'Errors', view.errors),
    problemList(run.problems),
    countCards(view),
    h('h2', {}, 'Metrics'),
    metricsTable(view),
    h(
      'p',
      { class: 'small muted' },
      `Intervals: ${view.interval_method}; n = scored instance values (a ratio metric's n is its denominator).`,
    ),
    h('h2', {}, 'Instances'),
    verdictLinks(view),
    h('h2', {}, 'Efficiency'),
    h(
      'div',
      { class: 'grid2' },
      h('div', { class: 'card' }, facts(view.efficiency)),
      h(
        'div',
        { class: 'card', 'data-testid': 'latency' },
        h('h3', {}, 'Request latency'),
        view.latency
          ? latencyHistogram(view.latency)
          : h(
              'p',
              { class: 'muted' },
              'No live request times (every answer came from the cache, or responses/model.jsonl is missing).',
            ),
      ),
    ),
    messageList('warn', `Warnings (${view.warnings.length})`, view.warnings),
    h('h2', {}, 'Settings'),
    settings(view),
    view.run_config_yaml
      ? h('details', { class: 'card' }, h('summary', {}, 'run_config.yml'), textBlock(view.run_config_yaml))
      : null,
  );
}
