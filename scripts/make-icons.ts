/**
 * Draws the portal's icons: public/icons/favicon.svg and the PNGs the web app manifest and iOS need,
 * rendered from the same SVG by headless Chromium. Run with `npx tsx scripts/make-icons.ts` after
 * changing the mark; the generated files are committed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const BRAND_BLUE = '#0b5fff';
const OUT_DIR = fileURLToPath(new URL('../public/icons/', import.meta.url));

// The mark, in a 100×100 box: a visitor with raised arms, which also reads as a V.
const HEAD = { cx: 50, cy: 20, r: 12 };
const ARM_POINTS: ReadonlyArray<readonly [number, number]> = [
  [14, 42],
  [50, 84],
  [86, 42],
];
const ARM_WIDTH = 15;

/** How far the mark reaches from the box centre, in box units: the arms' round caps and joins, and the head. */
const MARK_REACH = Math.max(
  Math.hypot(HEAD.cx - 50, HEAD.cy - 50) + HEAD.r,
  ...ARM_POINTS.map(([x, y]) => Math.hypot(x - 50, y - 50) + ARM_WIDTH / 2),
);

/** A maskable icon keeps its artwork inside the centred circle of radius 40% of the icon. */
const MASKABLE_SAFE_RADIUS = 40;

interface Variant {
  file: string;
  size: number;
  /** The mark's box as a share of the icon's side. */
  markScale: number;
  /** Rounded square with transparent corners, or a full square the platform masks itself. */
  background: 'rounded' | 'full-bleed';
}

const VARIANTS: Variant[] = [
  { file: 'icon-192.png', size: 192, markScale: 0.64, background: 'rounded' },
  { file: 'icon-512.png', size: 512, markScale: 0.64, background: 'rounded' },
  { file: 'maskable-512.png', size: 512, markScale: 0.6, background: 'full-bleed' },
  { file: 'apple-touch-icon.png', size: 180, markScale: 0.64, background: 'full-bleed' },
];

function iconSvg(variant: Pick<Variant, 'markScale' | 'background'>, pixelSize?: number): string {
  const offset = (100 - 100 * variant.markScale) / 2;
  const size = pixelSize === undefined ? '' : ` width="${pixelSize}" height="${pixelSize}"`;
  const corner = variant.background === 'rounded' ? ' rx="22"' : '';
  const arms = ARM_POINTS.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"${size}>`,
    `<rect width="100" height="100"${corner} fill="${BRAND_BLUE}"/>`,
    `<g transform="translate(${offset} ${offset}) scale(${variant.markScale})" fill="#fff">`,
    `<circle cx="${HEAD.cx}" cy="${HEAD.cy}" r="${HEAD.r}"/>`,
    `<path d="${arms}" fill="none" stroke="#fff" stroke-width="${ARM_WIDTH}" stroke-linecap="round" stroke-linejoin="round"/>`,
    '</g>',
    '</svg>',
  ].join('');
}

async function main(): Promise<void> {
  for (const variant of VARIANTS) {
    if (variant.background === 'full-bleed' && MARK_REACH * variant.markScale > MASKABLE_SAFE_RADIUS) {
      throw new Error(`${variant.file}: the mark leaves the maskable safe zone`);
    }
  }
  await mkdir(OUT_DIR, { recursive: true });
  await writeFile(`${OUT_DIR}favicon.svg`, `${iconSvg({ markScale: 0.64, background: 'rounded' })}\n`);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu', '--no-first-run'] });
  try {
    for (const variant of VARIANTS) {
      const page = await browser.newPage({ viewport: { width: variant.size, height: variant.size }, deviceScaleFactor: 1 });
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">${iconSvg(variant, variant.size)}</body></html>`,
      );
      await page.locator('svg').screenshot({ path: `${OUT_DIR}${variant.file}`, omitBackground: true });
      await page.close();
      console.log(`wrote public/icons/${variant.file} (${variant.size}×${variant.size})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
