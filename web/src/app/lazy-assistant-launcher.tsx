import { lazy, Suspense, type ComponentProps } from 'react';
import { loadNamespaces } from './routes/route-namespaces';

// The help assistant's button and its texts arrive just after the screen; its panel when
// first opened.
const AssistantLauncher = lazy(() =>
  Promise.all([import('@/features/assistant'), loadNamespaces('assistant')]).then(([m]) => ({ default: m.AssistantLauncher })),
);

/** The help assistant's floating button, loaded after the /menu shell rather than with it. */
export function LazyAssistantLauncher(props: ComponentProps<typeof AssistantLauncher>) {
  return (
    <Suspense fallback={null}>
      <AssistantLauncher {...props} />
    </Suspense>
  );
}
