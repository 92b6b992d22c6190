// Dschunke: das Legespiel: the open table seen from above. Tiles are drawn in the order they were
// placed, so a raised tile covers what lies under it; a raised tile casts a shadow as deep as its
// level and carries its level number. Scoring groups are outlined in their colour, visible rats
// marked -1, the last tile placed flashes. The view pans (drag) and zooms (buttons, wheel).
import { el } from "../../js/client.js";
import { gettext, interpolate } from "../../js/i18n.js";
import { svg } from "../board.js";
import { CELL, COLOURS, cellX, cellY, drawSymbol, levelFill, symbolHelp } from "./symbols.js";

const MARGIN = 2; // cells shown around what is on the table
const HEADROOM = 0.25 * CELL; // air above the column numbers (the zoom buttons stand above the view)
const DRAG_SLOP = 6; // pixels a pointer may move and still click

// Where the camera looks (kept between draws; "fit" until the player moves it).
const camera = { fitted: true, cx: 0, cy: 0, zoom: 1 };

const key = (x, y) => `${x},${y}`;

function bounds(view, extra) {
  const xs = [...view.cells.map((c) => c.cell[0]), ...extra.map((c) => c[0])];
  const ys = [...view.cells.map((c) => c.cell[1]), ...extra.map((c) => c[1])];
  return {
    minX: Math.min(...xs) - MARGIN, maxX: Math.max(...xs) + MARGIN,
    minY: Math.min(...ys) - MARGIN, maxY: Math.max(...ys) + MARGIN,
  };
}

// A phone's board is as tall as the view drawn (dschunke_tiles.css): the view is shaped as the
// table, from a tall to a wide rectangle (width over height), so that the table fills the
// screen's width. Elsewhere the board, and the view, are wide.
const PHONE = window.matchMedia("(max-width: 600px)");
const TALL = 0.75;
const WIDE = 1.2;
let redrawLast = null; // the last board drawn is drawn again when the screen changes shape
PHONE.addEventListener("change", () => redrawLast && redrawLast());

function viewBox(box) {
  const width = (box.maxX - box.minX + 1) * CELL;
  const height = (box.maxY - box.minY + 1) * CELL + HEADROOM;
  if (camera.fitted) {
    camera.cx = cellX(box.minX) + width / 2;
    camera.cy = cellY(box.maxY) - HEADROOM + height / 2;
    camera.zoom = 1;
  }
  const ratio = PHONE.matches ? Math.min(WIDE, Math.max(TALL, width / height)) : WIDE;
  const shownWidth = Math.max(width, height * ratio) / camera.zoom;
  return [camera.cx - shownWidth / 2, camera.cy - shownWidth / ratio / 2, shownWidth, shownWidth / ratio];
}

function drawTile(tile, ctx) {
  const xs = tile.cells.map((c) => cellX(c[0]));
  const ys = tile.cells.map((c) => cellY(c[1]));
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  const width = Math.max(...xs) - x + CELL;
  const height = Math.max(...ys) - y + CELL;
  const lift = tile.level * 3;
  const last = ctx.view.last_placed === tile.index;
  const symbols = tile.symbols.map((symbol, index) => {
    const [cx, cy] = tile.cells[index];
    return drawSymbol(symbol, cellX(cx) + CELL / 2 - lift, cellY(cy) + CELL / 2 - lift);
  });
  const help = tile.symbols.map((symbol) => symbolHelp(symbol, ctx.glossary)).join(" · ");
  const levelWords = tile.level ? interpolate(gettext("level %(level)s"), { level: tile.level }) : gettext("on the table");
  return svg("g", { class: `tl-tile${last ? " last-moved" : ""}`, "data-placement": tile.index },
    svg("title", {}, [`${tile.name} (${levelWords})`, help].join(" · ")),
    tile.level ? svg("rect", { x: x + 2, y: y + 2, width, height, rx: 5, fill: "rgba(0,0,0,.28)" }) : null,
    svg("rect", { x: x + 2 - lift, y: y + 2 - lift, width: width - 4, height: height - 4, rx: 5, fill: levelFill(tile.level),
      stroke: last ? "#ff8a00" : "#6b5432", "stroke-width": last ? 4 : 2 }),
    ...symbols,
    tile.level ? svg("g", { class: "tl-level" },
      svg("circle", { cx: x + 9 - lift, cy: y + 9 - lift, r: 8, fill: "#3c2f1c" }),
      svg("text", { x: x + 9 - lift, y: y + 12.5 - lift, "text-anchor": "middle", "font-size": 11, fill: "#fff" }, String(tile.level)))
      : null);
}

