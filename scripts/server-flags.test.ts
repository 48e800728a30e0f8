import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-flags';

describe('the server flags', () => {
  it('are the ones npm start passes, so the bench measures what npm start runs', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`npm run build && node ${SERVER_NODE_FLAGS.join(' ')} dist/server/index.js`);
  });
});
