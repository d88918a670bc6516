import type { FastifyReply } from 'fastify';

export interface ValidationError {
  code: string;
  description: string;
}

/** Errors as ZR answers them: RFC 7807 ProblemDetails, validation adding `errors[]`. */
export function problem(
  reply: FastifyReply,
  status: number,
  title: string,
  detail: string,
  errors?: ValidationError[],
) {
  return reply
    .status(status)
    .type('application/problem+json')
    .send({
      type: `https://tools.ietf.org/html/rfc9110#section-15.${status < 500 ? 5 : 6}.${status < 500 ? status - 399 : status - 499}`,
      title,
      status,
      detail,
      instance: reply.request.url,
      ...(errors ? { errors } : {}),
    });
}
