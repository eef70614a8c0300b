export { startFakeOpenAIServer } from './fake-openai-server.js';
export type {
  AnswerRequest,
  Answerer,
  FakeReply,
  FakeUsage,
  Fault,
  ScriptEntry,
  RecordedRequest,
  RouteKind,
  FakeServerOptions,
  FakeOpenAIServer,
} from './fake-server/types.js';
export { demoAnswer, optionLetters, DEMO_TEXT } from './fake-server/demo-answerer.js';
export { countWords, sha256Hex } from './fake-server/bodies.js';
export { startDemoServer, DEMO_BANNER, type DemoServerOptions } from './demo-server.js';
export { makeTempDir, cleanupTempDirs, withTempDir, type TempDir } from './temp-dir.js';
export {
  startFakeJudgeServer,
  rubricReply,
  MALFORMED_REPLY,
  REFUSAL_REPLY,
  RUBRIC_CRITERIA,
  type FakeJudgeServer,
  type FakeJudgeOptions,
  type JudgeRecord,
  type JudgeStep,
  type JudgeFault,
  type JudgeRequestInfo,
  type JudgeProtocol,
} from './fake-judge-server.js';
export {
  startFakeOAuthServer,
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  type FakeOAuthServer,
  type FakeOAuthOptions,
  type OAuthStep,
  type OAuthRequestRecord,
} from './fake-oauth-server.js';
export { judgeEntry, writeJudgesYaml, JUDGE_TEMPLATE, type JudgeSetup } from './judge-fixtures.js';
export { prng, randomJsonValue, type RandomJsonOptions } from './random-json.js';
export { runNode, textSink, type ProcessResult } from './run-process.js';
export { writeParquet, type ParquetColumnSpec, type ParquetValue, type ParquetWriteOptions } from './parquet-writer.js';
export { startRedisServer, findRedisServer, freePort, type RedisServer } from './redis-server.js';
export {
  startSlurm,
  startSlurmOrSayWhy,
  slurmUnavailable,
  waitForSlurmQueue,
  type SlurmCluster,
} from './slurm-cluster.js';
export { BENCHMARK_ORDER, TASK_ORDER, TASK_VARIANTS } from './benchmark-order.js';
