// Where a phone's NFC antenna sits (the /nfc explainer, SPEC §2; phone-brand-list and phone-type-list,
// SPEC §7), from the nfc_antennas table: seeded with the table that shipped (migration
// 2026-11-25-1100-nfc-antennas) and changed by operators with `npm run admin -- nfc` (docs/operations.md).
import type { NfcPosition } from '@tyd/protocol';
import type { NfcAntenna, NfcAntennasRepository } from '../repositories/nfc-antennas-repository.js';

export interface PhoneBrand {
  id: string;
  name: string;
  usualPosition: NfcPosition;
}

export interface PhoneModel {
  id: string;
  name: string;
  position: NfcPosition;
  hint: string;
  hasNfc: boolean;
  foldableNote: string | null;
}

/**
 * Where most of the brand's phones have it: the commonest position among its models with NFC (all models
 * when none has), a tie going to the one listed first.
 */
export function usualPosition(models: readonly Pick<NfcAntenna, 'position' | 'hasNfc'>[]): NfcPosition {
  const counted = models.some((m) => m.hasNfc) ? models.filter((m) => m.hasNfc) : models;
  const counts = new Map<NfcPosition, number>();
  for (const m of counted) counts.set(m.position, (counts.get(m.position) ?? 0) + 1);
  let best: NfcPosition = counted[0]?.position ?? 'upper';
  for (const [position, count] of counts) if (count > (counts.get(best) ?? 0)) best = position;
  return best;
}

/** The brands in the page's order (by their first model). */
export function phoneBrands(rows: readonly NfcAntenna[]): PhoneBrand[] {
  const byBrand = new Map<string, NfcAntenna[]>();
  for (const row of rows) byBrand.set(row.brandId, [...(byBrand.get(row.brandId) ?? []), row]);
  return [...byBrand].map(([id, models]) => ({ id, name: models[0]!.brandName, usualPosition: usualPosition(models) }));
}

export function phoneModels(rows: readonly NfcAntenna[]): PhoneModel[] {
  return rows.map((r) => ({ id: r.modelId, name: r.modelName, position: r.position, hint: r.hint, hasNfc: r.hasNfc, foldableNote: r.foldableNote }));
}

export interface NfcCatalogue {
  brands(): Promise<PhoneBrand[]>;
  /** The models of a brand, or undefined for a brand the table does not have. */
  models(brandId: string): Promise<PhoneModel[] | undefined>;
}

export function createNfcCatalogue(repo: Pick<NfcAntennasRepository, 'list'>): NfcCatalogue {
  return {
    brands: async () => phoneBrands(await repo.list()),
    async models(brandId) {
      const rows = await repo.list(brandId);
      return rows.length === 0 ? undefined : phoneModels(rows);
    },
  };
}
