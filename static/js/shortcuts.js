// A match page by keyboard: focus stays on the control the player was on when a move or a push
// replaces the part holding it, and single keys play the moves on offer (listed in #shortcuts).
(function () {
  "use strict";
  const page = document.querySelector(".match-page");
  if (!page) return;

  // A control is known across renderings by its data-focus-key (or its id): the element itself
  // is new after every swap.
  function keyOf(el) {
    if (!el || el === document.body) return null;
    return el.dataset.focusKey || el.id || null;
  }

  function usable(el) {
    return el && !el.disabled && !el.closest("[hidden]") && el.getClientRects().length > 0;
  }

  function first(selector) {
    return Array.from(document.querySelectorAll(selector)).find(usable) || null;
  }

  function byKey(key) {
    if (!key || key === HEADING) return null;
    const found = document.querySelector(`[data-focus-key="${CSS.escape(key)}"]`)
      || document.getElementById(key);
    return usable(found) ? found : null;
  }

  // The status heading (whose move it is) holds focus when there is nothing to do; its key is
  // never looked up again, so the next swap brings focus to a control if one has appeared.
  const HEADING = "status-heading";
  function heading() {
    const title = document.querySelector("#match-status h2");
    if (title) {
      title.setAttribute("tabindex", "-1");
      title.dataset.focusKey = HEADING;
    }
    return title;
  }

  // Where focus goes when the control it was on is gone (the move was made, the turn is over).
  function fallback(key) {
    const candidates = [];
    if (key && key.startsWith("buy-")) candidates.push("[data-focus-key='end-turn']");
    candidates.push(
      "#ig-decide .big-choice",
      "#ed-controls .ed-use",
      "[data-focus-key='end-turn']",
      // Not the market's opener: out of turn it is there to read, and the heading says why.
      "#ed-controls button:not(.ed-market-open)",
    );
    for (const selector of candidates) {
      const el = first(selector);
      if (el) return el;
    }
    return heading();
  }

  function focusOn(el) {
    if (el) el.focus({ preventScroll: true });
  }

  let lastElement = null;
  let lastKey = null;
  document.addEventListener("focusin", function (event) {
    const key = keyOf(event.target);
    if (!key) return;
    lastElement = event.target;
    lastKey = key;
  });

  // Once every part of a swap is in (a move's answer swaps several), put focus back.
  let pending = false;
  function restoreSoon() {
    if (pending) return;
    pending = true;
    setTimeout(function () {
      pending = false;
      if (!lastElement || lastElement.isConnected) return;
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      focusOn(byKey(lastKey) || fallback(lastKey));
    }, 0);
  }
  ["htmx:afterSwap", "htmx:oobAfterSwap", "htmx:afterSettle", "htmx:wsAfterMessage"].forEach(
    function (type) {
      document.body.addEventListener(type, restoreSoon);
    },
  );

  function typing(target) {
    return target.closest && target.closest("input:not([type=checkbox]), textarea, select, [contenteditable]") !== null;
  }

  // Pressing a control by key: focused first, so focus stays there (or near) after the swap.
  function press(el) {
    if (!el) return false;
    focusOn(el);
    el.click();
    return true;
  }

  function destinations() {
    return Array.from(document.querySelectorAll(".ed-moves:not([hidden]) .ed-destinations button"))
      .filter(usable);
  }

  function stepThrough(list, forward) {
    if (!list.length) return false;
    const at = list.indexOf(document.activeElement);
    let next;
    if (at < 0) next = forward ? 0 : list.length - 1;
    else next = (at + (forward ? 1 : list.length - 1)) % list.length;
    focusOn(list[next]);
    list[next].scrollIntoView({ block: "nearest" });
    return true;
  }

  function pickCard(position) {
    const cards = document.querySelectorAll("#ed-controls .ed-card[data-card]");
    const card = cards[position - 1];
    const link = card && card.querySelector(".ed-use");
    if (!link) return false;
    if (window.edPick) window.edPick(card.dataset.card);
    const dest = destinations()[0];
    focusOn(dest || link);
    (dest || link).scrollIntoView({ block: "nearest" });
    return true;
  }

  function byLetter(letter) {
    const matching = destinations().filter(function (b) { return b.dataset.letter === letter; });
    if (!matching.length) return false;
    // Several buttons share a letter (one space, two explorers or kinds): a repeat goes on.
    const at = matching.indexOf(document.activeElement);
    focusOn(matching[(at + 1) % matching.length]);
    return true;
  }

  function buy() {
    const active = document.activeElement;
    if (active && active.matches && active.matches("#ed-market [data-focus-key^='buy-']")) {
      return press(active);
    }
    // On a phone the market is a sheet, closed until asked for: open it on the first offer.
    const sheet = window.edMarket;
    if (sheet && sheet.sheet() && !sheet.isOpen()) {
      if (!document.querySelector("#ed-market [data-focus-key^='buy-']")) return false;
      sheet.open("[data-focus-key^='buy-']");
      return true;
    }
    const offer = first("#ed-market [data-focus-key^='buy-']");
    if (!offer) return false;
    focusOn(offer);
    offer.scrollIntoView({ block: "nearest" });
    return true;
  }

  function toggleList() {
    const list = document.getElementById("shortcuts");
    if (!list) return false;
    list.open = !list.open;
    if (list.open) {
      focusOn(list.querySelector("summary"));
      list.scrollIntoView({ block: "nearest" });
    }
    return true;
  }

  function incanGold(key) {
    if (key === "c") return press(first("#ig-decide .big-continue"));
    if (key === "r") return press(first("#ig-decide .big-return"));
    return false;
  }

  function elDorado(event) {
    const key = event.key;
    // With the market's sheet open over the page, only its own key works.
    if (window.edMarket && window.edMarket.isOpen()) return key.toLowerCase() === "b" && buy();
    if (/^[1-9]$/.test(key)) return pickCard(Number(key));
    if (key === "ArrowRight" || key === "ArrowDown") return stepThrough(destinations(), true);
    if (key === "ArrowLeft" || key === "ArrowUp") return stepThrough(destinations(), false);
    if (key === "Escape" && page.dataset.edCard) {
      const card = page.dataset.edCard;
      if (window.edPick) window.edPick("");
      focusOn(byKey(`card-${card}`));
      return true;
    }
    if (key.length !== 1) return false;
    // While a card is picked its destinations' letters come first.
    if (byLetter(key.toUpperCase())) return true;
    const lower = key.toLowerCase();
    if (lower === "b") return buy();
    if (lower === "e") return press(first("[data-focus-key='end-turn']"));
    if (lower === "u") return press(first("[data-focus-key='undo']"));
    return false;
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.isComposing || typing(event.target)) return;
    let done = false;
    if (event.key === "?") done = toggleList();
    else if (event.shiftKey) return;
    else if (document.querySelector("#ig-decide")) done = incanGold(event.key.toLowerCase());
    else if (document.querySelector("#ed-controls")) done = elDorado(event);
    if (done) event.preventDefault();
  });
})();
