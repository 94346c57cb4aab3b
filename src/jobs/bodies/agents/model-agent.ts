import type { ValidateFunction } from "ajv";
import { AGENT_TOKEN_BUDGET, MAX_AGENT_STEPS } from "../../../core/agents/agent-limits.ts";
import type {
  AnswerDone,
  ChatMessage,
  ResponseFormat,
  ToolUse,
} from "../../../core/answering/answer-types.ts";
import { compileSchema } from "../../../core/answering/structured/compile-schema.ts";
import type { TableColumn } from "../../../core/tables/table-columns.ts";
import { type AgentJob, RunStopped } from "./agent-engine.ts";
import { callTool, toolDefinitions } from "./agent-tools.ts";

// The model engine: a tool-calling loop. The model is given the agent's instructions, the run's
// input and the tools (doc_sql, and table_sql when a table is bound); each call it makes runs in
// the sandbox and its result (or the refusal) goes back to it, until it answers without a call.
// With an output schema, the answer must be JSON fitting it: asked for in the schema's response
// format when the first answer is not, and repaired once with ajv's words when it still is not.

function systemPrompt(job: AgentJob): string {
  const parts = [job.agent.system.trim()];
  parts.push(
    "You work over documents with SQL tools. Call doc_sql to read them" +
      (job.table ? ` and table_sql to write rows into the table ${job.table.name}` : "") +
      ". One statement per call; values in params. A refused statement comes back with the reason: correct it and try again.",
  );
  if (job.scope.documents !== "all")
    parts.push(`This run may read these documents only: ${job.scope.documents.join(", ")}.`);
  if (job.table) {
    const cols = (job.table.columns as unknown as TableColumn[])
      .map((c) => `${c.name} (${c.type})`)
      .join(", ");
    parts.push(`The table ${job.table.name} has the columns row_id, ${cols}.`);
  }
  if (job.agent.outputSchema)
    parts.push("Your final answer is JSON fitting the output schema you are given.");
  return parts.filter(Boolean).join("\n\n");
}

/** One model call, its usage counted, within the run's budgets. */
async function complete(
  job: AgentJob,
  messages: ChatMessage[],
  opts: { toolUse?: ToolUse; responseFormat?: ResponseFormat },
): Promise<AnswerDone> {
  await checkBudgets(job);
  job.usage.steps++;
  let done: AnswerDone | undefined;
  for await (const e of job.services.answers.answer({
    messages,
    passages: [],
    model: job.agent.model,
    ...opts,
    signal: job.signal,
  })) {
    if (e.type === "done") done = e;
  }
  if (!done) throw new Error("The model's answer ended without finishing.");
  job.usage.promptTokens += done.usage.promptTokens;
  job.usage.completionTokens += done.usage.completionTokens;
  return done;
}

export async function checkBudgets(job: AgentJob): Promise<void> {
  if (job.signal.aborted)
    throw new RunStopped("The run went past its time budget and was stopped.", "failed");
  if (job.usage.steps >= MAX_AGENT_STEPS)
    throw new RunStopped(
      `The run took ${MAX_AGENT_STEPS} steps, the most a run may, without answering.`,
      "failed",
    );
  if (job.usage.promptTokens + job.usage.completionTokens >= AGENT_TOKEN_BUDGET)
    throw new RunStopped(
      `The run used its budget of ${AGENT_TOKEN_BUDGET} tokens without answering.`,
      "failed",
    );
  if (await job.log.cancelled()) throw new RunStopped("The run was cancelled.", "cancelled");
}

function parsedJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch {
    return { ok: false };
  }
}

export async function runModelAgent(job: AgentJob): Promise<unknown> {
  const { services, scope, log } = job;
  const messages: ChatMessage[] = [
    { role: "system", content: systemPrompt(job) },
    { role: "user", content: job.run.input },
  ];
  const toolUse: ToolUse = { tools: toolDefinitions(job.table), toolChoice: "auto" };
  for (;;) {
    const done = await complete(job, messages, { toolUse });
    if (done.toolCalls.length) {
      messages.push({ role: "assistant", content: done.text, toolCalls: done.toolCalls });
      for (const call of done.toolCalls) {
        await checkBudgets(job);
        job.usage.steps++;
        const out = await callTool(services, scope, log, call.name, call.arguments);
        messages.push({ role: "tool", toolCallId: call.id, content: out.text });
      }
      continue;
    }
    const startedAt = new Date();
    const schema = job.agent.outputSchema as Record<string, unknown> | null;
    if (!schema) {
      await log.step({ kind: "answer", result: { text: done.text }, startedAt });
      return done.text;
    }
    const output = await fittingAnswer(job, messages, done.text, schema);
    await log.step({ kind: "answer", result: { output }, startedAt });
    return output;
  }
}

/** What ajv says of an answer against the schema, for the model to repair. */
function schemaProblems(validate: ValidateFunction, text: string): string {
  const parsed = parsedJson(text);
  if (!parsed.ok) return "it is not JSON";
  validate(parsed.value);
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`).join("; ");
}

/** The final answer as JSON fitting the schema: as given, else asked for in the schema's format, repaired once. */
async function fittingAnswer(
  job: AgentJob,
  messages: ChatMessage[],
  text: string,
  schema: Record<string, unknown>,
): Promise<unknown> {
  const compiled = compileSchema(schema);
  // Checked when the agent was written; a schema that no longer compiles is the service's fault.
  if (!compiled.ok) throw new Error(`The agent's output schema does not compile: ${compiled.message}`);
  const validate = compiled.validate;
  const fits = (t: string) => {
    const p = parsedJson(t);
    return p.ok && validate(p.value) ? { ok: true as const, value: p.value } : { ok: false as const };
  };
  const first = fits(text);
  if (first.ok) return first.value;
  const responseFormat: ResponseFormat = { type: "jsonSchema", name: "output", schema };
  const asked: ChatMessage[] = [
    ...messages,
    { role: "assistant", content: text },
    { role: "user", content: "Give your final answer as JSON fitting the output schema, and nothing else." },
  ];
  const second = await complete(job, asked, { responseFormat });
  const got = fits(second.text);
  if (got.ok) return got.value;
  const problems = schemaProblems(validate, second.text);
  const repair = await complete(
    job,
    [
      ...asked,
      { role: "assistant", content: second.text },
      {
        role: "user",
        content: `That answer does not fit the output schema (${problems}). Give it again, fitting the schema.`,
      },
    ],
    { responseFormat },
  );
  const repaired = fits(repair.text);
  if (repaired.ok) return repaired.value;
  throw new RunStopped(
    `The model's answer did not fit the output schema after one repair (${problems}).`,
    "failed",
  );
}
