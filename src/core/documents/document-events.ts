/** Published on every phase change and page of progress; carried across processes by NOTIFY. */
export type DocumentProgressEvent = {
  id: string;
  phase: string;
  pagesCompleted: number;
  pagesTotal: number | null;
};

export const documentTopic = (id: string) => `document:${id}`;

export const terminalPhases = new Set(["complete", "awaiting_review", "error"]);
