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
    htmx.ajax("GET", liveUrl, { target: "#match-live", swap: "outerHTML" });
  }

  function setStatus(state, text) {
    if (!status) return;
    status.dataset.state = state;
    status.querySelector(".connection-text").textContent = text;
  }

  page.addEventListener("htmx:wsOpen", function () {
    setStatus("open", "Live");
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
    if (incoming < current) {
      event.preventDefault(); // an older picture than the one on screen
    } else if (incoming > current + 1) {
      // A version was skipped: show this one, then make sure nothing in between is missing.
      setTimeout(refetch, 0);
    }
  });
})();
