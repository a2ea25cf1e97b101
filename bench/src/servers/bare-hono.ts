/** The baseline: a bare Hono JSON route on the same Node HTTP adapter the product uses, nothing else. */
import { listen } from '@elts/platform';
import { Hono } from 'hono';
import { serveIpc } from './ipc.js';

const app = new Hono().get('/hello', (c) => c.json({ is_success: true, data: { message: 'hello' } }));
const { port } = await listen(app, 0, '127.0.0.1');
serveIpc({});
console.log(`listening ${port}`);
