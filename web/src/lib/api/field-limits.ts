// Helpers over the generated LIMITS (limits.ts), so forms read the server's published
// rules instead of copying them.

/** A published pattern as a RegExp (the server's patterns are Unicode-mode). */
export function publishedPattern(source: string): RegExp {
  return new RegExp(source, 'u');
}
