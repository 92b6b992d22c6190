// The create-table form: game, players, seats, time control and the engine's variants
// (rendered from its options JSON Schema), posted to POST /api/tables/.
import { api, el } from "./client.js";
import { gettext, interpolate } from "./i18n.js";

const form = document.getElementById("new-table");
const gameSelect = document.getElementById("game");
const playersSelect = document.getElementById("players");
const seatsBox = document.getElementById("seats");
const variantsBox = document.getElementById("variants");
const errorBox = document.getElementById("form-error");
const strengths = JSON.parse(document.getElementById("ai-strengths").textContent);
const learnUrls = JSON.parse(document.getElementById("learn-urls").textContent); // per game, where it is learnt
let games = [];

const SEAT_KINDS = [
  ["me", gettext("Me")],
  ["open", gettext("Open")],
  ["invite", gettext("Invite a player")],
  ["ai", gettext("AI")],
];

function currentGame() {
  return games.find((game) => game.name === gameSelect.value);
}

function seatRow(index, kind) {
  const seatWords = interpolate(gettext("Seat %(number)s"), { number: index + 1 });
  const kindSelect = el("select", { name: `seat-${index}-kind`, "aria-label": seatWords });
  for (const [value, label] of SEAT_KINDS) kindSelect.append(el("option", { value, text: label }));
  kindSelect.value = kind;
  const username = el("input", { name: `seat-${index}-username`, placeholder: gettext("username"), class: "seat-username" });
  const strength = el("select", {
    name: `seat-${index}-strength`,
    "aria-label": interpolate(gettext("Seat %(number)s AI strength"), { number: index + 1 }),
  });
  for (const bot of strengths) strength.append(el("option", { value: bot.name, text: bot.label, title: bot.how }));
  strength.value = (strengths.find((bot) => bot.default) || strengths[0]).name;
  const describe = () => { strength.title = (strengths.find((bot) => bot.name === strength.value) || {}).how || ""; };
  strength.addEventListener("change", describe);
  describe();
  const sync = () => {
    username.hidden = kindSelect.value !== "invite";
    strength.hidden = kindSelect.value !== "ai";
  };
  kindSelect.addEventListener("change", sync);
  sync();
  return el("div", { class: "seat-row", "data-seat": index }, el("span", { text: seatWords }), kindSelect, username, strength);
}

function renderSeats() {
  const count = Number(playersSelect.value);
  const rows = [...seatsBox.children];
  rows.slice(count).forEach((row) => row.remove());
  for (let index = rows.length; index < count; index += 1) {
    seatsBox.append(seatRow(index, index === 0 ? "me" : "ai"));
  }
}

// An option's field with what it does written under it (a phone shows no tooltips).
function optionField(name, spec) {
  const help = spec.description ? el("small", { class: "muted option-help", text: spec.description }) : null;
  return el("div", { class: "option-field" }, optionInput(name, spec), help);
}

function optionInput(name, spec) {
  const label = spec.title || name.replace(/_/g, " ");
  const attrs = { name: `option-${name}`, "data-option": name, "data-type": spec.type };
  let input;
  if (spec.enum) {
    input = el("select", attrs);
    // enumNames: each value's name in the page's language (the values themselves are the engine's)
    spec.enum.forEach((value, index) => input.append(el("option", {
      value: JSON.stringify(value), text: (spec.enumNames || [])[index] ?? String(value) })));
    if (spec.default !== undefined) input.value = JSON.stringify(spec.default);
  } else if (spec.type === "boolean") {
    input = el("input", { ...attrs, type: "checkbox", checked: Boolean(spec.default) });
    return el("label", { class: "check" }, input, ` ${label}`);
  } else if (spec.type === "integer" || spec.type === "number") {
    input = el("input", {
      ...attrs, type: "number", class: "short", min: spec.minimum, max: spec.maximum,
      step: spec.type === "integer" ? 1 : "any", value: spec.default,
    });
  } else {
    input = el("input", { ...attrs, type: "text", value: spec.default });
  }
  return el("label", {}, `${label} `, input);
}

function renderVariants() {
  const properties = (currentGame().options_schema || {}).properties || {};
  variantsBox.replaceChildren(...Object.entries(properties).map(([name, spec]) => optionField(name, spec)));
  document.getElementById("variants-box").hidden = Object.keys(properties).length === 0;
  enableVariants();
}

