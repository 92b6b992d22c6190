// Dschunke: das Legespiel: how a crate's symbol is drawn (its colour, its kind as a small
// picture) and named. Sizes are in board units, a cell being CELL wide.
import { labelled } from "../../js/i18n.js";
import { svg } from "../board.js";

export const CELL = 40;
export const COLOURS = { red: "#c8412f", green: "#2a7d3e", null: "#b8924a" };
const LEVEL_FILLS = ["#f6ecd4", "#ead7a9", "#dcc07e", "#cda75a", "#bf9140"];

export const levelFill = (level) => LEVEL_FILLS[Math.min(level, LEVEL_FILLS.length - 1)];

// Where a cell (x, y) sits: north is up.
export const cellX = (x) => x * CELL;
export const cellY = (y) => -y * CELL;

export function symbolName(symbol, glossary) {
  const kinds = glossary.kinds || {};
  if (symbol.kind === "emblem") return kinds.emblem || "start emblem";
  const name = `${symbol.colour} ${symbol.kind}`;
  return (glossary.symbols || {})[name] || name;
}

export function symbolHelp(symbol, glossary) {
  return labelled(symbolName(symbol, glossary), (glossary.effects || {})[symbol.kind] || "");
}

// A kind's picture, drawn white on the colour's disc (a rat: dark, ringed in its colour).
const PICTURES = {
  sack: () => [svg("path", { d: "M-6,-4 Q-9,8 0,9 Q9,8 6,-4 Z", fill: "#fff" }),
    svg("path", { d: "M-4,-5 L4,-5 L2,-8 L-2,-8 Z", fill: "#fff" })],
  rice: () => [-5, 0, 5].map((dx) => svg("ellipse", { cx: dx, cy: dx === 0 ? -2 : 2, rx: 2.2, ry: 4.5, fill: "#fff" })),
  aubergine: () => [svg("ellipse", { cx: 1, cy: 2, rx: 5.5, ry: 7.5, fill: "#fff", transform: "rotate(-25)" }),
    svg("path", { d: "M-3,-7 L4,-9 L2,-4 Z", fill: "#fff" })],
  fish: () => [svg("ellipse", { cx: -2, cy: 0, rx: 7, ry: 4.5, fill: "#fff" }),
    svg("path", { d: "M4,0 L10,-5 L10,5 Z", fill: "#fff" })],
  rat: () => [svg("circle", { cx: 0, cy: 2, r: 6, fill: "#3b3b3b" }),
    svg("circle", { cx: -4, cy: -4, r: 2.6, fill: "#3b3b3b" }), svg("circle", { cx: 4, cy: -4, r: 2.6, fill: "#3b3b3b" }),
    svg("path", { d: "M5,6 Q10,9 9,2", stroke: "#3b3b3b", "stroke-width": 1.5, fill: "none" })],
  emblem: () => [svg("path", { d: "M0,-8 L2.5,-2.5 L8,0 L2.5,2.5 L0,8 L-2.5,2.5 L-8,0 L-2.5,-2.5 Z", fill: "#fff" })],
};

export function drawSymbol(symbol, cx, cy) {
  const rat = symbol.kind === "rat";
  const colour = COLOURS[symbol.colour] || COLOURS.null;
  return svg("g", { class: `tl-symbol tl-${symbol.kind}`, transform: `translate(${cx} ${cy})` },
    svg("circle", { r: 13, fill: rat ? "#f1efe9" : colour, stroke: colour, "stroke-width": rat ? 4 : 1 }),
    ...(PICTURES[symbol.kind] || PICTURES.emblem)());
}

// A drawn tile outside the table (waiting to be placed): three crates in a row.
export function tileStrip(tile, glossary, size = 30) {
  const scale = size / CELL;
  const group = svg("g", { transform: `scale(${scale})` },
    svg("rect", { x: 1, y: 1, width: 3 * CELL - 2, height: CELL - 2, rx: 4, fill: levelFill(0), stroke: "#6b5432", "stroke-width": 2 }),
    ...tile.symbols.map((symbol, index) => drawSymbol(symbol, index * CELL + CELL / 2, CELL / 2)));
  return svg("svg", { viewBox: `0 0 ${3 * CELL} ${CELL}`, width: 3 * size, height: size, class: "tl-strip", role: "img",
    "aria-label": labelled(tile.name, tile.symbols.map((symbol) => symbolName(symbol, glossary)).join(", ")) },
  svg("title", {}, labelled(tile.name, tile.symbols.map((symbol) => symbolHelp(symbol, glossary)).join(" · "))), group);
}
