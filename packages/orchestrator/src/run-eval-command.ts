/** `run_eval` alone: the CLI loads it without the suite's code (start-up time, docs/architecture.md "Start-up"). */
export { runEvalCommand, type RunEvalArgs } from './run-eval/run-eval.js';
