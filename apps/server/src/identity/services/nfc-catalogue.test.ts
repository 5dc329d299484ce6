// The brand's usual NFC position is derived from its models (services/nfc-catalogue.ts).
import { describe, expect, it } from 'vitest';
import { phoneBrands, usualPosition } from './nfc-catalogue.js';
import type { NfcAntenna } from '../repositories/nfc-antennas-repository.js';

const row = (brandId: string, modelId: string, position: NfcAntenna['position'], hasNfc = true): NfcAntenna => ({
  brandId,
  brandName: brandId.toUpperCase(),
  modelId,
  modelName: modelId,
  position,
  hint: '',
  hasNfc,
  foldableNote: null,
  updatedBy: 'test',
  updatedAt: 0,
});

describe('usualPosition', () => {
  it('is the commonest position among models with NFC, a tie to the first listed', () => {
    expect(usualPosition([row('a', '1', 'center'), row('a', '2', 'upper'), row('a', '3', 'upper')])).toBe('upper');
    expect(usualPosition([row('a', '1', 'lower'), row('a', '2', 'upper')])).toBe('lower');
    expect(usualPosition([row('a', '1', 'upper'), row('a', '2', 'center', false), row('a', '3', 'center', false)])).toBe('upper');
    expect(usualPosition([row('a', '1', 'top', false)])).toBe('top');
  });
  it('keeps the brands in the order of their first model', () => {
    expect(phoneBrands([row('b', '1', 'top'), row('a', '1', 'lower'), row('b', '2', 'top')])).toEqual([
      { id: 'b', name: 'B', usualPosition: 'top' },
      { id: 'a', name: 'A', usualPosition: 'lower' },
    ]);
  });
});
