import { describe, expect, it } from '@jest/globals';
import { nemoCommandOf, withoutNemoSpelling } from './nemo-command.js';

describe('nemoCommandOf: framework.yml Handlebars → the Jinja2 NeMo renders', () => {
  it.each([
    ['ef-bench --suite {{config.params.task}}', 'ef-bench --suite {{config.params.task}}'],
    ['--out {{quote config.output_dir}}', `--out '{{config.output_dir | string | replace("'", "'\\\\''")}}'`],
    [
      '{{#if (isSet config.params.top_p)}}--top-p {{config.params.top_p}}{{/if}}',
      '{% if (config.params.top_p is defined and config.params.top_p is not none) %}--top-p {{config.params.top_p}}{% endif %}',
    ],
    ['{{#unless a.b}}x{{else}}y{{/unless}}', '{% if not (a.b is defined and a.b) %}x{% else %}y{% endif %}'],
    ['{{#if (eq config.type "pubmed_qa")}}p{{/if}}', '{% if (config.type == "pubmed_qa") %}p{% endif %}'],
    // A key named like a dict method is looked up as a key; text that Jinja2 would read as a tag stays text.
    ['{{config.params.extra.items}} {%raw', `{{config.params.extra["items"]}} {{ '{%' }}raw`],
    ['a {{!-- a comment --}}b', 'a b'],
  ])('%s', (template, jinja) => {
    expect(nemoCommandOf(template)).toEqual({ command: jinja, unsupported: [] });
  });

  it.each([
    ['{{#each config.params.extra}}{{this}}{{/each}}', '{{#each}}'],
    ['{{lookup config.params "task"}}', '{{lookup …}}'],
    ['{{../x}}', '{{../x}}'],
    ['{{> partial}}', '{{> partial}}'],
  ])('%s cannot be rendered by NeMo: reported, not guessed', (template, feature) => {
    expect(nemoCommandOf(template)).toEqual({ command: null, unsupported: [feature] });
  });

  it('withoutNemoSpelling: only the exact translation of the framework command reads back as that command', () => {
    const framework = 'run {{#if (isSet x)}}--x {{x}}{{/if}}';
    const nemo = nemoCommandOf(framework).command!;
    expect(withoutNemoSpelling({ command: nemo, config: {} }, framework)).toEqual({ config: {} });
    expect(withoutNemoSpelling({ command: 'run {{x}}', config: {} }, framework)).toEqual({
      command: 'run {{x}}',
      config: {},
    });
    expect(withoutNemoSpelling({ config: {} }, framework)).toEqual({ config: {} });
  });
});
