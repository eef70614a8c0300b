export { main } from './main.js';
export { RUN_EVAL_FLAGS } from './run-eval-flags.js';
