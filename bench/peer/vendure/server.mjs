/**
 * The bench's peer (issue 23): Vendure 3 on PostgreSQL, seeded with as many products as the bench's all-in-one has
 * when it measures its deals board, each with one variant, a price, stock, a picture, enabled in the default channel.
 * Started by bench/src/vendure.ts, which creates the database and drops it afterwards. Prints `listening <port>` once it
 * serves. Plain JavaScript, so the repository's tsc and biome never see Vendure's types.
 *
 * Environment: DATABASE_URL (required, the database already created), SUPERADMIN_PASSWORD (required), PRODUCTS (how
 * many), PORT (0: any).
 * Production-like: warnings only in the log, no playground, no GraphQL debug. No worker is started: the `products`
 * query reads the product tables directly, and the jobs the seed queues (search index, collection filters) are not
 * needed by it; they wait in the default in-memory queue.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap, DefaultLogger, LanguageCode, LogLevel } from '@vendure/core';
import { populate } from '@vendure/core/cli/populate.js';

// Vendure 3 reports usage to its makers unless told not to: the bench sends nothing off this machine, and the
// reporting would be work counted against the peer. Read when Vendure starts, after these imports.
process.env.VENDURE_DISABLE_TELEMETRY = 'true';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const products = Number(process.env.PRODUCTS ?? 35);
const superadminPassword = process.env.SUPERADMIN_PASSWORD;
if (!superadminPassword) throw new Error('SUPERADMIN_PASSWORD is required');

/**
 * Pictures kept in memory: the peer needs an asset and its preview URL per product (our board answers an image per
 * product), not a file server. The preview is the picture itself (Vendure's asset server would resize it once).
 */
class MemoryAssetStorage {
  files = new Map();
  async writeFileFromBuffer(fileName, data) {
    this.files.set(fileName, data);
    return fileName;
  }
  async writeFileFromStream(fileName, data) {
    const chunks = [];
    for await (const chunk of data) chunks.push(chunk);
    return this.writeFileFromBuffer(fileName, Buffer.concat(chunks));
  }
  async readFileToBuffer(identifier) {
    return this.files.get(identifier);
  }
  async readFileToStream(identifier) {
    const { Readable } = await import('node:stream');
    return Readable.from([this.files.get(identifier)]);
  }
  async deleteFile(identifier) {
    this.files.delete(identifier);
  }
  async fileExists(fileName) {
    return this.files.has(fileName);
  }
  /** The URL the asset server plugin would answer: computed on every answer, as Vendure does. */
  toAbsoluteUrl(request, identifier) {
    return `${request.protocol}://${request.get('host')}/assets/${identifier}`;
  }
}

const samePicture = { generatePreviewImage: async (_ctx, _mimeType, data) => data };

// A 1×1 PNG: image-size reads its dimensions when the asset is created.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const seedDir = await mkdtemp(join(tmpdir(), 'elts-peer-vendure-'));
const csv = join(seedDir, 'products.csv');
const header =
  'name,slug,description,assets,facets,optionGroups,optionValues,sku,price,taxCategory,stockOnHand,trackInventory,variantAssets,variantFacets';
const rows = [];
for (let n = 1; n <= products; n++) {
  await writeFile(join(seedDir, `product-${n}.png`), PNG);
  const price = (999 + n * 100).toFixed(2);
  rows.push(
    `Bench product ${n},bench-product-${n},A product of the bench's peer.,product-${n}.png,,,,PEER-${n},${price},standard,${n % 50},true,,`,
  );
}
await writeFile(csv, `${header}\n${rows.join('\n')}\n`);

const config = {
  apiOptions: {
    hostname: '127.0.0.1',
    port: Number(process.env.PORT ?? 0),
    adminApiPath: 'admin-api',
    shopApiPath: 'shop-api',
    adminApiPlayground: false,
    adminApiDebug: false,
    shopApiPlayground: false,
    shopApiDebug: false,
    // Only the bench calls it, without an Origin: what a deployment with an explicit list of origins does.
    cors: { origin: ['http://127.0.0.1'], credentials: true },
  },
  authOptions: {
    tokenMethod: 'bearer',
    superadminCredentials: { identifier: 'superadmin', password: superadminPassword },
  },
  dbConnectionOptions: {
    type: 'postgres',
    url: databaseUrl,
    synchronize: true,
    logging: false,
  },
  assetOptions: { assetStorageStrategy: new MemoryAssetStorage(), assetPreviewStrategy: samePicture },
  importExportOptions: { importAssetsDir: seedDir },
  logger: new DefaultLogger({ level: LogLevel.Warn }),
  paymentOptions: { paymentMethodHandlers: [] },
  plugins: [],
};

const initialData = {
  defaultLanguage: LanguageCode.en,
  defaultZone: 'Asia',
  countries: [{ name: 'India', code: 'IN', zone: 'Asia' }],
  taxRates: [{ name: 'Standard Tax', percentage: 18 }],
  shippingMethods: [{ name: 'Standard Shipping', price: 0 }],
  paymentMethods: [],
  collections: [],
};

const app = await populate(() => bootstrap(config), initialData, csv);
await rm(seedDir, { recursive: true, force: true });
const { port } = app.getHttpServer().address();
console.log(`listening ${port}`);

process.once('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
