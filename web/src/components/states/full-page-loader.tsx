import { Center, Loader } from '@mantine/core';

/** Whole-page spinner shown while the session starts or a route chunk loads. */
export function FullPageLoader({ label }: { label?: string }) {
  return (
    <Center h="100dvh" role="status" aria-live="polite" aria-label={label ?? 'Cargando'}>
      <Loader size="lg" />
    </Center>
  );
}
