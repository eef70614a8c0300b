/**
 * What the judged benchmarks' rubrics share (docs/configuration.md#judges): the criteria, the jury roles in calling order,
 * and the closing paragraph that asks for the JSON reply `parseJudgeReply` reads.
 */
export const JURY_CRITERIA = ['accuracy', 'completeness', 'clarity'] as const;

export const JURY_ROLES = ['gpt', 'llama', 'claude'] as const;

export const RUBRIC_REPLY_FORMAT = `Reply with a single JSON object and nothing else, in exactly this shape (the numbers are only an example; use double quotes for strings and escape any double quote inside an explanation as \\"):
{"accuracy": {"score": 3, "explanation": "..."}, "completeness": {"score": 4, "explanation": "..."}, "clarity": {"score": 5, "explanation": "..."}}
`;
