// The home page lists: open tables, my tables, tables where it is my turn.
import { api, el } from "./client.js";

function seatLabel(seat) {
  if (seat.is_ai) return `AI (${seat.strength_label || seat.strength})`;
  return seat.username || (seat.kind === "invite" ? "invited" : "open seat");
}

function tableItem(table) {
  const seats = (table.seats || []).map(seatLabel).join(", ");
  return el(
    "li",
    { "data-table": table.id },
    el("a", { href: `/tables/${table.id}/`, text: `${table.title || table.game} #${table.id}` }),
    el("span", { class: `status status-${table.status}`, text: table.status }),
    el("span", { class: "muted", text: seats }),
  );
}

async function fill(list) {
  const target = document.getElementById(`list-${list}`);
  if (!target) return;
  try {
    const data = await api(`/api/tables/?list=${list}`);
    const tables = Array.isArray(data) ? data : data.results || [];
    target.replaceChildren(...tables.map(tableItem));
    if (!tables.length) target.append(el("li", { class: "muted", text: "None right now." }));
  } catch (error) {
    target.replaceChildren(el("li", { class: "error", text: error.message }));
  }
}

for (const list of ["my_turn", "mine", "open"]) fill(list);
