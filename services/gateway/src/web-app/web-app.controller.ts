import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@tawsil/nest-common/core';

/**
 * First path segments that are never pages: a missing file under /assets (a chunk of an older
 * build) answers 404, not a page a script cannot run. /metrics and /queues live on the internal
 * port only.
 */
const NOT_PAGES = ['api', 'assets', 'health', 'metrics', 'queues'];

/**
 * Serves the web app's index.html for every page route, so a reload or a shared link on /dashboard
 * opens the app: the same file, compression and revalidation as /index.html (web-app-files.ts).
 * Files (scripts, styles) are served by @fastify/static; /api, /assets, /health, /metrics and
 * /queues keep their 404s.
 */
@ApiExcludeController()
@Public()
@Controller()
export class WebAppController {
  @Get('*')
  page(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const first = request.url.split('?')[0].split('/')[1] ?? '';
    if (NOT_PAGES.includes(first) || first.includes('.')) throw new NotFoundException('Not found');
    return reply.sendFile('index.html');
  }
}
