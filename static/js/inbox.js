// The player's inbox: the bell's count, the tab title and browser notifications, kept live
// over /ws/inbox/ (the server pushes the unread counts, and the text of anything new).
(function () {
  "use strict";
  const body = document.body;
  if (!body || !body.dataset.inbox || !("WebSocket" in window)) return;
  const siteName = gettext("Expedition");
  const ownTitle = document.title;
  const turnTitle = body.dataset.turnTitle || gettext("your turn");
  let delay = 1000;

  function showCounts(unread, turns) {
    body.dataset.unread = String(unread);
    body.dataset.turns = String(turns);
    document.querySelectorAll("[data-unread-count]").forEach(function (el) {
      el.textContent = unread > 0 ? String(unread) : "";
      const bell = el.closest(".nav-bell");
      if (bell) bell.classList.toggle("has-unread", unread > 0);
    });
    if (turns > 0) {
      document.title = "(" + unread + ") " + turnTitle + " · " + siteName;
    } else if (unread > 0) {
      document.title = "(" + unread + ") " + ownTitle;
    } else {
      document.title = ownTitle;
    }
  }

  function tellBrowser(message) {
    if (!message.text || !("Notification" in window)) return;
    if (Notification.permission !== "granted" || !document.hidden) return;
    const shown = new Notification(message.headline || siteName, {
      body: message.text,
      tag: message.url || message.kind,
    });
    shown.onclick = function () {
      window.focus();
      if (message.url) window.location.href = message.url;
      shown.close();
    };
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + window.location.host + body.dataset.inbox);
    let pinger = null;
    socket.onopen = function () {
      delay = 1000;
      // A proxy may close a socket that stays silent.
      pinger = window.setInterval(function () {
        socket.send(JSON.stringify({ type: "ping" }));
      }, 45000);
    };
    socket.onmessage = function (event) {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (err) {
        return;
      }
      if (message.type !== "notice" || typeof message.unread !== "number") return;
      showCounts(message.unread, message.turns || 0);
      tellBrowser(message);
      document.dispatchEvent(new CustomEvent("inbox:notice", { detail: message }));
    };
    socket.onclose = function (event) {
      window.clearInterval(pinger);
      if (event.code >= 4000) return; // refused (logged out, too many sockets): stay quiet
      window.setTimeout(connect, delay);
      delay = Math.min(delay * 2, 60000);
    };
  }

  function browserNotificationSettings() {
    const panel = document.getElementById("browser-notifications");
    if (!panel) return;
    const button = panel.querySelector("[data-allow-browser-notifications]");
    const state = panel.querySelector("[data-browser-notification-state]");
    function show() {
      if (!("Notification" in window)) {
        button.hidden = true;
        return;
      }
      if (Notification.permission === "granted") {
        button.hidden = true;
        state.textContent = panel.dataset.granted;
      } else if (Notification.permission === "denied") {
        button.hidden = true;
        state.textContent = panel.dataset.denied;
      }
    }
    button.addEventListener("click", function () {
      Notification.requestPermission().then(show);
    });
    show();
  }

  showCounts(Number(body.dataset.unread || 0), Number(body.dataset.turns || 0));
  browserNotificationSettings();
  connect();
})();
