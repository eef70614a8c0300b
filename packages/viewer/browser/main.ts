/** The viewer's browser entry: picks the data source, then renders the page named by the location hash. */
import { h, mount } from './dom.js';
import { ReportSource } from './report-source.js';
import { parseRoute, type Route } from './router.js';
import { HttpSource, type DataSource } from './source.js';
import { instancePage } from './views/instance.js';
import { instancesPage, type InstancesView } from './views/instances.js';
import { leaderboardPage } from './views/leaderboard.js';
import { runPage } from './views/run.js';

const app = document.getElementById('app') as HTMLElement;
// The static report carries its data in #ef-report; otherwise the page was served with its JSON API.
const source: DataSource = document.getElementById('ef-report') ? new ReportSource(document) : new HttpSource();
const mode = document.getElementById('ef-mode');
if (mode) mode.textContent = source.label;

let renders = 0;
let instances: { run: string; view: InstancesView } | null = null;

async function show(route: Route): Promise<void> {
  switch (route.page) {
    case 'leaderboard':
      return leaderboardPage(source, app);
    case 'run':
      return runPage(source, app, route.run);
    case 'instances':
      instances = { run: route.run, view: await instancesPage(source, app, route.run, route.params) };
      return;
    case 'instance':
      return instancePage(source, app, route.run, route.id, route.trial, route.back);
    case 'missing':
      mount(app, h('h1', {}, 'Page not found'), h('p', {}, h('a', { href: '#/' }, 'Back to the leaderboard')));
  }
}

async function render(): Promise<void> {
  const route = parseRoute(location.hash);
  const mine = ++renders;
  // Another page of the same run's instance browser: update the rows and keep the search box as it is.
  if (route.page === 'instances' && instances?.run === route.run && app.dataset.page === 'instances') {
    await instances.view.update(route.params);
    return;
  }
  instances = null;
  app.dataset.page = route.page;
  app.setAttribute('aria-busy', 'true');
  try {
    await show(route);
    if (mine === renders) window.scrollTo(0, 0);
  } catch (error) {
    if (mine === renders)
      mount(
        app,
        h(
          'div',
          { class: 'error-box', 'data-testid': 'page-error' },
          h('strong', {}, 'Could not show this page: '),
          error instanceof Error ? error.message : String(error),
        ),
        h('p', {}, h('a', { href: '#/' }, 'Back to the leaderboard')),
      );
  } finally {
    if (mine === renders) app.setAttribute('aria-busy', 'false');
  }
}

window.addEventListener('hashchange', () => void render());
void render();
