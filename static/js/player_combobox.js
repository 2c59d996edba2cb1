// An opponent box that suggests players as you type: the ARIA 1.2 combobox pattern (a text box with a
// list box of suggestions) over GET /api/players/?q=.  Up/Down move through the suggestions, Enter
// or a click takes one, Escape closes the list.  Without JavaScript the box is a plain text field.
// The words it announces come translated from data attributes on the page (see games/new.html).

const DELAY = 150; // ms after the last keystroke before asking the server

export function attachPlayerCombobox(input, { status, words, taken = () => [] }) {
  const list = document.getElementById(`${input.id}-list`);
  if (!list) return;
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", list.id);
  let timer = null;
  let asked = "";
  let options = [];
  let active = -1;

  function close() {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  }

  function highlight(index) {
    options.forEach((li, i) => li.setAttribute("aria-selected", i === index ? "true" : "false"));
    active = index;
    if (index >= 0) {
      input.setAttribute("aria-activedescendant", options[index].id);
      options[index].scrollIntoView({ block: "nearest" });
    } else {
      input.removeAttribute("aria-activedescendant");
    }
  }

  function choose(li) {
    input.value = li.dataset.username;
    close();
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function show(players) {
    list.replaceChildren();
    const others = new Set(taken(input).map((n) => n.toLowerCase()));
    options = players.filter((p) => !others.has(p.username.toLowerCase())).map((p, i) => {
      const li = document.createElement("li");
      li.id = `${list.id}-${i}`;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      li.dataset.username = p.username;
      const name = document.createElement("span");
      name.className = "combo-name";
      name.textContent = p.name;
      li.append(name);
      if (p.name !== p.username) {
        const user = document.createElement("span");
        user.className = "combo-username";
        user.textContent = p.username;
        li.append(" ", user);
      }
      // mousedown, not click: the box must not lose focus (and close the list) first.
      li.addEventListener("mousedown", (event) => { event.preventDefault(); choose(li); });
      return li;
    });
    list.append(...options);
    active = -1;
    if (options.length) {
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
    } else {
      close();
    }
    if (status) {
      status.textContent = options.length === 0 ? words.none
        : options.length === 1 ? words.one : words.many.replace("{n}", String(options.length));
    }
  }

  async function search() {
    const q = input.value.trim();
    if (!q) { close(); return; }
    if (q === asked && options.length) { list.hidden = false; input.setAttribute("aria-expanded", "true"); return; }
    asked = q;
    const url = `${input.dataset.playerSearch}?q=${encodeURIComponent(q)}`;
    try {
      const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (!response.ok || input.value.trim() !== q) return; // a newer search is on its way
      show(await response.json());
    } catch (e) {
      close(); // offline: the box still takes a typed name
    }
  }

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(search, DELAY);
  });
  input.addEventListener("keydown", (event) => {
    const open = !list.hidden && options.length > 0;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) { search(); return; }
      highlight((active + 1) % options.length);
    } else if (event.key === "ArrowUp" && open) {
      event.preventDefault();
      highlight(active <= 0 ? options.length - 1 : active - 1);
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault(); // take the suggestion; a second Enter submits the form
      choose(options[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  });
  input.addEventListener("blur", close);
}
