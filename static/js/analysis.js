// The analysis report: choosing a turn shows its best plays and draws the best one on the board; choosing
// one of the listed plays draws that one.  The boards and plays come from the page (json_script).
const root = document.querySelector("[data-analysis]");
const dataNode = document.getElementById("analysis-data");

function square(cls, text) {
  const el = document.createElement("div");
  el.className = cls;
  if (text) el.textContent = text;
  return el;
}

function draw(board, data, turn, play) {
  const placed = new Map(play.tiles.map((t) => [`${t.row},${t.col}`, t]));
  board.replaceChildren(square("corner"));
  for (const letter of data.columns) board.append(square("head", letter));
  turn.board.forEach((line, r) => {
    board.append(square("head", String(r + 1)));
    [...line].forEach((ch, c) => {
      const premium = data.premiums[r][c];
      const sq = square(`sq ${premium}`.trim());
      const tile = placed.get(`${r},${c}`);
      const letter = tile ? tile.letter : (ch === "." ? "" : ch.toUpperCase());
      if (letter) {
        const blank = tile ? tile.blank : ch !== ch.toUpperCase();
        const t = square(`tile${blank ? " blank" : ""}`, letter);
        if (tile) sq.classList.add("an-new");
        sq.append(t);
      }
      board.append(sq);
    });
  });
  // The board's name says which play it shows (the template's name while none is chosen).
  board.dataset.move = play.move;
  board.setAttribute("aria-label", play.move ? `${board.dataset.label}: ${play.move}` : board.dataset.label);
}

if (root && dataNode) {
  const data = JSON.parse(dataNode.textContent);
  const board = root.querySelector("[data-board]");
  const hint = root.querySelector("[data-hint]");

  function choose(turnNo, playNo) {
    const turn = data.turns[turnNo];
    if (!turn) return;
    const play = (playNo >= 0 ? turn.best[playNo] : null) || turn.played;
    for (const b of root.querySelectorAll(".an-turn[data-turn]")) b.setAttribute("aria-pressed", String(b.dataset.turn === String(turnNo)));
    for (const p of root.querySelectorAll("[data-plays]")) p.hidden = p.dataset.plays !== String(turnNo);
    for (const b of root.querySelectorAll(".an-play")) {
      b.setAttribute("aria-pressed", String(b.dataset.turn === String(turnNo) && b.dataset.play === String(playNo)));
    }
    if (hint) hint.hidden = true;
    draw(board, data, turn, play);
  }

  root.addEventListener("click", (event) => {
    const play = event.target.closest(".an-play");
    if (play) return choose(play.dataset.turn, Number(play.dataset.play));
    const turn = event.target.closest(".an-turn[data-turn]");
    if (turn) choose(turn.dataset.turn, 0);
  });
  const first = root.querySelector(".an-turn[data-turn]");
  if (first) {
    const turn = data.turns[first.dataset.turn];
    draw(board, data, turn, { move: "", tiles: [] });
  }
}
