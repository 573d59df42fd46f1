import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';

describeEachDialect('GET /api/company/{id}', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect, env: { PUBLIC_URL: 'https://papo.example' } });
  });
  afterAll(() => t.close());

  it('answers the seeded company record', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/company/1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 1,
      name: 'Papo',
      slogan: expect.any(String),
      description: expect.any(String),
      email: 'contato@papo.example',
      url: 'https://papo.example',
    });
  });

  it('answers 404 company_not_found for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/company/999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'company_not_found' });
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '99999999999'])('answers 400 for the id %s', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/company/${id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'validation_failed', errors: { id: ['invalid_id'] } });
  });
});
