import { PRI, apiRequest } from '@/lib/api/client';

// Hand-written: mirrors the server's surveys document (temas/{cve_tema}/rating) until the
// generated client is regenerated with the surveys domain.

/** POST temas/{cve_tema}/rating `{rating}` (0.5–5 in half steps) → the topic's new average. */
export function postTopicRating(cveTema: number, rating: number): Promise<{ resp: string; rating: number; votos: number }> {
  return apiRequest(`${PRI}/temas/${cveTema}/rating`, { method: 'POST', body: { rating }, errorDialog: false });
}
