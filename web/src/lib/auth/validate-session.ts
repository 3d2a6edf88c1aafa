import { PRI, apiRequest } from '../api/client';
import { ApiError } from '../api/errors';
import type { User } from './types';

/**
 * POST /api/pri/usuarios/login → `[User]`: validates a session token and loads its user.
 * Startup validation passes `quiet` so an old token falls back to Login without dialogs.
 */
export async function validateSession(token: string, options: { quiet?: boolean } = {}): Promise<User> {
  const users = await apiRequest<User[] | User>(`${PRI}/usuarios/login`, {
    method: 'POST',
    body: { tokenfcm: '' },
    token,
    errorDialog: !options.quiet,
    sessionHandling: !options.quiet,
    networkCode: '3',
  });
  const user = Array.isArray(users) ? users[0] : users;
  if (!user || typeof user !== 'object') throw new ApiError(500, { code: 'interno.error' });
  return user;
}
