// SPEC §7 content endpoints phone-brand-list and phone-type-list, for the /nfc explainer (SPEC §2): no session
// needed (the page is public); the nfc_antennas table operators keep (services/nfc-catalogue.ts).
import { CODE, phoneBrandList, phoneTypeList } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import type { NfcCatalogue } from '../services/nfc-catalogue.js';

export default async function phoneCatalogueRoutes(fastify: FastifyInstance, opts: { catalogue: NfcCatalogue }): Promise<void> {
  fastify.apiRoute({
    endpoint: phoneBrandList,
    auth: 'optional',
    handler: async () => ({ brands: await opts.catalogue.brands() }),
  });
  fastify.apiRoute({
    endpoint: phoneTypeList,
    auth: 'optional',
    handler: async ({ payload }) => {
      const models = await opts.catalogue.models(payload.brandId);
      if (!models) throw new ApiError(CODE.NOT_FOUND);
      return { brandId: payload.brandId, models };
    },
  });
}
