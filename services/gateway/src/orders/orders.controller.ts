import { BadRequestException, Body, Controller, Delete, Get, Param, Put, Query, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import {
  AddNoteDto,
  classifyOrderPut,
  DeletedOrders,
  DeleteSelectionDto,
  EditOrderDto,
  ListOrdersQuery,
  OrderDeliveryView,
  OrderNoteView,
  OrdersPatterns,
  OrderView,
  SetDeliveryDto,
} from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { RpcCaller } from '@tawsil/nest-common/core';
import type { FastifyReply } from 'fastify';
import { CurrentActor } from '../auth/current-actor.decorator';
import { uuidParam } from '../http/uuid-param';
import { createValidationPipe } from '../http/validation.pipe';
import { requireDeleteConfirmation, selectedOrderIds } from './order-selection';

const validation = createValidationPipe();
const validate = <T>(body: unknown, metatype: new () => T): Promise<T> =>
  validation.transform(body, { type: 'body', metatype }) as Promise<T>;

@ApiTags('orders')
@ApiBearerAuth()
@ApiExtraModels(EditOrderDto, AddNoteDto, SetDeliveryDto, OrderNoteView, OrderDeliveryView)
@Controller('api/orders/youcan')
export class OrdersController {
  constructor(private readonly rpc: RpcCaller) {}

  @Get()
  @ApiOperation({
    summary: "The caller's orders, newest first",
    description:
      'Filters combine (AND). Headers: X-Total-Count (exact when nothing but the store narrows the list, ' +
      'from counters; with filters, counted up to 10,000, and X-Total-Count-Exact is false past that), ' +
      'X-Next-Cursor (absent on the last page; pass it as cursor). `history` is sent to owners only.',
  })
  @ApiOkResponse({ type: [OrderView] })
  async list(
    @Query() query: ListOrdersQuery,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const page = await this.rpc.call(OrdersPatterns.list, query, actor);
    reply.header('X-Total-Count', String(page.total));
    reply.header('X-Total-Count-Exact', String(page.exact));
    if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
    reply.header('Access-Control-Expose-Headers', 'X-Total-Count, X-Total-Count-Exact, X-Next-Cursor');
    return page.orders;
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Edit an order, add a note, or set its delivery',
    description:
      'The full edited order (with the version it was read at: a stale one answers 409 naming who changed it), ' +
      'or {note} (answers the notes), or {delivery} (answers the delivery).',
  })
  @ApiBody({
    schema: {
      oneOf: [
        { $ref: getSchemaPath(EditOrderDto) },
        { $ref: getSchemaPath(AddNoteDto) },
        { $ref: getSchemaPath(SetDeliveryDto) },
      ],
    },
  })
  @ApiOkResponse({
    description: 'The order after an edit; the notes after {note}; the delivery after {delivery}',
    schema: {
      oneOf: [
        { $ref: getSchemaPath(OrderView) },
        { type: 'array', items: { $ref: getSchemaPath(OrderNoteView) } },
        { $ref: getSchemaPath(OrderDeliveryView) },
      ],
    },
  })
  async update(
    @Param('id', uuidParam('id must be an order id')) orderId: string,
    @Body() body: unknown,
    @CurrentActor() actor: Actor,
  ) {
    const put = classifyOrderPut(body);
    if (put.kind === 'invalid') throw new BadRequestException(put.reason);
    switch (put.kind) {
      case 'note':
        return this.rpc.call(
          OrdersPatterns.addNote,
          { ...(await validate(put.body, AddNoteDto)), orderId },
          actor,
        );
      case 'delivery':
        return this.rpc.call(
          OrdersPatterns.setDelivery,
          { ...(await validate(put.body, SetDeliveryDto)), orderId },
          actor,
        );
      case 'edit':
        return this.rpc.call(
          OrdersPatterns.edit,
          { ...(await validate(put.body, EditOrderDto)), orderId },
          actor,
        );
    }
  }

  @Delete()
  @ApiOperation({
    summary: 'Owner only: delete orders; ids outside your stores are ignored',
    description:
      '{orderIds}, or {filter} (an object of the list filters, {} for every order) for every matching order, ' +
      'at most 10,000. Over 100 orders: 409 `orders.delete_confirm` with params.count, until sent again with ' +
      '"confirm": that count.',
  })
  @ApiOkResponse({ type: DeletedOrders })
  async remove(@Body() body: DeleteSelectionDto, @CurrentActor() actor: Actor): Promise<DeletedOrders> {
    const orderIds = await selectedOrderIds(this.rpc, body, actor);
    if (orderIds.length === 0) return { deletedIds: [] };
    requireDeleteConfirmation(orderIds, body.confirm);
    return this.rpc.call(OrdersPatterns.remove, { orderIds }, actor);
  }
}
