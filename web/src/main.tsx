// First: the Trusted Types policy must exist before any module writes to the DOM.
import './lib/trusted-types';
import './app/styles/base-styles';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startOnce } from './app/start-once';
import { initI18n } from './lib/i18n';

const root = createRoot(document.getElementById('root') as HTMLElement);

// The session start's requests go out with the texts', not after the first render.
void startOnce();

void initI18n().then(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
