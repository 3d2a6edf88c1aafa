import { usePushSetup } from '@/features/notifications/components/use-push-setup';
import { useRealtimeConnection } from '@/lib/socket';

/** The shell's invisible realtime parts: one socket per session, and Web Push. */
export function RealtimeServices() {
  useRealtimeConnection();
  usePushSetup();
  return null;
}