// An option for some player counts only (a team game for four), or one that needs other options'
// values (the short game's round cards), is greyed out and back at its default where it does not
// apply. The schema lists an option after those it needs, so they are settled first.
function enableVariants() {
  const properties = (currentGame().options_schema || {}).properties || {};
  for (const input of variantsBox.querySelectorAll("[data-option]")) {
    const spec = properties[input.dataset.option];
    const counts = spec["x-players"];
    const needs = Object.entries(spec["x-requires"] || {});
    const applies = (!counts || counts.includes(Number(playersSelect.value)))
      && needs.every(([other, value]) => optionValue(variantsBox.querySelector(`[data-option="${other}"]`)) === value);
    input.disabled = !applies;
    if (applies) continue;
    if (input.type === "checkbox") input.checked = Boolean(spec.default);
    else if (input.tagName === "SELECT") input.value = JSON.stringify(spec.default);
    else input.value = spec.default;
  }
}

function renderPlayers() {
  const game = currentGame();
  document.getElementById("game-rules").href = learnUrls[game.name];
  playersSelect.replaceChildren();
  for (let count = game.min_players; count <= game.max_players; count += 1) {
    playersSelect.append(el("option", { value: count, text: count }));
  }
  playersSelect.value = game.max_players;
  renderSeats();
  renderVariants();
}

function optionValue(input) {
  if (input.tagName === "SELECT") return JSON.parse(input.value);
  if (input.type === "checkbox") return input.checked;
  if (input.dataset.type === "integer" || input.dataset.type === "number") return Number(input.value);
  return input.value;
}

function collectSeats() {
  return [...seatsBox.children].map((row) => {
    const index = row.dataset.seat;
    const kind = form.elements[`seat-${index}-kind`].value;
    if (kind === "invite") {
      const username = form.elements[`seat-${index}-username`].value.trim();
      if (!username) throw new Error(interpolate(gettext("Seat %(number)s: whom do you invite?"), { number: Number(index) + 1 }));
      return { kind, username };
    }
    if (kind === "ai") return { kind, strength: form.elements[`seat-${index}-strength`].value };
    return { kind };
  });
}

// A whole number from `min` to `max` in the field `id`, or an error that says the limits in words.
function wholeNumber(id, min, max, what) {
  const value = Number(document.getElementById(id).value);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(interpolate(gettext("%(field)s: a whole number from %(min)s to %(max)s."), { field: what, min, max }));
  }
  return value;
}

function collectTimeControl() {
  const idle = {
    max_timeouts: wholeNumber("tc-max-timeouts", 1, 20, gettext("Missed moves before a bot takes over")),
    on_idle: form.elements["on-idle"].value,
  };
  if (form.elements.tc.value === "live") {
    return { kind: "live", seconds: wholeNumber("tc-seconds", 5, 86400, gettext("Seconds per move")), ...idle };
  }
  return { kind: "correspondence", days: wholeNumber("tc-days", 1, 60, gettext("Days per move")), ...idle };
}

form.addEventListener("submit", async (submit) => {
  submit.preventDefault();
  const button = form.querySelector("button[type=submit]");
  if (button.disabled) return; // a second click while the first is on its way creates nothing
  button.disabled = true;
  errorBox.textContent = "";
  try {
    const options = {};
    for (const input of variantsBox.querySelectorAll("[data-option]")) options[input.dataset.option] = optionValue(input);
    const table = await api("/api/tables/", {
      method: "POST",
      body: {
        game: gameSelect.value,
        players: Number(playersSelect.value),
        options,
        time_control: collectTimeControl(),
        seats: collectSeats(),
        fill_with_ai: document.getElementById("fill-with-ai").checked,
        rated: document.getElementById("rated").checked,
      },
    });
    location.assign(`/tables/${table.id}/`);
  } catch (error) {
    errorBox.textContent = error.message;
    button.disabled = false;
  }
});

async function init() {
  games = await api("/api/games/");
  for (const game of games) gameSelect.append(el("option", { value: game.name, text: game.title }));
  const wanted = new URLSearchParams(location.search).get("game");
  if (games.some((game) => game.name === wanted)) gameSelect.value = wanted;
  gameSelect.addEventListener("change", renderPlayers);
  playersSelect.addEventListener("change", () => { renderSeats(); enableVariants(); });
  variantsBox.addEventListener("change", enableVariants);
  renderPlayers();
}

init().catch((error) => {
  errorBox.textContent = error.message;
});
