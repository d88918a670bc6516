import { lazy, Suspense, type ComponentProps } from 'react';

const DeliveryDialog = lazy(() =>
  import('./DeliveryDialog').then((module) => ({ default: module.DeliveryDialog })),
);

/**
 * The Delivery Information form, loaded the first time one opens (with its communes, in chunks of
 * their own): the orders screen and the agent's workspace stay light until a delivery is set.
 */
export function DeliveryDialogLazy(props: ComponentProps<typeof DeliveryDialog>) {
  return (
    <Suspense fallback={null}>
      <DeliveryDialog {...props} />
    </Suspense>
  );
}
