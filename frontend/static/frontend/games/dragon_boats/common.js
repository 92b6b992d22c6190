// Dragon Boats: colours, names and the small lookups the other parts share. Nothing here
// decides what is legal: `pickKind` only names what the card being resolved asks for, so
// the board knows where to look for the server's `choose` actions.
import { el } from "../../js/client.js";
import { gettext, interpolate, labelled, ngettext, pgettext } from "../../js/i18n.js";

export const SEAT_COLOURS = ["#d9483b", "#3a6fd8", "#3c9a48", "#e3b92b"];
export const SEAT_WORDS = ["red", "blue", "green", "yellow"];
export const NEUTRAL_COLOUR = "#8d8d8d";
export const KIND_COLOURS = {
  cinnabar: "#d2452f", gold: "#e8b923", jade: "#237d5f", leather: "#8a5a34", tea: "#c8bd86",
};
export const KIND_INK = { cinnabar: "#fff", gold: "#222", jade: "#fff", leather: "#fff", tea: "#222" };
export const FARM_COLOURS = {
  poultry: "#f3d36f", fish: "#69aedb", pork: "#eba0ad", rice: "#f1ecd2", soy: "#a7c466",
};
// The marks of the road rewards, the letters of the word in the reader's language.
export const REWARD_MARKS = {
  offering: "◆", treasure: pgettext("map mark of a treasure", "T"), food: pgettext("map mark of food", "F"),
  card: pgettext("map mark of a bonus card", "B"), money: "$",
};
export const PLACE_WORDS = [gettext("front"), gettext("middle"), gettext("rear")];
// A boat's places as marked on its seats: short, and distinct in every language.
export const PLACE_MARKS = [pgettext("front place of a boat", "F"), pgettext("middle place of a boat", "M"),
  pgettext("rear place of a boat", "R")];
// An outer island, or a dock of the central island, by the compass letters of the reader's language.
export const islandWord = (ctx, island) => ((ctx.glossary || {}).islands || {})[island] || island;
export const dockWord = (ctx, dock) => ((ctx.glossary || {}).docks || {})[dock] || dock;

export const seatColour = (seat) => (seat < 0 ? NEUTRAL_COLOUR : SEAT_COLOURS[seat % SEAT_COLOURS.length]);
// An offering kind or a farm in the reader's words (the engine's glossary).
export function kindWord(ctx, kind) {
  const glossary = ctx.glossary || {};
  return (glossary.kinds || {})[kind] || (glossary.farms || {})[kind] || String(kind);
}
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export function seatName(ctx, seat) {
  if (seat === null || seat === undefined) return gettext("nobody");
  if (seat < 0) return gettext("neutral");
  const info = ctx.snapshot.seats && ctx.snapshot.seats[seat];
  const name = info ? info.name : interpolate(gettext("Seat %(number)s"), { number: seat + 1 });
  return seat === ctx.me ? interpolate(gettext("%(name)s (you)"), { name }) : name;
}

export function cardName(ctx, letter) {
  const card = ctx.glossary.cards && ctx.glossary.cards[letter];
  return card ? `${letter} · ${card.name}` : interpolate(gettext("card %(letter)s"), { letter });
}

// A space by the engine's name for it (the west port of island N, the food space near it, field 2
// from the north in the east column of island E …), with what lies there now.
export function nodeWords(ctx, node) {
  const info = ctx.view.map[node];
  const name = (ctx.glossary.nodes || {})[node];
  if (!info || !name) return node;
  if (info.kind === "port" || info.kind === "road") return name; // a road space's name says its reward
  const tile = ctx.view.tiles[node];
  const farmer = ctx.view.farmers[node];
  if (farmer !== undefined) return `${name} (${interpolate(gettext("%(name)s's farmer"), { name: seatName(ctx, farmer) })})`;
  if (typeof tile === "number") {
    const wisdom = ctx.glossary.wisdom && ctx.glossary.wisdom[String(tile)];
    return `${name} (${interpolate(gettext("wisdom tile W%(n)s"), { n: tile })}${wisdom ? ` ${labelled(wisdom.name, wisdom.text)}` : ""})`;
  }
  return `${name}${tile ? ` (${kindWord(ctx, tile)})` : ""}`;
}

export function boatWords(ctx, index) {
  const boat = ctx.view.boats[index];
  return boat && boat.topper ? interpolate(ngettext("boat %(n)s (%(beats)s beat)", "boat %(n)s (%(beats)s beats)", boat.topper.beats), { n: index + 1, beats: boat.topper.beats })
    : interpolate(gettext("boat %(n)s"), { n: index + 1 });
}

// A place on a boat and who sits there.
export function spotWords(ctx, index, place) {
  const occupant = ctx.view.boats[index].seats[place];
  return interpolate(gettext("%(boat)s, %(place)s place: %(who)s"),
    { boat: boatWords(ctx, index), place: PLACE_WORDS[place], who: occupant === null ? gettext("nobody") : seatName(ctx, occupant) });
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
    title: extra.title || (count === undefined ? kind : `${count} ${kind}`), // callers pass worded titles
    text: extra.text !== undefined ? extra.text : label,
  });
}

export function disc(seat, title) {
  return el("span", { class: "db-disc", style: `background:${seatColour(seat)}`, title: title || "" });
}
