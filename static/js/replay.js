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

  // The step the keys asked for last, until it is on screen: a press while a step is loading
  // counts from it, so quick presses are never lost or counted twice.
  let wanted = null;

  function targetOf(nav, from, last) {
    if (nav === "first") return 0;
    if (nav === "last") return last;
    return Math.min(last, Math.max(0, from + (nav === "next" ? 1 : -1)));
  }

  document.addEventListener("keydown", function (event) {
    const nav = KEYS[event.key];
    if (!nav || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const body = document.getElementById("replay-body");
    if (!body || typing(event.target)) return;
    const slider = body.querySelector("#replay-slider");
    const form = slider && slider.form;
    if (!form) return;
    event.preventDefault();
    const from = wanted === null ? Number(body.dataset.step) : wanted;
    const target = targetOf(nav, from, Number(body.dataset.last));
    if (target === from) return;
    wanted = target;
    // The slider's form asks for exactly that step (hx-sync drops a request still under way)
    // and the position line says at once where the replay is going.
    slider.value = String(target);
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    if (window.htmx) {
      window.htmx.process(form);
      window.htmx.trigger(form, "change");
    } else {
      form.submit();
    }
  });

  // An answer for a step the keys have since moved past is not shown; and the control the
  // reader was on (a step button, the slider) is focused again in the new body.
  const STEP = /id="replay-body" data-step="(\d+)"/;
  let focusedId = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "replay-body") return;
    const found = STEP.exec(event.detail.serverResponse || "");
    if (wanted !== null && found && Number(found[1]) !== wanted) {
      event.detail.shouldSwap = false;
      return;
    }
    const active = document.activeElement;
    focusedId = active && active.id && event.detail.target.contains(active) ? active.id : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    const body = document.getElementById("replay-body");
    if (body && wanted !== null && Number(body.dataset.step) === wanted) wanted = null;
    if (!focusedId) return;
    // At either end a step button is gone (a plain span): the slider is the next control.
    const again = document.getElementById(focusedId);
    const target = again && again.matches("a, input, button") ? again : document.getElementById("replay-slider");
    focusedId = null;
    if (target) target.focus({ preventScroll: true });
  });
  ["htmx:historyRestore", "htmx:responseError", "htmx:sendError"].forEach(function (type) {
    document.addEventListener(type, function () { wanted = null; });
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
