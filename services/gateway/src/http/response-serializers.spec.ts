import type { OpenAPIObject } from '@nestjs/swagger';
import Fastify from 'fastify';
import { serializeResponses } from './response-serializers';

const json = (schema: object) => ({ description: '', content: { 'application/json': { schema } } });

/** A document as @nestjs/swagger writes it: references, `nullable`, `allOf`, a oneOf answer. */
const document = {
  openapi: '3.0.0',
  info: { title: 'test', version: '1' },
  paths: {
    '/orders/{id}': {
      get: { responses: { 200: json({ $ref: '#/components/schemas/Order' }) } },
      put: {
        responses: {
          200: json({
            oneOf: [{ $ref: '#/components/schemas/Order' }, { $ref: '#/components/schemas/Claim' }],
          }),
        },
      },
    },
  },
  components: {
    schemas: {
      Claim: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      Order: {
        type: 'object',
        required: ['_id', 'claim', 'note', 'lines', 'counts'],
        properties: {
          _id: { type: 'string', format: 'uuid' },
          total: { type: 'number' },
          claim: { nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/Claim' }] },
          note: { type: 'string', nullable: true },
          lines: { type: 'array', items: { $ref: '#/components/schemas/Claim' } },
          counts: { type: 'object', additionalProperties: { type: 'number' } },
          extra: { type: 'object' },
        },
      },
    },
  },
} as unknown as OpenAPIObject;

async function answer(method: 'GET' | 'PUT', body: unknown) {
  const fastify = Fastify();
  serializeResponses(fastify, document);
  fastify.route({ method, url: '/orders/:id', handler: async () => body });
  const reply = await fastify.inject({ method, url: '/orders/1' });
  await fastify.close();
  return JSON.parse(reply.body);
}

describe('answers serialized from the OpenAPI document', () => {
  it('sends every field the document names, nulls and nested objects included', async () => {
    const order = {
      _id: 'a1',
      total: 1500.5,
      claim: { name: 'Amina' },
      note: null,
      lines: [{ name: 'Caftan' }],
      counts: { pending: 2, 'pas de réponse': 1 },
      extra: { anything: [1, 2] },
    };
    expect(await answer('GET', order)).toEqual(order);
    expect(await answer('GET', { ...order, claim: null, note: 'call after 18h' })).toEqual({
      ...order,
      claim: null,
      note: 'call after 18h',
    });
  });

  it('leaves out a field the document does not name, and a missing optional one', async () => {
    const sent = await answer('GET', {
      _id: 'a1',
      claim: null,
      note: null,
      lines: [],
      counts: {},
      passwordHash: 'x',
    });
    expect(sent).toEqual({ _id: 'a1', claim: null, note: null, lines: [], counts: {} });
  });

  it('sends a oneOf answer as it is', async () => {
    expect(await answer('PUT', { name: 'Amina', at: 'now' })).toEqual({ name: 'Amina', at: 'now' });
  });
});
