export const ORDER_NOT_FOUND = 'Order not found';
