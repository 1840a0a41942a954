import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../../src/domain/contract/envelope';
import { pageResponse } from '../../../src/domain/contract/pages';
import { createTestApp, type TestApp } from '../../testing/testApp';

describe('GET /api/v1/pages/:slug', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('[S0-7.29] answers status and data of a published page, in both languages', async () => {
    const res = await t.app.inject({ url: '/api/v1/pages/terms-and-conditions' });
    expect(res.statusCode).toBe(200);
    const { data } = pageResponse.parse(res.json());
    expect(data).toMatchObject({ slug: 'terms-and-conditions', title: 'Terms and Conditions', is_default: 1 });
    expect(data.content).toContain('<h2 id="booking-policy">');
    expect(data.ar_content).toContain('<h2 id="booking-policy">');
    expect(new Date(data.updated_at).toString()).not.toBe('Invalid Date');
  });

  it.each(['privacy-policy', 'contact-us', 'about-us'])('[S0-7.29] serves the demo page %s', async (slug) => {
    const res = await t.app.inject({ url: `/api/v1/pages/${slug}` });
    expect(res.statusCode).toBe(200);
    expect(pageResponse.parse(res.json()).data.slug).toBe(slug);
  });

  it('answers 404 for an unknown page', async () => {
    const res = await t.app.inject({ url: '/api/v1/pages/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(errorBody.parse(res.json())).toEqual({ status: false, message: 'Page not found' });
  });

  it('[S0-7.30] answers 409 for a page that exists but is not published', async () => {
    const res = await t.app.inject({ url: '/api/v1/pages/summer-camp-2025' });
    expect(res.statusCode).toBe(409);
    expect(errorBody.parse(res.json())).toEqual({ status: false, message: 'This page is not available' });
  });

  it('[S0-7.30] follows dev/pages: a page unpublished later answers 409, republished 200', async () => {
    const page = { slug: 'pool-rules', title: 'Pool Rules', content: '<p>Shower first.</p><script>alert(1)</script>' };
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/dev/pages', payload: page });
    expect(created.statusCode).toBe(200);
    // The server stores editor HTML as given; sanitising is the client's job before rendering.
    expect(pageResponse.parse(created.json()).data.content).toContain('<script>');

    await t.app.inject({ method: 'POST', url: '/api/v1/dev/pages', payload: { ...page, is_published: false } });
    expect((await t.app.inject({ url: '/api/v1/pages/pool-rules' })).statusCode).toBe(409);

    await t.app.inject({ method: 'POST', url: '/api/v1/dev/pages', payload: { ...page, title: 'Pool Rules 2', is_default: true } });
    const res = await t.app.inject({ url: '/api/v1/pages/pool-rules' });
    expect(res.statusCode).toBe(200);
    expect(pageResponse.parse(res.json()).data).toMatchObject({ title: 'Pool Rules 2', is_default: 1, id: pageResponse.parse(created.json()).data.id });
  });

  it('rejects a dev page with a bad slug with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/dev/pages', payload: { slug: 'Bad Slug!', title: 'x', content: '' } });
    expect(res.statusCode).toBe(400);
    expect(errorBody.parse(res.json()).message).toMatch(/^slug: /);
  });

  it('answers 404 Venue not found for an unknown visitor token', async () => {
    const res = await t.app.inject({ url: '/api/v1/pages/about-us', headers: { 'x-visitor-token': 'nope' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: 'Venue not found' });
  });
});
