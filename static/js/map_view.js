// El Dorado's map, zoomed and panned: the viewport (.ed-map-view) scrolls natively, and its
// stack (the drawing with the overlay laid over it) is as wide as --ed-zoom times the viewport,
// so both svgs scale together and stay aligned. A zoom of 1 fills the viewport's width; the
// whole map may need less (a tall map in a short viewport).
//
// What the player looks at (the zoom and the point of the map in the middle of the viewport) is
// kept on the page's outer element, which no push or replay step replaces: a new overlay leaves
// the view alone, and a new map (a refetch, the next replay step) is shown as the last one was.
(function () {
  "use strict";
  const page = document.querySelector(".match-page, .replay-page");
  // htmx runs a page's scripts again when it restores one from its history: wire once.
  if (!page || window.edMapView) return;
  window.edMapView = true;

  const STEP = 1.5; // one press of + or −
  const HEX_MINE = 44; // a space's width on screen after "My explorer": big enough to tap
  const HEX_MOST = 120; // the widest a space gets
  const PAD = 24; // room kept around what a view is to show, in pixels
  const motion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  let map = null; // the parts of the map on the page now (replaced by a refetch or a step)
  let view = null;
  let stack = null;

  function you() {
    return page.dataset.you === undefined ? null : page.dataset.you;
  }

  function zoom() {
    return parseFloat(stack.style.getPropertyValue("--ed-zoom")) || 1;
  }

  function maxHeight() {
    const limit = parseFloat(getComputedStyle(view).maxHeight);
    return Number.isFinite(limit) ? limit : window.innerHeight * 0.7;
  }

  // A rectangle of the map as fractions of the stack's size, which no zoom changes.
  function fractionBox(rect, s) {
    return {
      x0: (rect.left - s.left) / s.width,
      y0: (rect.top - s.top) / s.height,
      x1: (rect.right - s.left) / s.width,
      y1: (rect.bottom - s.top) / s.height,
    };
  }

  function boxOf(elements) {
    const s = stack.getBoundingClientRect();
    let box = null;
    elements.forEach(function (el) {
      const rect = el.getBoundingClientRect();
      if (!rect.width && !rect.height) return;
      const b = fractionBox(rect, s);
      box = box
        ? {
            x0: Math.min(box.x0, b.x0),
            y0: Math.min(box.y0, b.y0),
            x1: Math.max(box.x1, b.x1),
            y1: Math.max(box.y1, b.y1),
          }
        : b;
    });
    return box;
  }

  function pawns() {
    const seat = you();
    if (seat === null) return [];
    return Array.from(stack.querySelectorAll(`g.explorer[data-player="${CSS.escape(seat)}"]`));
  }

  function goal() {
    return Array.from(stack.querySelectorAll("g.el-dorado"));
  }

  // The zooms the map may take: the whole map in view at the least, a space HEX_MOST wide at
  // the most; `aspect` is the stack's width over its height.
  function limits() {
    const width = view.clientWidth || 1;
    const s = stack.getBoundingClientRect();
    // From the drawing's own numbers: a measured box would move the limits by rounding.
    const box = stack.querySelector("svg").viewBox.baseVal;
    const aspect = box && box.height ? box.width / box.height : s.width / (s.height || 1) || 1;
    const space = stack.querySelector("svg .space polygon");
    const hex = space && s.width ? space.getBoundingClientRect().width / s.width : 0.02;
    let fit = Math.min(1, (maxHeight() * aspect) / width);
    // A hair under, so that rounding never leaves a scrollbar on the whole map.
    if (fit < 1) fit *= 0.995;
    const most = Math.max(fit, HEX_MOST / (hex * width));
    return { fit: fit, most: most, width: width, aspect: aspect, hex: hex };
  }

  function clamp(z, lim) {
    return Math.min(lim.most, Math.max(lim.fit, z));
  }

  // The most a box may be zoomed to and still be seen whole.
  function zoomFor(box, lim) {
    const across = (lim.width - PAD) / (Math.max(box.x1 - box.x0, 1e-3) * lim.width);
    const down =
      ((maxHeight() - PAD) * lim.aspect) / (Math.max(box.y1 - box.y0, 1e-3) * lim.width);
    return clamp(Math.min(across, down), lim);
  }

  function viewCentre() {
    const v = view.getBoundingClientRect();
    return {
      x: v.left + view.clientLeft + view.clientWidth / 2,
      y: v.top + view.clientTop + view.clientHeight / 2,
    };
  }

  // The point of the map (fractions of the stack) under a point of the screen.
  function pointAt(x, y) {
    const s = stack.getBoundingClientRect();
    return { fx: (x - s.left) / s.width, fy: (y - s.top) / s.height };
  }

  // Zooms to `z`, then scrolls so that the map's point `at` lies under the screen's (x, y), or
  // else in the middle of the view as it is at that zoom (its height follows the map's).
  function zoomTo(z, at, x, y, smooth) {
    const changed = Math.abs(z - zoom()) > 1e-6;
    stack.style.setProperty("--ed-zoom", String(z));
    if (x === null) {
      const centre = viewCentre();
      x = centre.x;
      y = centre.y;
    }
    const s = stack.getBoundingClientRect();
    const left = s.left + at.fx * s.width - x;
    const top = s.top + at.fy * s.height - y;
    const behavior = smooth && !changed && !(motion && motion.matches) ? "smooth" : "auto";
    view.scrollBy({ left: left, top: top, behavior: behavior });
    remember(z);
  }

  function showBox(box, z, smooth) {
    zoomTo(z, { fx: (box.x0 + box.x1) / 2, fy: (box.y0 + box.y1) / 2 }, null, null, smooth);
  }

  function whole(smooth) {
    showBox({ x0: 0, y0: 0, x1: 1, y1: 1 }, limits().fit, smooth);
  }

  // "My explorer": close enough to tap a space, all of the viewer's explorers in view if they
  // fit so, else each in turn at every press.
  function mine() {
    const own = pawns();
    if (!own.length) return;
    const lim = limits();
    const near = clamp(Math.max(HEX_MINE / (lim.hex * lim.width), lim.fit * 2.5), lim);
    const all = boxOf(own);
    if (all && zoomFor(all, lim) >= near) {
      showBox(all, near, true);
      return;
    }
    const turn = Number(page.dataset.edMine || 0) % own.length;
    page.dataset.edMine = String(turn + 1);
    const one = boxOf([own[turn]]);
    if (one) showBox(one, near, true);
  }

  // About a point of the screen (the pointer's), or keeping the middle of the view there.
  function zoomBy(factor, x, y) {
    const z = clamp(zoom() * factor, limits());
    if (x !== undefined) {
      zoomTo(z, pointAt(x, y), x, y, false);
      return;
    }
    const centre = viewCentre();
    zoomTo(z, pointAt(centre.x, centre.y), null, null, false);
  }

  // The view as the player left it, and the controls' state to match.
  function remember(z) {
    const lim = limits();
    const current = z === undefined ? zoom() : z;
    const centre = viewCentre();
    const at = pointAt(centre.x, centre.y);
    page.dataset.edZoom = String(current);
    page.dataset.edCentre = `${at.fx.toFixed(4)},${at.fy.toFixed(4)}`;
    const isWhole = current <= lim.fit * 1.001;
    page.dataset.edWhole = isWhole ? "1" : "";
    map.querySelectorAll("[data-map-view]").forEach(function (button) {
      const what = button.dataset.mapView;
      if (what === "whole") button.setAttribute("aria-pressed", String(isWhole));
      if (what === "out") button.setAttribute("aria-disabled", String(isWhole));
      if (what === "in") button.setAttribute("aria-disabled", String(current >= lim.most * 0.999));
    });
  }

  function restore() {
    const lim = limits();
    const stored = parseFloat(page.dataset.edZoom);
    const z = page.dataset.edWhole ? lim.fit : clamp(stored, lim);
    const [fx, fy] = (page.dataset.edCentre || "0.5,0.5").split(",").map(Number);
    zoomTo(z, { fx: fx, fy: fy }, null, null, false);
  }

  // On a new page: the viewer's explorers and El Dorado in view, as close as they both fit;
  // the whole map for anyone else.
  function firstView() {
    const own = pawns();
    const box = own.length ? boxOf(own.concat(goal())) : null;
    if (!box) {
      whole(false);
      return;
    }
    showBox(box, zoomFor(box, limits()), false);
  }

  function onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;
    if (key === "+" || key === "=") zoomBy(STEP);
    else if (key === "-" || key === "_" || key === "−") zoomBy(1 / STEP);
    else if (key === "0") whole(true);
    else return;
    // Handled here, before static/js/shortcuts.js hears it on the document.
    event.preventDefault();
  }

  function onClick(event) {
    const button = event.target.closest("[data-map-view]");
    if (!button) return;
    const what = button.dataset.mapView;
    if (what === "whole") whole(true);
    else if (what === "mine") mine();
    else if (what === "in") zoomBy(STEP);
    else if (what === "out") zoomBy(1 / STEP);
  }

  // Ctrl+wheel (and a touchpad's pinch, which browsers send as one) zooms around the pointer.
  function onWheel(event) {
    if (!event.ctrlKey) return;
    event.preventDefault();
    const unit = event.deltaMode === 1 ? 16 : 1;
    zoomBy(Math.exp((-event.deltaY * unit) / 300), event.clientX, event.clientY);
  }

  // Two fingers zoom around the point between them, and the map follows them as they move;
  // one finger is the browser's own panning (touch-action: pan-x pan-y leaves pinching to us).
  let pinch = null;
  function spread(touches) {
    const a = touches[0];
    const b = touches[1];
    return {
      x: (a.clientX + b.clientX) / 2,
      y: (a.clientY + b.clientY) / 2,
      d: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) || 1,
    };
  }
  function onTouchStart(event) {
    if (event.touches.length !== 2) return;
    const now = spread(event.touches);
    pinch = { d: now.d, zoom: zoom(), at: pointAt(now.x, now.y) };
  }
  function onTouchMove(event) {
    if (!pinch || event.touches.length !== 2) return;
    if (event.cancelable) event.preventDefault();
    const now = spread(event.touches);
    zoomTo(clamp((pinch.zoom * now.d) / pinch.d, limits()), pinch.at, now.x, now.y, false);
  }
  function onTouchEnd(event) {
    if (event.touches.length < 2) pinch = null;
  }

  let scrolling = false;
  function onScroll() {
    if (scrolling || pinch) return;
    scrolling = true;
    requestAnimationFrame(function () {
      scrolling = false;
      if (view) remember();
    });
  }

  // A map that has just come onto the page (the page's own, a refetch's, a replay step's).
  function attach() {
    const found = document.querySelector(".ed-map");
    if (!found) return;
    const inner = found.querySelector(".ed-map-view");
    const tools = found.querySelector(".ed-map-tools");
    if (!inner || !tools) return;
    if (inner !== view) {
      map = found;
      view = inner;
      stack = view.querySelector(".ed-map-stack");
      tools.hidden = false;
      tools.addEventListener("click", onClick);
      map.addEventListener("keydown", onKey);
      view.addEventListener("wheel", onWheel, { passive: false });
      view.addEventListener("touchstart", onTouchStart, { passive: true });
      view.addEventListener("touchmove", onTouchMove, { passive: false });
      view.addEventListener("touchend", onTouchEnd);
      view.addEventListener("touchcancel", onTouchEnd);
      view.addEventListener("scroll", onScroll, { passive: true });
      if (page.dataset.edZoom) restore();
      else firstView();
      if (window.ResizeObserver) new ResizeObserver(resized).observe(view);
    }
    const mineButton = map.querySelector("[data-map-view='mine']");
    if (mineButton) mineButton.hidden = pawns().length === 0;
  }

  // A turned phone or a wider window: the same part of the map stays in the middle.
  let width = 0;
  function resized() {
    if (!view || view.clientWidth === width) return;
    const first = width === 0;
    width = view.clientWidth;
    if (!first && page.dataset.edZoom) restore();
  }

  attach();
  ["htmx:afterSwap", "htmx:oobAfterSwap", "htmx:wsAfterMessage", "htmx:historyRestore"].forEach(
    function (type) {
      document.body.addEventListener(type, attach);
    },
  );
})();
