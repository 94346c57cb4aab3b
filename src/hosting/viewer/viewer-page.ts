import { assetVersion as builtAssetVersion } from "./assets.ts";
import { escapeHtml as e } from "./escape-html.ts";

// The hosted site's HTML. The site's Content-Security-Policy allows no inline script and no style
// attribute, so these pages carry data in data-* attributes and markup only; behaviour and looks
// come from /_assets (viewer.js, viewer.css), versioned by ?v= so they can be cached for a year.
// Without script the viewer still shows every page image; script adds paging, zoom and search.

export type ViewerPageModel = {
  title: string;
  pageCount: number;
  /** Pixel size of each page image (/pages/{n}.png), so the layout is right before any loads. */
  pages: { number: number; width: number; height: number }[];
  allowDownload: boolean;
  assetVersion: string;
};

export type PasswordPageModel = {
  title: string;
  csrf: string;
  error?: string;
  /** Defaults to the version of the assets this process serves. */
  assetVersion?: string;
};

export type StatusPageModel = {
  /** 503: not ready yet (the page reloads itself by the Refresh header the server sends). */
  status: 403 | 404 | 410 | 503;
  /** The page's heading, such as "Not found". */
  title: string;
  message: string;
  assetVersion: string;
};

/**
 * A document with no pages has nothing to page, zoom or search. One still being opened never
 * reaches this page: the site answers it with a 503 status page that reloads itself.
 */
const NO_PAGES = `<p class="no-pages" role="status">This document has no pages to show.</p>`;

/** Thumbnails are drawn this wide (CSS pixels); their height follows each page's shape. */
const THUMB_WIDTH = 96;

