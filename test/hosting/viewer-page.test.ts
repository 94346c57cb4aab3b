import { describe, expect, it } from "vitest";
import { assetVersion, viewerAssets } from "../../src/hosting/viewer/assets.ts";
import {
  renderPasswordPage,
  renderStatusPage,
  renderViewerPage,
} from "../../src/hosting/viewer/viewer-page.ts";

const HOSTILE = `<script>alert("x")</script> & 'quotes' "double"`;
const ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; &quot;double&quot;";

function viewer(allowDownload: boolean, title = HOSTILE) {
  return renderViewerPage({
    title,
    pageCount: 3,
    pages: [1, 2, 3].map((number) => ({ number, width: 918, height: 1188 })),
    allowDownload,
    assetVersion,
  });
}

/** What the hosted CSP would refuse: inline script, style attributes, inline event handlers. */
function expectCspClean(html: string) {
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc="\/_assets\//);
  expect(html).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/);
  expect(html).not.toMatch(/\sstyle=/i);
  expect(html).not.toMatch(/<style\b/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
}

describe("viewer pages", () => {
  it("escapes the title everywhere it appears", () => {
    const html = viewer(true);
    expect(html).not.toContain("<script>alert");
    expect(html).toContain(`<title>${ESCAPED}</title>`);
    expect(html).toContain(`<h1 class="title">${ESCAPED}</h1>`);
    expectCspClean(html);
  });

  it("sizes each page and thumbnail from the model and lazy-loads them", () => {
    const html = viewer(true, "Plain");
    expect(html).toContain('<img src="/pages/2.png" width="918" height="1188" loading="lazy"');
    // Thumbnails 96 px wide keep the page's shape.
    expect(html).toContain('<img src="/pages/2.png?thumb" width="96" height="124" loading="lazy"');
    expect(html).toContain('<article class="page-text" aria-label="Page 3 text"');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`/_assets/viewer.css?v=${assetVersion}`);
    expect(html).toContain(`/_assets/viewer.js?v=${assetVersion}`);
  });

  it("says a document has no pages, without paging controls", () => {
    const html = renderViewerPage({
      title: "t",
      pageCount: 0,
      pages: [],
      allowDownload: false,
      assetVersion,
    });
    expect(html).toContain("no pages to show");
    expect(html).not.toContain('id="page-number"');
    expect(html).not.toContain('id="thumbs"');
    expect(html).toContain('id="search-status"');
  });

  it("offers the download only when allowed", () => {
    expect(viewer(true)).toContain('href="/document.pdf"');
    expect(viewer(false)).not.toContain("/document.pdf");
  });

  it("escapes the password page's title, token and error", () => {
    const html = renderPasswordPage({ title: HOSTILE, csrf: `a"b<c`, error: HOSTILE });
    expect(html).not.toContain("<script>alert");
    expect(html).toContain('name="csrf" value="a&quot;b&lt;c"');
    expect(html).toContain(`role="alert">${ESCAPED}</p>`);
    expect(html).toContain('<form method="post" action="/_access">');
    expectCspClean(html);
    expect(renderPasswordPage({ title: "t", csrf: "c" })).not.toContain('role="alert"');
  });

  it("escapes the status page's title and message", () => {
    const html = renderStatusPage({ status: 410, title: HOSTILE, message: HOSTILE, assetVersion });
    expect(html).not.toContain("<script>alert");
    expect(html).toContain(`<h1>${ESCAPED}</h1>`);
    expect(html).toContain("410");
    expectCspClean(html);
  });
});

describe("viewer assets", () => {
  it("holds the script and the stylesheet with their types and strong ETags", () => {
    expect([...viewerAssets.keys()].sort()).toEqual(["viewer.css", "viewer.js"]);
    expect(viewerAssets.get("viewer.js")?.contentType).toMatch(/^text\/javascript/);
    expect(viewerAssets.get("viewer.css")?.contentType).toMatch(/^text\/css/);
    for (const a of viewerAssets.values()) {
      expect(a.body.length).toBeGreaterThan(1000);
      expect(a.etag).toMatch(/^"[0-9a-f]{32}"$/);
    }
    expect(assetVersion).toMatch(/^[0-9a-f]{16}$/);
  });
});
