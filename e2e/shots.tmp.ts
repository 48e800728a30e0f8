import { launchBrowser } from './support/browser';
import { signedInPage } from './support/journeys';
import { startAppServer } from './support/server';

const server = await startAppServer();
const browser = await launchBrowser();
try {
  const url = server.url;
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const me = await signedInPage(ctx, url, 'shots');
  const others = [];
  for (let i = 0; i < 3; i++) {
    const c = await browser.newContext();
    others.push({ c, ...(await signedInPage(c, url, `pal${i}`)) });
  }
  for (const id of [238, 240, 278]) await ctx.request.post(`${url}/api/me/favorites`, { data: { mediaType: 'movie', mediaId: id, rating: 5 } });
  await ctx.request.post(`${url}/api/me/watchlist`, { data: { mediaType: 'movie', mediaId: 550 } });
  for (const [i, o] of others.entries()) {
    await o.c.request.post(`${url}/api/me/favorites`, { data: { mediaType: 'movie', mediaId: [238, 240, 278][i], rating: 4 } });
    await o.c.request.post(`${url}/api/follows/${me.id}`);
    await o.c.request.post(`${url}/api/messages/with/${me.id}`, { data: { content: `Hi from pal ${i}` } });
  }
  const page = me.page;
  await page.reload();
  await page.getByTestId('profile-score').waitFor();
  await page.getByTestId('activity-item').first().waitFor();
  await page.getByRole('list', { name: 'Discover movies and TV shows', exact: true }).getByRole('link').first().waitFor();
  await page.screenshot({ path: '/tmp/dash14-1280.png', fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/dash14-390.png', fullPage: true });
} finally {
  await browser.close();
  await server.stop();
}
