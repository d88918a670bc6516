import { lazy, Suspense, type ComponentProps } from 'react';

const LabelsButton = lazy(() =>
  import('./LabelsButton').then((module) => ({ default: module.LabelsButton })),
);

/** The labels button, loaded only when a screen shows it: the orders screen's first load stays small. */
export function LabelsButtonLazy(props: ComponentProps<typeof LabelsButton>) {
  return (
    <Suspense fallback={null}>
      <LabelsButton {...props} />
    </Suspense>
  );
}
