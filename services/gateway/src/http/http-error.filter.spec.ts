import { BadRequestException, Logger, type ArgumentsHost } from '@nestjs/common';
import { ServiceError } from '@tawsil/nest-common/core';
import { HttpErrorFilter } from './http-error.filter';

Logger.overrideLogger(false);

function answer(exception: unknown) {
  const sent: { status?: number; body?: unknown } = {};
  const reply = {
    status: (status: number) => ((sent.status = status), reply),
    type: () => reply,
    send: (body: unknown) => ((sent.body = body), reply),
  };
  const host = { switchToHttp: () => ({ getResponse: () => reply }) } as unknown as ArgumentsHost;
  new HttpErrorFilter().catch(exception, host);
  return sent;
}

describe('HttpErrorFilter', () => {
  it("answers a service's refusal with its status and message", () => {
    expect(answer(ServiceError.conflict('An account with this email already exists'))).toEqual({
      status: 409,
      body: { message: 'An account with this email already exists', code: 'users.email_taken' },
    });
  });

  it('carries the code and parameters of a refusal, found from its English text or given', () => {
    expect(answer(ServiceError.conflict('Karim B is on this order'))).toEqual({
      status: 409,
      body: { message: 'Karim B is on this order', code: 'orders.claimed_by', params: { name: 'Karim B' } },
    });
    expect(answer(new ServiceError(400, 'Custom words', { code: 'orders.note_empty' }))).toEqual({
      status: 400,
      body: { message: 'Custom words', code: 'orders.note_empty' },
    });
  });

  it('gives a text the catalogue does not hold the code of its status', () => {
    expect(answer(ServiceError.notFound('Nothing like this here'))).toEqual({
      status: 404,
      body: { message: 'Nothing like this here', code: 'errors.not_found' },
    });
  });

  it('keeps the code and parameters of a validation refusal', () => {
    const refusal = new BadRequestException({
      message: 'name is required',
      code: 'validation.failed',
      params: { field: 'name', constraint: 'isNotEmpty' },
    });
    expect(answer(refusal)).toEqual({
      status: 400,
      body: {
        message: 'name is required',
        code: 'validation.failed',
        params: { field: 'name', constraint: 'isNotEmpty' },
      },
    });
  });

  it('joins a list of validation messages into one message', () => {
    expect(answer(new BadRequestException(['name is required', 'email is required']))).toEqual({
      status: 400,
      body: { message: 'name is required; email is required', code: 'errors.bad_request' },
    });
  });

  it('keeps the status of a refusal by Fastify itself, such as a body that is not JSON', () => {
    const refusal = Object.assign(new SyntaxError('Unexpected end of JSON input'), { statusCode: 400 });
    expect(answer(refusal)).toEqual({
      status: 400,
      body: { message: 'Unexpected end of JSON input', code: 'errors.bad_request' },
    });
  });

  it('answers an unexpected error with a generic 500 and a reference, never its details', () => {
    const { status, body } = answer(new Error('column "secret_token" does not exist at query.js:42'));
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: 'errors.internal', params: { reference: expect.any(String) } });
    expect((body as { message: string }).message).toMatch(
      /^Something went wrong on our side \(reference [0-9a-f-]{36}\)$/,
    );
    expect(JSON.stringify(body)).not.toContain('secret_token');
  });

  it('answers 503 while a dependency is unreachable', () => {
    expect(answer(new Error('Command timed out'))).toEqual({
      status: 503,
      body: { message: 'Temporarily unavailable, try again shortly', code: 'errors.unavailable' },
    });
  });
});
