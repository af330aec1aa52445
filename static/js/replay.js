// Replays: arrow keys step through the match, the slider shows where it will jump, and the
// move list keeps the current move in view. Every control is also a plain link or form.
(function () {
  "use strict";
  // htmx runs this script again when it restores the page from its history cache: wire once.
  if (window.replayReady) return;
  window.replayReady = true;
  document.documentElement.classList.add("js");

  const KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

  function typing(target) {
    return target.closest("input, textarea, select, [contenteditable]") !== null;
  }

  document.addEventListener("keydown", function (event) {
    const nav = KEYS[event.key];
    if (!nav || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!document.getElementById("replay-body") || typing(event.target)) return;
    const link = document.querySelector(`#replay-body a[data-nav="${nav}"]`);
    if (!link) return;
    event.preventDefault();
    // A link swapped in a moment ago may not be wired to htmx yet: without this a quick key
    // would load the whole page instead of the replay body.
    if (window.htmx) window.htmx.process(link);
    link.click();
  });

  function showCurrentMove() {
    const body = document.getElementById("replay-body");
    const list = document.getElementById("replay-moves");
    if (!body || !list) return;
    // The list is kept across steps (hx-preserve), so the marker is moved here.
    for (const item of list.querySelectorAll(".current")) {
      item.classList.remove("current");
      item.removeAttribute("aria-current");
    }
    const current = list.querySelector(`li[data-step="${body.dataset.step}"]`);
    if (!current) return;
    current.classList.add("current");
    current.setAttribute("aria-current", "step");
    // Scroll the list only, not the page, so the board stays where the reader left it.
    const top = current.offsetTop - list.offsetTop;
    list.scrollTop = Math.max(0, top - list.clientHeight / 2 + current.clientHeight / 2);
  }

  document.addEventListener("input", function (event) {
    if (event.target.id !== "replay-slider") return;
    const body = document.getElementById("replay-body");
    const position = body && body.querySelector(".replay-position");
    const step = Number(event.target.value);
    if (position) {
      position.textContent = step
        ? interpolate(gettext("Move %(step)s of %(last)s"), { step: step, last: body.dataset.last }, true)
        : gettext("The opening");
    }
  });

  document.addEventListener("htmx:afterSwap", showCurrentMove);
  document.addEventListener("htmx:historyRestore", showCurrentMove);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", showCurrentMove);
  } else {
    showCurrentMove();
  }
})();
