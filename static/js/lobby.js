// Shows only the seat choices that fit the chosen number of players.
(function () {
  "use strict";
  document.querySelectorAll(".new-match-form").forEach(function (form) {
    const players = form.querySelector("select[name$='-players']");
    if (!players) return;
    function update() {
      const count = parseInt(players.value, 10);
      form.querySelectorAll("[data-seat]").forEach(function (row) {
        row.hidden = parseInt(row.dataset.seat, 10) > count;
      });
    }
    players.addEventListener("change", update);
    update();
  });
})();
