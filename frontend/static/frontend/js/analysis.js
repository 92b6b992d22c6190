// The analysis of an ended game, below its final scores: anyone who may watch the table asks the
// expert to go over one seat's decisions (from that seat's information alone, on the server's
// workers); the panel shows the progress, then a chart of each seat's chance to win over the
// game (a point clicked shows the table there) and the seat's costliest moves.
import uPlot from "../vendor/uplot/uPlot.esm.js";
import { api, el } from "./client.js";
import { gettext, interpolate, ngettext } from "./i18n.js";

const POLL_MS = 1000;
const COSTLIEST = 5; // moves listed
const NOTABLE_LOSS = 0.02; // a move that cost less than this is not called costly
const NOTABLE_FALL = 0.1; // a fall of the seat's chance over the game worth explaining
const COLOURS = ["#2a7f86", "#d68910", "#8e44ad", "#34495e"]; // red marks the costly moves

export class AnalysisPanel {
  // box: the panel; tableId; seats: each seat's name; mySeat: the reader's (null: a spectator);
  // describeAt(seq, action): the action in words at that point; entryAfter(seq): the number of the
  // log's first line after that point; goTo(seq): show the table there;
  // ending: the last event's seq and the set of winning seats, the chart's last point.
  constructor({ box, tableId, seats, mySeat, describeAt, entryAfter, goTo, ending }) {
    Object.assign(this, { box, tableId, seats, describeAt, entryAfter, goTo, ending });
    this.seat = mySeat ?? 0;
    this.chart = null;
    this.polling = null;
  }

  async show() {
    this.box.hidden = false;
    const found = await api(`/api/tables/${this.tableId}/analysis/`);
    const mine = found.find((one) => one.seat === this.seat);
    this.render(mine || null);
    if (mine && (mine.status === "queued" || mine.status === "running")) this.poll();
  }

  seatPicker() {
    const picker = el("select", { "data-testid": "analysis-seat", "aria-label": gettext("Seat to analyse") },
      ...this.seats.map((name, seat) => el("option", { value: seat, text: name, selected: seat === this.seat })));
    picker.addEventListener("change", async () => {
      this.seat = Number(picker.value);
      clearTimeout(this.polling);
      await this.show();
    });
    return picker;
  }

  render(analysis) {
    if (this.chart) this.chart.destroy();
    this.chart = null;
    const head = [
      el("h2", { text: gettext("Analysis") }),
      el("p", { class: "muted", text: gettext("The expert bot goes over every decision of one seat, knowing only what that seat knew then. It shows its estimate of each player's chance to win, the move it prefers, and what each move cost.") }),
      el("p", { class: "analysis-controls" }, el("label", {}, gettext("Seat:"), " ", this.seatPicker()), " ", this.statusPart(analysis)),
    ];
    this.box.replaceChildren(...head);
    if (analysis && analysis.status === "done") this.renderResult(analysis);
  }

  statusPart(analysis) {
    if (!analysis || analysis.status === "failed") {
      return el("span", {},
        analysis ? el("span", { class: "message", text: gettext("The last analysis failed: ask again.") }) : "",
        el("button", { type: "button", "data-testid": "analysis-ask", onclick: () => this.ask() }, gettext("Analyse this seat's moves")));
    }
    if (analysis.status === "done") return "";
    const words = analysis.total
      ? interpolate(gettext("The expert is going over the moves: %(done)s of %(total)s."), analysis)
      : gettext("The analysis waits for a free worker…");
    return el("span", { "data-testid": "analysis-progress", role: "status" },
      el("progress", { max: analysis.total || 1, value: analysis.done }), " ", words);
  }

  async ask() {
    try {
      const analysis = await api(`/api/tables/${this.tableId}/analysis/`, { method: "POST", body: { seat: this.seat } });
      this.render(analysis);
      if (analysis.status !== "done") this.poll();
    } catch (error) {
      this.box.append(el("p", { class: "message", role: "alert", text: error.message }));
    }
  }

  poll() {
    clearTimeout(this.polling);
    const seat = this.seat;
    this.polling = setTimeout(async () => {
      const [analysis] = await api(`/api/tables/${this.tableId}/analysis/?seat=${seat}`);
      if (seat !== this.seat) return;
      this.render(analysis || null);
      if (analysis && (analysis.status === "queued" || analysis.status === "running")) this.poll();
    }, POLL_MS);
  }

  renderResult(analysis) {
    const decisions = analysis.decisions;
    if (!decisions.length) {
      this.box.append(el("p", { text: gettext("This seat never had more than one move to choose from.") }));
      return;
    }
    const costliest = decisions.filter((d) => d.loss >= NOTABLE_LOSS).sort((a, b) => b.loss - a.loss).slice(0, COSTLIEST);
    const chartBox = el("div", { class: "analysis-chart", "data-testid": "analysis-chart" });
    this.box.append(
      el("h3", { text: gettext("Each player's chance to win, by the expert's estimate") }),
      el("p", { class: "muted", text: gettext("Each point is one of this seat's turns: click it to see the table as the turn began. Red points are the turns of its costliest moves. The last point is the result: the winners at 100%.") }),
      chartBox,
      this.costliestList(costliest, decisions),
    );
    this.drawChart(chartBox, decisions, new Set(costliest.map((d) => d.seq)));
  }

