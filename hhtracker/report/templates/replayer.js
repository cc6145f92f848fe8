"use strict";
(function () {
  var data = JSON.parse(document.getElementById("hand-data").textContent);
  var frames = data.frames;
  var at = 0;
  var felt = document.getElementById("felt");
  var seats = [];

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function card(text, state) {
    var node = el("span", "card " + text.charAt(text.length - 1) + (state ? " " + state : ""), text);
    return node;
  }
  function cardsInto(node, list) {
    while (node.firstChild) node.removeChild(node.firstChild);
    list.forEach(function (c) { node.appendChild(c); });
  }

  // The seats on an ellipse inside the felt, placed in pixels from the felt's width: each
  // box's centre half a box and 6 px (room for the ring of the seat to act) from the felt's
  // edges, so no box crosses an edge. The felt grows taller (500 to 760 px), then the boxes
  // get smaller (replayer.css, #felt.compact) and the felt taller still, until no two boxes
  // are closer than 8 px; in a window too narrow for that, the seats go in rows over the pot
  // (#felt.rows). Each bet sits on the way to the middle (in rows: under its seat), just
  // outside its box grown by half a bet (at most 96 x 28 px): a bet never covers its seat.
  var SIZES = [{ w: 176, h: 124, compact: false, tallest: 760 }, { w: 148, h: 112, compact: true, tallest: 760 },
               { w: 148, h: 112, compact: true, tallest: 1400 }];
  var RING = 6, GAP = 8;
  data.seats.forEach(function (seat, i) {
    var angle = Math.PI / 2 + (2 * Math.PI * i) / data.seats.length;
    var box = el("div", "seat" + (seat.hero ? " hero" : ""));
    box.setAttribute("data-seat", String(seat.seat));
    var name = el("div", "name", seat.player);
    var line = el("div", "line");
    var pos = el("span", "pos " + seat.position, seat.position || "\u00a0");
    var stack = el("span", "stack");
    line.appendChild(pos); line.appendChild(stack);
    var drew = el("div", "drew");
    var cards = el("div", "cards");
    var label = el("div", "label");
    box.appendChild(name); box.appendChild(line); box.appendChild(drew); box.appendChild(cards); box.appendChild(label);
    var bet = el("div", "bet");
    bet.setAttribute("data-seat", String(seat.seat));
    felt.appendChild(bet);
    felt.appendChild(box);
    seats.push({ box: box, stack: stack, drew: drew, cards: cards, label: label, bet: bet, seat: seat,
                 cos: Math.cos(angle), sin: Math.sin(angle) });
  });
  function centres(width, height, size) {
    return seats.map(function (s) {
      return { x: width / 2 + (width / 2 - size.w / 2 - RING) * s.cos, y: height / 2 + (height / 2 - size.h / 2 - RING) * s.sin };
    });
  }
  function apart(points, size) {
    for (var i = 0; i < points.length; i++) {
      for (var j = i + 1; j < points.length; j++) {
        if (Math.abs(points[i].x - points[j].x) < size.w + GAP && Math.abs(points[i].y - points[j].y) < size.h + GAP) return false;
      }
    }
    return true;
  }
  function rows(width) {  // the fallback: the compact boxes in rows, the pot under them
    var size = SIZES[1], across = Math.max(1, Math.floor((width - 2 * RING) / (size.w + GAP)));
    var step = size.h + GAP + 28;  // room for a bet under each box
    var points = seats.map(function (s, i) {
      var row = Math.floor(i / across), column = i % across;
      return { x: RING + size.w / 2 + column * (size.w + GAP), y: RING + size.h / 2 + row * step };
    });
    return { points: points, size: size, height: RING + Math.ceil(seats.length / across) * step + 90 };
  }
  function layout() {
    var width = felt.clientWidth, found = null;
    for (var k = 0; k < SIZES.length && !found; k++) {
      for (var h = 500; h <= SIZES[k].tallest && !found; h += 20) {
        var tried = centres(width, h, SIZES[k]);
        if (apart(tried, SIZES[k])) found = { points: tried, size: SIZES[k], height: h };
      }
    }
    var inRows = !found;
    if (inRows) found = rows(width);
    var size = found.size;
    felt.style.height = found.height + "px";
    felt.classList.toggle("compact", size.compact);
    felt.classList.toggle("rows", inRows);
    seats.forEach(function (s, i) {
      var point = found.points[i];
      s.box.style.left = point.x + "px";
      s.box.style.top = point.y + "px";
      if (inRows) {  // under the box
        s.bet.style.left = point.x + "px";
        s.bet.style.top = (point.y + size.h / 2 + 4 + 14) + "px";
        return;
      }
      var across = Math.abs(s.cos) > 1e-6 ? (size.w / 2 + 48) / Math.abs(s.cos) : Infinity;
      var down = Math.abs(s.sin) > 1e-6 ? (size.h / 2 + 14) / Math.abs(s.sin) : Infinity;
      var back = Math.min(across, down) + 4;
      s.bet.style.left = (point.x - back * s.cos) + "px";
      s.bet.style.top = (point.y - back * s.sin) + "px";
    });
  }
  layout();
  window.addEventListener("resize", layout);
  cardsInto(document.getElementById("summary-lines"), data.summary.map(function (line) { return el("li", "", line); }));

  function show() {
    var f = frames[at];
    var reveal = document.getElementById("reveal").checked;
    document.getElementById("step").textContent = "step " + at + " of " + (frames.length - 1);
    document.getElementById("street").textContent = f.street;
    document.getElementById("pot").textContent = "pot " + f.pot;
    var rake = document.getElementById("rake");
    rake.textContent = "collected" + (data.rake ? ", rake " + data.rake : "");
    rake.style.display = f.done ? "block" : "none";
    document.getElementById("summary").style.display = f.done ? "block" : "none";
    document.getElementById("reshuffle").style.display = f.reshuffle ? "inline-block" : "none";
    document.getElementById("action").textContent = f.text;
    var hero = [];
    f.hero_cards.forEach(function (c) { hero.push(card(c.card, c.state === "held" ? "" : c.state)); });
    cardsInto(document.getElementById("hero-cards"), hero);
    document.getElementById("hero-label").textContent = data.hero ? data.hero + "'s cards:" : "";
    seats.forEach(function (s, i) {
      s.stack.textContent = f.stacks[i];
      s.drew.textContent = f.draws[i];
      s.bet.textContent = f.bets[i];
      s.label.textContent = f.labels[i];
      s.box.classList.toggle("folded", f.folded[i]);
      s.box.classList.toggle("actor", f.actor === i);
      var list = [];
      if (s.seat.hero) {
        f.hero_cards.forEach(function (c) { if (c.state !== "discarded") list.push(card(c.card, "")); });
      } else if (f.shown[s.seat.player]) {
        f.shown[s.seat.player].split(" ").forEach(function (c) { list.push(card(c, "")); });
      } else if (reveal && s.seat.final) {
        s.seat.final.split(" ").forEach(function (c) { list.push(card(c, "revealed")); });
      } else if (!f.folded[i]) {
        for (var k = 0; k < data.hand_size; k++) list.push(el("span", "card back", "??"));
      }
      cardsInto(s.cards, list);
    });
    var odds = document.getElementById("odds");
    if (f.odds) {
      odds.style.display = "block";
      document.getElementById("odds-title").textContent = f.odds.title;
      var head = [el("th", "", "keep"), el("th", "", "cards")];
      f.odds.targets.forEach(function (t) { head.push(el("th", "num", t)); });
      cardsInto(document.getElementById("odds-head"), head);
      var rows = [];
      f.odds.rows.forEach(function (r) {
        var tr = el("tr");
        tr.appendChild(el("td", "", r.label));
        tr.appendChild(el("td", "", r.keep));
        r.odds.forEach(function (o) { tr.appendChild(el("td", "num", o)); });
        rows.push(tr);
      });
      cardsInto(document.getElementById("odds-rows"), rows);
      var verdict = document.getElementById("verdict");
      verdict.textContent = f.odds.verdict;
      verdict.className = f.odds.dominated ? "dominated" : "";
    } else {
      odds.style.display = "none";
    }
    if (history.replaceState) history.replaceState(null, "", "#" + at);
  }
  function go(step) {
    at = Math.max(0, Math.min(frames.length - 1, step));
    show();
  }
  document.getElementById("first").addEventListener("click", function () { go(0); });
  document.getElementById("back").addEventListener("click", function () { go(at - 1); });
  document.getElementById("next").addEventListener("click", function () { go(at + 1); });
  document.getElementById("last").addEventListener("click", function () { go(frames.length - 1); });
  document.getElementById("reveal").addEventListener("change", show);
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") { go(at + 1); event.preventDefault(); }
    else if (event.key === "ArrowLeft") { go(at - 1); event.preventDefault(); }
    else if (event.key === "Home") { go(0); event.preventDefault(); }
    else if (event.key === "End") { go(frames.length - 1); event.preventDefault(); }
  });
  // The step in the address: read when the page opens and whenever the address's #step
  // changes in the open page (a link, the address bar, the history).
  function fromHash() {
    var step = parseInt((location.hash || "#0").slice(1), 10);
    return isNaN(step) ? 0 : step;
  }
  window.addEventListener("hashchange", function () { go(fromHash()); });
  go(fromHash());
})();
