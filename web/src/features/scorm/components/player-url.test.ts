import { describe, expect, it } from 'vitest';
import { playerUrl } from './player-url';

const APP = 'http://localhost:8080';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

describe('the player address a launch may frame', () => {
  it("takes the content origin's /jugar/<token> page", () => {
    expect(playerUrl(`http://localhost:8081/jugar/${TOKEN}`, APP)).toBe(`http://localhost:8081/jugar/${TOKEN}`);
    expect(playerUrl(`https://contenido.aula.example/jugar/${TOKEN}`, 'https://aula.example')).toBe(`https://contenido.aula.example/jugar/${TOKEN}`);
  });

  it("refuses the app's own origin: the package's scripts would reach the session", () => {
    expect(playerUrl(`http://localhost:8080/jugar/${TOKEN}`, APP)).toBeNull();
    expect(playerUrl(`/jugar/${TOKEN}`, APP)).toBeNull();
  });

  it('refuses other schemes and other pages', () => {
    expect(playerUrl(`javascript:alert(1)//jugar/${TOKEN}`, APP)).toBeNull();
    expect(playerUrl(`data:text/html,<script>1</script>`, APP)).toBeNull();
    expect(playerUrl(`http://localhost:8081/contenido/${TOKEN}/index.html`, APP)).toBeNull();
    expect(playerUrl(undefined, APP)).toBeNull();
  });
});
