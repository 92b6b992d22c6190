// The site's menu on a phone: the button at the right end of the bar opens the links below it;
// a tap anywhere but on them (the bell's notices included) or Escape closes them.
const bar = document.querySelector(".topbar");
const button = document.getElementById("menu-toggle");
const menu = document.getElementById("site-menu");

function show(open) {
  bar.classList.toggle("menu-open", open);
  button.setAttribute("aria-expanded", String(open));
}

if (button && menu) {
  button.addEventListener("click", () => show(!bar.classList.contains("menu-open")));
  document.addEventListener("click", (event) => {
    if (!menu.contains(event.target) && !button.contains(event.target)) show(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && bar.classList.contains("menu-open")) {
      show(false);
      button.focus();
    }
  });
}
