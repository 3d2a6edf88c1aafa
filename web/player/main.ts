import './player.css';
import { startPlayer } from './player';

const root = document.getElementById('reproductor');
if (root) void startPlayer(root, { window, fetch: window.fetch.bind(window) });
