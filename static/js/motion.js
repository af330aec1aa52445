// Short movements that say what changed on a board: a temple card turned over as it lands on
// the path (Incan Gold), an explorer sliding from the space it left (El Dorado). Nothing moves
// for a player who asks the system for reduced motion. The parts are swapped whole, so what was
// there before is remembered here, between swaps.
(function () {
  "use strict";
  const quiet = window.matchMedia("(prefers-reduced-motion: reduce)");
  let cards = null; // how many cards lay on the temple path
  let pawns = null; // where each explorer stood: "seat/n" -> [x, y]

  function pathCards() {
    return document.querySelectorAll("#ig-path .temple .ig-card");
  }

  function pawnSpots() {
    const spots = new Map();
    document.querySelectorAll(".ed-map .ed-overlay g.explorer[data-player]").forEach(function (g) {
      const use = g.querySelector("use");
      if (!use) return;
      const seat = g.dataset.player;
      let n = 0;
      while (spots.has(`${seat}/${n}`)) n += 1; // a seat with two explorers (two players)
      spots.set(`${seat}/${n}`, {
        g: g,
        x: parseFloat(use.getAttribute("x")),
        y: parseFloat(use.getAttribute("y")),
      });
    });
    return spots;
  }

  function turnNewCards(now) {
    // A shorter path is a new round: all of it is new. A jump of many cards (a page that was
    // away a while) is shown as it is.
    const from = cards !== null && now.length < cards ? 0 : cards;
    if (from !== null && now.length > from && now.length - from <= 3) {
      for (let i = from; i < now.length; i += 1) {
        now[i].animate(
          [
            { transform: "perspective(400px) rotateY(90deg)", opacity: 0.3 },
            { transform: "perspective(400px) rotateY(0deg)", opacity: 1 },
          ],
          { duration: 450, easing: "ease-out", delay: (i - from) * 120, fill: "backwards" }
        );
      }
    }
    cards = now.length;
  }

  function slideMovedPawns(now) {
    if (pawns !== null) {
      now.forEach(function (spot, key) {
        const before = pawns.get(key);
        if (!before || (before.x === spot.x && before.y === spot.y)) return;
        const dx = before.x - spot.x;
        const dy = before.y - spot.y;
        spot.g.animate(
          [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
          { duration: 500, easing: "ease-in-out" }
        );
      });
    }
    pawns = now;
  }

  function update() {
    const path = pathCards();
    const spots = pawnSpots();
    if (quiet.matches) {
      cards = path.length;
      pawns = spots;
      return;
    }
    turnNewCards(path);
    slideMovedPawns(spots);
  }

  update();
  ["htmx:wsAfterMessage", "htmx:afterSwap", "htmx:oobAfterSwap"].forEach(function (type) {
    document.body.addEventListener(type, update);
  });
})();
