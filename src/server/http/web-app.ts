import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/** dist/web, found from this file whether it runs bundled (dist/server) or from source. */
export function findWebDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'dist', 'web');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

type Bytes = Uint8Array<ArrayBuffer>;

/** The element index.html draws the app into (src/web/index.html). */
const ROOT_ELEMENT = '<div id="root"></div>';
/** The entry's script element in the built index.html, as Vite writes it. */
const ENTRY_SCRIPT = /<script type="module"[^>]* src="([^"]+)"[^>]*><\/script>/;
/** Starts a drawn page's code once it has painted (src/web/public/start-after-paint.js). */
const START_AFTER_PAINT = '/start-after-paint.js';

/** Vite's .vite/manifest.json (build.manifest): each source module's chunk and its static imports. */
type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

export interface Asset {
  body: Bytes;
  gz?: Bytes;
  br?: Bytes;
  type: string;
  cacheControl: string;
  etag: string;
}

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

function loadAssets(distDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const file of walk(distDir)) {
    if (file.endsWith('.gz') || file.endsWith('.br')) continue;
    const rel = `/${path.relative(distDir, file).split(path.sep).join('/')}`;
    // Vite's build manifest (which chunks a page needs) is read by the server, not served.
    if (rel.startsWith('/.vite/')) continue;
    const body: Bytes = new Uint8Array(fs.readFileSync(file));
    const read = (ext: string): Bytes | undefined => (fs.existsSync(file + ext) ? new Uint8Array(fs.readFileSync(file + ext)) : undefined);
    const hashed = rel.startsWith('/assets/');
    assets.set(rel, {
      body,
      gz: read('.gz'),
      br: read('.br'),
      type: TYPES[path.extname(file)] ?? 'application/octet-stream',
      // Hashed names never change content: cache for a year. The rest may change with a deploy.
      // The pages name hashed files, so they are checked on every visit.
      cacheControl: hashed ? 'public, max-age=31536000, immutable' : rel.endsWith('.html') ? 'no-cache' : 'public, max-age=3600',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`,
    });
  }
  return assets;
}

/** The API reference: a page of the web app (its own build, vite.api-docs.config.ts) at an /api address. */
export const API_DOCS_PATH = '/api/docs';
const API_DOCS_FILE = '/api-docs.html';

/** Is this request URL (path and query) the API reference page? A document, not an API answer. */
export function isApiDocsUrl(url: string): boolean {
  return url.startsWith(API_DOCS_PATH) && (url.length === API_DOCS_PATH.length || url[API_DOCS_PATH.length] === '?');
}

/**
 * The built web app, served from memory: every file is read once at start with its precompressed
 * .br/.gz twins, and every other GET outside /api gets index.html so client routes and reloads
 * work. It answers on the raw Node response, in front of the API's middleware: static files are
 * the bulk of the traffic and need none of it.
 */
export class WebAssets {
  private readonly assets: Map<string, Asset>;
  private readonly index: Asset;
  private readonly indexHtml: string;
  /** Can a page's markup be put into this index.html (it has the root element and the entry's script)? */
  readonly drawable: boolean;
  private readonly manifest: Manifest;

  constructor(distDir: string) {
    this.assets = loadAssets(distDir);
    const index = this.assets.get('/index.html');
    if (!index) throw new Error(`${distDir} has no index.html`);
    this.index = index;
    this.indexHtml = Buffer.from(index.body).toString('utf8');
    this.drawable = this.indexHtml.includes(ROOT_ELEMENT) && ENTRY_SCRIPT.test(this.indexHtml);
    const manifestFile = path.join(distDir, '.vite', 'manifest.json');
    this.manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  }

  /** Is this the index.html every client route gets? */
  isIndex(asset: Asset): boolean {
    return asset === this.index;
  }

  /**
   * The files a lazily loaded source module (a key of Vite's manifest, e.g. app/pages/profile-route.tsx)
   * needs: its chunk and every chunk it imports statically, less what the entry already loads. For
   * `<link rel="modulepreload">`, so they load beside the entry instead of after it. Empty without a manifest.
   */
  chunksOf(source: string): string[] {
    const entry = Object.values(this.manifest).find((c) => c.isEntry);
    const loaded = new Set(entry ? [entry.file, ...(entry.imports ?? []).map((k) => this.manifest[k]?.file)] : []);
    const files: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = this.manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      if (!loaded.has(chunk.file)) files.push(`/${chunk.file}`);
      for (const k of chunk.imports ?? []) visit(k);
    };
    visit(source);
    return files;
  }

  /**
   * index.html with `head` added before </head>, for one request: a page with data of its viewer,
   * so its own Cache-Control (no ETag, no shared copy) and compressed on the fly. With `drawn`, the
   * page's markup is inside the root element and its code starts once it has painted
   * (start-after-paint.js instead of the entry's script; ADR 094), with the chunks it names.
   */
  sendIndexWith(head: string, cacheControl: string, req: IncomingMessage, res: ServerResponse, drawn?: { markup: string; chunks: string[] }): number {
    let html = this.indexHtml.replace('</head>', () => `${head}</head>`);
    if (drawn) {
      html = html
        .replace(ROOT_ELEMENT, () => `<div id="root" data-hydrating>${drawn.markup}</div>`)
        .replace(ENTRY_SCRIPT, (_, src: string) => `<script src="${START_AFTER_PAINT}" data-entry="${src}" data-chunks="${drawn.chunks.join(' ')}" defer></script>`);
    }
    const accept = req.headers['accept-encoding'] ?? '';
    const [body, encoding] = accept.includes('gzip') ? [gzipSync(html), 'gzip'] : [Buffer.from(html), undefined];
    const headers: Record<string, string | number> = {
      'Content-Type': this.index.type,
      'Content-Length': body.byteLength,
      'Cache-Control': cacheControl,
      Vary: 'Accept-Encoding, Cookie',
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return 200;
  }

  /** The asset for a path, or undefined when the path is not the web app's (API, missing asset). */
  lookup(method: string | undefined, pathname: string): Asset | undefined {
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    if (pathname === API_DOCS_PATH) return this.assets.get(API_DOCS_FILE);
    if (pathname.startsWith('/api/') || pathname === '/api') return undefined;
    return this.assets.get(pathname) ?? (pathname.startsWith('/assets/') ? undefined : this.index);
  }

  /** Writes the asset; returns the status sent. */
  send(asset: Asset, req: IncomingMessage, res: ServerResponse): number {
    if (req.headers['if-none-match'] === asset.etag) {
      res.writeHead(304, { ETag: asset.etag, 'Cache-Control': asset.cacheControl });
      res.end();
      return 304;
    }
    const accept = req.headers['accept-encoding'] ?? '';
    const [body, encoding] = asset.br && accept.includes('br') ? [asset.br, 'br'] : asset.gz && accept.includes('gzip') ? [asset.gz, 'gzip'] : [asset.body, undefined];
    const headers: Record<string, string | number> = {
      'Content-Type': asset.type,
      'Content-Length': body.byteLength,
      'Cache-Control': asset.cacheControl,
      ETag: asset.etag,
      Vary: 'Accept-Encoding',
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return 200;
  }
}
