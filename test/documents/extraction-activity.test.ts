import { describe, expect, it } from "vitest";
import { ExtractionActivity } from "../../src/jobs/extraction-activity.ts";

describe("extraction activity (when background page images may run)", () => {
  it("is busy while an extraction runs and for the quiet period after the last one ends", () => {
    let now = 1_000_000;
    const a = new ExtractionActivity(2000, () => now);
    expect(a.busy()).toBe(false);
    a.started();
    a.started();
    expect(a.busy()).toBe(true);
    a.ended();
    now += 10_000;
    // One of the two still runs.
    expect(a.busy()).toBe(true);
    a.ended();
    now += 1999;
    expect(a.busy()).toBe(true);
    now += 1;
    expect(a.busy()).toBe(false);
  });
});
