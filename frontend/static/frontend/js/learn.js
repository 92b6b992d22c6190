// The how-to-play page: its pictures are drawn by the game's own board renderer, from positions
// the engine played out on the server (read-only: nothing on them submits a move) and from single
// components the renderer draws with its `drawPiece`. Its guided game starts from here too.
import { startGuidedGame } from "./guide.js";

const page = JSON.parse(document.getElementById("learn-data").textContent);

for (const button of document.querySelectorAll("button[data-guided]")) {
  button.addEventListener("click", () => {
    const error = button.parentElement.querySelector("[data-play-error]");
    button.disabled = true;
    startGuidedGame(button.dataset.guided).catch((failure) => {
      error.textContent = failure.message;
      button.disabled = false;
    });
  });
}

// A visitor who asked for the guided game signed up first and comes back here to play it
// (?play=guided): it starts as if the button were pressed.
const asked = new URLSearchParams(location.search).get("play") === "guided";
const guided = document.querySelector("button[data-guided]");
if (asked && guided) {
  history.replaceState(null, "", location.pathname + location.hash);
  guided.click();
}

const inert = () => {};

// The choices a picture outlines are shown, not offered: the keyboard passes them by, and a
// drawn one is described by what it offers, a written one by its own words.
function drawBoard(renderer, box, snapshot) {
  const prompt = document.createElement("div"); // the renderer's prompt: not shown on this page
  renderer.render(box, snapshot, { act: inert, prompt, glossary: page.glossary });
  for (const choice of box.querySelectorAll(".clickable[role=button]")) {
    choice.removeAttribute("tabindex");
    if (choice instanceof SVGElement) {
      choice.setAttribute("role", "img");
    } else {
      choice.removeAttribute("role");
      choice.removeAttribute("aria-label");
    }
  }
}

// A list item that opens with pieces keeps its words in a column of their own beside them, also
// where the words run longer than the pieces are high.
function wordsBesidePieces(item) {
  const nodes = [...item.childNodes];
  const first = nodes.findIndex((node) => !(node.nodeType === Node.TEXT_NODE && !node.textContent.trim())
    && !(node instanceof Element && node.classList.contains("learn-piece")));
  if (first <= 0) return;
  const words = document.createElement("span");
  words.className = "learn-words";
  words.append(...nodes.slice(first));
  item.append(words);
}

function drawAll(renderer) {
  for (const box of document.querySelectorAll("[data-figure]")) {
    const figure = page.figures[box.dataset.figure];
    if (figure.board) drawBoard(renderer, box, figure.board);
    else box.replaceChildren(renderer.drawPiece(figure.piece, page.glossary));
  }
}

for (const item of document.querySelectorAll(".learn li")) if (item.firstElementChild?.classList.contains("learn-piece")) wordsBesidePieces(item);
const renderer = await import(page.renderer);
drawAll(renderer);
// The boards choose their layout by their width: draw them again when it changes (a phone turned).
let width = window.innerWidth;
window.addEventListener("resize", () => {
  if (window.innerWidth === width) return;
  width = window.innerWidth;
  for (const box of document.querySelectorAll(".learn-figure[data-figure]")) drawBoard(renderer, box, page.figures[box.dataset.figure].board);
});
