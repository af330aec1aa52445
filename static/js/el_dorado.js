// El Dorado on a match page: the card to move with is picked here, without asking the server.
// The board lists every movement card's destinations (and the overlay draws their spaces), each
// tagged with its card and hidden; this shows the picked card's. The pick is kept on the page,
// outside the parts a push replaces, and shown again after every swap.
(function () {
  "use strict";
  const page = document.querySelector(".match-page");
  if (!page) return;

  function picked() {
    return page.dataset.edCard || "";
  }

  function show() {
    const card = picked();
    const sections = document.querySelectorAll(".ed-moves[data-card]");
    if (card && !document.querySelector(`.ed-moves[data-card="${card}"]`)) {
      // The card was played (or the turn is over): nothing stays picked.
      delete page.dataset.edCard;
      show();
      return;
    }
    sections.forEach(function (section) {
      section.hidden = section.dataset.card !== card;
    });
    document.querySelectorAll(".ed-overlay [data-card]").forEach(function (group) {
      group.setAttribute("display", group.dataset.card === card ? "inline" : "none");
    });
    document.querySelectorAll(".ed-card[data-card]").forEach(function (el) {
      el.classList.toggle("ed-selected", el.dataset.card === card);
    });
  }

  // The keyboard picks a card too (static/js/shortcuts.js); "" puts the card down.
  window.edPick = function (card) {
    if (card) page.dataset.edCard = card;
    else delete page.dataset.edCard;
    show();
  };

  // A page asked for with ?card= shows that card's destinations already: keep it picked.
  const shown = document.querySelector(".ed-moves[data-card]:not([hidden])");
  if (shown) page.dataset.edCard = shown.dataset.card;

  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest(".ed-use");
    const card = link && link.closest(".ed-card[data-card]");
    if (!card) return;
    event.preventDefault();
    page.dataset.edCard = card.dataset.card;
    show();
    const section = document.querySelector(`.ed-moves[data-card="${card.dataset.card}"]`);
    if (section) section.scrollIntoView({ block: "nearest" });
    // Picked by keyboard (Enter on the link): go on to where the card can go.
    const first = event.detail === 0 && section && section.querySelector("button[data-hex]");
    if (first) first.focus({ preventScroll: true });
  });
  ["htmx:wsAfterMessage", "htmx:afterSwap", "htmx:oobAfterSwap"].forEach(function (type) {
    document.body.addEventListener(type, show);
  });
})();

// El Dorado: clicking a highlighted space on the map presses the button that moves there.
document.addEventListener("click", function (event) {
  const space = event.target.closest && event.target.closest("svg [data-hex]");
  if (!space) return;
  const hex = space.getAttribute("data-hex");
  const button = document.querySelector(`.ed-moves:not([hidden]) button[data-hex="${hex}"]`);
  if (button) button.click();
});

// El Dorado: pointing at a destination button marks its space on the map, and back.
const POINTABLE = ".ed-destinations button, svg [data-hex]";
function markSpace(hex, on) {
  const marks = `svg [data-hex="${hex}"], .ed-destinations button[data-hex="${hex}"]`;
  document.querySelectorAll(marks).forEach(function (el) { el.classList.toggle("pointed", on); });
}
["mouseover", "focusin"].forEach(function (type) {
  document.addEventListener(type, function (event) {
    const el = event.target.closest && event.target.closest(POINTABLE);
    if (el) markSpace(el.getAttribute("data-hex"), true);
  });
});
["mouseout", "focusout"].forEach(function (type) {
  document.addEventListener(type, function (event) {
    const el = event.target.closest && event.target.closest(POINTABLE);
    if (el) markSpace(el.getAttribute("data-hex"), false);
  });
});

