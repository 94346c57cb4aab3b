import { expect, it } from "vitest";
import { CountedMedian, median } from "../../../src/core/extraction/layout/geometry.ts";

it("CountedMedian gives what median() gives, at every step of values added one by one", () => {
  let seed = 11;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const sizes = [6, 7.5, 8, 9.96, 10, 12, 14, 18];
  const counted = new CountedMedian();
  expect(counted.value()).toBe(median([]));
  const all: number[] = [];
  for (let k = 0; k < 500; k++) {
    const v = sizes[Math.floor(rand() * sizes.length)] as number;
    counted.add(v);
    all.push(v);
    expect(counted.value()).toBe(median(all));
  }
});
