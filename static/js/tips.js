// Help popovers: a tap on a touch screen opens one (hover and focus are CSS); Escape closes it.
(function () {
  document.addEventListener("click", function (event) {
    var host = event.target.closest && event.target.closest(".tip-host");
    document.querySelectorAll(".tip-host.tip-open").forEach(function (open) {
      if (open !== host) open.classList.remove("tip-open");
    });
    if (host) { host.classList.remove("tip-closed"); host.classList.add("tip-open"); }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll(".tip-host:hover, .tip-host:focus-within, .tip-host.tip-open").forEach(function (host) {
      host.classList.remove("tip-open");
      host.classList.add("tip-closed");
    });
  });
  document.addEventListener("focusin", function (event) {
    var host = event.target.closest && event.target.closest(".tip-host");
    if (host) host.classList.remove("tip-closed");
  });
})();