function drawScoring(view, top) {
  const marks = [];
  for (const group of view.groups) {
    for (const [x, y] of group.cells) {
      const lift = (top.get(key(x, y)) || 0) * 3;
      marks.push(svg("rect", { class: "tl-group", x: cellX(x) + 3 - lift, y: cellY(y) + 3 - lift, width: CELL - 6,
        height: CELL - 6, rx: 6, fill: "none", stroke: COLOURS[group.colour], "stroke-width": 3,
        "stroke-dasharray": "5 3" }));
    }
  }
  for (const [colour, cells] of Object.entries(view.rat_cells)) {
    for (const [x, y] of cells) {
      const lift = (top.get(key(x, y)) || 0) * 3;
      marks.push(svg("text", { class: "tl-rat-mark", x: cellX(x) + CELL - 4 - lift, y: cellY(y) + 11 - lift,
        "text-anchor": "end", "font-size": 10, "font-weight": 700, fill: COLOURS[colour],
        // a light halo: the minus sign would vanish on the rat's ring of the same colour
        stroke: "#fff", "stroke-width": 3, "paint-order": "stroke" }, "−1"));
    }
  }
  return svg("g", { class: "tl-scoring", "pointer-events": "none" }, ...marks);
}

// The cells' numbers along the top and the left of what is shown, as the log names cells: (x, y)
// with x growing to the right and y upwards.
function drawAxes(box) {
  const labels = [];
  for (let x = box.minX + 1; x <= box.maxX; x += 1) {
    labels.push(svg("text", { x: cellX(x) + CELL / 2, y: cellY(box.maxY) + CELL / 2 + 4, "data-axis": "x" }, String(x)));
  }
  for (let y = box.minY; y < box.maxY; y += 1) {
    labels.push(svg("text", { x: cellX(box.minX) + CELL / 2, y: cellY(y) + CELL / 2 + 4, "data-axis": "y" }, String(y)));
  }
  return svg("g", { class: "tl-axes", "text-anchor": "middle", "font-size": 12, fill: "rgba(0,60,70,.6)", "pointer-events": "none" },
    ...labels);
}

// The cells a tile would cover from `anchor` running `dir`.
export function footprint(anchor, dir) {
  const [dx, dy] = { E: [1, 0], N: [0, 1], W: [-1, 0], S: [0, -1] }[dir];
  return [0, 1, 2].map((index) => [anchor[0] + dx * index, anchor[1] + dy * index]);
}

function drawGhost(cells, symbols, level, className) {
  const lift = level * 3;
  return svg("g", { class: className, "pointer-events": "none" },
    ...cells.map(([x, y], index) => svg("g", {},
      svg("rect", { x: cellX(x) + 2 - lift, y: cellY(y) + 2 - lift, width: CELL - 4, height: CELL - 4, rx: 4,
        fill: levelFill(level), stroke: "#ff3d00", "stroke-width": 3 }),
      symbols ? drawSymbol(symbols[index], cellX(x) + CELL / 2 - lift, cellY(y) + CELL / 2 - lift) : null)));
}

// The level a footprint would get: one above the tops it rests on (the engine has decided it is legal).
function levelOf(cells, top) {
  return cells.some(([x, y]) => top.has(key(x, y))) ? top.get(key(cells[0][0], cells[0][1])) + 1 : 0;
}

