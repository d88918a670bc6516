import type { FastifyReply } from 'fastify';

/** An error answer; the shape is the sandbox's guess, Yalidine does not document its errors. */
export function fail(reply: FastifyReply, code: number, message: string) {
  return reply.status(code).send({ error: { code, message } });
}
