// Polls a dictionary bulk change's progress on its admin page; when the task has finished the page
// reloads, so the final (translated) message comes from the server.
const root = document.getElementById("bulk-job");

async function poll() {
  try {
    const response = await fetch(root.dataset.progressUrl, { headers: { Accept: "application/json" } });
    if (response.ok) {
      const p = await response.json();
      if (p.status === "done" || p.status === "failed") return window.location.reload();
      const bar = document.getElementById("bulk-bar");
      bar.max = p.total;
      bar.value = p.done;
      document.getElementById("bulk-done").textContent = p.done;
    }
  } catch (error) {
    // a network hiccup: try again
  }
  setTimeout(poll, 1000);
}

if (root && root.dataset.running === "true") poll();
