// The budget of one agent run, whatever its engine. Documented in docs/agents.md.

/** Model calls and tool calls of one run, together, at most. */
export const MAX_AGENT_STEPS = 30;
/** A run ends (failed) when it has run this long. */
export const AGENT_TIME_BUDGET_MS = 180_000;
/** Prompt and completion tokens of one run, together, at most (a model engine's). */
export const AGENT_TOKEN_BUDGET = 200_000;
/** Documents one run names at most (a run over every document of the account reads as many as it finds, up to this). */
export const MAX_AGENT_RUN_DOCUMENTS = 200;
/** The input of a run, at most. */
export const MAX_AGENT_INPUT_CHARS = 20_000;
/** Rows of a tool's result kept in the run's step (the model is given the whole result). */
export const STEP_ROWS_KEPT = 50;
/** Characters of a tool's result handed back to the model. */
export const TOOL_RESULT_CHARS = 30_000;
