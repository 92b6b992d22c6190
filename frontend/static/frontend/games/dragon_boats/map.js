// Dragon Boats: the sea as SVG. The central island with the mountain (paths A and B, ten
// wisdom hexes), its four docks and their boats (topper, crew), the four outer islands drawn
// from the view's graph (ports, road spaces with rewards, land hexes with farm tiles or
// farmers) and the dotted sea routes. Clickable: boat places (board, card targets), boats,
// paths, map spaces (steps, card S), ports (steering, card A), each only when the server
// lists the matching action. Under the sea, in HTML, the legend of its marks.
import { el } from "../../js/client.js";
import { gettext, interpolate, ngettext } from "../../js/i18n.js";
import { explained, pressable, squeezed, svg } from "../board.js";
import {
  FARM_COLOURS, KIND_COLOURS, PLACE_MARKS, PLACE_WORDS, REWARD_MARKS, boatWords, capital, choice, dockWord, islandWord,
  kindWord, nodeWords, spotWords,
  seatColour, seatName,
} from "./common.js";

const SIZE = 560;
const HEX = 17;
const ROOT3 = Math.sqrt(3);
const CENTRE = SIZE / 2;
// Outer islands: centre and whether the template is turned a quarter (its PW port then faces north).
const ISLANDS = {
  N: { x: CENTRE, y: 64, turned: false },
  S: { x: CENTRE, y: SIZE - 64, turned: false },
  W: { x: 64, y: CENTRE, turned: true },
  E: { x: SIZE - 64, y: CENTRE, turned: true },
};
// Where each island's name stands (x, y, text-anchor), in the sea beside it. The name is written
// out ("Island N"): a compass letter alone would read as a road's mark (N is food in French).
const ISLAND_LABELS = {
  N: [CENTRE + 104, 26, "middle"], S: [CENTRE - 104, SIZE - 14, "middle"], W: [6, CENTRE - 100, "start"], E: [SIZE - 6, CENTRE + 112, "end"],
};
// Boats wait in the sea's corners beside their docks (boat i's home is dock i).
const BOAT_SPOTS = [[94, 102], [SIZE - 94, 102], [SIZE - 94, SIZE - 102], [94, SIZE - 102]];
const DOCK_SPOTS = [[168, 168], [SIZE - 168, 168], [SIZE - 168, SIZE - 168], [168, SIZE - 168]];
const MOUNTAIN_X = { "-3": -66, "-2": -22, 2: 22, 3: 66 };
const FARM_SHORT = { poultry: gettext("Pou"), fish: gettext("Fish"), pork: gettext("Pork"), rice: gettext("Rice"), soy: gettext("Soy") };

// Pixel position of a map node.
function position(node, info) {
  const [q, r] = info.coords;
  if (info.island === "C") return [CENTRE + MOUNTAIN_X[q], CENTRE - 8 + (r - 3) * 34];
  const island = ISLANDS[info.island];
  const lx = HEX * ROOT3 * (q + r / 2) - 1.75 * HEX * ROOT3;
  const ly = HEX * 1.5 * r - 0.75 * HEX;
  return island.turned ? [island.x - ly, island.y + lx] : [island.x + lx, island.y + ly];
}

