export * from './order-status';
export * from './order.dto';
export * from './imported-order';
export * from './orders.patterns';
export * from './order.view';
export * from './phone';
export * from './shipping-order';
export * from './statistics';
