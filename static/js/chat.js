// The chat beside the board. Messages arrive over the match socket as frames that htmx
// appends to #chat-messages; this leaves out those of players the reader muted and the
// buttons on the reader's own, sends messages over the socket while it is open (else the form
// posts them), and fetches the list again after a reconnect.
(function () {
  "use strict";
  const page = document.querySelector(".match-page");
  if (!page) return;
  // Every chat frame starts so (games/chat/live.py); a message names itself and its author.
  const FRAME = "<div data-chat";
  const MESSAGE = /^<div data-chat-message="(\d+)" data-author="(\d+)"/;
  let socket = null;
  let opened = false;
  let lastSent = "";
  let stick = true;

  function panel() {
    return document.getElementById("chat-panel");
  }
  function list() {
    return document.getElementById("chat-messages");
  }
  function muted() {
    const found = panel();
    return found ? (found.dataset.muted || "").split(" ").filter(Boolean) : [];
  }

  // A frame is the same for every reader: the buttons only the reader's page can judge.
  function tidy() {
    const found = panel();
    if (!found) return;
    const me = found.dataset.me;
    found.querySelectorAll(".chat-message").forEach(function (item) {
      const actions = item.querySelector(".chat-actions");
      if (actions && (!me || item.dataset.author === me)) actions.remove();
    });
  }
  function nearBottom() {
    const box = list();
    return !box || box.scrollHeight - box.scrollTop - box.clientHeight < 48;
  }
  function scrollDown() {
    const box = list();
    if (box) box.scrollTop = box.scrollHeight;
  }
  tidy();
  scrollDown();

  page.addEventListener("htmx:wsBeforeMessage", function (event) {
    const text = event.detail.message;
    if (!text.startsWith(FRAME)) return;
    const found = MESSAGE.exec(text);
    if (!found) return; // why this page's own message was refused
    const shown = document.getElementById("chat-message-" + found[1]);
    if (shown || muted().includes(found[2])) {
      event.preventDefault();
      return;
    }
    stick = nearBottom();
  });
  page.addEventListener("htmx:wsAfterMessage", function (event) {
    const text = event.detail.message;
    if (!text.startsWith(FRAME)) return;
    if (MESSAGE.test(text)) {
      tidy();
      if (stick) scrollDown();
      return;
    }
    // Refused: the text comes back to the box to be fixed.
    const input = document.getElementById("chat-text");
    if (input && !input.value) input.value = lastSent;
  });

  page.addEventListener("htmx:wsOpen", function (event) {
    socket = event.detail.socketWrapper;
    const found = panel();
    // Messages sent while the socket was down reached every page but this one.
    if (opened && found) {
      htmx.ajax("GET", found.dataset.chatUrl, { target: "#chat-messages", swap: "outerHTML" });
    }
    opened = true;
  });
  page.addEventListener("htmx:wsClose", function () {
    socket = null;
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    tidy();
  });

  // While the socket is open a message goes over it; the form's own post is the fallback.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    const form = event.detail.elt;
    if (!socket || !form || form.id !== "chat-form") return;
    const input = form.querySelector("[name=text]");
    if (!input) return;
    event.preventDefault();
    lastSent = input.value;
    socket.send(JSON.stringify({ type: "chat", text: input.value }));
    input.value = "";
    const error = document.getElementById("chat-error");
    if (error) error.textContent = "";
  });
})();
