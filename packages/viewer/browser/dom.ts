/**
 * A few lines of DOM building. Every text goes in through textContent (never innerHTML): prompts and model
 * answers are untrusted and may contain markup.
 */
export type Child = Node | string | number | null | undefined | false | readonly Child[];
export type Attrs = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) for (const c of child as readonly Child[]) append(parent, c);
  else parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
}

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
}

/** An HTML element: h('a', {href: '#/'}, 'Leaderboard'). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element: s('rect', {x: 0, y: 0, width: 10, height: 4}). */
export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** Replaces the content of `el`. */
export function mount(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

/** A coloured label: badge('failed') uses the .b-failed style. */
export function badge(kind: string, text: string = kind, title?: string): HTMLSpanElement {
  return h('span', { class: `badge b-${kind}`, title }, text);
}

/** A label/value grid. */
export function facts(rows: readonly (readonly [string, Child])[]): HTMLDListElement {
  return h(
    'dl',
    { class: 'facts' },
    rows.map(([label, value]) => [h('dt', {}, label), h('dd', {}, value)]),
  );
}

/** A preformatted block of untrusted text. */
export function textBlock(text: string, attrs: Attrs = {}): HTMLPreElement {
  return h('pre', { class: 'text', ...attrs }, text);
}

export function stat(value: Child, label: string, attrs: Attrs = {}): HTMLDivElement {
  return h('div', { class: 'stat', ...attrs }, h('div', { class: 'v' }, value), h('div', { class: 'l' }, label));
}
