import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scanQuery, scanResultSchema, type ScanResult } from '../../../shared/contract/scan';
import { CODE_MAX } from '../../../shared/domain/limits';
import { isUuidText, parseScannedCode } from '../../../shared/domain/scan';
import type { AppContext } from '../../app-context';
import { scanRepo } from './scan.repo';

/**
 * GET /api/scan?code=: what a scanned or typed code names (ADR 027). Anyone who may read the
 * register may ask; an area manager's answer stays within their areas (an asset outside them is
 * `unknown`, as one that does not exist).
 */
export function scanRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = scanRepo(ctx.db);

    app.get(
      '/api/scan',
      { config: { permission: 'register.read', area: 'filtered' }, schema: { querystring: scanQuery, response: { 200: scanResultSchema } } },
      async (request): Promise<ScanResult> => {
        const roots = request.areaRoots;
        const scanned = parseScannedCode(request.query.code);
        switch (scanned.kind) {
          case 'asset-link': {
            const asset = await repo.assetByAssetId(scanned.assetId, roots);
            return asset ? { kind: 'asset', asset } : { kind: 'unknown', code: null };
          }
          case 'location-link': {
            const location = await repo.location(scanned.locationId, roots);
            return location ? { kind: 'location', location } : { kind: 'unknown', code: null };
          }
          case 'code': {
            const asset = await repo.assetByCode(scanned.code, roots);
            if (asset) return { kind: 'asset', asset };
            // A location's own id is its tag's bare form.
            const location = isUuidText(scanned.code) ? await repo.location(scanned.code.toLowerCase(), roots) : undefined;
            if (location) return { kind: 'location', location };
            // Only a code short enough to be stored as an asset's barcode can register one.
            return { kind: 'unknown', code: scanned.code.length <= CODE_MAX ? scanned.code : null };
          }
        }
      },
    );
  };
}
