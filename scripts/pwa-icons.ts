// Writes the installable app's PNG icons (src/client/public/icons) from the favicon's drawing.
// Run once after changing the icon: `node --import tsx scripts/pwa-icons.ts`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'src/client/public/icons');
const house = '<path d="M8 24V12l8-5 8 5v12h-5v-7h-6v7z" fill="#fff"/>';
// "any": the rounded tile as the favicon. "maskable": a full-bleed square with the house inside the
// central 80 % safe zone, since Android crops it to its own shape.
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1e3a5f"/>${house}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1e3a5f"/><g transform="translate(3.2 3.2) scale(0.8)">${house}</g></svg>`;

fs.mkdirSync(out, { recursive: true });
const icons: Array<[string, string, number]> = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 }).resize(size, size).png().toFile(path.join(out, name));
  console.log(`wrote src/client/public/icons/${name}`);
}
