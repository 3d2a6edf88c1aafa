import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_MESSAGE_LENGTH, clampMessage, imageProblem, messageLength, messageProblem } from './composer-rules';

function file(name: string, type: string, size = 1024): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('chat composer rules', () => {
  it('refuses an empty or blank message', () => {
    expect(messageProblem('')).toBe('empty');
    expect(messageProblem('   \n ')).toBe('empty');
    expect(messageProblem('hola')).toBeNull();
  });

  it('allows up to 100 characters and no more', () => {
    expect(MAX_MESSAGE_LENGTH).toBe(100);
    expect(messageProblem('a'.repeat(100))).toBeNull();
    expect(messageProblem('a'.repeat(101))).toBe('too_long');
    // Surrounding spaces are not sent, so they do not count.
    expect(messageProblem(` ${'a'.repeat(100)} `)).toBeNull();
  });

  it('counts characters as the server does (an emoji is one)', () => {
    expect(messageLength('👍🏽')).toBe(2);
    expect(messageLength('ñandú')).toBe(5);
    expect(clampMessage('😀'.repeat(120))).toBe('😀'.repeat(100));
    expect(clampMessage('corto')).toBe('corto');
  });

  it('accepts png and jpeg images only', () => {
    expect(imageProblem(file('a.png', 'image/png'))).toBeNull();
    expect(imageProblem(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(imageProblem(file('a.gif', 'image/gif'))).toBe('type');
    expect(imageProblem(file('a.webp', 'image/webp'))).toBe('type');
    expect(imageProblem(file('a.pdf', 'application/pdf'))).toBe('type');
    // No type from the system: the extension decides.
    expect(imageProblem(file('foto.JPEG', ''))).toBeNull();
    expect(imageProblem(file('foto.bmp', ''))).toBe('type');
  });

  it('accepts images up to 8 MB', () => {
    expect(MAX_IMAGE_BYTES).toBe(8 * 1024 * 1024);
    expect(imageProblem(file('a.png', 'image/png', MAX_IMAGE_BYTES))).toBeNull();
    expect(imageProblem(file('a.png', 'image/png', MAX_IMAGE_BYTES + 1))).toBe('size');
  });
});
