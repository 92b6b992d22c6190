// Dragon Market: the 10 x 10 harbour. Boats are hulls over three squares with the bow pointing
// the way they face, the sailor drawn as a figure and each goods stack as a disc with its count;
// heirs are pawns in their seat's colour; pontoons are the corner squares. What the seat may do
// is drawn on top: boats to select, where a selected boat may slide, squares for the sailor in
// set-up, and the squares the heir may step to, each with its cost in movement points.
import { gettext, interpolate } from "../../js/i18n.js";
import { pressable, svg } from "../board.js";

export const CELL = 44;
const RULER = 18; // the margin of the column and row numbers
export const SEAT_COLOURS = { red: "#d9483b", yellow: "#e3b92b", green: "#3c9a48", blue: "#3a6fd8" };
const GOODS_HUES = 20;
// Every move of a boat, made once the boat is chosen; of them, those drawn on the sea (the others
// are buttons of the prompt).
export const BOAT_MOVES = ["slide", "rotate", "hop", "shift", "half_turn", "turn_far", "swap_stacks"];
export const MOVES_ON_THE_SEA = ["slide", "hop", "shift"];

const px = (x) => x * CELL;
const py = (y, size) => (size - 1 - y) * CELL;

export function goodsName(ctx, kind) {
  return (ctx.glossary.goods || {})[kind] || ctx.view.goods_names[kind];
}

// The goods kind of the stack on `cell`, or null (water, a sailor, an empty stack, a pontoon).
export function goodsUnder(view, cell) {
  for (const boat of view.boats) {
    const slot = boat.cells.findIndex((c, index) => index > 0 && c[0] === cell[0] && c[1] === cell[1]);
    if (slot > 0 && boat.goods[slot - 1][1]) return boat.goods[slot - 1][0];
  }
  return null;
}

function goodsColour(kind) {
  return `hsl(${Math.round((kind * 360) / GOODS_HUES)} 62% 52%)`;
}

// The two letters on a goods disc: the glossary's, which its language keeps distinct.
function goodsMark(ctx, kind) {
  return (ctx.glossary.goods_marks || [])[kind] || goodsName(ctx, kind).slice(0, 2).toUpperCase();
}

