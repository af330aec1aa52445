// Keeps a match page in step with the server: pushed fragments are applied in version order,
// and after a reconnect or a missed version the live part is fetched again over HTTP.
(function () {
  "use strict";
  const page = document.querySelector(".match-page");
  if (!page) return;
  const liveUrl = page.dataset.liveUrl;
  const status = document.getElementById("connection");
  let opened = false;

  // The version on screen, and in a pushed frame the version it shows and the one it changes.
  const MARKER = /id="match-version" data-version="(\d+)"(?: data-base="(\d+)")?/;
  // Chat frames (static/js/chat.js) carry no board version and are never a board's frame.
  const CHAT_FRAME = "<div data-chat";

  function currentVersion() {
    const marker = document.getElementById("match-version");
    return marker ? parseInt(marker.dataset.version, 10) : 0;
  }

  function refetch() {
    htmx.ajax("GET", liveUrl, {
      target: "#match-live",
      swap: "outerHTML",
      headers: { "X-Live-Refetch": "1" },
    });
  }

  // A refetch may come back after a newer push: an answer older than the screen is not shown.
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    const live = document.getElementById("match-live");
    const found = MARKER.exec(event.detail.serverResponse || "");
    if (!live || !found || event.detail.target !== live) return;
    if (parseInt(found[1], 10) < currentVersion()) event.detail.shouldSwap = false;
  });

  // A private match's invite link is shown as a path; the address bar knows the site's origin.
  function completeInvites() {
    document.querySelectorAll("input[data-invite]").forEach(function (input) {
      if (input.value.startsWith("/")) input.value = window.location.origin + input.value;
    });
  }
  completeInvites();
  document.body.addEventListener("htmx:afterSettle", completeInvites);

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
      showTrouble(gettext("The server could not take that just now. Please try again."));
    }
  });
  document.body.addEventListener("htmx:sendError", function () {
    showTrouble(gettext("The server could not be reached. Check your connection and try again."));
  });

  // Live matches count the seconds left for the current move.
  function showCountdowns() {
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      const left = Math.round((Date.parse(el.dataset.deadline) - Date.now()) / 1000);
      if (Number.isNaN(left)) return;
      const shown = Math.max(0, left);
      const clock = `${Math.floor(shown / 60)}:${String(shown % 60).padStart(2, "0")}`;
      const text = interpolate(gettext("%(clock)s left"), { clock: clock }, true);
      el.textContent = left > 0 ? text : gettext("time is up");
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
    setStatus("open", gettext("Connected"));
    // Anything may have happened while the socket was down.
    if (opened) refetch();
    opened = true;
  });
  page.addEventListener("htmx:wsClose", function () {
    setStatus("closed", gettext("Reconnecting…"));
  });
  page.addEventListener("htmx:wsBeforeMessage", function (event) {
    if (event.detail.message.startsWith(CHAT_FRAME)) return;
    const found = MARKER.exec(event.detail.message);
    if (!found) return; // an error for this page alone
    const incoming = parseInt(found[1], 10);
    const current = currentVersion();
    if (incoming <= current) {
      // Already on screen (the answer to this page's own move, or a repeat), or older.
      event.preventDefault();
    } else if (found[2] !== undefined && parseInt(found[2], 10) !== current) {
      // The changes of a version this page never showed: fetch the whole live part instead.
      event.preventDefault();
      refetch();
    }
  });
})();