function drawChoices(ctx, top) {
  const { actions, view, local } = ctx;
  const layer = [];
  const anchors = actions.all.filter((action) => action.type === "anchor");
  for (const action of anchors) {
    const [x, y] = action.cell;
    const lift = (top.has(key(x, y)) ? top.get(key(x, y)) + 1 : 0) * 3;
    // Over a tile only the dashed outline: a pale fill washed out the symbols one decides to cover.
    const target = svg("rect", { class: "hit tl-anchor", x: cellX(x) + 4 - lift, y: cellY(y) + 4 - lift, width: CELL - 8,
      height: CELL - 8, rx: 6, fill: top.has(key(x, y)) ? "transparent" : "rgba(255,255,255,.35)", "stroke-dasharray": "4 3" });
    layer.push(actions.clickable(target, action, interpolate(gettext("Start the tile at (%(x)s, %(y)s)"), { x, y })));
  }
  const orients = actions.all.filter((action) => action.type === "orient");
  if (orients.length && view.anchor) {
    const tile = (view.waiting || []).find((row) => row.tile === view.selected);
    const [ax, ay] = view.anchor;
    const centre = [cellX(ax) + CELL / 2, cellY(ay) + CELL / 2];
    let preview = null; // drawn over the arrows: the chosen arrow's disc hid the middle crate's symbol
    for (const action of orients) {
      const cells = footprint(view.anchor, action.dir);
      const chosen = local.dir === action.dir;
      const level = levelOf(cells, top);
      const ghost = drawGhost(cells, chosen && tile ? tile.symbols : null, level, chosen ? "tl-preview" : "tl-option");
      if (chosen) preview = ghost;
      else layer.push(ghost);
      const [tx, ty] = [cellX(cells[1][0]) + CELL / 2, cellY(cells[1][1]) + CELL / 2];
      const arrow = svg("g", { class: `tl-arrow${chosen ? " selected" : ""}` },
        svg("line", { x1: centre[0], y1: centre[1], x2: tx, y2: ty, stroke: "#ff3d00", "stroke-width": 4 }),
        svg("circle", { class: "hit", cx: tx, cy: ty, r: 12, fill: chosen ? "#ff3d00" : "#fff" }),
        arrowHead(centre, [tx, ty], chosen ? "#fff" : "#ff3d00"));
      const words = (ctx.glossary.directions || {})[action.dir] || action.dir;
      actions.placed.add(actions.indexOf(action)); // confirmed from the prompt once previewed
      arrow.dataset.actionIndex = actions.indexOf(action); // the way to the action, for a hint
      // A click previews the placement; the prompt's button confirms it (the server's action).
      arrow.classList.add("clickable");
      arrow.setAttribute("role", "button");
      arrow.setAttribute("tabindex", "0");
      arrow.setAttribute("aria-label", interpolate(gettext("Preview the tile running %(dir)s"), { dir: words }));
      arrow.addEventListener("click", (click) => {
        click.preventDefault();
        ctx.preview(action.dir);
      });
      layer.push(arrow);
    }
    if (preview) layer.push(preview);
    layer.push(svg("rect", { class: "tl-anchor-chosen", x: cellX(ax) + 3, y: cellY(ay) + 3, width: CELL - 6, height: CELL - 6,
      rx: 6, fill: "none", stroke: "#ff3d00", "stroke-width": 3, "pointer-events": "none" }));
  }
  return svg("g", { class: "tl-choices" }, ...layer);
}

// A head on the disc at `tip`, pointing away from `from`: the disc reads as an arrow's end.
function arrowHead(from, tip, fill) {
  const length = Math.hypot(tip[0] - from[0], tip[1] - from[1]);
  const [dx, dy] = [(tip[0] - from[0]) / length, (tip[1] - from[1]) / length];
  const point = (along, across) => `${tip[0] + dx * along - dy * across},${tip[1] + dy * along + dx * across}`;
  return svg("polygon", { points: [point(8, 0), point(-5, 7), point(-5, -7)].join(" "), fill, "pointer-events": "none" });
}

// Why a cell the player clicked cannot start their tile, in the rules' words.
function whyNot(cell, top) {
  const [x, y] = cell;
  if (top.has(key(x, y))) {
    return gettext("A raised tile must lie on three covered cells whose tops are all at one level, and not exactly on one tile below.");
  }
  const touching = [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => top.has(key(x + dx, y + dy)));
  return touching
    ? gettext("From here the tile would lie partly on the table and partly on tiles, or on an uneven support.")
    : gettext("A tile on the table must touch a placed tile along a side (a corner is not enough).");
}

