// Quire hosted viewer (loaded as a module: strict, deferred): paging (keys, buttons, thumbnails,
// #page=N), zoom, the text layer and search over /text.json. Plain script with no dependencies:
// the site's CSP allows only same-origin scripts, and the page must work offline. The HTML already shows every page image
// (sized from the server's model), so everything here is an enhancement.
(() => {
  const body = document.body;
  if (!body.classList.contains("viewer")) return;

  const pagesEl = document.getElementById("pages");
  const thumbsEl = document.getElementById("thumbs");
  const sections = Array.from(pagesEl.querySelectorAll(".page[data-page]"));
  const count = sections.length;
  const POLL_MS = 3000;
  const TEXT_PENDING = "Text not ready yet: search opens when the document has been read.";
  if (count === 0) return;
  const byNumber = new Map(sections.map((s) => [Number(s.dataset.page), s]));
  const thumbLinks = new Map(
    Array.from(document.querySelectorAll("[data-thumb]")).map((a) => [Number(a.dataset.thumb), a]),
  );
  const pageInput = document.getElementById("page-number");
  const narrow = window.matchMedia("(max-width: 720px)");

  // ---- Paging ----

  let current = 0;
  // After a jump, the page we jumped to stays current while the scroll position is where the jump
  // left it: a short last page can never reach the top, and would otherwise read as its neighbour.
  let pinned = null;

  const clamp = (n) => Math.min(Math.max(1, Math.trunc(n) || 1), count);

  // Scrolls are set on the scroller itself, not through scrollIntoView: in some Chromium versions
  // that also moves the point Tab starts from, and the first Tab must reach the skip link.
  function scrollToShow(scroller, el, block) {
    const box = scroller.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const top = r.top - box.top - scroller.clientTop;
    const left = r.left - box.left - scroller.clientLeft;
    scroller.scrollTop +=
      block === "start"
        ? top
        : nearest(top, top + r.height - scroller.clientHeight, r.height, scroller.clientHeight);
    scroller.scrollLeft += nearest(
      left,
      left + r.width - scroller.clientWidth,
      r.width,
      scroller.clientWidth,
    );
  }

  /** CSSOM's "nearest": the least scroll that shows the element, given how far its edges stick out. */
  function nearest(before, after, size, view) {
    if ((before >= 0 && after <= 0) || (before < 0 && after > 0)) return 0;
    if (before < 0) return size > view ? after : before;
    return size > view ? before : after;
  }

  function pageFromHash() {
    const m = /^#(?:.*&)?page=(\d+)/.exec(window.location.hash);
    return m ? clamp(Number(m[1])) : null;
  }

  function setCurrent(n) {
    if (n === current) return;
    const before = thumbLinks.get(current);
    if (before) before.removeAttribute("aria-current");
    current = n;
    pageInput.value = String(n);
    const thumb = thumbLinks.get(n);
    if (thumb) {
      thumb.setAttribute("aria-current", "page");
      if (!body.classList.contains("thumbs-hidden")) scrollToShow(thumbsEl, thumb, "nearest");
    }
    // replaceState: reading along should not fill the back button with every page passed.
    if (pageFromHash() !== n) window.history.replaceState(null, "", `#page=${n}`);
  }

  function goTo(n, opts = {}) {
    const page = clamp(n);
    const section = byNumber.get(page);
    scrollToShow(pagesEl, section, "start");
    pinned = { page, top: pagesEl.scrollTop };
    setCurrent(page);
    if (opts.focus) {
      section.tabIndex = -1;
      section.focus({ preventScroll: true });
    }
  }

  /** The page whose top is the last one above a line a third of the way down the view. */
  function pageAtScroll() {
    const top = pagesEl.scrollTop;
    if (top + pagesEl.clientHeight >= pagesEl.scrollHeight - 2 && top > 0) return count;
    const line = top + pagesEl.clientHeight / 3;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (sections[mid].offsetTop <= line) lo = mid;
      else hi = mid - 1;
    }
    return Number(sections[lo].dataset.page);
  }

  let scrollQueued = false;
  pagesEl.addEventListener(
    "scroll",
    () => {
      if (scrollQueued) return;
      scrollQueued = true;
      window.requestAnimationFrame(() => {
        scrollQueued = false;
        if (pinned && Math.abs(pagesEl.scrollTop - pinned.top) < 2) return;
        pinned = null;
        setCurrent(pageAtScroll());
      });
    },
    { passive: true },
  );

  window.addEventListener("hashchange", () => {
    const n = pageFromHash();
    if (n !== null) goTo(n);
  });

  document.getElementById("prev-page").addEventListener("click", () => goTo(current - 1));
  document.getElementById("next-page").addEventListener("click", () => goTo(current + 1));
  pageInput.addEventListener("change", () => goTo(Number(pageInput.value)));

  for (const [n, a] of thumbLinks) {
    a.addEventListener("click", (event) => {
      event.preventDefault();
      if (narrow.matches) setThumbsOpen(false);
      goTo(n, { focus: true });
    });
  }

  function typingIn(target) {
    return (
      target instanceof HTMLElement &&
      (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
    );
  }

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typingIn(event.target)) return;
    const actions = {
      ArrowLeft: () => goTo(current - 1),
      PageUp: () => goTo(current - 1),
      ArrowRight: () => goTo(current + 1),
      PageDown: () => goTo(current + 1),
      Home: () => goTo(1),
      End: () => goTo(count),
      "+": () => zoomStep(1),
      "=": () => zoomStep(1),
      "-": () => zoomStep(-1),
      _: () => zoomStep(-1),
      0: () => setZoom(null),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });

  // ---- Zoom: "fit" (pages as wide as the view) or a factor of each image's own pixel size ----

  const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.25, 1.5, 2, 3];
  const zoomLevel = document.getElementById("zoom-level");
  const zoomFit = document.getElementById("zoom-fit");
  let zoom = null;

  for (const s of sections) s.style.setProperty("--w", s.dataset.width);

  /** The factor a page is drawn at now, in fit mode too. */
  function effectiveZoom() {
    if (zoom !== null) return zoom;
    const s = byNumber.get(current) ?? sections[0];
    return s.getBoundingClientRect().width / Number(s.dataset.width);
  }

  function showZoom() {
    zoomLevel.textContent = `${Math.round(effectiveZoom() * 100)}%`;
  }

  function setZoom(z) {
    const keep = current;
    zoom = z;
    pagesEl.classList.toggle("zoomed", z !== null);
    if (z !== null) pagesEl.style.setProperty("--zoom", String(z));
    zoomFit.setAttribute("aria-pressed", String(z === null));
    showZoom();
    goTo(keep);
  }

  // In fit mode the factor follows the window's width.
  window.addEventListener("resize", () => {
    if (zoom === null) showZoom();
  });

  function zoomStep(direction) {
    const now = effectiveZoom();
    const next =
      direction > 0
        ? ZOOM_STEPS.find((z) => z > now + 0.001)
        : [...ZOOM_STEPS].reverse().find((z) => z < now - 0.001);
    if (next !== undefined) setZoom(next);
  }

  document.getElementById("zoom-in").addEventListener("click", () => zoomStep(1));
  document.getElementById("zoom-out").addEventListener("click", () => zoomStep(-1));
  zoomFit.addEventListener("click", () => setZoom(null));

  // ---- Thumbnail strip: open beside the pages on a wide screen, a closed drawer on a phone ----

  const thumbsToggle = document.getElementById("thumbs-toggle");
  function setThumbsOpen(open) {
    body.classList.toggle("thumbs-hidden", !open);
    thumbsToggle.setAttribute("aria-expanded", String(open));
    const thumb = thumbLinks.get(current);
    if (open && thumb) scrollToShow(thumbsEl, thumb, "nearest");
  }
  thumbsToggle.addEventListener("click", () => setThumbsOpen(body.classList.contains("thumbs-hidden")));
  narrow.addEventListener("change", () => setThumbsOpen(!narrow.matches));

  // ---- Text layer ----

  const textToggle = document.getElementById("text-toggle");
  textToggle.addEventListener("click", () => {
    const show = !body.classList.contains("show-text");
    body.classList.toggle("show-text", show);
    textToggle.setAttribute("aria-pressed", String(show));
    textToggle.textContent = show ? "Hide text" : "Show text";
    goTo(current);
  });

  /** Fills each page's <article> with its text, a paragraph per markdown block. */
  function fillText(pages) {
    for (const p of pages) {
      const article = document.querySelector(`[data-text-for="${Number(p.number)}"]`);
      if (!article || typeof p.text !== "string") continue;
      article.replaceChildren(
        ...p.text
          .split(/\n\s*\n/)
          .map((block) => block.trim())
          .filter(Boolean)
          .map((block) => {
            const para = document.createElement("p");
            para.textContent = block;
            return para;
          }),
      );
    }
  }

  // ---- Search over /text.json ----

  const searchInput = document.getElementById("search-input");
  const searchSubmit = document.getElementById("search-submit");
  const searchStatus = document.getElementById("search-status");
  const results = document.getElementById("search-results");
  const MAX_HITS = 200;
  const SNIPPET = 40;
  let index = null;

  function search(query) {
    const q = query.trim().toLowerCase();
    results.replaceChildren();
    if (!index || q === "") {
      searchStatus.textContent = index ? `Search ${index.length} pages.` : searchStatus.textContent;
      return [];
    }
    const hits = [];
    const pagesHit = new Set();
    for (const page of index) {
      let at = page.lower.indexOf(q);
      while (at !== -1 && hits.length < MAX_HITS) {
        hits.push({ page: page.number, text: page.text, at, length: q.length });
        pagesHit.add(page.number);
        at = page.lower.indexOf(q, at + q.length);
      }
      if (hits.length >= MAX_HITS) break;
    }
    for (const hit of hits) results.append(resultItem(hit));
    const more = hits.length >= MAX_HITS ? " (first matches only)" : "";
    searchStatus.textContent =
      hits.length === 0
        ? `No matches for “${query.trim()}”.`
        : `${hits.length} ${hits.length === 1 ? "match" : "matches"} on ${pagesHit.size} ${
            pagesHit.size === 1 ? "page" : "pages"
          }${more}.`;
    return hits;
  }

  function resultItem(hit) {
    const from = Math.max(0, hit.at - SNIPPET);
    const to = Math.min(hit.text.length, hit.at + hit.length + SNIPPET);
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.page = String(hit.page);
    const label = document.createElement("strong");
    label.textContent = `Page ${hit.page}`;
    const mark = document.createElement("mark");
    mark.textContent = hit.text.slice(hit.at, hit.at + hit.length);
    const snippet = document.createElement("span");
    snippet.append(
      `${from > 0 ? "…" : ""}${hit.text.slice(from, hit.at)}`.replace(/\s+/g, " "),
      mark,
      `${hit.text.slice(hit.at + hit.length, to)}${to < hit.text.length ? "…" : ""}`.replace(/\s+/g, " "),
    );
    button.append(label, snippet);
    button.addEventListener("click", () => goTo(hit.page, { focus: true }));
    const li = document.createElement("li");
    li.append(button);
    return li;
  }

  let typing = 0;
  searchInput.addEventListener("input", () => {
    window.clearTimeout(typing);
    typing = window.setTimeout(() => search(searchInput.value), 200);
  });
  document.getElementById("search-form").addEventListener("submit", (event) => {
    event.preventDefault();
    window.clearTimeout(typing);
    const hits = search(searchInput.value);
    const first = hits.find((h) => h.page >= current) ?? hits[0];
    if (first) goTo(first.page);
  });

  // ---- Search panel: always shown on a wide screen, opened by its button on a phone ----

  const searchToggle = document.getElementById("search-toggle");
  searchToggle.addEventListener("click", () => {
    const open = !body.classList.contains("search-open");
    body.classList.toggle("search-open", open);
    searchToggle.setAttribute("aria-expanded", String(open));
    if (open && !searchInput.disabled) searchInput.focus();
  });

  async function loadText() {
    let reply;
    try {
      const res = await fetch("/text.json", { headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      reply = await res.json();
    } catch {
      searchStatus.textContent = "Could not load the text; trying again…";
      window.setTimeout(loadText, POLL_MS * 2);
      return;
    }
    if (reply.status === "pending") {
      body.dataset.textStatus = "pending";
      searchStatus.textContent = TEXT_PENDING;
      window.setTimeout(loadText, POLL_MS);
      return;
    }
    if (reply.status !== "ready" || !Array.isArray(reply.pages)) {
      body.dataset.textStatus = "failed";
      searchStatus.textContent = "Text is not available for this document.";
      return;
    }
    fillText(reply.pages);
    index = reply.pages
      .filter((p) => typeof p.text === "string")
      .map((p) => {
        const lower = p.text.toLowerCase();
        // A few characters change length when lowercased; then offsets must come from `lower`.
        return { number: Number(p.number), text: lower.length === p.text.length ? p.text : lower, lower };
      });
    searchInput.disabled = false;
    searchSubmit.disabled = false;
    body.dataset.textStatus = "ready";
    searchStatus.textContent = `Search ${index.length} pages.`;
  }

  // ---- Images the server could not give (a 503 while the document is opened again): ask again ----

  const RETRIES = 30;
  for (const img of document.querySelectorAll(".page img, .thumbs img")) {
    const src = img.getAttribute("src");
    let tries = 0;
    img.addEventListener("error", () => {
      if (++tries > RETRIES) return;
      window.setTimeout(() => {
        img.src = `${src}${src.includes("?") ? "&" : "?"}retry=${tries}`;
      }, 2000);
    });
  }

  // ---- Start ----

  setThumbsOpen(!narrow.matches);
  showZoom();
  const start = pageFromHash();
  if (start !== null) goTo(start);
  else setCurrent(pageAtScroll());
  void loadText();
})();
