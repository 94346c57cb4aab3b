import type { Prisma, PrismaClient } from "../../generated/prisma/client.ts";

// The document state machine (docs/api.md "Document phases"):
//
//   (upload) -> queued -> extracting -> complete
//                                    -> awaiting_review -> complete (approved)
//                                    -> error
//   any phase -> extracting (reparse; results of the last good extraction stay readable)
//
// `transitions` below is that diagram as data, and `movePhase` the only writer of a document's
// phase after its row is created (a test greps src/ for any other).
export const phases = ["queued", "extracting", "complete", "awaiting_review", "error"] as const;
export type Phase = (typeof phases)[number];

/** The phase a document's row is created in (createDocumentRow). */
export const initialPhase: Phase = "queued";

/** Phases of an extraction under way: the only ones a worker may move on from or fail. */
export const underWay = ["queued", "extracting"] as const satisfies readonly Phase[];

/** Every move a document may make: the phases it may start from and the one it ends in. */
export const transitions = {
  /** A worker picks the generation up (or takes it over from a worker that died). */
  start: { from: underWay, to: "extracting" },
  /** Every page was read and gave text. */
  complete: { from: ["extracting"], to: "complete" },
  /** The extraction finished, but some pages failed or gave no text: a person should look. */
  holdForReview: { from: ["extracting"], to: "awaiting_review" },
  /** The file cannot be read, or every attempt failed. */
  fail: { from: underWay, to: "error" },
  /** A person accepted an extraction held for review. */
  approve: { from: ["awaiting_review"], to: "complete" },
  /** A new generation is extracted, from wherever the document stands. */
  reparse: { from: phases, to: "extracting" },
} as const satisfies Record<string, { from: readonly Phase[]; to: Phase }>;
export type Transition = keyof typeof transitions;

/** What a transition may write along with the phase. */
export type PhaseSideData = Pick<
  Prisma.DocumentUncheckedUpdateManyInput,
  | "pagesTotal"
  | "pagesCompleted"
  | "errorReason"
  | "activeGeneration"
  | "workingGeneration"
  | "completedAt"
  | "strategy"
  | "capabilities"
>;

/**
 * Moves document `id` along `transition`, only if it stands in one of the transition's source
 * phases (and, given `generation`, is still extracting that generation); returns whether it
 * moved. One conditional UPDATE: a concurrent writer that moved the document first makes this
 * one a no-op instead of being overwritten, so no writer can skip the machine.
 */
export async function movePhase(
  db: Pick<PrismaClient | Prisma.TransactionClient, "document">,
  transition: Transition,
  target: { id: string; generation?: number },
  side: PhaseSideData = {},
): Promise<boolean> {
  const { from, to } = transitions[transition];
  const { count } = await db.document.updateMany({
    where: {
      id: target.id,
      phase: { in: [...from] },
      ...(target.generation === undefined ? {} : { workingGeneration: target.generation }),
    },
    data: { ...side, phase: to },
  });
  return count > 0;
}

export function statusOf(phase: string): "queued" | "processing" | "done" | "failed" {
  switch (phase) {
    case "queued":
      return "queued";
    case "extracting":
      return "processing";
    case "error":
      return "failed";
    default:
      return "done";
  }
}

/**
 * Documented reparse strategies: `auto` reads the text layer and OCRs pages that have none;
 * `text` never OCRs; `ocr` recognises every page from its image, ignoring the text layer.
 */
export const strategies = ["auto", "text", "ocr"] as const;
/** Documented capability flags: `tables` finds tables; `page_images` renders every page image during extraction. */
export const capabilityFlags = ["tables", "page_images"] as const;
export const defaultCapabilities = ["tables"];
