#!/usr/bin/env node
// Draws the tray template icons (black + alpha only, so macOS tints them for light and dark menu bars)
// and the app icon, as PNGs written with zlib — no image library. Run once; the PNGs are committed.
//   node apps/menubar/scripts/make-icons.mjs
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "assets");

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** rgba: (x, y) => [r, g, b, a] sampled at pixel centres with 4×4 supersampling for smooth edges. */
function png(size, shade) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      let acc = [0, 0, 0, 0];
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const px = shade((x + (sx + 0.5) / 4) / size, (y + (sy + 0.5) / 4) / size);
          acc = acc.map((v, i) => v + px[i] * (i === 3 ? 1 : px[3]));
        }
      const a = acc[3] / 16;
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = a ? Math.round(acc[0] / acc[3]) : 0;
      raw[o + 1] = a ? Math.round(acc[1] / acc[3]) : 0;
      raw[o + 2] = a ? Math.round(acc[2] / acc[3]) : 0;
      raw[o + 3] = Math.round(a);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const BLACK = 0;
const dist = (x, y, cx, cy) => Math.hypot(x - cx, y - cy);
// A terminal-window glyph: rounded frame with a prompt chevron; state adds a badge.
function glyph(state) {
  return (x, y) => {
    const ink = [BLACK, BLACK, BLACK, 255];
    const none = [0, 0, 0, 0];
    const inFrame = x > 0.06 && x < 0.94 && y > 0.14 && y < 0.86;
    const inner = x > 0.16 && x < 0.84 && y > 0.3 && y < 0.76;
    const titleBar = inFrame && y < 0.3;
    // chevron ">" at left of the screen area
    const chevron =
      inner && Math.abs(y - 0.53) < 0.2 && Math.abs(x - 0.24 - (0.2 - Math.abs(y - 0.53))) < 0.07 && x < 0.46;
    const underscore = inner && x > 0.5 && x < 0.72 && y > 0.64 && y < 0.72;
    let on = (inFrame && !inner) || titleBar || chevron || underscore;
    if (state === "running") {
      // filled screen (busy) with the prompt knocked out
      on = inFrame && !(chevron || underscore);
    }
    if (state === "attention") {
      const d = dist(x, y, 0.78, 0.22);
      if (d < 0.26) return d < 0.2 ? ink : none; // badge with a clear ring around it
    }
    return on ? ink : none;
  };
}
function appIcon(x, y) {
  const d = Math.max(Math.abs(x - 0.5), Math.abs(y - 0.5));
  if (d > 0.44) return [0, 0, 0, 0];
  const frame = glyph("idle")((x - 0.12) / 0.76, (y - 0.12) / 0.76);
  return frame[3] ? [245, 245, 247, 255] : [30, 34, 46, 255];
}

for (const state of ["idle", "running", "attention"]) {
  const name = state[0].toUpperCase() + state.slice(1);
  writeFileSync(path.join(out, `${name}Template.png`), png(16, glyph(state)));
  writeFileSync(path.join(out, `${name}Template@2x.png`), png(32, glyph(state)));
}
writeFileSync(path.join(out, "IconTemplate.png"), png(16, glyph("idle")));
writeFileSync(path.join(out, "IconTemplate@2x.png"), png(32, glyph("idle")));
writeFileSync(path.join(out, "icon.png"), png(512, appIcon));
console.log(`icons written to ${out}`);
