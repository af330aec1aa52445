// Keeps a match page in step with the server: pushed fragments are applied in version order,
// and after a reconnect or a missed version the live part is fetched again over HTTP.
(function () {
  "use strict";
  const page = document.querySelector(".match-page");
  if (!page) return;
  const liveUrl = page.dataset.liveUrl;
  const status = document.getElementById("connection");
  let opened = false;

  function currentVersion() {
    const live = document.getElementById("match-live");
    return live ? parseInt(live.dataset.version, 10) : 0;
  }

  function refetch() {
    // Keep the player's current selection (a card picked to move with) across the refetch.
    const live = document.getElementById("match-live");
    const card = live && live.dataset.card;
    const url = card ? `${liveUrl}?card=${encodeURIComponent(card)}` : liveUrl;
    htmx.ajax("GET", url, {
      target: "#match-live",
      swap: "outerHTML",
      headers: { "X-Live-Refetch": "1" },
    });
  }

  // A refetch may come back after the player has already moved on (picked a card, say): an
  // answer older than the screen, or a refetch that would drop a fresh selection, is not shown.
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    const live = document.getElementById("match-live");
    const match = /data-version="(\d+)"/.exec(event.detail.serverResponse || "");
    if (!live || !match || event.detail.target !== live) return;
    const incoming = parseInt(match[1], 10);
    const current = currentVersion();
    const refetch = (event.detail.requestConfig.headers || {})["X-Live-Refetch"];
    if (incoming < current || (refetch && incoming === current && live.dataset.card)) {
      event.detail.shouldSwap = false;
    }
  });

  // A request that failed on the way or on the server must not look like nothing happened.
  function showTrouble(text) {
    const live = document.getElementById("match-live");
    if (!live) return;
    let box = live.querySelector(".message-trouble");
    if (!box) {
      box = document.createElement("p");
      box.className = "message message-error message-trouble";
      box.setAttribute("role", "alert");
      live.prepend(box);
    }
    box.textContent = text;
  }
  document.body.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr && event.detail.xhr.status >= 500) {
      showTrouble("The server could not take that just now. Please try again.");
    }
  });
  document.body.addEventListener("htmx:sendError", function () {
    showTrouble("The server could not be reached. Check your connection and try again.");
  });

  // Live matches count the seconds left for the current move.
  function showCountdowns() {
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      const left = Math.round((Date.parse(el.dataset.deadline) - Date.now()) / 1000);
      if (Number.isNaN(left)) return;
      const shown = Math.max(0, left);
      const text = `${Math.floor(shown / 60)}:${String(shown % 60).padStart(2, "0")} left`;
      el.textContent = left > 0 ? text : "time is up";
    });
  }
  showCountdowns();
  setInterval(showCountdowns, 1000);

  function setStatus(state, text) {
    if (!status) return;
    status.dataset.state = state;
    status.querySelector(".connection-text").textContent = text;
  }

  page.addEventListener("htmx:wsOpen", function () {
    setStatus("open", "Connected");
    // Anything may have happened while the socket was down.
    if (opened) refetch();
    opened = true;
  });
  page.addEventListener("htmx:wsClose", function () {
    setStatus("closed", "Reconnecting…");
  });
  page.addEventListener("htmx:wsBeforeMessage", function (event) {
    const match = /data-version="(\d+)"/.exec(event.detail.message);
    if (!match) return;
    const incoming = parseInt(match[1], 10);
    const current = currentVersion();
    if (incoming <= current) {
      // Already on screen (the answer to this page's own move, or a repeat), or older:
      // keep what is shown, including a card the player has just selected.
      event.preventDefault();
    } else if (incoming > current + 1) {
      // A version was skipped: show this one, then make sure nothing in between is missing.
      setTimeout(refetch, 0);
    }
  });
})();

// El Dorado: clicking a highlighted space on the map presses the button that moves there.
document.addEventListener("click", function (event) {
  const space = event.target.closest("svg [data-hex]");
  if (!space) return;
  const button = document.querySelector(`.ed-dest[data-hex="${space.dataset.hex}"]`);
  if (button) button.click();
});

// El Dorado: pointing at a destination button marks its space on the map, and back.
function markSpace(hex, on) {
  document.querySelectorAll(`svg [data-hex="${hex}"], .ed-dest[data-hex="${hex}"]`).forEach(
    function (el) { el.classList.toggle("pointed", on); }
  );
}
["mouseover", "focusin"].forEach(function (type) {
  document.addEventListener(type, function (event) {
    const el = event.target.closest && event.target.closest(".ed-dest, svg [data-hex]");
    if (el) markSpace(el.dataset.hex || el.getAttribute("data-hex"), true);
  });
});
["mouseout", "focusout"].forEach(function (type) {
  document.addEventListener(type, function (event) {
    const el = event.target.closest && event.target.closest(".ed-dest, svg [data-hex]");
    if (el) markSpace(el.dataset.hex || el.getAttribute("data-hex"), false);
  });
});

// El Dorado: how much the ticked cards (and coin tokens) would pay, shown beside the market,
// and on each card for sale whether that falls short or pays more than it costs: change is lost.
function halves(total) {
  const whole = Math.floor(total);
  if (total === whole) return `${whole}`;
  return whole ? `${whole}½` : "½";
}
document.addEventListener("change", function (event) {
  if (!event.target.matches) return;
  if (!event.target.matches(".ed-form input[name='cards'], .ed-form input[name='tokens']")) return;
  const money = document.getElementById("ed-money");
  if (!money) return;
  let total = 0;
  document
    .querySelectorAll(".ed-form input[name='cards']:checked, .ed-form input[name='tokens']:checked")
    .forEach(function (box) {
      total += parseFloat(box.dataset.pays || "0");
    });
  money.textContent = total ? `Ticked cards pay ${halves(total)}` : "";
  document.querySelectorAll(".ed-shop-card[data-cost]").forEach(function (card) {
    const cost = parseFloat(card.dataset.cost);
    const fit = card.querySelector(".ed-fit");
    card.classList.toggle("ed-short", total > 0 && total < cost);
    card.classList.toggle("ed-over", total >= cost + 1);
    if (!fit) return;
    if (!total) fit.textContent = "";
    else if (total < cost) fit.textContent = `${halves(cost - total)} short`;
    else if (total >= cost + 1) fit.textContent = `overpays by ${halves(total - cost)}`;
    else fit.textContent = "exact";
  });
});
