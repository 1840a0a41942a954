import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/testApp';
import { isHashedSubresource } from './securityHeaders';

async function cspWith(recaptcha: boolean): Promise<string> {
  const test = await createTestApp({ recaptcha: recaptcha ? { verify: async () => true } : null });
  try {
    const response = await test.app.inject({ url: '/api/v1/config' });
    return String(response.headers['content-security-policy']);
  } finally {
    await test.close();
  }
}

describe('content security policy and reCAPTCHA', () => {
  it('[S0-9.31] [S0-9.30] lets Google reCAPTCHA load only when the server verifies reCAPTCHA', async () => {
    const plain = await cspWith(false);
    expect(plain).not.toContain('google');
    expect(plain).toContain("script-src 'self';");

    const withRecaptcha = await cspWith(true);
    expect(withRecaptcha).toContain("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;");
    expect(withRecaptcha).toContain('frame-src');
    expect(withRecaptcha).toContain("frame-ancestors 'none'");
    // Two apps are built, each with its database: as long as a setup hook may take (vitest.config.ts).
  }, 60_000);
});

describe('which answers are hashed subresources', () => {
  it.each([
    ['/assets/app-3f9a1c.js', true],
    ['/assets/index-3f9a1c.css', true],
    ['/assets/noto-sans-latin-400.woff2?v=1', true],
    ['/assets/hero-3f9a1c.svg', false],
    ['/assets/app.js.html', false],
    ['/sw.js', false],
    ['/events/1', false],
    ['/api/v1/assets/x.js', false],
  ])('%s -> %s', (url, hashed) => {
    expect(isHashedSubresource(url)).toBe(hashed);
  });
});
