// A profile's rating over its rated games, drawn small and inline (an SVG line, one dot a
// game), for its page on the phone (leaderboard.js).  The server sends the points
// (GET /api/v1/profiles/ID: each game's `history`); this only draws them.  No inline style:
// the page's CSP forbids it, so the colours are the stylesheet's (.rating-chart).

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 240; // the drawing's own units; the stylesheet sizes it to the card
const HEIGHT = 56;
const PAD = 5; // room for a dot at the edges

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  el.append(...children);
  return el;
}

/** The rating after each game as points in the drawing: x by game, y by rating (the
 * range padded so that a flat line sits in the middle). */
export function chartPoints(ratings) {
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const span = Math.max(high - low, 20);
  const middle = (high + low) / 2;
  const x = (i) => ratings.length === 1 ? WIDTH / 2
    : PAD + (i * (WIDTH - 2 * PAD)) / (ratings.length - 1);
  const y = (r) => HEIGHT / 2 - ((r - middle) * (HEIGHT - 2 * PAD)) / span;
  return ratings.map((r, i) => [Math.round(x(i) * 10) / 10, Math.round(y(r) * 10) / 10]);
}

/** The chart of `history` ([{rating, place, players}], oldest first), with its reading
 * for a screen reader: from what to what over how many games. */
export function ratingChart(history, { id } = {}) {
  const ratings = history.map((point) => point.rating);
  const points = chartPoints(ratings);
  const games = ratings.length === 1 ? "1 rated game" : `${ratings.length} rated games`;
  const label = ratings.length === 1 ? `Rating after ${games}: ${ratings[0]}`
    : `Rating over ${games}: from ${ratings[0]} to ${ratings[ratings.length - 1]}, ` +
      `between ${Math.min(...ratings)} and ${Math.max(...ratings)}`;
  return svg("svg", { class: "rating-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img", "aria-label": label, "data-points": String(points.length),
    ...(id ? { id } : {}) },
  svg("title", {}, label),
  svg("polyline", { class: "rating-line", fill: "none",
    points: points.map(([x, y]) => `${x},${y}`).join(" ") }),
  ...points.map(([x, y], i) => svg("circle", { class: history[i].place === 1
    ? "rating-dot won" : "rating-dot", cx: x, cy: y, r: 2.5 })));
}