function head(title: string, version: string, withScript: boolean, extra = ""): string {
  const v = encodeURIComponent(version);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${extra}<title>${e(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/_assets/viewer.css?v=${v}">
${withScript ? `<script type="module" src="/_assets/viewer.js?v=${v}"></script>\n` : ""}</head>`;
}

/** Paging, zoom and the text and search toggles: only once the document has pages. */
const CONTROLS = (last: number) => `<nav class="pager" aria-label="Page navigation">
<button type="button" class="button" id="prev-page" aria-label="Previous page" aria-keyshortcuts="ArrowLeft PageUp">&#8249;</button>
<label for="page-number" class="page-label">Page</label>
<input id="page-number" type="number" inputmode="numeric" min="1" max="${last}" value="1">
<span id="page-total">of ${last}</span>
<button type="button" class="button" id="next-page" aria-label="Next page" aria-keyshortcuts="ArrowRight PageDown">&#8250;</button>
</nav>
<div class="zoom" role="group" aria-label="Zoom">
<button type="button" class="button" id="zoom-out" aria-label="Zoom out" aria-keyshortcuts="-">&#8722;</button>
<output id="zoom-level" aria-live="polite" for="zoom-out zoom-in zoom-fit">100%</output>
<button type="button" class="button" id="zoom-in" aria-label="Zoom in" aria-keyshortcuts="+">+</button>
<button type="button" class="button" id="zoom-fit" aria-pressed="true">Fit</button>
</div>
<button type="button" class="button" id="text-toggle" aria-controls="pages" aria-pressed="false">Show text</button>
<button type="button" class="button narrow-only" id="search-toggle" aria-controls="search" aria-expanded="false">Search</button>`;

export function renderViewerPage(m: ViewerPageModel): string {
  const last = m.pageCount;
  const thumbs = m.pages.map((p) => {
    const h = Math.max(1, Math.round((p.height * THUMB_WIDTH) / Math.max(1, p.width)));
    return `<li><a href="#page=${p.number}" data-thumb="${p.number}" aria-label="Page ${p.number}"><img src="/pages/${p.number}.png?thumb" width="${THUMB_WIDTH}" height="${h}" loading="lazy" decoding="async" alt=""><span aria-hidden="true">${p.number}</span></a></li>`;
  });
  // Each page a group, not a labelled <section>: hundreds of region landmarks would drown the
  // real ones.
  const pages = m.pages.map((p) =>
    [
      `<div class="page" role="group" id="page-${p.number}" data-page="${p.number}" data-width="${p.width}" data-height="${p.height}" aria-label="Page ${p.number} of ${last}">`,
      `<img src="/pages/${p.number}.png" width="${p.width}" height="${p.height}" loading="lazy" decoding="async" alt="Page ${p.number}">`,
      `<article class="page-text" aria-label="Page ${p.number} text" data-text-for="${p.number}"></article>`,
      "</div>",
    ].join("\n"),
  );
  const ready = pages.length > 0;
  const thumbsToggle = `<button type="button" class="button" id="thumbs-toggle" aria-controls="thumbs" aria-expanded="true">Pages</button>`;
  const download = m.allowDownload
    ? `<a class="button" id="download" href="/document.pdf" download>Download PDF</a>`
    : "";
  return `${head(m.title, m.assetVersion, true)}
<body class="viewer${ready ? "" : " search-open"}" data-page-count="${last}">
<a class="skip-link" href="#pages">Skip to the document</a>
<header class="toolbar">
${ready ? thumbsToggle : ""}
<h1 class="title">${e(m.title)}</h1>
${ready ? CONTROLS(last) : ""}${download}
</header>
<div class="layout">
${ready ? `<nav class="thumbs" id="thumbs" aria-label="Page thumbnails">\n<ol>\n${thumbs.join("\n")}\n</ol>\n</nav>\n` : ""}<main class="pages" id="pages" tabindex="0" aria-label="Document pages">
${ready ? pages.join("\n") : NO_PAGES}
</main>
<aside class="search" id="search" aria-label="Search">
<form id="search-form" role="search" aria-label="Search the text">
<label for="search-input">Search the text</label>
<div class="search-row">
<input id="search-input" name="q" type="search" autocomplete="off" disabled aria-describedby="search-status">
<button type="submit" class="button" id="search-submit" disabled>Search</button>
</div>
<p id="search-status" class="status" role="status" aria-live="polite">Loading the text&#8230;</p>
</form>
<ol id="search-results" class="results" aria-label="Search results"></ol>
</aside>
</div>
</body>
</html>
`;
}

export function renderPasswordPage(m: PasswordPageModel): string {
  const error = m.error ? `<p class="form-error" id="password-error" role="alert">${e(m.error)}</p>\n` : "";
  const describedBy = m.error ? ` aria-describedby="password-error" aria-invalid="true"` : "";
  // The site is served with Referrer-Policy: no-referrer, under which a browser sends
  // "Origin: null" with a form POST, and /_access refuses a POST whose Origin is not the site's.
  // This page alone relaxes the policy to same-origin, so the form's POST says where it is from
  // while nothing leaves the site with a Referer.
  const referrer = `<meta name="referrer" content="same-origin">\n`;
  return `${head(m.title, m.assetVersion ?? builtAssetVersion, false, referrer)}
<body class="gate">
<main class="card">
<h1>${e(m.title)}</h1>
<p>This document is protected. Enter its password to read it.</p>
${error}<form method="post" action="/_access">
<input type="hidden" name="csrf" value="${e(m.csrf)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus${describedBy}>
<button type="submit" class="button primary">Open</button>
</form>
</main>
</body>
</html>
`;
}

export function renderStatusPage(m: StatusPageModel): string {
  // The viewer itself may still be readable when only the download is refused.
  const back = m.status === 403 ? `<p><a href="/">Back to the document</a></p>\n` : "";
  return `${head(m.title, m.assetVersion, false)}
<body class="gate">
<main class="card">
<p class="status-code">${m.status === 503 ? "One moment" : `Error ${m.status}`}</p>
<h1>${e(m.title)}</h1>
<p>${e(m.message)}</p>
${back}</main>
</body>
</html>
`;
}