  drawChart(chartBox, decisions, costly) {
    // One point a turn: the seat's chances as the turn began (within a turn of several small moves
    // the estimate credits the seat with the moves it is about to make), red where the turn holds
    // one of the costliest moves.
    const turns = [];
    decisions.forEach((d, index) => {
      const turn = d.turn ?? index; // an analysis without turns: a point a decision
      if (!turns.length || turns[turns.length - 1].turn !== turn) turns.push({ turn, first: d, costly: false });
      if (costly.has(d.seq)) turns[turns.length - 1].costly = true;
    });
    // Along the seat's turns, 1, 2, 3…; the estimates end where the game does: the result, a
    // certainty, is the last point. A click goes to the position of the point.
    const xs = [...turns.map((_, index) => index + 1), turns.length + 1];
    const positions = [...turns.map((t) => t.first.seq), this.ending.seq];
    const end = turns.length + 1;
    const percentOf = (chance) => Math.round(1000 * chance) / 10;
    const seatsData = this.seats.map((_, seat) => [...turns.map((t) => percentOf(t.first.chances[seat])),
      this.ending.winners.has(seat) ? 100 : 0]);
    const marks = [...turns.map((t) => (t.costly ? percentOf(t.first.chances[this.seat]) : null)), null];
    const width = Math.max(260, chartBox.clientWidth || this.box.clientWidth - 32);
    const percent = (_, values) => values.map((v) => `${v}%`);
    const options = {
      width,
      height: 220,
      scales: { x: { time: false }, y: { range: [0, 100] } },
      axes: [{ label: gettext("This seat's turns"), incrs: [1, 2, 5, 10, 20, 50],
        values: (_, ticks) => ticks.map((turn) => (turn === end ? gettext("end") : turn)) },
      { values: percent, size: 48 }],
      series: [
        { label: gettext("Turn") },
        // The analysed seat's points are always drawn, even close together: they are what a click goes to.
        ...this.seats.map((name, seat) => ({ label: name, stroke: COLOURS[seat % COLOURS.length], width: seat === this.seat ? 3 : 1.5,
          points: seat === this.seat ? { show: true, size: 5 } : {}, value: (_, v) => (v == null ? "—" : `${v}%`) })),
        { label: gettext("Costly move"), stroke: "#c0392b", fill: "#c0392b", paths: () => null,
          points: { show: true, size: 10, fill: "#c0392b" }, value: (_, v) => (v == null ? "—" : `${v}%`) },
      ],
      cursor: { drag: { x: false, y: false } },
      legend: { live: false },
    };
    this.chart = new uPlot(options, [xs, ...seatsData, marks], chartBox);
    // A window resized or a phone turned: the chart takes its box's new width.
    new ResizeObserver(() => {
      const fits = Math.max(260, chartBox.clientWidth);
      if (fits !== this.chart.width) this.chart.setSize({ width: fits, height: options.height });
    }).observe(chartBox);
    this.chart.over.addEventListener("click", () => {
      const index = this.chart.cursor.idx;
      if (index !== null && index !== undefined) this.goTo(positions[index]);
    });
    this.chart.over.setAttribute("title", gettext("Click to see the table as this turn began"));
  }

  costliestList(costliest, decisions) {
    if (!costliest.length) {
      // A chart that falls beside "no costly move" reads as a contradiction: say where the fall
      // came from, the seat's own small losses added up where they come to a notable fall.
      const fell = decisions[0].chances[this.seat] - decisions[decisions.length - 1].chances[this.seat] > NOTABLE_FALL;
      const lost = decisions.reduce((sum, decision) => sum + decision.loss, 0);
      const points = Math.round(100 * lost);
      return el("p", { "data-testid": "analysis-costliest", text: !fell
        ? gettext("No move of this seat cost much by the expert's estimate.")
        : lost > NOTABLE_FALL
          ? interpolate(ngettext(
            "No single move of this seat cost much by the expert's estimate, but together its moves cost about %(points)s percentage point of its chance to win.",
            "No single move of this seat cost much by the expert's estimate, but together its moves cost about %(points)s percentage points of its chance to win.",
            points), { points })
          : gettext("No move of this seat cost much by the expert's estimate: its chance fell with the others' moves and the luck of the game, not with its own.") });
    }
    const list = el("ol", { class: "analysis-costliest", "data-testid": "analysis-costliest" });
    for (const decision of costliest) {
      // Named by the log's line of the move (read again once the words come: the log may still be
      // filling as the page opens); the button shows the table as the move was chosen.
      const where = () => interpolate(gettext("At log entry %(number)s:"),
        { number: this.entryAfter(decision.seq) ?? "…" });
      const button = el("button", { type: "button", class: "link", onclick: () => this.goTo(decision.seq), text: where() });
      const item = el("li", {}, button, " ", el("span", { text: "…" }));
      list.append(item);
      this.describe(decision).then((words) => {
        button.textContent = where();
        item.lastChild.replaceWith(words);
      });
    }
    return list;
  }

  async describe(decision) {
    const name = this.seats[this.seat];
    const points = Math.max(1, Math.round(100 * decision.loss));
    const [played, best] = await Promise.all([this.describeAt(decision.seq, decision.played),
      this.describeAt(decision.seq, decision.best)]);
    return el("span", {}, interpolate(ngettext(
      "%(name)s played “%(played)s”; the expert prefers “%(best)s”: by its estimate, about %(points)s percentage point more chance to win.",
      "%(name)s played “%(played)s”; the expert prefers “%(best)s”: by its estimate, about %(points)s percentage points more chance to win.", points),
    { name, played, best, points }));
  }
}