// El Dorado: how much the ticked cards (and coin tokens) would pay, shown beside the market,
// and on each card for sale whether that falls short or pays more than it costs: change is lost.
// Said through Django's JavaScript catalogue when the page has it (as plain English alone).
(function () {
"use strict";
const gettext = window.gettext || function (s) { return s; };
const interpolate = window.interpolate || function (fmt, obj) {
  return fmt.replace(/%\((\w+)\)s/g, function (_, key) { return String(obj[key]); });
};
function halves(total) {
  const whole = Math.floor(total);
  if (total === whole) return `${whole}`;
  return whole ? `${whole}½` : "½";
}
// What the ticked cards and tokens pay, written beside the market and on its opener; done again
// after a swap, which brings a fresh market (or fresh, unticked cards).
function tally() {
  let total = 0;
  document
    .querySelectorAll(".ed-form input[name='cards']:checked, .ed-form input[name='tokens']:checked")
    .forEach(function (box) {
      total += parseFloat(box.dataset.pays || "0");
    });
  const money = document.getElementById("ed-money");
  if (money) {
    money.textContent = total
      ? interpolate(gettext("Ticked cards pay %(amount)s"), { amount: halves(total) }, true)
      : "";
  }
  document.querySelectorAll(".ed-market-pays").forEach(function (pays) {
    pays.textContent = total
      ? interpolate(gettext("pays %(amount)s"), { amount: halves(total) }, true)
      : "";
  });
  document.querySelectorAll(".ed-shop-card[data-cost]").forEach(function (card) {
    const cost = parseFloat(card.dataset.cost);
    const fit = card.querySelector(".ed-fit");
    card.classList.toggle("ed-short", total > 0 && total < cost);
    card.classList.toggle("ed-over", total >= cost + 1);
    if (!fit) return;
    if (!total) fit.textContent = "";
    else if (total < cost) {
      fit.textContent = interpolate(
        gettext("%(amount)s short"), { amount: halves(cost - total) }, true
      );
    } else if (total >= cost + 1) {
      fit.textContent = interpolate(
        gettext("overpays by %(amount)s"), { amount: halves(total - cost) }, true
      );
    } else fit.textContent = gettext("exact");
  });
}
document.addEventListener("change", function (event) {
  if (!event.target.matches) return;
  if (!event.target.matches(".ed-form input[name='cards'], .ed-form input[name='tokens']")) return;
  tally();
});
["htmx:wsAfterMessage", "htmx:afterSwap", "htmx:oobAfterSwap"].forEach(function (type) {
  document.body.addEventListener(type, tally);
});
})();

// El Dorado on a phone: the market is a sheet over the foot of the screen, opened from the
// Market button beside the turn's buttons. Whether it is open is kept on the page, outside the
// parts a push replaces, and applied again after every swap; on a wider screen the market
// stays in the page and none of this applies.
(function () {
"use strict";
const page = document.querySelector(".match-page");
if (!page) return;
const phone = window.matchMedia("(max-width: 600px)");
const FOCUSABLE = "button, a[href], input, select, [tabindex='0']";

function market() {
  return document.getElementById("ed-market");
}

function readable() {
  const section = market();
  return Boolean(section && !section.hidden && section.childElementCount);
}

function open() {
  return page.dataset.edMarket === "open" && phone.matches && readable();
}

function sync() {
  // Bought, or gone to discarding: the market has nothing to show, and the sheet closes.
  if (page.dataset.edMarket && !readable()) delete page.dataset.edMarket;
  const shown = open();
  document.querySelectorAll(".ed-market-open").forEach(function (button) {
    button.setAttribute("aria-expanded", String(shown));
    button.hidden = !readable();
  });
  const section = market();
  if (section) {
    if (shown) {
      section.setAttribute("role", "dialog");
      section.setAttribute("aria-modal", "true");
    } else {
      section.removeAttribute("role");
      section.removeAttribute("aria-modal");
    }
  }
  document.documentElement.classList.toggle("ed-sheet-lock", shown);
}

function inside() {
  const section = market();
  if (!section) return [];
  return Array.from(section.querySelectorAll(FOCUSABLE)).filter(function (el) {
    return !el.disabled && el.getClientRects().length > 0;
  });
}

function show(target) {
  page.dataset.edMarket = "open";
  sync();
  const focusable = inside();
  const first = target ? focusable.find(function (el) { return el.matches(target); }) : null;
  const to = first || focusable[0];
  if (to) to.focus({ preventScroll: true });
}

function hide() {
  if (!page.dataset.edMarket) return;
  delete page.dataset.edMarket;
  sync();
  // The opener is looked up afresh: a push may have replaced the one that was pressed.
  const opener = document.querySelector(".ed-market-open");
  if (opener && opener.getClientRects().length) opener.focus({ preventScroll: true });
}

// For the keyboard (static/js/shortcuts.js): B opens the sheet before it goes to an offer.
window.edMarket = {
  sheet: function () { return phone.matches && readable(); },
  isOpen: open,
  open: show,
  close: hide,
};

document.addEventListener("click", function (event) {
  const target = event.target;
  if (!target.closest) return;
  if (target.closest(".ed-market-open")) {
    if (open()) hide();
    else show();
  } else if (target.closest(".ed-sheet-close")) hide();
  else if (target === page && open()) hide(); // the shade over the page around the sheet
});

// Before the page's shortcuts (capture): Escape closes the sheet, and Tab stays inside it.
document.addEventListener(
  "keydown",
  function (event) {
    if (!open()) return;
    if (event.key === "Escape") {
      event.preventDefault();
      hide();
      return;
    }
    if (event.key !== "Tab") return;
    const focusable = inside();
    if (!focusable.length) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const at = document.activeElement;
    const section = market();
    if (!section.contains(at) || (event.shiftKey && at === first)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    } else if (!event.shiftKey && at === last) {
      event.preventDefault();
      first.focus();
    }
  },
  true,
);

["htmx:wsAfterMessage", "htmx:afterSwap", "htmx:oobAfterSwap"].forEach(function (type) {
  document.body.addEventListener(type, sync);
});
phone.addEventListener("change", sync);
sync();
})();
