export { readJudgesConfig, isHelmJury, HELM_ROLES, type JudgeConfig } from './judge-config.js';
export { renderJudgePrompt, promptValues } from './render-prompt.js';
export { createJudgeClient, type JudgeClient, type JudgeCallRecord } from './judge-client.js';
export { createJury, JUDGE_CIRCUIT_BREAKER, JUDGE_WARN_RATE, type Jury } from './jury.js';
export { planJury, type JuryPlan } from './plan-jury.js';
export { openJuryStage, type JuryStage } from './jury-stage.js';
