/** Pieces several pages share: breadcrumbs, status badges, verdict labels, message lists. */
import type { CodedMessageView, RunState, RunSummaryView, Verdict } from '../../shared/api-types.js';
import { badge, h, type Child } from '../dom.js';

export const VERDICT_LABELS: Readonly<Record<Verdict, string>> = {
  correct: 'Correct',
  wrong: 'Wrong',
  scored: 'Scored',
  failed: 'Failed',
  unscored: 'Unscored',
};

const STATE_TITLES: Readonly<Record<RunState, string>> = {
  success: 'every instance answered and scored',
  partial: 'some instances failed, under max_failure_rate',
  error: 'the run failed (see its errors)',
  interrupted: 'stopped by Ctrl-C or SIGTERM: re-run the same command to resume',
  incomplete: 'no evaluation_config.yaml: still running or stopped',
};

export function stateBadge(state: RunState): HTMLSpanElement {
  return badge(state, state, STATE_TITLES[state]);
}

export function verdictBadge(verdict: Verdict): HTMLSpanElement {
  return badge(verdict, VERDICT_LABELS[verdict]);
}

export function crumbs(...items: readonly (readonly [string, string | null])[]): HTMLElement {
  const parts: Child[] = [];
  items.forEach(([label, href], i) => {
    if (i > 0) parts.push(' › ');
    parts.push(href ? h('a', { href }, label) : h('span', {}, label));
  });
  return h('nav', { class: 'crumbs' }, parts);
}

/** `pubmed_qa · fake/model-a`: how a run is named in titles. */
export function runTitle(run: RunSummaryView): string {
  return `${run.scenario ?? run.task ?? '(unknown benchmark)'} · ${run.model ?? '(unknown model)'}`;
}

export function messageList(
  kind: 'error' | 'warn',
  title: string,
  messages: readonly CodedMessageView[],
): HTMLElement | null {
  if (messages.length === 0) return null;
  return h(
    'div',
    { class: kind === 'error' ? 'error-box' : 'warn-box', 'data-testid': `${kind}-list` },
    h('strong', {}, title),
    h(
      'ul',
      {},
      messages.map((m) =>
        h(
          'li',
          {},
          h('span', { class: 'msg' }, m.code),
          ': ',
          m.message,
          m.count && m.count > 1 ? ` (×${m.count})` : '',
        ),
      ),
    ),
  );
}

export function problemList(problems: readonly string[]): HTMLElement | null {
  if (problems.length === 0) return null;
  return h(
    'div',
    { class: 'warn-box', 'data-testid': 'problems' },
    h('strong', {}, 'Read with care'),
    h(
      'ul',
      {},
      problems.map((p) => h('li', {}, p)),
    ),
  );
}