function hexPoints(x, y, radius, turned) {
  const start = turned ? 0 : 30;
  return Array.from({ length: 6 }, (_, k) => {
    const angle = ((start + 60 * k) * Math.PI) / 180;
    return `${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");
}

export function drawMap(ctx) {
  const { view } = ctx;
  const where = {};
  for (const [node, info] of Object.entries(view.map)) where[node] = position(node, info);
  ctx.where = where;
  const parts = [
    svg("rect", { x: 0, y: 0, width: SIZE, height: SIZE, fill: "#9fd0d6", rx: 10 }),
    ...Object.entries(ISLANDS).map(([name, island]) => svg("ellipse", {
      cx: island.x, cy: island.y, rx: island.turned ? 58 : 100, ry: island.turned ? 100 : 58, fill: "#d7c99a", opacity: 0.55,
    })),
    svg("rect", { x: 160, y: 160, width: SIZE - 320, height: SIZE - 320, rx: 28, fill: "#d7c99a", stroke: "#b3a06a" }),
    ...Object.entries(ISLAND_LABELS).map(([name, [x, y, anchor]]) => explained(svg("text", {
      x, y, class: "db-island-name", "text-anchor": anchor,
    }, interpolate(gettext("Island %(island)s"), { island: islandWord(ctx, name) })),
    interpolate(gettext("Island %(island)s: its ports, its roads with rewards, and its land hexes, each with a farm tile."), { island: islandWord(ctx, name) }))),
  ];
  parts.push(...drawRoutes(ctx));
  parts.push(...drawMountainEdges(ctx));
  for (const [node, info] of Object.entries(view.map)) parts.push(drawNode(ctx, node, info));
  parts.push(...drawPaths(ctx));
  parts.push(...drawDocks(ctx));
  view.boats.forEach((boat) => parts.push(drawBoat(ctx, boat)));
  return svg("svg", {
    viewBox: `0 0 ${SIZE} ${SIZE}`, class: "db-map", role: "group",
    "aria-label": interpolate(gettext("The sea: round %(round)s"), { round: view.round }),
  }, ...parts);
}

// ----------------------------------------------------------------------------- routes and docks

function drawRoutes(ctx) {
  const { view, where } = ctx;
  const steering = new Set(ctx.actions.all.filter((a) => a.type === "steer").map((a) => a.port));
  const out = [];
  view.boats.forEach((boat) => {
    const [dx, dy] = DOCK_SPOTS[boat.boat];
    for (const port of boat.routes) {
      const [px, py] = where[port];
      const live = steering.has(port) && view.arrived === boat.boat;
      const taken = boat.port === port;
      out.push(svg("line", {
        x1: dx, y1: dy, x2: px, y2: py, class: `db-route${live ? " db-route-live" : ""}${taken ? " db-route-taken" : ""}`,
      }));
    }
  });
  return out;
}

function drawDocks(ctx) {
  return ctx.view.boats.map((boat) => {
    const [x, y] = DOCK_SPOTS[boat.boat];
    return svg("g", { class: "db-dock" },
      svg("title", {}, interpolate(gettext("Dock %(dock)s of the central island, home of %(boat)s"), { dock: dockWord(ctx, boat.dock), boat: boatWords(ctx, boat.boat) })),
      svg("rect", { x: x - 16, y: y - 9, width: 32, height: 18, rx: 3, fill: "#6b4f2a" }),
      svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 10, fill: "#fff" }, dockWord(ctx, boat.dock)));
  });
}

function drawMountainEdges(ctx) {
  const { view, where } = ctx;
  const out = [];
  for (const [node, info] of Object.entries(view.map)) {
    if (info.island !== "C") continue;
    for (const other of info.neighbours) {
      if (other < node) continue;
      const [x1, y1] = where[node];
      const [x2, y2] = where[other];
      out.push(svg("line", { x1, y1, x2, y2, class: "db-edge" }));
    }
  }
  return out;
}

// ----------------------------------------------------------------------------- spaces

function nodeAction(ctx, node, info) {
  const { actions } = ctx;
  if (info.kind === "port") {
    return actions.find({ type: "steer", port: node }) || choice(ctx, "port", node)
      || actions.find({ type: "step", node });
  }
  return actions.find({ type: "step", node }) || choice(ctx, "node", node);
}

function drawNode(ctx, node, info) {
  const { view } = ctx;
  const [x, y] = ctx.where[node];
  const turned = info.island !== "C" && ISLANDS[info.island].turned;
  const tile = view.tiles[node];
  const farmer = view.farmers[node];
  const action = nodeAction(ctx, node, info);
  const picked = view.pending && view.pending.picks.includes(node);
  const moving = view.moving && view.moving.node === node;
  const visited = view.moving && view.moving.visited.includes(node);
  const radius = info.kind === "land" ? HEX - 0.5 : HEX - 2.5;
  let fill = "#efe2b5";
  if (info.kind === "port") fill = view.reached.includes(node) ? "#8d3b2f" : "#2f4d6e";
  else if (info.kind === "land") fill = typeof tile === "number" ? "#f7ecc6" : FARM_COLOURS[tile] || "#cfc4a0";
  const group = svg("g", { class: `db-node${picked ? " selected" : ""}`, "data-node": node },
    svg("polygon", {
      points: hexPoints(x, y, radius, turned), fill, stroke: visited ? seatColour(view.moving.seat) : "#7c6f4e",
      "stroke-width": visited ? 3 : 1, "stroke-dasharray": visited && !moving ? "3 2" : null, class: action ? "hit" : "",
    }));
  const label = nodeLabel(info, tile);
  if (label) {
    const size = info.kind === "land" ? 9 : 11;
    group.append(svg("text", {
      x, y: y + 4, "text-anchor": "middle", "font-size": size,
      "font-weight": 700, fill: info.kind === "port" ? "#fff" : "#3a2f1c", ...squeezed(label, radius * 1.6, size, 700),
    }, label));
  }
  if (farmer !== undefined) {
    group.append(svg("circle", { cx: x, cy: y, r: 8, fill: seatColour(farmer), stroke: "#222", "stroke-width": 1.5 }));
  }
  if (moving) {
    group.append(svg("circle", {
      cx: x, cy: y, r: 7, fill: seatColour(view.moving.seat), stroke: "#fff", "stroke-width": 2.5, class: "db-walker",
    }));
  }
  group.append(svg("title", {}, nodeWords(ctx, node)));
  return ctx.actions.clickable(group, action, actionWords(ctx, action, node));
}

function nodeLabel(info, tile) {
  if (info.kind === "port") return "⚓";
  if (info.kind === "road") return info.reward ? REWARD_MARKS[info.reward] : "";
  if (typeof tile === "number") return `W${tile}`;
  return tile ? FARM_SHORT[tile] : "";
}

function actionWords(ctx, action, node) {
  if (!action) return "";
  if (action.type === "steer") return interpolate(gettext("Steer to %(place)s"), { place: nodeWords(ctx, node) });
  if (action.type === "step") return interpolate(gettext("Step to %(place)s"), { place: nodeWords(ctx, node) });
  return interpolate(gettext("Choose %(name)s"), { name: nodeWords(ctx, node) });
}

// Paths A and B: the members waiting to climb (in order), and where a path is taken.
function drawPaths(ctx) {
  const { view, where } = ctx;
  return ["A", "B"].map((path) => {
    const [x, y] = where[`${path}1`];
    const action = ctx.actions.find({ type: "path", path });
    const paying = view.paying && view.paying.path === path;
    const waiting = view.paths[path];
    const bx = path === "A" ? x - 44 : x - 20;  // wide enough for "Chemin A"
    const group = svg("g", { class: `db-path${paying ? " selected" : ""}`, "data-path": path },
      svg("rect", { x: bx, y: y + 20, width: 64, height: 22, rx: 6, fill: "#fff7df", stroke: "#7c6f4e", class: action ? "hit" : "" }),
      svg("text", { x: bx + 32, y: y + 35, "text-anchor": "middle", "font-size": 11, "font-weight": 700 }, `${gettext("Path")} ${path}`),
      ...waiting.map((seat, index) => svg("circle", {
        cx: bx + 8 + index * 12, cy: y + 50, r: 5, fill: seatColour(seat), stroke: "#222",
      })),
      svg("title", {}, waiting.length
        ? interpolate(gettext("Mountain path %(path)s: costs any 3 offerings; waiting: %(names)s"), { path, names: waiting.map((s) => seatName(ctx, s)).join(", ") })
        : interpolate(gettext("Mountain path %(path)s: costs any 3 offerings"), { path })));
    return ctx.actions.clickable(group, action, interpolate(gettext("Take mountain path %(path)s (pay 3 offerings)"), { path }));
  });
}

// ----------------------------------------------------------------------------- boats

// Where a boat waits and the two ports its route can take it to.
function boatWhere(ctx, boat) {
  const [one, other] = boat.routes.map((port) => nodeWords(ctx, port));
  return interpolate(gettext("%(boat)s waits at dock %(dock)s and sails to %(one)s or %(other)s"),
    { boat: capital(boatWords(ctx, boat.boat)), dock: dockWord(ctx, boat.dock), one, other });
}

function drawBoat(ctx, boat) {
  const { view } = ctx;
  const [cx, cy] = BOAT_SPOTS[boat.boat];
  const boatPick = choice(ctx, "boat", boat.boat);
  const unloading = view.arrived === boat.boat && !view.outcome;
  const picked = view.pending && view.pending.picks.length && view.pending.picks[0] === boat.boat
    && ["B", "H", "R"].includes(view.pending.card);
  const group = svg("g", {
    class: `db-boat${boat.sailed && !unloading ? " db-sailed" : ""}${picked ? " selected" : ""}`, "data-boat": boat.boat,
  });
  // The whole boat is the target of a card that names a boat; topper and labels let clicks through.
  const body = svg("g", {},
    svg("rect", {
      x: cx - 84, y: cy - 54, width: 168, height: 96, rx: 10, fill: "#ffffff", "fill-opacity": boatPick ? 0.3 : 0.01,
      stroke: boatPick ? "#d39b00" : "none", class: boatPick ? "hit" : "",
    }),
    svg("path", {
      d: `M${cx - 78} ${cy + 4} L${cx + 78} ${cy + 4} L${cx + 64} ${cy + 36} L${cx - 64} ${cy + 36} Z`,
      fill: unloading ? "#f3c44b" : "#a8643a", stroke: "#4b2d17", "stroke-width": 2,
    }),
    svg("title", {}, [boatWhere(ctx, boat), topperWords(ctx, boat.topper)].filter(Boolean).join(". ")));
  group.append(ctx.actions.clickable(body, boatPick, interpolate(gettext("Choose %(name)s"), { name: boatWords(ctx, boat.boat) })));
  // Under the hull, where a long translation has the boat's whole width; not faded with a sailed
  // boat (db-boat-state): it says where the boat went.
  const state = explained(svg("text", { x: cx, y: cy + 52, "font-size": 11, "text-anchor": "middle" }, boatState(ctx, boat)),
    gettext("A boat sails once its crew is as large as its topper asks; in the last round every boat with a member sails."));
  state.setAttribute("class", "db-boat-state");
  group.append(
    explained(svg("text", { x: cx - 78, y: cy - 40, "font-size": 12, "font-weight": 700 },
      capital(interpolate(gettext("boat %(n)s"), { n: boat.boat + 1 }))), boatWhere(ctx, boat)),
    state,
    drawTopper(ctx, boat.topper, cx, cy - 32));
  boat.seats.forEach((occupant, place) => group.append(drawPlace(ctx, boat, place, occupant, cx - 44 + place * 44, cy + 20)));
  return group;
}

// A boat's state in a few words under its hull: where it went by island (its port's full name is
// in the prompt and the log).
function boatState(ctx, boat) {
  const { view } = ctx;
  const island = boat.port ? view.map[boat.port].island : null;
  if (view.arrived === boat.boat && !view.outcome) {
    return island ? interpolate(gettext("unloading at island %(island)s"), { island: islandWord(ctx, island) }) : gettext("leaving now");
  }
  if (boat.sailed) return interpolate(gettext("sailed to island %(island)s"), { island: islandWord(ctx, island) });
  const crew = boat.seats.filter((seat) => seat !== null).length;
  const flags = [boat.first ? gettext("leaves first") : "", boat.sent ? gettext("sent") : ""].filter(Boolean).join(", ");
  return flags || interpolate(gettext("crew %(crew)s/%(min)s to sail"), { crew, min: boat.topper ? boat.topper.min : "?" });
}

function drawTopper(ctx, topper, x, y) {
  if (!topper) return svg("g", {});
  const costW = topper.cost.length * 15;
  return svg("g", { class: "db-topper" },
    svg("rect", { x: x - 64, y, width: 128, height: 30, rx: 6, fill: "#fff3cf", stroke: "#8a6d2f" }),
    svg("text", { x: x - 58, y: y + 20, "font-size": 17, "font-weight": 800, fill: "#8a1f11" }, String(topper.beats)),
    // the crew it needs: under the boat; the word fits between the number and the cost
    svg("text", { x: x - 31, y: y + 19, "font-size": 10, ...squeezed(gettext("beats"), 85 - costW, 10) }, gettext("beats")),
    ...topper.cost.map((kind, index) => svg("circle", {
      cx: x + 58 - costW + 7 + index * 15, cy: y + 15, r: 6.5, fill: KIND_COLOURS[kind], stroke: "#333",
    })),
    svg("title", {}, topperWords(ctx, topper)));
}

// The topper in words: its own title explains its marks; a pointer, which the topper lets
// through to the boat, reads them in the boat's.
function topperWords(ctx, topper) {
  if (!topper) return "";
  return interpolate(ngettext("Topper: %(beats)s beat, sails with %(min)s; boarding costs %(cost)s (the middle place one printed offering less)",
    "Topper: %(beats)s beats, sails with %(min)s; boarding costs %(cost)s (the middle place one printed offering less)", topper.beats),
  { beats: topper.beats, min: topper.min, cost: topper.cost.map((kind) => kindWord(ctx, kind)).join(", ") });
}

function placeAction(ctx, boat, place) {
  const { actions, view } = ctx;
  const boards = actions.all.filter((a) => a.type === "board" && a.boat === boat.boat && a.place === place);
  if (boards.length === 1) return { action: boards[0] };
  if (boards.length > 1) return { boards };
  const spot = choice(ctx, "spot", [boat.boat, place]);
  if (spot) return { action: spot };
  if (view.arrived === boat.boat) {
    const cut = choice(ctx, "place", place);
    if (cut) return { action: cut };
  }
  return {};
}

function drawPlace(ctx, boat, place, occupant, x, y) {
  const { view } = ctx;
  const { action, boards } = placeAction(ctx, boat, place);
  const picked = view.pending && ["G", "I"].includes(view.pending.card)
    && view.pending.picks.some((pick) => Array.isArray(pick) && pick[0] === boat.boat && pick[1] === place);
  const chosen = ctx.state.seatChoice && ctx.state.seatChoice[0] === boat.boat && ctx.state.seatChoice[1] === place;
  const group = svg("g", { class: `db-place${picked || chosen ? " selected" : ""}`, "data-boat": boat.boat, "data-place": place },
    svg("circle", {
      cx: x, cy: y, r: 12, fill: occupant === null ? "#f6ecd2" : seatColour(occupant), stroke: "#222",
      "stroke-width": 1.5, class: action || boards ? "hit" : "",
    }),
    svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 10, fill: occupant === null ? "#555" : "#fff" },
      PLACE_MARKS[place]),
    svg("title", {}, spotWords(ctx, boat.boat, place)));
  if (boards) {
    // A middle place with a choice of the offering to leave out: the prompt asks which.
    ctx.actions.leadsTo(group, boards);
    return pressable(group, interpolate(gettext("Board %(boat)s, %(place)s place"), { boat: boatWords(ctx, boat.boat), place: PLACE_WORDS[place] }),
      () => ctx.select([boat.boat, place]));
  }
  const words = action && action.type === "board"
    ? interpolate(gettext("Board %(boat)s, %(place)s place"), { boat: boatWords(ctx, boat.boat), place: PLACE_WORDS[place] })
    : interpolate(gettext("Choose the %(place)s place of %(boat)s"), { boat: boatWords(ctx, boat.boat), place: PLACE_WORDS[place] });
  return ctx.actions.clickable(group, action, words);
}

// The marks of the sea in words, under the sea in the page's own type: it wraps at a phone's width,
// where text inside the sea is a few pixels high, each mark held to its word by a no-break space.
export function mapLegend() {
  const words = { offering: gettext("offering"), treasure: gettext("treasure"), food: gettext("food"), card: gettext("bonus card"), money: gettext("money") };
  const marks = [["⚓", gettext("port")], ...Object.entries(REWARD_MARKS).map(([reward, mark]) => [mark, words[reward]]),
    ["W", gettext("wisdom tile")]];
  const roles = [gettext("goes ashore first"), gettext("pays one offering less"), gettext("steers")];
  const places = PLACE_MARKS.map((mark, place) => [mark, `${PLACE_WORDS[place]}, ${roles[place]}`]);
  const line = (title, items) => el("p", {},
    el("span", { class: "db-legend-title", text: title }), " ",
    ...items.flatMap(([mark, word], index) => [index ? " · " : "",
      el("span", { class: "db-legend-item" }, el("b", { text: mark }), `\u00a0${word}`)]));
  const others = [[gettext("beats"), gettext("a boat's speed: the most sails first")], ["★", gettext("plays first this round")]];
  return el("div", { class: "db-legend", "data-testid": "sea-legend", "data-plain": true }, // words that explain themselves
    line(gettext("On the map:"), marks), line(gettext("On a boat:"), places), line(gettext("Also:"), others));
}
