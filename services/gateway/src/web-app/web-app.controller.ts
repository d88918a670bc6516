import { Controller, Get, Header, Inject, NotFoundException, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@tawsil/nest-common/core';

export const INDEX_HTML = Symbol('INDEX_HTML');

/** First path segments that are never pages; /metrics and /queues live on the internal port only. */
const NOT_PAGES = ['api', 'health', 'metrics', 'queues'];

/**
 * Serves the web app's index.html for every page route, so a reload or a shared link on /dashboard
 * opens the app. Files (scripts, styles) are served as they are; /api, /health, /metrics and /queues
 * keep their 404s.
 */
@ApiExcludeController()
@Public()
@Controller()
export class WebAppController {
  constructor(@Inject(INDEX_HTML) private readonly indexHtml: string) {}

  @Get('*')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-cache')
  page(@Req() request: FastifyRequest) {
    const first = request.url.split('?')[0].split('/')[1] ?? '';
    if (NOT_PAGES.includes(first) || first.includes('.')) throw new NotFoundException('Not found');
    return this.indexHtml;
  }
}
