import { lazy, Suspense, type ComponentProps } from 'react';

// The floating chat button brings the whole chat; it arrives just after the screen.
const ChatLauncher = lazy(() => import('@/features/chat').then((m) => ({ default: m.ChatLauncher })));

/** The chat's floating button, loaded after the /menu shell rather than with it. */
export function LazyChatLauncher(props: ComponentProps<typeof ChatLauncher>) {
  return (
    <Suspense fallback={null}>
      <ChatLauncher {...props} />
    </Suspense>
  );
}
