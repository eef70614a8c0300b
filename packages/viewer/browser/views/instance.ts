/** One instance: input, references, the prompt as sent, the raw output, the extracted answer, metrics, judges. */
import type { InstanceDetail, JudgeView, ReferenceView, ResponseView } from '../../shared/api-types.js';
import { fmtSeconds, fmtValue } from '../../shared/format.js';
import { badge, facts, h, mount, textBlock, type Child } from '../dom.js';
import { instancesHref, runHref } from '../router.js';
import type { DataSource } from '../source.js';
import { crumbs, verdictBadge } from './common.js';

function failureBox(d: InstanceDetail): HTMLElement | null {
  const r = d.record;
  const resp = d.response;
  if (r.status === 'failed') {
    return h(
      'div',
      { class: 'error-box', 'data-testid': 'instance-error' },
      h('strong', {}, 'This instance failed: '),
      r.reason ?? 'no reason recorded',
      resp && !resp.success
        ? h(
            'div',
            { class: 'small' },
            [
              resp.error_kind ? `error kind ${resp.error_kind}` : null,
              resp.status_code !== null ? `HTTP ${resp.status_code}` : null,
              resp.attempts !== null ? `${resp.attempts} attempt${resp.attempts === 1 ? '' : 's'}` : null,
            ]
              .filter(Boolean)
              .join(' · '),
          )
        : null,
    );
  }
  if (r.status === 'unscored' || r.verdict === 'unscored') {
    return h(
      'div',
      { class: 'warn-box', 'data-testid': 'instance-unscored' },
      h('strong', {}, 'Not scored: '),
      r.reason ?? 'the main metric has no value for this answer',
    );
  }
  return null;
}

function promptSection(resp: ResponseView | null): Child {
  if (!resp) return h('p', { class: 'muted' }, 'No line in responses/model.jsonl for this instance (never sent).');
  if (resp.messages)
    return resp.messages.map((m) => [
      h('div', { class: 'small muted' }, m.role),
      textBlock(m.content, { 'data-testid': 'prompt' }),
    ]);
  return textBlock(resp.prompt ?? '', { 'data-testid': 'prompt' });
}

function outputSection(d: InstanceDetail): Child {
  const resp = d.response;
  if (!resp || resp.completions.length === 0)
    return h(
      'p',
      { class: 'muted' },
      resp && !resp.success ? `No output: ${resp.error ?? 'the request failed'}` : 'No output.',
    );
  return resp.completions.map((c, i) => [
    resp.completions.length > 1 ? h('div', { class: 'small muted' }, `completion ${i + 1}`) : null,
    textBlock(c.text, { 'data-testid': 'raw-output' }),
    h('div', { class: 'small muted' }, `finish reason: ${c.finish_reason ?? '—'}`),
  ]);
}

function judgeCard(j: JudgeView): HTMLElement {
  return h(
    'div',
    { class: 'card', 'data-judge': j.judge },
    h(
      'h3',
      {},
      j.judge,
      ' ',
      h('span', { class: 'muted small' }, j.annotator),
      ' ',
      j.ok ? badge('success', 'verdict') : badge('error', 'no verdict'),
    ),
    j.error ? h('p', { class: 'msg' }, j.error) : null,
    j.criteria.length
      ? h(
          'table',
          {},
          h(
            'thead',
            {},
            h('tr', {}, h('th', {}, 'Criterion'), h('th', { class: 'num' }, 'Score'), h('th', {}, 'Reason')),
          ),
          h(
            'tbody',
            {},
            j.criteria.map((c) =>
              h(
                'tr',
                {},
                h('td', {}, c.name),
                h('td', { class: 'num' }, c.score),
                h('td', { class: 'small' }, c.explanation),
              ),
            ),
          ),
        )
      : null,
    j.reply !== null ? h('details', {}, h('summary', {}, 'raw reply'), textBlock(j.reply)) : null,
  );
}

function requestFacts(d: InstanceDetail): HTMLElement {
  const r = d.response;
  if (!r) return h('p', { class: 'muted' }, 'No request recorded.');
  return facts([
    ['result', r.success ? 'success' : `failed${r.error_kind ? ` (${r.error_kind})` : ''}`],
    ['attempts', r.attempts === null ? '—' : String(r.attempts)],
    ['from cache', r.cached ? 'yes' : 'no'],
    ['request time', fmtSeconds(r.request_time_s)],
    ['sent at', r.request_datetime ?? '—'],
    [
      'usage',
      r.usage
        ? Object.entries(r.usage)
            .map(([k, v]) => `${k} ${v ?? '—'}`)
            .join(' · ')
        : '—',
    ],
    ...(d.response_lines > 1 ? [['lines in model.jsonl', `${d.response_lines} (the last is shown)`] as const] : []),
  ]);
}

