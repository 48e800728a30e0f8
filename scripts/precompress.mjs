// Writes .gz and .br next to every compressible file of the built web app, so the server sends
// them as they are instead of compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = 'dist/web';
const compressible = /\.(js|css|svg|html|txt|json|webmanifest)$/;

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

let count = 0;
for (const file of walk(root)) {
  if (!compressible.test(file)) continue;
  const data = fs.readFileSync(file);
  if (data.length < 512) continue;
  fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  fs.writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count++;
}
console.log(`precompressed ${count} files`);
