import { Module } from '@nestjs/common';
import { OrderViews } from './order-views';
import { OrdersController } from './orders.controller';
import { OrdersQueryRepository } from './orders-query.repository';
import { OrdersRepository } from './orders.repository';
import { AddNoteUseCase } from './use-cases/add-note.use-case';
import { DeleteOrdersUseCase } from './use-cases/delete-orders.use-case';
import { EditOrderUseCase } from './use-cases/edit-order.use-case';
import { ListOrdersUseCase } from './use-cases/list-orders.use-case';
import { SetDeliveryUseCase } from './use-cases/set-delivery.use-case';
import { GetShippingDetailsUseCase } from './use-cases/get-shipping-details.use-case';

@Module({
  controllers: [OrdersController],
  providers: [
    OrdersRepository,
    OrdersQueryRepository,
    OrderViews,
    ListOrdersUseCase,
    EditOrderUseCase,
    AddNoteUseCase,
    SetDeliveryUseCase,
    DeleteOrdersUseCase,
    GetShippingDetailsUseCase,
  ],
  exports: [OrdersRepository, OrdersQueryRepository, OrderViews],
})
export class OrdersModule {}
