// The page's few pictures (the clock, the winner's cup, the joker, a card's back), drawn as
// inline SVG in the text's colour: an emoji glyph (stopwatch U+23F1, trophy U+1F3C6, joker
// U+1F0CF, card back U+1F0A0) is an empty box on a system with no emoji font (Debian's
// chromium with DejaVu only), and these must read everywhere.

const SVG = "http://www.w3.org/2000/svg";

// Each icon on a 24x24 grid: [element, attributes] drawn in currentColor (a line or a fill).
const LINE = { fill: "none", stroke: "currentColor", "stroke-width": "2",
  "stroke-linecap": "round", "stroke-linejoin": "round" };
const FILL = { fill: "currentColor" };
const SHAPES = {
  clock: [ // a stopwatch
    ["circle", { cx: "12", cy: "14", r: "7.5", ...LINE }],
    ["path", { d: "M12 14V10M10 2.5h4M12 2.5v4M18.5 7l1.5-1.5", ...LINE }]],
  trophy: [ // a cup on its stand
    ["path", { d: "M7 3h10v5a5 5 0 0 1-10 0z", ...FILL }],
    ["path", { d: "M7 5H4v1.5A3.5 3.5 0 0 0 7.5 10M17 5h3v1.5A3.5 3.5 0 0 1 16.5 10" +
      "M12 13v4M8 21h8M9.5 17h5v4h-5z", ...LINE }]],
  joker: [ // a star in a card's frame
    ["rect", { x: "4", y: "2", width: "16", height: "20", rx: "2.5", ...LINE }],
    ["path", { d: "M12 6.5l1.6 3.4 3.7.4-2.8 2.5.8 3.7L12 14.6l-3.3 1.9.8-3.7-2.8-2.5 " +
      "3.7-.4z", ...FILL }]],
  "card-back": [ // a card face down
    ["rect", { x: "4", y: "2", width: "16", height: "20", rx: "2.5", ...LINE }],
    ["path", { d: "M8 6h8v12H8z", ...FILL, "fill-opacity": "0.45" }]],
};

/** The icon `name` as an <svg> element, 1em square beside its words, hidden from a screen
 * reader (the words beside it say it), or with `label` the picture's own name. */
export function icon(name, { label = null, className = "" } = {}) {
  const svg = document.createElementNS(SVG, "svg");
  const attrs = { viewBox: "0 0 24 24", class: `icon icon-${name} ${className}`.trim(),
    focusable: "false", "data-icon": name };
  if (label) Object.assign(attrs, { role: "img", "aria-label": label });
  else attrs["aria-hidden"] = "true";
  for (const [key, value] of Object.entries(attrs)) svg.setAttribute(key, value);
  for (const [tag, shape] of SHAPES[name]) {
    const part = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(shape)) part.setAttribute(key, value);
    svg.append(part);
  }
  return svg;
}

/** `text` after the icon `name` (a line's children: the picture, then the words; the
 * stylesheet spaces them, so that the text reads as the words alone). */
export function withIcon(name, text) {
  return [icon(name), text];
}
