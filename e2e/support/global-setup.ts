import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { prepareTemplateDb } from './server';

/**
 * The browser suite runs against the built app, exactly as `npm start` serves it; its servers start
 * from a database the built server migrated once (server.ts).
 */
export default async function setup() {
  if (!fs.existsSync('dist/web/index.html') || !fs.existsSync('dist/web/api-docs.html') || !fs.existsSync('dist/server/index.js') || process.env.E2E_REBUILD) {
    // Vitest sets NODE_ENV=test; the build must be the production one `npm start` serves.
    execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
  await prepareTemplateDb();
}