export function drawBoat(ctx, boat, index, size) {
  const [sailor, first, second] = [boat.cells[0], boat.cells[1], boat.cells[2]];
  const xs = boat.cells.map((c) => px(c[0]));
  const ys = boat.cells.map((c) => py(c[1], size));
  const x0 = Math.min(...xs) + 5;
  const y0 = Math.min(...ys) + 5;
  const width = Math.max(...xs) - Math.min(...xs) + CELL - 10;
  const height = Math.max(...ys) - Math.min(...ys) + CELL - 10;
  const [dx, dy] = boat.d;
  // The bow: a point on the side the boat faces.
  const bowX = dx > 0 ? x0 + width + 6 : dx < 0 ? x0 - 6 : x0 + width / 2;
  const bowY = dy > 0 ? y0 - 6 : dy < 0 ? y0 + height + 6 : y0 + height / 2;
  const selected = ctx.local.boat === index;
  const last = ctx.lastBoat === index;
  const stacks = [first, second].map((cell, slot) => {
    const [kind, count] = boat.goods[slot] || [null, 0];
    const cx = px(cell[0]) + CELL / 2;
    const cy = py(cell[1], size) + CELL / 2;
    if (!count) return svg("circle", { cx, cy, r: 5, fill: "rgba(0,0,0,.2)" });
    const name = goodsName(ctx, kind);
    const wanted = ctx.wanted.has(kind);
    return svg("g", { class: `dm-goods${wanted ? " wanted" : ""}` },
      svg("title", {}, interpolate(gettext("%(goods)s × %(count)s"), { goods: name, count })),
      svg("circle", { cx, cy, r: 14, fill: goodsColour(kind), stroke: wanted ? "#ffd400" : "#fff", "stroke-width": wanted ? 4 : 2 }),
      svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }, goodsMark(ctx, kind)),
      svg("text", { x: cx + 13, y: cy - 9, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#222" }, `×${count}`));
  });
  const group = svg("g", { class: `dm-boat${selected ? " selected" : ""}${last ? " last-moved" : ""}`, "data-boat": index },
    svg("title", {}, interpolate(gettext("Boat %(id)s, facing %(dir)s"), { id: boat.id, dir: (ctx.glossary.directions || {})[boat.dir] || boat.dir })),
    svg("path", { class: "hit", d: hull(x0, y0, width, height, bowX, bowY, dx, dy), fill: "#9a6b3f",
      stroke: selected ? "#ff3d00" : last ? "#ff8a00" : "#5b3b1c", "stroke-width": selected || last ? 4 : 2 }),
    svg("g", { class: "dm-sailor" },
      svg("circle", { cx: px(sailor[0]) + CELL / 2, cy: py(sailor[1], size) + CELL / 2, r: 9, fill: "#f4e1c1", stroke: "#5b3b1c", "stroke-width": 2 }),
      svg("text", { x: px(sailor[0]) + CELL / 2, y: py(sailor[1], size) + CELL / 2 + 4, "text-anchor": "middle", "font-size": 10, fill: "#5b3b1c" }, boat.id)),
    ...stacks);
  return group;
}

function hull(x0, y0, width, height, bowX, bowY, dx, dy) {
  const x1 = x0 + width;
  const y1 = y0 + height;
  if (dx > 0) return `M${x0},${y0} L${x1 - 8},${y0} L${bowX},${bowY} L${x1 - 8},${y1} L${x0},${y1} Z`;
  if (dx < 0) return `M${x1},${y0} L${x0 + 8},${y0} L${bowX},${bowY} L${x0 + 8},${y1} L${x1},${y1} Z`;
  if (dy > 0) return `M${x0},${y1} L${x0},${y0 + 8} L${bowX},${bowY} L${x1},${y0 + 8} L${x1},${y1} Z`;
  return `M${x0},${y0} L${x0},${y1 - 8} L${bowX},${bowY} L${x1},${y1 - 8} L${x1},${y0} Z`;
}

function drawHeirs(ctx, size) {
  const byCell = new Map();
  for (const player of ctx.view.players) {
    const key = player.heir.join(",");
    byCell.set(key, [...(byCell.get(key) || []), player]);
  }
  const pawns = [];
  for (const players of byCell.values()) {
    players.forEach((player, index) => {
      const [x, y] = player.heir;
      const offset = (index - (players.length - 1) / 2) * 12;
      // On a goods stack the pawn stands smaller in the square's lower left corner, so that the
      // letters of the goods it stands on still read; elsewhere in the middle.
      const onGoods = goodsUnder(ctx.view, player.heir) !== null;
      const k = onGoods ? 0.75 : 1;
      const cx = (onGoods ? px(x) + 8 : px(x) + CELL / 2) + offset;
      const cy = onGoods ? py(y, size) + CELL - 7 : py(y, size) + CELL / 2 + 10;
      const mine = player.seat === ctx.me;
      pawns.push(svg("g", { class: `dm-heir${ctx.lastHeir === player.seat ? " last-moved" : ""}`, "data-seat": player.seat, "pointer-events": "none" },
        svg("title", {}, interpolate(gettext("%(name)s's heir"), { name: ctx.seatName(player.seat) })),
        svg("path", { d: `M${cx - 8 * k},${cy + 8 * k} L${cx},${cy - 12 * k} L${cx + 8 * k},${cy + 8 * k} Z`, fill: SEAT_COLOURS[player.colour],
          stroke: mine ? "#111" : "#fff", "stroke-width": mine ? 3 : 2 }),
        svg("circle", { cx, cy: cy - 13 * k, r: 6 * k, fill: SEAT_COLOURS[player.colour], stroke: mine ? "#111" : "#fff", "stroke-width": 2 })));
    });
  }
  return svg("g", {}, ...pawns);
}

function drawChoices(ctx, size) {
  const { actions, local } = ctx;
  const layer = [];
  const outlines = [];
  const placing = ctx.view.placing || {};
  if (placing.cell) {
    // The square chosen for a new boat's sailor, while the prompt asks which way the boat lies.
    const [x, y] = placing.cell;
    layer.push(svg("rect", { class: "dm-chosen-spot", "data-testid": "dm-chosen-spot", x: px(x) + 4, y: py(y, size) + 4,
      width: CELL - 8, height: CELL - 8, rx: 8, fill: "rgba(255,212,0,.35)", stroke: "#ffd400", "stroke-width": 4 },
    svg("title", {}, gettext("The new boat's sailor stands here: choose which way the boat lies"))));
  }
  for (const action of actions.all) {
    if (action.type === "take") {
      // A ring round the stack under the heir: clicking the good takes it.
      const heir = ctx.view.players[ctx.view.turn].heir;
      const [cx, cy] = [px(heir[0]) + CELL / 2, py(heir[1], size) + CELL / 2];
      const target = svg("circle", { class: "hit dm-take", cx, cy, r: 18, fill: "rgba(255,212,0,.25)", stroke: "#ffd400",
        "stroke-width": 4, "data-testid": "dm-take" });
      layer.push(actions.clickable(target, action, ctx.takeLabel()));
    } else if (action.type === "step") {
      const [x, y] = action.to;
      const cost = ctx.stepCost(action.to);
      // A marker in the square's corner, so that the boat under it can still be chosen and the
      // mark of the goods on it read.
      const [cx, cy] = [px(x) + 10, py(y, size) + 10];
      const target = svg("g", { class: "dm-step", "data-to": `${x},${y}` },
        svg("circle", { class: "hit", cx, cy, r: 9, fill: "#fff7e0" }),
        svg("text", { x: cx, y: cy + 3.5, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#7a1d00" }, String(cost)));
      layer.push(actions.clickable(target, action, interpolate(gettext("Move your heir to (%(x)s, %(y)s) for %(mp)s MP"), { x, y, mp: cost })));
    } else if (action.type === "facing") {
      // Where the new boat would lie this way: one outline over its two squares beside the sailor
      // (the centre boat's two lie either side of it, each outlined); a click places it.
      const squares = besideTheSailor(placing.kind, placing.cell, FACINGS[action.dir]);
      const runs = placing.kind === "centre" ? squares.map((square) => [square, square]) : [squares];
      const target = svg("g", { class: "dm-facing", "data-dir": action.dir }, ...runs.map(([[x0, y0], [x1, y1]]) => {
        const [left, top] = [Math.min(px(x0), px(x1)), Math.min(py(y0, size), py(y1, size))];
        return svg("rect", { class: "hit", x: left + 6, y: top + 6, width: Math.abs(px(x1) - px(x0)) + CELL - 12,
          height: Math.abs(py(y1, size) - py(y0, size)) + CELL - 12, rx: 6, fill: "rgba(154,107,63,.3)", stroke: "#5b3b1c",
          "stroke-dasharray": "4 3" });
      }));
      layer.push(actions.clickable(target, action, interpolate(gettext("Face the boat %(dir)s"),
        { dir: (ctx.glossary.directions || {})[action.dir] || action.dir })));
    } else if (action.type === "sailor_at") {
      const [x, y] = action.cell;
      const target = svg("rect", { class: "hit dm-spot", x: px(x) + 6, y: py(y, size) + 6, width: CELL - 12, height: CELL - 12, rx: 8,
        fill: "rgba(255,255,255,.3)", "stroke-dasharray": "4 3" });
      layer.push(actions.clickable(target, action, interpolate(gettext("Put the sailor on (%(x)s, %(y)s)"), { x, y })));
    } else if (local.boat !== null && MOVES_ON_THE_SEA.includes(action.type) && action.boat === local.boat) {
      const boat = ctx.view.boats[local.boat];
      const [ax, ay] = moveVector(boat, action);
      // Where the boat would lie, outlined under every marker; the click target is the sailor's new
      // square, one per move.
      outlines.push(svg("g", { class: "dm-outline", "pointer-events": "none" },
        ...boat.cells.map(([x, y]) => svg("rect", { x: px(x + ax) + 6, y: py(y + ay, size) + 6, width: CELL - 12,
          height: CELL - 12, rx: 6, fill: "rgba(154,107,63,.18)", stroke: "#5b3b1c", "stroke-dasharray": "4 3" }))));
      const [sx, sy] = [boat.s[0] + ax, boat.s[1] + ay];
      // In the square's corner, as an heir's step marker, so that the goods on it still read.
      const [cx, cy] = [px(sx) + CELL - 10, py(sy, size) + 10];
      const target = svg("g", { class: "dm-ghost", "data-move": `${action.type}:${action.by}` },
        svg("circle", { class: "hit", cx, cy, r: 9, fill: "#fff" }),
        svg("text", { x: cx, y: cy + 3.5, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#7a1d00" }, "1"));
      layer.push(actions.clickable(target, action, describeBoatMove(boat, action)));
    }
  }
  return svg("g", { class: "dm-choices", "data-layer": "choices" }, ...outlines, ...layer); // on top of the boats, on purpose
}

// The way a new boat faces, as the engine's (dx, dy) (engines/dragon_market/data.py DIRS).
const FACINGS = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };

// The two goods squares of a new boat: either side of a centre sailor, or ahead of an end sailor.
function besideTheSailor(kind, [sx, sy], [dx, dy]) {
  return kind === "centre" ? [[sx - dx, sy - dy], [sx + dx, sy + dy]] : [[sx + dx, sy + dy], [sx + 2 * dx, sy + 2 * dy]];
}

// How far a slide, hop or shift of `boat` carries it, as (dx, dy): `by` is signed along +x or +y,
// along the boat's length (a sideways shift: across it).
function moveVector(boat, action) {
  const alongX = (boat.d[0] !== 0) !== (action.type === "shift"); // the move runs along x
  return alongX ? [action.by, 0] : [0, action.by];
}

// A slide, hop or shift in words: where it brings the sailor (the square the board marks).
export function describeBoatMove(boat, action) {
  const [dx, dy] = moveVector(boat, action);
  return interpolate(gettext("Move boat %(id)s so its sailor is on (%(x)s, %(y)s), for 1 MP"),
    { id: boat.id, x: boat.s[0] + dx, y: boat.s[1] + dy });
}

export function drawSea(ctx) {
  const size = ctx.view.size;
  const squares = [];
  for (let x = 0; x < size; x += 1) {
    for (let y = 0; y < size; y += 1) {
      squares.push(svg("rect", { x: px(x), y: py(y, size), width: CELL, height: CELL, fill: (x + y) % 2 ? "#6fb3c9" : "#78bccf",
        stroke: "rgba(255,255,255,.25)", "data-cell": `${x},${y}` }));
    }
  }
  const pontoons = ctx.view.pontoons.map((pontoon) => {
    const [x, y] = pontoon.cell;
    const owner = pontoon.owner === null ? null : ctx.view.players[pontoon.owner];
    return svg("g", { class: "dm-pontoon" },
      svg("title", {}, owner ? interpolate(gettext("%(name)s's pontoon"), { name: ctx.seatName(owner.seat) }) : gettext("An empty pontoon")),
      svg("rect", { x: px(x) + 2, y: py(y, size) + 2, width: CELL - 4, height: CELL - 4, rx: 4, fill: "#c9a26b",
        stroke: owner ? SEAT_COLOURS[owner.colour] : "#8a6d45", "stroke-width": 5 }));
  });
  const boats = ctx.view.boats.map((boat, index) => {
    const drawn = drawBoat(ctx, boat, index, size);
    if (ctx.movable.has(index)) {
      pressable(drawn, interpolate(gettext("Choose boat %(id)s to move"), { id: boat.id }), () => ctx.selectBoat(index));
      ctx.actions.leadsTo(drawn, ctx.actions.all.filter((action) => BOAT_MOVES.includes(action.type) && action.boat === index));
    }
    return drawn;
  });
  const side = size * CELL;
  return svg("svg", { viewBox: `${-RULER} 0 ${side + RULER} ${side + RULER}`, class: "dm-sea", role: "group",
    "aria-label": gettext("The harbour: boats, goods and heirs") },
  ...squares, ...pontoons, ...boats, drawHeirs(ctx, size), drawChoices(ctx, size), drawRulers(size));
}

// The numbers of the columns (x, below the harbour) and rows (y, on its left) that the log and
// the choices name squares by, as "(x, y)".
function drawRulers(size) {
  const columns = [];
  const rows = [];
  for (let i = 0; i < size; i += 1) {
    columns.push(svg("text", { x: px(i) + CELL / 2, y: size * CELL + RULER - 5 }, String(i)));
    rows.push(svg("text", { x: -RULER / 2, y: py(i, size) + CELL / 2 + 4 }, String(i)));
  }
  return svg("g", { class: "dm-rulers", "aria-hidden": "true", "pointer-events": "none", "font-size": 12, fill: "#eef8fb",
    "text-anchor": "middle" }, svg("g", { class: "dm-columns" }, ...columns), svg("g", { class: "dm-rows" }, ...rows));
}
