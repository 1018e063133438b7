// A QR code drawn on a canvas (vendor/uqr.js encodes it): dark modules on white, whatever
// the page's colours (a scanner needs the light border), QR_SCALE pixels a module, scaled
// by CSS (.play-qr).

import { encode } from "./vendor/uqr.js";

const QR_SCALE = 8; // canvas pixels a module: sharp when CSS draws it 220 px wide

/** The QR code of `text` as a canvas labelled `label`; `h` builds the element (app.js's). */
export function qrCanvas(h, text, label) {
  const qr = encode(text, { ecc: "M", border: 4 });
  const canvas = h("canvas", { role: "img", "aria-label": label,
    width: String(qr.size * QR_SCALE), height: String(qr.size * QR_SCALE),
    "data-modules": String(qr.size) });
  const pen = canvas.getContext("2d");
  pen.fillStyle = "#ffffff";
  pen.fillRect(0, 0, canvas.width, canvas.height);
  pen.fillStyle = "#000000";
  qr.data.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) pen.fillRect(x * QR_SCALE, y * QR_SCALE, QR_SCALE, QR_SCALE);
  }));
  return canvas;
}
