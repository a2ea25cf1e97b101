import { answer, operation } from '@elts/contracts';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AppEnv, createServiceApp } from '../src/http/app-factory.js';
import { mount } from '../src/http/operation-routes.js';
import { PRINCIPAL_HEADER } from '../src/http/principal.js';
import { SERVICE_TOKEN_HEADER } from '../src/http/service-token.js';
import { silentLogger } from '../src/testing/test-infrastructure.js';

const TOKEN = 't'.repeat(40);
const MEMBER = { member: { id: '0b7e7c4e-6a4f-4b1e-9d0e-2f3a4b5c6d7e', sessionId: '1c8f8d5f-7b5a-4c2f-8e1f-3a4b5c6d7e8f' } };

const rename = operation({
  id: 'rename',
  method: 'POST',
  path: '/things/:id/name',
  owner: 'catalog',
  access: 'member',
  summary: 'Renames a thing',
  signInMessage: 'Please login to rename it',
  params: z.object({ id: z.string().regex(/^\d+$/, 'The id is a number') }),
  query: z.object({ loud: z.enum(['yes', 'no']).default('no') }),
  body: z.object({ name: z.string().min(1, 'Name is required.') }),
  response: answer(z.object({ id: z.string(), name: z.string() })),
});

function appWith(handlerAnswer: (id: string, name: string, loud: string) => unknown) {
  const app = createServiceApp({ name: 'catalog', logger: silentLogger(), serviceToken: TOKEN });
  const routes = new Hono<AppEnv>();
  mount(routes, rename, async (c) => {
    const { id } = c.req.valid('param');
    const { loud } = c.req.valid('query');
    return c.json(handlerAnswer(id, c.req.valid('json').name, loud) as object);
  });
  app.route('/', routes);
  return app;
}

/** A failure's or a success's JSON, as a test reads it. */
const read = async (response: Response): Promise<any> => response.json();

const asMember = { [SERVICE_TOKEN_HEADER]: TOKEN, [PRINCIPAL_HEADER]: JSON.stringify(MEMBER), 'content-type': 'application/json' };

describe('mount: serving one operation of the table', () => {
  const app = appWith((id, name, loud) => ({ is_success: true, data: { id, name: loud === 'yes' ? name.toUpperCase() : name } }));

  it('refuses a caller without the access the operation names before reading anything, with its own sentence', async () => {
    const response = await app.request('/things/x/name', { method: 'POST', body: 'not json' });
    expect(response.status).toBe(401);
    expect((await read(response)).message).toBe('Please login to rename it');
  });

  it('validates parameters, query and body with the operation’s schemas, saying the first problem', async () => {
    const badId = await app.request('/things/x/name', { method: 'POST', headers: asMember, body: '{"name":"a"}' });
    expect(badId.status).toBe(400);
    expect((await read(badId)).message).toBe('The id is a number');
    const badBody = await app.request('/things/7/name', { method: 'POST', headers: asMember, body: '{"name":""}' });
    expect((await read(badBody)).message).toBe('Name is required.');
    const unknownField = await app.request('/things/7/name', { method: 'POST', headers: asMember, body: '{"name":"a","nmae":"b"}' });
    expect(unknownField.status).toBe(400);
  });

  it('hands the handler the validated input, defaults applied', async () => {
    const quiet = await app.request('/things/7/name', { method: 'POST', headers: asMember, body: '{"name":"kettle"}' });
    expect(await read(quiet)).toEqual({ is_success: true, data: { id: '7', name: 'kettle' } });
    const loud = await app.request('/things/7/name?loud=yes', { method: 'POST', headers: asMember, body: '{"name":"kettle"}' });
    expect((await read(loud)).data.name).toBe('KETTLE');
  });

  it('turns an answer outside the contract into a 500 naming the field, outside production', async () => {
    const drifted = appWith((id) => ({ is_success: true, data: { id: Number(id), title: 'kettle' } }));
    const response = await drifted.request('/things/7/name', { method: 'POST', headers: asMember, body: '{"name":"kettle"}' });
    expect(response.status).toBe(500);
    const body = await read(response);
    expect(body.code).toBe('answer_off_contract');
    expect(body.message).toContain('data.id');
    expect(body.message).toContain('data.name');
  });
});