function enablePanAndZoom(box, svgNode, redraw, onCellClick) {
  let drag = null;
  svgNode.addEventListener("pointerdown", (down) => {
    drag = { x: down.clientX, y: down.clientY, cx: camera.cx, cy: camera.cy, moved: false };
  });
  svgNode.addEventListener("pointermove", (move) => {
    if (!drag || !(move.buttons & 1)) return;
    const dx = move.clientX - drag.x;
    const dy = move.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
    drag.moved = true;
    const scale = box[2] / svgNode.clientWidth;
    camera.fitted = false;
    camera.cx = drag.cx - dx * scale;
    camera.cy = drag.cy - dy * scale;
    svgNode.setAttribute("viewBox", [camera.cx - box[2] / 2, camera.cy - box[3] / 2, box[2], box[3]].join(" "));
  });
  svgNode.addEventListener("click", (click) => {
    if (drag && drag.moved) {
      click.preventDefault();
      click.stopPropagation();
    } else if (!click.target.closest(".clickable")) {
      const point = svgNode.createSVGPoint();
      point.x = click.clientX;
      point.y = click.clientY;
      const at = point.matrixTransform(svgNode.getScreenCTM().inverse());
      if (onCellClick([Math.floor(at.x / CELL), -Math.floor(at.y / CELL)])) click.preventDefault();
    }
    drag = null;
  }, true);
  svgNode.addEventListener("wheel", (wheel) => {
    wheel.preventDefault();
    zoomBy(wheel.deltaY < 0 ? 1.2 : 1 / 1.2, redraw);
  }, { passive: false });
}

function zoomBy(factor, redraw) {
  camera.fitted = false;
  camera.zoom = Math.min(6, Math.max(0.3, camera.zoom * factor));
  redraw();
}

export function drawGrid(ctx) {
  const { view } = ctx;
  const top = new Map(view.cells.map((cell) => [key(cell.cell[0], cell.cell[1]), cell.level]));
  const extra = ctx.actions.all.filter((action) => action.type === "anchor").map((action) => action.cell);
  const shown = bounds(view, extra);
  const box = viewBox(shown);
  redrawLast = ctx.redraw;
  const node = svg("svg", { viewBox: box.join(" "), class: "tl-grid", role: "group",
    "aria-label": gettext("The table seen from above") },
  svg("defs", {}, svg("pattern", { id: "tl-cells", width: CELL, height: CELL, patternUnits: "userSpaceOnUse" },
    svg("path", { d: `M${CELL},0 L0,0 L0,${CELL}`, fill: "none", stroke: "rgba(0,60,70,.12)", "stroke-width": 1 }))),
  svg("rect", { x: box[0] - 4 * CELL, y: box[1] - 4 * CELL, width: box[2] + 8 * CELL, height: box[3] + 8 * CELL, fill: "url(#tl-cells)" }),
  drawAxes(shown),
  ...view.tiles.map((tile) => drawTile(tile, ctx)),
  drawScoring(view, top),
  drawChoices(ctx, top));
  enablePanAndZoom(box, node, ctx.redraw, (cell) => {
    if (!extra.length || extra.some(([x, y]) => x === cell[0] && y === cell[1])) return false;
    ctx.explain(interpolate(gettext("No tile can start at (%(x)s, %(y)s): %(why)s"), { x: cell[0], y: cell[1], why: whyNot(cell, top) }));
    return true;
  });
  return node;
}

// The view's zoom buttons, for the line above the view (over it they would hide what lies at its edge).
export function zoomTools(ctx) {
  return el("div", { class: "tl-tools" },
    el("button", { type: "button", title: gettext("Zoom out"), "aria-label": gettext("Zoom out"), onclick: () => zoomBy(1 / 1.4, ctx.redraw), text: "−" }),
    el("button", { type: "button", title: gettext("Zoom in"), "aria-label": gettext("Zoom in"), onclick: () => zoomBy(1.4, ctx.redraw), text: "+" }),
    el("button", { type: "button", title: gettext("Show the whole table"), onclick: () => { camera.fitted = true; ctx.redraw(); }, text: gettext("Fit") }));
}
