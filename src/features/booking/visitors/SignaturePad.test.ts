import { describe, expect, it } from 'vitest';
import { commonJsDefault } from './SignaturePad';

class Pad {}

describe('commonJsDefault', () => {
  it('unwraps a CommonJS exports object marked __esModule (the production bundle imports react-signature-canvas this way)', () => {
    const exports = Object.defineProperty({ default: Pad }, '__esModule', { value: true });
    expect(commonJsDefault(exports)).toBe(Pad);
  });

  it('keeps a class the bundler already unwrapped', () => {
    expect(commonJsDefault(Pad)).toBe(Pad);
  });

  it('keeps a plain object without the marker', () => {
    const plain = { default: Pad };
    expect(commonJsDefault(plain)).toBe(plain);
  });
});
