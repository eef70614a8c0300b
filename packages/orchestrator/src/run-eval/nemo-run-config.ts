import { nemoCommandOf } from '@eval-factory/config';
import { formatRunConfigYml } from '@eval-factory/outputs';
import type { CodedMessage, Evaluation } from '@eval-factory/types';

/**
 * The run_config.yml text of a run, for NeMo Evaluator's tools as much as for ours (docs/configuration.md#compatibility):
 * NeMo's fields only, with `command` in NeMo's template language (Jinja2), which renders to the same command. Read
 * back by eval-factory, that command is the framework's own again (config's `withoutNemoSpelling`). A framework.yml
 * command using a feature Jinja2 cannot render keeps its Handlebars text, with a warning saying why.
 */
export function runConfigYmlForNemo(evaluation: Evaluation): { text: string; warning: CodedMessage | null } {
  const nemo = nemoCommandOf(evaluation.command);
  if (nemo.command !== null)
    return { text: formatRunConfigYml({ ...evaluation, command: nemo.command }), warning: null };
  return {
    text: formatRunConfigYml(evaluation),
    warning: {
      code: 'EF_NEMO_COMMAND',
      message: `run_config.yml keeps the framework.yml command in Handlebars: NeMo Evaluator cannot render ${nemo.unsupported.join(', ')} (see docs/configuration.md#compatibility)`,
    },
  };
}
