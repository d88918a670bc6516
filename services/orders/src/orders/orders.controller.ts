import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  OrdersPatterns,
  type AddNoteDto,
  type EditOrderDto,
  type ListOrdersQuery,
  type OrderIdsDto,
  type SetDeliveryDto,
} from '@tawsil/contracts/orders';
import type { RpcRequest } from '@tawsil/contracts/rpc';
import { RpcHandler } from '@tawsil/nest-common';
import { AddNoteUseCase } from './use-cases/add-note.use-case';
import { DeleteOrdersUseCase } from './use-cases/delete-orders.use-case';
import { EditOrderUseCase } from './use-cases/edit-order.use-case';
import { ListOrdersUseCase } from './use-cases/list-orders.use-case';
import { SetDeliveryUseCase } from './use-cases/set-delivery.use-case';
import { GetShippingDetailsUseCase } from './use-cases/get-shipping-details.use-case';

type WithOrder<T> = RpcRequest<T & { orderId: string }>;

@Controller()
export class OrdersController {
  constructor(
    private readonly listOrders: ListOrdersUseCase,
    private readonly editOrder: EditOrderUseCase,
    private readonly addNote: AddNoteUseCase,
    private readonly setDelivery: SetDeliveryUseCase,
    private readonly deleteOrders: DeleteOrdersUseCase,
    private readonly getShippingDetails: GetShippingDetailsUseCase,
  ) {}

  @RpcHandler(OrdersPatterns.list)
  list(@Payload() request: RpcRequest<ListOrdersQuery>) {
    return this.listOrders.execute(request.actor, request.data);
  }

  @RpcHandler(OrdersPatterns.edit)
  edit(@Payload() request: WithOrder<EditOrderDto>) {
    return this.editOrder.execute(request.actor, request.data);
  }

  @RpcHandler(OrdersPatterns.addNote)
  note(@Payload() request: WithOrder<AddNoteDto>) {
    return this.addNote.execute(request.actor, request.data);
  }

  @RpcHandler(OrdersPatterns.setDelivery)
  delivery(@Payload() request: WithOrder<SetDeliveryDto>) {
    return this.setDelivery.execute(request.actor, request.data);
  }

  @RpcHandler(OrdersPatterns.remove)
  remove(@Payload() request: RpcRequest<OrderIdsDto>) {
    return this.deleteOrders.execute(request.actor, request.data);
  }

  @RpcHandler(OrdersPatterns.shippingDetails)
  shipping(@Payload() request: RpcRequest<{ orderIds: string[] }>) {
    return this.getShippingDetails.execute(request.actor, request.data);
  }
}
