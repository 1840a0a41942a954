import { render } from './testingLibrary';
import { type ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type Lang } from '../domain/lang';
import { createTestI18n } from '../i18n/testing';

/** Renders with the app's real translations. */
export function renderWithI18n(ui: ReactElement, lang: Lang = 'en') {
  return render(<I18nextProvider i18n={createTestI18n(lang)}>{ui}</I18nextProvider>);
}

/** jsdom has <dialog> but not its modal API; this is just enough of it for the kit's tests. */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
