// The dashboard: marks a game "your move" the moment it becomes so, and reloads the list when a
// game appears that is not on it yet.
document.addEventListener("letterpost:games", (event) => {
  const message = event.detail;
  const row = document.querySelector(`tr[data-game="${message.game}"]`);
  if (!row) { location.reload(); return; }
  row.classList.toggle("your-move", message.your_move);
  const status = row.querySelector(".status");
  if (message.status === "active") status.innerHTML = message.your_move ? "<strong>Your move</strong>" : "Waiting";
  else if (message.status === "finished") status.textContent = "Finished";
});