export async function instancePage(
  src: DataSource,
  el: HTMLElement,
  runId: string,
  id: string,
  trial: number,
  back: string,
): Promise<void> {
  const d = await src.instance(runId, id, trial);
  const r = d.record;
  const main = (await src.run(runId)).main_metric;
  document.title = `${r.id} · ${runId} · eval-factory`;
  const answer: [string, Child][] = [
    [
      'prediction',
      r.prediction === null
        ? h('span', { class: 'muted' }, 'none')
        : h('code', { 'data-testid': 'prediction' }, r.prediction),
    ],
  ];
  if (r.mapped_output !== null) answer.push(['chosen option', r.mapped_output]);
  if (r.extracted !== null && r.extracted !== undefined)
    answer.push(['extracted', typeof r.extracted === 'string' ? r.extracted : JSON.stringify(r.extracted)]);
  if (r.flags.length) answer.push(['flags', r.flags.join(', ')]);
  mount(
    el,
    crumbs(['Leaderboard', '#/'], [runId, runHref(runId)], ['Instances', instancesHref(runId, back)], [r.id, null]),
    h(
      'h1',
      {},
      `Instance ${r.id}`,
      ' ',
      verdictBadge(r.verdict),
      r.trial > 0 ? h('span', { class: 'muted' }, ` trial ${r.trial}`) : null,
      r.variant ? ' ' : null,
      r.variant ? badge('info', r.variant) : null,
    ),
    h(
      'p',
      { class: 'muted' },
      `#${r.index + 1} in results.jsonl · status ${r.status}${r.split ? ` · split ${r.split}` : ''}`,
    ),
    failureBox(d),
    h(
      'div',
      { class: 'grid2' },
      h('div', {}, h('h2', {}, 'Input'), textBlock(r.input, { 'data-testid': 'input' })),
      h('div', {}, referencesSection(r.references)),
    ),
    h('h2', {}, 'Prompt as sent'),
    promptSection(d.response),
    h('h2', {}, 'Raw output'),
    outputSection(d),
    h('h2', {}, 'Extracted answer'),
    h('div', { class: 'card' }, facts(answer)),
    h('h2', {}, 'Metrics'),
    Object.keys(r.metrics).length
      ? h(
          'table',
          { 'data-testid': 'instance-metrics', style: 'max-width:560px' },
          h(
            'tbody',
            {},
            Object.entries(r.metrics).map(([name, v]) =>
              h(
                'tr',
                { 'data-metric': name },
                h('td', {}, name === main ? h('strong', {}, `${name} (main)`) : name),
                h('td', { class: 'num' }, fmtValue(v)),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'No metric value.'),
    d.judges.length
      ? [h('h2', {}, 'Judge verdicts'), h('div', { class: 'grid2', 'data-testid': 'judges' }, d.judges.map(judgeCard))]
      : null,
    r.annotations
      ? h(
          'details',
          { class: 'card' },
          h('summary', {}, 'Annotations (results.jsonl)'),
          textBlock(JSON.stringify(r.annotations, null, 2)),
        )
      : null,
    h('h2', {}, 'Request'),
    h('div', { class: 'card' }, requestFacts(d)),
  );
}

/**
 * Answer options (several references, some not correct) mark the correct option; a free-text gold answer is shown
 * as the reference, never as a green "correct" that reads as if the model had been right.
 */
function referencesSection(refs: readonly ReferenceView[]): Child[] {
  if (refs.length === 0) return [h('h2', {}, 'References'), h('p', { class: 'muted' }, 'none')];
  const options = refs.length > 1 && refs.some((ref) => !ref.correct);
  if (!options)
    return [
      h('h2', {}, refs.length === 1 ? 'Reference answer' : 'Reference answers'),
      h(
        'ol',
        { 'data-testid': 'references', class: 'refs-gold' },
        refs.map((ref) => h('li', {}, textBlock(ref.text))),
      ),
    ];
  return [
    h('h2', {}, 'Answer options'),
    h(
      'ol',
      { 'data-testid': 'references' },
      refs.map((ref) =>
        h('li', { class: ref.correct ? 'ref-ok' : '' }, ref.text, ref.correct ? ' — the correct option' : ''),
      ),
    ),
  ];
}
