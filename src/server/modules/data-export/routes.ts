import { dataExportApi } from '../../../shared/api/data-export';
import type { AppDeps } from '../../deps';
import { routeTable } from '../accounts/guards';
import { dataExportState, downloadDataExport, startDataExport } from './service';

export function dataExportRoutes(deps: AppDeps) {
  return routeTable(deps, dataExportApi, {
    dataExportState: async (c) => c.json(await dataExportState(deps.database.db, c.get('user').id), 200),
    startDataExport: async (c) => c.json(await startDataExport(deps, c.get('user').id), 202),
    downloadDataExport: async (c) => {
      const { body, finishedAt } = await downloadDataExport(deps, c.get('user').id, c.req.valid('param').token);
      return c.body(new Uint8Array(body), 200, {
        'Content-Type': 'application/zip',
        'Content-Length': String(body.length),
        'Content-Disposition': `attachment; filename="reelmates-data-${finishedAt.toISOString().slice(0, 10)}.zip"`,
        'X-Content-Type-Options': 'nosniff',
      });
    },
  });
}
