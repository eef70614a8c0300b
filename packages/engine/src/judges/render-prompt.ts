import type { Instance } from '@eval-factory/types';

const PLACEHOLDER = /\{\{(QUESTION|RESPONSE|GOLD_RESPONSE)\}\}/g;

/**
 * Fills a rubric template (docs/configuration.md#judges) by literal replacement in ONE pass over the template: text
 * inserted for one placeholder is never scanned again, so a note or an answer that contains `{{RESPONSE}}`, `$&`
 * or `$1` stays inert. A replacer function is used because a replacement string would interpret `$` patterns.
 */
export function renderJudgePrompt(
  template: string,
  values: { question: string; response: string; gold: string },
): string {
  const byName: Readonly<Record<string, string>> = {
    QUESTION: values.question,
    RESPONSE: values.response,
    GOLD_RESPONSE: values.gold,
  };
  return template.replace(PLACEHOLDER, (_match, name: string) => byName[name] ?? '');
}

/** The placeholder values of one instance: its input text, the model's answer and the first reference's text. */
export function promptValues(
  instance: Instance,
  response: string,
): { question: string; response: string; gold: string } {
  return { question: instance.input.text, response, gold: instance.references[0]?.output.text ?? '' };
}
