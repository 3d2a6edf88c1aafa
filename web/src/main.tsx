// First: the Trusted Types policy must exist before any module writes to the DOM.
import './lib/trusted-types';
import './app/styles/base-styles';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';

const root = createRoot(document.getElementById('root') as HTMLElement);

void initI18n().then(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
