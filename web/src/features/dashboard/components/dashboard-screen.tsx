import { Stack } from '@mantine/core';
import { useScreenChrome } from '@/components/page-chrome';
import { useSession } from '@/lib/auth/session';
import { useCia } from '@/lib/company/get-cia';
import { DashboardHeader } from './dashboard-header';

/** /menu/dashboard: for now, the header part of the dashboard. */
export function DashboardScreen() {
  const { user } = useSession();
  const { data: cia } = useCia();
  useScreenChrome({});
  if (!user) return null;
  return (
    <Stack gap="lg">
      <DashboardHeader user={user} cia={cia} />
    </Stack>
  );
}
