import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPLETE_PROFILE } from '@elts/contracts/testing';
import type { Logger, NodeEnv } from '@elts/platform';
import { createTestPostgresDatabase, type DatabaseKind, dropTestPostgresDatabase, silentLogger } from '@elts/platform/testing';
import { type AllInOne, startAllInOne } from '../../src/all-in-one.js';
import type { ThirdParties } from '../../src/security-headers.js';
import { ADMIN, type ProductClient, productClient } from './client.js';

export { ADMIN, type CallInit, type CallResult } from './client.js';

/**
 * The whole product in this process, called through its gateway as a browser would: the harness of the suites that
 * prove properties of the product as a whole (races, authorization, bad input).
 */

const WEB = {
  webDir: join(tmpdir(), 'no-web-build'),
  remotes: { shop: '/remotes/shop/remoteEntry.js', admin: '/remotes/admin/remoteEntry.js' },
};

/** What production insists on before it starts (Google sign-in, real payment credentials): never called in tests. */
export const PRODUCTION_ENV = {
  GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
  CASHFREE_CLIENT_ID: 'test-id',
  CASHFREE_CLIENT_SECRET: 'test-secret',
};

export { COMPLETE_PROFILE };

export interface ProductUnderTest extends ProductClient {
  product: AllInOne;
  /** The PostgreSQL database it runs on, for a second product over the same data. */
  databaseUrl?: string;
  stop(): Promise<void>;
}

export interface ProductOptions {
  /** Run on this existing PostgreSQL database (another product's: two gateways over one data set); left in place. */
  databaseUrl?: string;
  nodeEnv?: NodeEnv;
  /** The folder holding the web builds (web/), to serve the built apps; none by default. */
  webDir?: string;
  /** The service token; a random one by default. */
  serviceToken?: string;
  /** The third parties the web apps use (Google sign-in, Cashfree's checkout), as production derives them; none by default. */
  thirdParties?: ThirdParties;
}

export async function startProduct(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  logger: Logger = silentLogger(),
  options: ProductOptions = {},
): Promise<ProductUnderTest> {
  const dataDir = await mkdtemp(join(tmpdir(), 'elts-product-'));
  const ownDatabase = kind === 'postgres' && !options.databaseUrl;
  const databaseUrl = options.databaseUrl ?? (ownDatabase ? await createTestPostgresDatabase() : undefined);
  const product = await startAllInOne({
    logger,
    nodeEnv: options.nodeEnv ?? 'test',
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO_CATALOG: 'false', RATE_LIMITS: 'off', ...env },
    web: {
      ...WEB,
      ...(options.webDir ? { webDir: options.webDir } : {}),
      ...(options.thirdParties ? { thirdParties: options.thirdParties } : {}),
    },
    ...(options.serviceToken ? { serviceToken: options.serviceToken } : {}),
  });

  const client = productClient((path, init, address) =>
    // The socket's address, as the node server would hand it to the gateway.
    product.gateway.request(path, init, address ? { incoming: { socket: { remoteAddress: address } } } : undefined),
  );

  return {
    product,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...client,
    async stop() {
      await product.stop();
      if (ownDatabase && databaseUrl) await dropTestPostgresDatabase(databaseUrl);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
