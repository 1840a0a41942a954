// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '../../ui/testingLibrary';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../ui/testing';
import { LanguageToggle } from './LanguageToggle';

afterEach(cleanup);

describe('LanguageToggle', () => {
  it('[S0-2.69] in English offers العربية, marked up as Arabic, right to left', () => {
    const onChange = vi.fn();
    renderWithI18n(<LanguageToggle lang="en" onChange={onChange} />);
    const toggle = screen.getByRole('button', { name: 'العربية' });
    expect(toggle.getAttribute('lang')).toBe('ar');
    expect(toggle.getAttribute('dir')).toBe('rtl');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith('ar');
  });

  it('[S0-2.69] in Arabic offers English, marked up as English, left to right', () => {
    const onChange = vi.fn();
    renderWithI18n(<LanguageToggle lang="ar" onChange={onChange} />, 'ar');
    const toggle = screen.getByRole('button', { name: 'English' });
    expect(toggle.getAttribute('lang')).toBe('en');
    expect(toggle.getAttribute('dir')).toBe('ltr');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith('en');
  });
});
