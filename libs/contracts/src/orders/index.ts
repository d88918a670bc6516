export * from './order-status';
export * from './order.dto';
