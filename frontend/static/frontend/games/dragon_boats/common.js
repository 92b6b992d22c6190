// Dragon Boats: colours, names and the small lookups the other parts share. Nothing here
// decides what is legal: `pickKind` only names what the card being resolved asks for, so
// the board knows where to look for the server's `choose` actions.
import { el } from "../../js/client.js";

export const SEAT_COLOURS = ["#d9483b", "#3a6fd8", "#3c9a48", "#e3b92b"];
export const SEAT_WORDS = ["red", "blue", "green", "yellow"];
export const NEUTRAL_COLOUR = "#8d8d8d";
export const KIND_COLOURS = {
  cinnabar: "#d2452f", gold: "#e8b923", jade: "#2f9d78", leather: "#8a5a34", tea: "#c8bd86",
};
export const KIND_INK = { cinnabar: "#fff", gold: "#222", jade: "#fff", leather: "#fff", tea: "#222" };
export const FARM_COLOURS = {
  poultry: "#f3d36f", fish: "#69aedb", pork: "#eba0ad", rice: "#f1ecd2", soy: "#a7c466",
};
export const REWARD_MARKS = { offering: "◆", treasure: "T", food: "F", card: "B", money: "$" };
export const REWARD_WORDS = {
  offering: "a random offering", treasure: "a treasure", food: "a food card", card: "a bonus card (blind)",
  money: "1 money",
};
export const PLACE_WORDS = ["front", "middle", "rear"];

export const seatColour = (seat) => (seat < 0 ? NEUTRAL_COLOUR : SEAT_COLOURS[seat % SEAT_COLOURS.length]);
export const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export function seatName(ctx, seat) {
  if (seat === null || seat === undefined) return "nobody";
  if (seat < 0) return "neutral";
  const info = ctx.snapshot.seats && ctx.snapshot.seats[seat];
  const name = info ? info.name : `Seat ${seat + 1}`;
  return seat === ctx.me ? `${name} (you)` : name;
}

export function cardName(ctx, letter) {
  const card = ctx.glossary.cards && ctx.glossary.cards[letter];
  return card ? `${letter} · ${card.name}` : `card ${letter}`;
}

export function nodeWords(ctx, node) {
  const info = ctx.view.map[node];
  if (!info) return node;
  const short = node.includes(".") ? node.split(".")[1] : node;
  let name = `island ${info.island} ${short}`;
  if (info.island === "C") name = info.kind === "land" ? `mountain hex ${short.slice(1)}` : `path ${short[0]} space ${short.slice(1)}`;
  if (info.kind === "port") return `${name.replace(short, "port")} ${short}`;
  if (info.kind === "road") return `${name}${info.reward ? ` (${REWARD_WORDS[info.reward]})` : ""}`;
  const tile = ctx.view.tiles[node];
  const farmer = ctx.view.farmers[node];
  if (farmer !== undefined) return `${name} (${seatName(ctx, farmer)}'s farmer)`;
  if (typeof tile === "number") {
    const wisdom = ctx.glossary.wisdom && ctx.glossary.wisdom[String(tile)];
    return `${name} (wisdom tile W${tile}${wisdom ? ` ${wisdom.name}: ${wisdom.text}` : ""})`;
  }
  return `${name}${tile ? ` (${tile})` : ""}`;
}

export function boatWords(ctx, index) {
  const boat = ctx.view.boats[index];
  return boat && boat.topper ? `boat ${index + 1} (${boat.topper.beats} beats)` : `boat ${index + 1}`;
}

// What the next `choose` of the card being resolved names: a port, a boat, a [boat, place] …
export function pickKind(view) {
  const pending = view.pending;
  if (!pending) return null;
  const n = pending.picks.length;
  switch (pending.card) {
    case "A": return "port";
    case "B": return n === 0 ? "boat" : "arrangement";
    case "C": return "place";
    case "D": return n === 0 ? "stall" : "owner";
    case "F": return ["seat", "their_kind", "my_kind"][n] || null;
    case "G": case "I": return "spot";
    case "H": case "R": return "boat";
    case "S": return "node";
    default: return null;
  }
}

// The `choose` action for `value` when the pending pick is of `kind`; null otherwise.
export function choice(ctx, kind, value) {
  if (pickKind(ctx.view) !== kind) return null;
  return ctx.actions.find({ type: "choose", value });
}

export function chip(kind, count, extra = {}) {
  const label = count === undefined ? kind : `${count}`;
  return el("span", {
    class: `db-chip db-kind-${kind}${extra.class ? ` ${extra.class}` : ""}`,
    title: extra.title || (count === undefined ? kind : `${count} ${kind}`),
    text: extra.text !== undefined ? extra.text : label,
  });
}

export function disc(seat, title) {
  return el("span", { class: "db-disc", style: `background:${seatColour(seat)}`, title: title || "" });
}
