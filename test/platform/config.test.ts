import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";

describe("configuration", () => {
  it("has defaults that need no setup", () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.role).toBe("both");
    expect(c.databaseUrl).toBeUndefined();
    expect(c.baseUrl).toBe("http://localhost:8080");
    expect(c.blobDir.endsWith("/.data/blobs")).toBe(true);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "" }).port).toBe(8080);
  });

  it("names every bad variable", () => {
    const bad = () => loadConfig({ PORT: "eighty", ROLE: "boss", WORKER_SECRET: "short", MAX_PAGES: "many" });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const msg = (err as Error).message;
      for (const v of ["PORT", "ROLE", "WORKER_SECRET", "MAX_PAGES"]) expect(msg).toContain(v);
    }
  });

  it("pre-renders every page's image by default, as many as MAX_PAGES, none with 0, and refuses a negative count", () => {
    expect(loadConfig({}).prerenderPages).toBe(loadConfig({}).maxPages);
    expect(loadConfig({ MAX_PAGES: "300" }).prerenderPages).toBe(300);
    expect(loadConfig({ PRERENDER_PAGES: "0" }).prerenderPages).toBe(0);
    expect(() => loadConfig({ PRERENDER_PAGES: "-1" })).toThrow(/PRERENDER_PAGES/);
  });

  it("strips a trailing slash from BASE_URL", () => {
    expect(loadConfig({ BASE_URL: "https://quire.example.com/" }).baseUrl).toBe("https://quire.example.com");
  });
});
