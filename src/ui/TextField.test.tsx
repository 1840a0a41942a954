// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from './testingLibrary';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from './testing';
import { TextField } from './TextField';

afterEach(cleanup);

describe('TextField', () => {
  it('ties a real label to the input and reports plain string values', () => {
    const onChange = vi.fn();
    renderWithI18n(<TextField label="First name" name="firstName" value="" onChange={onChange} required />);
    const input = screen.getByLabelText(/First name/) as HTMLInputElement;
    expect(input.tagName).toBe('INPUT');
    expect(input.name).toBe('firstName');
    expect(input.required).toBe(true);
    expect(document.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
    fireEvent.change(input, { target: { value: 'Sara' } });
    expect(onChange).toHaveBeenCalledWith('Sara');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('inputmode')).toBeNull();
  });

  it('shows the error next to the field, marks it invalid and describes the input with hint and error', () => {
    renderWithI18n(
      <TextField
        label="Mobile number"
        name="mobile"
        type="tel"
        value="05"
        onChange={() => {}}
        hint="Include the country code"
        error="Please enter a valid mobile number"
      />,
    );
    const input = screen.getByLabelText('Mobile number');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['Include the country code', 'Please enter a valid mobile number']);
    // The error follows the input directly.
    expect(input.nextElementSibling?.textContent).toBe('Please enter a valid mobile number');
    // Phone numbers stay left to right in Arabic.
    expect(input.getAttribute('dir')).toBe('ltr');
  });

  it('keeps a hidden label for assistive technology and passes combobox attributes', () => {
    function Search() {
      const [value, setValue] = useState('');
      return (
        <TextField
          label="Search"
          hideLabel
          name="q"
          type="search"
          role="combobox"
          aria-expanded={value.length > 0}
          aria-controls="results"
          aria-autocomplete="list"
          value={value}
          onChange={setValue}
        />
      );
    }
    renderWithI18n(<Search />);
    const input = screen.getByRole('combobox', { name: 'Search' });
    expect(document.querySelector('label')?.className).toBe('visually-hidden');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input, { target: { value: 'padel' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe('results');
  });
});
