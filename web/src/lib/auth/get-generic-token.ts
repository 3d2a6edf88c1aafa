import { PUB, apiRequest } from '../api/client';

/** The generic token answer had no token (spec §8 'Repuesta Token Generico'). */
export class EmptyGenericTokenError extends Error {
  constructor() {
    super('Generic token answer without token');
    this.name = 'EmptyGenericTokenError';
  }
}

/** GET /api/pub/token/generico → the anonymous token used before login. */
export async function fetchGenericToken(): Promise<string> {
  const answer = await apiRequest<{ token?: string } | undefined>(`${PUB}/token/generico`, {
    token: null,
    errorDialog: false,
    sessionHandling: false,
  });
  if (!answer?.token) throw new EmptyGenericTokenError();
  return answer.token;
}
