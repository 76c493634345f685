// A QR code drawn on this phone (the npm package qrcode-generator, served from /vendor/): for links that must
// never reach a server in a URL, such as the referee's link whose token is in the #fragment.
import { svg } from "./dom.js";

/**
 * An SVG QR code of `text` (error correction M), `size` px square, dark on light with a quiet zone.
 * @param {string} text
 * @param {number} size
 * @param {string} label what a screen reader says
 * @returns {Promise<SVGElement>}
 */
export async function qrSvg(text, size, label) {
  const { default: qrcode } = await import("../vendor/qrcode.mjs")  // the npm file, at this module's versioned path;
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const n = code.getModuleCount();
  const quiet = 4;
  const cells = [];
  for (let y = 0; y < n; y += 1) {
    for (let x = 0; x < n; x += 1) if (code.isDark(y, x)) cells.push(`M${x + quiet} ${y + quiet}h1v1h-1z`);
  }
  const total = n + 2 * quiet;
  return svg("svg", { class: "qr", viewBox: `0 0 ${total} ${total}`, width: size, height: size, role: "img",
    "aria-label": label, "data-modules": n, "shape-rendering": "crispEdges" },
  svg("rect", { width: total, height: total, fill: "#fff" }),
  svg("path", { d: cells.join(""), fill: "#000" }));
}
