// @vitest-environment jsdom
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/preact';
import { createI18n, stringsFor } from './i18n';

afterEach(cleanup);

describe('what makes translating components render again', () => {
  it('a listed namespace arriving renders nothing again; one looked up before it loaded does, once it is there', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const i18n = createI18n();
      let renders = 0;
      function Shell() {
        const { t } = useTranslation('common');
        renders += 1;
        return <p>{t('booking:rules.capacityExceeded', { remaining: 2 }) || 'nothing yet'}</p>;
      }
      // Loaded before the component that shows it, as every screen and lazy part does (withStrings).
      await stringsFor(['visitors']);
      render(
        <I18nextProvider i18n={i18n}>
          <Shell />
        </I18nextProvider>,
      );
      // The component's own lookup of an unlisted namespace starts its load; wait for that re-render.
      await waitFor(() => expect(screen.queryByText('nothing yet')).toBeNull());
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('booking:rules.capacityExceeded'));
      const afterSafetyNet = renders;

      await act(() => stringsFor(['wallet', 'offers']));
      expect(i18n.hasResourceBundle('en', 'wallet')).toBe(true);
      expect(renders).toBe(afterSafetyNet);
    } finally {
      warn.mockRestore();
    }
  });
});
