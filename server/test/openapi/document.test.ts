import fs from 'node:fs';
import { DOCS_PATH } from '../../src/openapi/document';
import { DOCUMENT_FILE, documentedApp, documentOf, driftOf, REGENERATE } from '../../src/cli/openapi-document';
import { startServer } from '../helpers';

const committed = () => fs.readFileSync(DOCUMENT_FILE, 'utf8');

test('server/openapi.json is the document the routes describe', async () => {
  expect(driftOf(await documentOf(documentedApp()), committed())).toBeNull();
});

test('a route added without regenerating the document is caught, naming the route and the command', async () => {
  const app = documentedApp();
  // Declared as the app's routes are, after the document's plugin.
  app.register(async (routes) => {
    routes.get('/api/loan/extra', async () => ({}));
  });
  await expect(documentOf(app)).rejects.toThrow('GET /api/loan/extra: no summary in server/src/openapi/summaries.ts');

  // The development routes are described, but not in the production document.
  const drift = driftOf(await documentOf(documentedApp({ devRoutes: true })), committed());
  expect(drift).toContain(REGENERATE);
  expect(drift).toContain('added: POST /dev/review-loan');
});

test('the document is rendered at /docs only where the development routes are on', async () => {
  const dev = await startServer();
  try {
    const page = await fetch(`${dev.baseURL}${DOCS_PATH}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    const shown = await (await fetch(`${dev.baseURL}${DOCS_PATH}/json`)).json();
    expect(shown).toMatchObject({ openapi: '3.1.0', paths: { '/dev/review-loan': { post: { tags: ['development'] } } } });
  } finally {
    await dev.close();
  }

  const plain = await startServer({ devRoutes: false });
  try {
    expect((await fetch(`${plain.baseURL}${DOCS_PATH}/`)).status).toBe(404);
  } finally {
    await plain.close();
  }
});
