import type { Services } from "../../core/services.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { runTopic } from "../workflows/run-record.ts";
import type { StepKind } from "./agent-run-record.ts";

export type StepInput = {
  kind: StepKind;
  tool?: string;
  sql?: string;
  params?: unknown[];
  documentId?: string;
  result?: Record<string, unknown>;
  error?: string;
  startedAt: Date;
};

/** Publishes a change of a run (a step, its status) to whoever follows it. */
export async function publishRun(services: Services, runId: string, event: Record<string, unknown>) {
  await services.events.publish(runTopic(runId), { runId, ...event }).catch((err: Error) => {
    services.log.warn("run progress not published", { runId, error: err.message });
  });
}

/**
 * A run's steps as they happen: each written as a row of its own when it ends, then published.
 * A worker that resumes a run after a crash goes on after the steps written.
 */
export class RunLog {
  constructor(
    private readonly services: Services,
    private readonly runId: string,
    private position: number,
  ) {}

  get count(): number {
    return this.position;
  }

  async step(s: StepInput): Promise<void> {
    const position = this.position++;
    await this.services.db.prisma.agentRunStep.create({
      data: {
        runId: this.runId,
        position,
        kind: s.kind,
        tool: s.tool ?? null,
        sql: s.sql ?? null,
        params: (s.params ?? undefined) as Prisma.InputJsonValue | undefined,
        documentId: s.documentId ?? null,
        result: (s.result ?? undefined) as Prisma.InputJsonValue | undefined,
        error: s.error ?? null,
        startedAt: s.startedAt,
        endedAt: new Date(),
      },
    });
    await publishRun(this.services, this.runId, { step: position });
  }

  /** Whether the run was cancelled since it started (looked at between steps). */
  async cancelled(): Promise<boolean> {
    const r = await this.services.db.prisma.agentRun.findUnique({
      where: { id: this.runId },
      select: { status: true },
    });
    return r?.status === "cancelled";
  }
}
