// hhtracker serve: the live table view (/hud). The state comes from /hud/events
// (Server-Sent Events, the JSON of api.hud_json) and is drawn with textContent only: no
// text from a hand history is ever read as HTML. A panel keeps its place in the grid while
// hands arrive (the server keeps the tables' order; panels are updated in place, by key).
"use strict";
(() => {
  const root = document.getElementById("hud");
  if (!root) return;
  const grid = document.getElementById("hud-tables");
  const status = document.getElementById("hud-status");
  const progress = document.getElementById("hud-progress");
  const notices = document.getElementById("hud-notices");
  const panels = new Map(); // table key -> its <section>

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // Text from a hand history (a name, a tag, a note, a table's name) as the terminal and the
  // other pages show it (display.safe): every control, format (bidi) and separator character
  // written as a visible escape ("\x1b", "\u202e"), never raw. (Isolated for direction by style.css.)
  const UNSHOWN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/gu;
  function shown(text) {
    return String(text).replace(UNSHOWN, (char) => {
      const code = char.codePointAt(0);
      const hex = code.toString(16);
      return code <= 0xff ? "\\x" + hex.padStart(2, "0") : code <= 0xffff ? "\\u" + hex.padStart(4, "0") : "\\U" + hex.padStart(8, "0");
    });
  }

  function plural(count, word) {
    return count.toLocaleString("en-US") + " " + word + (count === 1 ? "" : "s");
  }

  // One segment of an address, as render.path_part writes it: a name of dots alone as
  // "%2E!" / "%2E%2E!" (a browser drops "." and "..", and "%2E%2E", as dot segments).
  const DOT_NAMES = {".": "%2E!", "..": "%2E%2E!"};
  function pathPart(text) {
    return Object.prototype.hasOwnProperty.call(DOT_NAMES, text) ? DOT_NAMES[text] : encodeURIComponent(text);
  }

  function figureCell(figure) {
    const cell = el("td", "hud-figure num" + (figure.small ? " small" : ""));
    cell.appendChild(el("span", "hud-value", figure.value_text));
    cell.appendChild(document.createTextNode(" "));
    cell.appendChild(el("span", "hud-sample", "(" + figure.sample_text + ")"));
    return cell;
  }

  function playerRows(table, columns, player) {
    const row = el("tr", "hud-player" + (player.hero ? " hud-hero" : ""));
    row.dataset.seat = String(player.seat);
    row.appendChild(el("td", "hud-seat num", player.seat));
    const name = el("td", "hud-player-name");
    const link = el("a", null, shown(player.player));
    link.title = shown(player.player);
    link.href = "/players/" + pathPart(table.site) + "/" + pathPart(player.player);
    name.appendChild(link);
    if (player.hero) name.appendChild(el("span", "hud-hero-mark", " *"));
    row.appendChild(name);
    row.appendChild(el("td", "hud-hands num", player.hands_text));
    for (const column of columns) {
      const cell = figureCell(player.figures[column.key]);
      cell.dataset.key = column.key;
      row.appendChild(cell);
    }
    const rows = [row];
    if (player.auto_tags.length || player.tags.length || player.notes.length) {
      const marks = el("tr", "hud-marks");
      const cell = el("td");
      cell.colSpan = 3 + columns.length;
      for (const tag of player.auto_tags) cell.appendChild(el("span", "hud-tag auto-tag tag", shown(tag)));
      for (const tag of player.tags) cell.appendChild(el("span", "hud-tag tag", "#" + shown(tag)));
      if (player.notes.length) cell.appendChild(el("span", "hud-note", shown(player.notes[0])));
      marks.appendChild(cell);
      rows.push(marks);
    }
    return rows;
  }

  function fillPanel(section, table, columns) {
    section.replaceChildren();
    const title = el("header", "hud-title");
    title.appendChild(el("span", "hud-table-name", shown(table.table)));
    title.appendChild(el("span", "hud-game", table.game_name || table.game || "?"));
    title.appendChild(el("span", "hud-stakes", table.stakes + " " + table.structure));
    title.appendChild(el("span", "hud-session", plural(table.hands, "hand")));
    title.appendChild(el("span", "hud-hand-id", "hand " + table.hand_id));
    section.appendChild(title);
    const grid = el("table", "hud-players data");
    const head = el("tr");
    head.appendChild(el("th", "num", "#"));
    head.appendChild(el("th", null, "player"));
    head.appendChild(el("th", "num", "hands"));
    for (const column of columns) {
      const th = el("th", "num", column.heading);
      th.title = column.meaning;
      th.dataset.key = column.key;
      head.appendChild(th);
    }
    grid.appendChild(el("thead")).appendChild(head);
    const body = el("tbody");
    for (const player of table.players) {
      for (const row of playerRows(table, columns, player)) body.appendChild(row);
    }
    grid.appendChild(body);
    section.appendChild(grid);
  }

  function draw(state) {
    const seen = new Set();
    for (const table of state.tables) {
      seen.add(table.key);
      let section = panels.get(table.key);
      if (!section) { // a new table: after the others
        section = el("section", "hud-table");
        section.dataset.key = table.key;
        panels.set(table.key, section);
        grid.appendChild(section);
      }
      section.dataset.handId = table.hand_id;
      fillPanel(section, table, state.columns);
    }
    for (const [key, section] of panels) {
      if (!seen.has(key)) { section.remove(); panels.delete(key); }
    }
    const watching = state.watching.length ? "following " + state.watching.join(", ") : "no folder followed (serve --watch FOLDER)";
    status.textContent = plural(state.tables.length, "active table") + " · " + plural(state.hands_new, "new hand")
      + " imported" + (state.pending ? " · " + state.pending + " being written" : "") + " · " + watching;
    if (state.importing) {
      progress.hidden = false;
      progress.textContent = "importing: file " + Math.min(state.importing.files_done + 1, state.importing.files)
        + " of " + state.importing.files + " · " + Math.round(100 * state.importing.fraction) + "%";
    } else {
      progress.hidden = true;
      progress.textContent = "";
    }
    notices.replaceChildren(...state.notices.map((notice) => el("li", "error", notice)));
    root.dataset.updated = String(Date.now());
  }

  // The connection: while it is down (the server stopped, the network dropped) the page says
  // so and greys its figures (style.css, #hud.hud-lost), until the stream is back. The browser
  // retries by itself after a dropped connection; after a refusal (the stream closed) we do.
  const connection = document.getElementById("hud-connection");
  const RETRY_MS = 3000;
  let lostAt = null;

  function connected() {
    root.dataset.connected = "true";
    root.classList.remove("hud-lost");
    connection.hidden = true;
    connection.textContent = "";
    lostAt = null;
  }

  function lost(source) {
    root.dataset.connected = "false";
    if (lostAt === null) lostAt = new Date();
    root.classList.add("hud-lost");
    connection.hidden = false;
    connection.textContent = "disconnected since " + lostAt.toLocaleTimeString() + " — retrying; the figures below are "
      + "as they were (is hhtracker serve still running?)";
    if (source.readyState === EventSource.CLOSED) window.setTimeout(connect, RETRY_MS);
  }

  function connect() {
    const source = new EventSource(root.dataset.events);
    source.addEventListener("open", connected);
    source.addEventListener("error", () => lost(source));
    source.addEventListener("hud", (event) => {
      root.dataset.version = event.lastEventId;
      draw(JSON.parse(event.data));
    });
  }
  connect();
})();
