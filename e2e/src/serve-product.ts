/**
 * The whole product as `npm start` runs it, from source: started by product-process.ts in a process of its own.
 * Prints `listening <port>` once it serves, and stops cleanly on SIGTERM.
 * Environment: DATA_DIR (required), WEB_DIR (the folder holding the three builds), PORT, and any product setting.
 */

import { startAllInOne } from '@elts/gateway';
import { closeServer, listen } from '@elts/platform';
import { silentLogger } from '@elts/platform/testing';

const dataDir = process.env.DATA_DIR;
const webDir = process.env.WEB_DIR;
if (!dataDir || !webDir) throw new Error('DATA_DIR and WEB_DIR are required');

const product = await startAllInOne({
  logger: silentLogger(),
  nodeEnv: 'test',
  dataDir,
  env: process.env,
  web: { webDir, remotes: { shop: '/remotes/shop/remoteEntry.js', admin: '/remotes/admin/remoteEntry.js' } },
});
const { server, port } = await listen(product.gateway, Number(process.env.PORT ?? 0), '127.0.0.1');
console.log(`listening ${port}`);

process.once('SIGTERM', async () => {
  await closeServer(server);
  await product.stop();
  process.exit(0);
});
