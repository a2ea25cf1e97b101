import {
  DEFAULT_TEMPORAL_PORTS,
  postgresStorage,
  preparePostgresStore,
  startTemporalServer,
  startTemporalUi,
  TemporalUnavailable,
  temporalBinaries,
} from './temporal-server.js';

export interface DistributedTemporal {
  address: string;
  uiUrl: string;
  stop(): Promise<void>;
}

/**
 * For `npm run start:distributed`: the Temporal server on the machine's PostgreSQL (databases `<prefix>temporal` and
 * `<prefix>temporal_visibility`, created and migrated by the SQL tool), on Temporal's usual ports, with the Web UI
 * for operators. Undefined, with the reason written out, where the binaries cannot be had: the embedded driver then
 * runs the workflows.
 */
export async function startDistributedTemporal(options: {
  postgresUrl: string;
  databasePrefix: string;
  namespace: string;
  uiPort: number;
  write: (line: string) => void;
}): Promise<DistributedTemporal | undefined> {
  let binaries: Awaited<ReturnType<typeof temporalBinaries>>;
  try {
    binaries = await temporalBinaries();
  } catch (error) {
    if (!(error instanceof TemporalUnavailable)) throw error;
    options.write(`[temporal] not started, the embedded driver runs the workflows: ${error.message}`);
    return undefined;
  }
  const storage = postgresStorage(options.postgresUrl, options.databasePrefix);
  await preparePostgresStore(binaries, storage);
  const server = await startTemporalServer({
    server: binaries.server,
    storage,
    ports: DEFAULT_TEMPORAL_PORTS,
    namespace: options.namespace,
  });
  const ui = await startTemporalUi({ binaries, grpcAddress: server.address, port: options.uiPort, namespace: options.namespace });
  return {
    address: server.address,
    uiUrl: ui.url,
    stop: async () => {
      await ui.stop();
      await server.stop();
    },
  };
}
