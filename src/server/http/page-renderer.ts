import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BootData } from '../../shared/boot-data';

/**
 * The web app's own renderer of a page's markup (src/web/ssr/render-page.tsx, ADR 094), built by
 * `vite build --ssr` into dist/ssr beside dist/web: the page at `url` drawn over its boot data, or
 * undefined when the router would redirect.
 */
export type PageRenderer = (url: string, data: BootData) => Promise<string | undefined>;

/** dist/ssr/render-page.js for the web app in `webDist` (dist/web), or undefined when it was not built (then pages are drawn by the browser alone). */
export async function loadPageRenderer(webDist: string): Promise<PageRenderer | undefined> {
  const file = path.join(path.dirname(webDist), 'ssr', 'render-page.js');
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderPage?: PageRenderer };
  if (typeof module.renderPage !== 'function') throw new Error(`${file} exports no renderPage`);
  return module.renderPage;
}
