/**
 * The import bench (issue 21 part 1, decision 053): a 5,000-row Letterboxd export read, matched
 * against the offline catalogue, previewed, confirmed and written by the background job, on PGlite in
 * memory, through the API in process. Reports the preview's and the job's time, the whole, and the
 * longest gap between two progress events (the progress bar must move at least every second).
 *   BENCH_IMPORT_ROWS=5000 npx tsx scripts/bench-import.ts
 * `measureImport` is what `npm run bench` calls (BENCH_ONLY=import).
 */
import { pathToFileURL } from 'node:url';
import type { ImportJob, ImportPreview } from '../src/shared/imports';
import { signUpVerified } from '../src/server/test/accounts';
import { createTestApp } from '../src/server/test/harness';
import { letterboxdExport } from '../src/server/test/import-fixtures';
import { importRunner } from '../src/server/modules/imports/runner';

export interface ImportBenchFigures {
  rows: number;
  zipBytes: number;
  matched: number;
  written: number;
  previewSeconds: number;
  jobSeconds: number;
  totalSeconds: number;
  progressEvents: number;
  longestGapMs: number;
}

export async function measureImport(rows = 5_000): Promise<ImportBenchFigures> {
  const t = await createTestApp({ CHECK_RESPONSE_CONTRACTS: 'false' });
  try {
    const user = await signUpVerified(t);
    const fx = letterboxdExport(rows);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(fx.zip)], { type: 'application/zip' }), 'letterboxd-export.zip');
    const start = performance.now();
    const res = await t.as(user)('/api/me/imports', { method: 'POST', body: form });
    if (res.status !== 201) throw new Error(`preview: ${res.status} ${await res.text()}`);
    let preview = (await res.json()) as ImportPreview;
    // Past the upload's wait (5 s) the preview goes on matching in the background: asked as the card does, once a second.
    while (preview.status === 'matching') {
      await new Promise((r) => setTimeout(r, 1000));
      preview = (await (await t.as(user)(`/api/me/imports/${preview.id}/preview`)).json()) as ImportPreview;
    }
    const previewed = performance.now();
    const stamps: number[] = [];
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    t.deps.events.subscribe((_audience, event) => {
      if (event.type !== 'import-progress' || event.id !== preview.id) return;
      stamps.push(performance.now());
      if (event.status === 'done' || event.status === 'failed') done();
    });
    const confirm = await t.as(user)(`/api/me/imports/${preview.id}/confirm`, { method: 'POST', json: { choices: [] } });
    if (confirm.status !== 202) throw new Error(`confirm: ${confirm.status} ${await confirm.text()}`);
    await finished;
    const end = performance.now();
    const job = (await (await t.as(user)(`/api/me/imports/${preview.id}`)).json()) as ImportJob;
    const gaps = stamps.map((s, i) => s - (i ? stamps[i - 1]! : previewed));
    await importRunner(t.deps).stop();
    return {
      rows,
      zipBytes: fx.zip.length,
      matched: preview.counts.matched,
      written: job.report.addedFavorites + job.report.addedWatchlist,
      previewSeconds: (previewed - start) / 1000,
      jobSeconds: (end - previewed) / 1000,
      totalSeconds: (end - start) / 1000,
      progressEvents: stamps.length,
      longestGapMs: Math.max(0, ...gaps),
    };
  } finally {
    await t.close();
  }
}

export function importFigureLines(f: ImportBenchFigures): string[] {
  return [
    `import of a ${f.rows.toLocaleString('en-US')}-row Letterboxd export (${(f.zipBytes / 1024).toFixed(0)} KB ZIP, offline catalogue, PGlite): ${f.matched} titles matched, ${f.written} rows written`,
    `  preview ${f.previewSeconds.toFixed(2)} s, job ${f.jobSeconds.toFixed(2)} s, total ${f.totalSeconds.toFixed(2)} s (target < 30 s: ${f.totalSeconds < 30 ? 'met' : 'MISSED'})`,
    `  ${f.progressEvents} progress events, longest gap ${f.longestGapMs.toFixed(0)} ms (target ≤ 1,000 ms: ${f.longestGapMs <= 1000 ? 'met' : 'MISSED'})`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
  for (const line of importFigureLines(await measureImport(rows))) console.log(line);
}
