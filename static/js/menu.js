// The header's menu is a <details> element, so it opens and closes without JavaScript; this only
// closes it the way a menu is expected to: a click elsewhere, or Escape (focus back on its button).
for (const menu of document.querySelectorAll("details.site-menu")) {
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });
}
