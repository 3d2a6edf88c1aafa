// The profiles list is shared data (one fetcher, one SWR key): see lib/api/shared/profiles.
export { fetchProfiles, useProfiles, type ProfileRow as Profile } from '@/lib/api/shared/profiles';
