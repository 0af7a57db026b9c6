import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { median } from './load';

export interface BundleSizes {
  jsKbGzip: number;
  cssKbGzip: number;
  files: Array<{ file: string; kbGzip: number }>;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * What the browser must fetch before the app can render: the entry script, the modules it
 * preloads and the stylesheets that dist/client/index.html references, each gzipped with zlib's
 * default level (what a typical server or CDN sends). Route chunks loaded later are not counted.
 */
export function bundleSizes(clientDir: string): BundleSizes {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="([^"]+)"/g),
  ].map((m) => m[1]!);
  const files = [...new Set(refs)].map((ref) => {
    const bytes = zlib.gzipSync(fs.readFileSync(path.join(clientDir, ref.replace(/^\//, '')))).length;
    return { file: ref, bytes };
  });
  const sum = (ext: string) => kb(files.filter((f) => f.file.endsWith(ext)).reduce((s, f) => s + f.bytes, 0));
  return { jsKbGzip: sum('.js'), cssKbGzip: sum('.css'), files: files.map((f) => ({ file: f.file, kbGzip: kb(f.bytes) })) };
}

export interface PageTiming {
  medianMs: number;
  runsMs: number[];
}

function chromiumPath(): string | undefined {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && fs.existsSync(p));
}

/**
 * Milliseconds from the start of navigation (performance.timeOrigin) until the first element
 * matching `selector` is in the DOM, recorded in the page by a MutationObserver. Each run uses a
 * fresh browser context, so nothing is cached: a first visit after signing in.
 */
async function timeToSelector(browser: Browser, baseUrl: string, credentials: { username: string; password: string }, url: string, selector: string): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
  try {
    const login = await context.request.post('/api/login', { data: credentials });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    const page = await context.newPage();
    await page.addInitScript((sel: string) => {
      const w = window as unknown as { __benchSeenAt?: number };
      new MutationObserver((_m, observer) => {
        if (document.querySelector(sel)) {
          w.__benchSeenAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    }, selector);
    await page.goto(url);
    await page.waitForSelector(selector, { timeout: 30_000 });
    return Math.round(await page.evaluate(() => (window as unknown as { __benchSeenAt: number }).__benchSeenAt));
  } finally {
    await context.close();
  }
}

export async function pageTimings(
  baseUrl: string,
  credentials: { username: string; password: string },
  searchTerm: string,
  runs = 5,
): Promise<{ firstAssetCard: PageTiming; searchResults: PageTiming }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const measure = async (url: string, selector: string): Promise<PageTiming> => {
      await timeToSelector(browser, baseUrl, credentials, url, selector); // warm the server and the browser
      const runsMs: number[] = [];
      for (let i = 0; i < runs; i++) runsMs.push(await timeToSelector(browser, baseUrl, credentials, url, selector));
      return { medianMs: median(runsMs), runsMs };
    };
    return {
      firstAssetCard: await measure('/assets', '[data-testid="asset-card"]'),
      searchResults: await measure(`/search?q=${encodeURIComponent(searchTerm)}`, '[data-testid="asset-result"]'),
    };
  } finally {
    await browser.close();
  }
}
