import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import KeyboardReact, { type KeyboardButtonTheme } from 'react-simple-keyboard';
import 'react-simple-keyboard/build/css/index.css';
import { LANGUAGES, type Lang } from '../domain/lang';
import { ALL_KEYS, KEYBOARD_LAYOUTS, layoutName } from './keyboardLayouts';
import { KioskContext, type KeyboardRegistry, type KeyboardTarget } from './kioskContext';
import { useTopModal } from './modalStack';

const endonym = (lang: Lang) => LANGUAGES.find((language) => language.code === lang)?.label ?? lang;
const otherLanguage = (lang: Lang): Lang => (lang === 'en' ? 'ar' : 'en');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where typing lands: the selection for fields that have one (text, search, tel, password), else the end. */
function selectionOf(input: HTMLInputElement) {
  const { value } = input;
  let start: number | null = null;
  let end: number | null = null;
  try {
    start = input.selectionStart;
    end = input.selectionEnd;
  } catch {
    // e-mail and number inputs have no selection API
  }
  return { value, start: start ?? value.length, end: end ?? start ?? value.length };
}

function placeCaret(input: HTMLInputElement, caret: number) {
  try {
    input.setSelectionRange(caret, caret);
  } catch {
    // no selection API on this input type: the caret stays at the end
  }
}

/** The field's value after one key, or null when the key changes nothing. */
function edit(input: HTMLInputElement, key: string): { value: string; caret: number } | null {
  const { value, start, end } = selectionOf(input);
  if (key === '{bksp}') {
    if (start !== end) return { value: value.slice(0, start) + value.slice(end), caret: start };
    if (start === 0) return null;
    // Do not split a surrogate pair (emoji pasted into a field).
    const low = value.charCodeAt(start - 1);
    const width = start >= 2 && low >= 0xdc00 && low <= 0xdfff ? 2 : 1;
    return { value: value.slice(0, start - width) + value.slice(end), caret: start - width };
  }
  const text = key === '{space}' ? ' ' : key;
  const next = value.slice(0, start) + text + value.slice(end);
  if (input.maxLength >= 0 && next.length > input.maxLength) return null;
  return { value: next, caret: start + text.length };
}

function useKeyboardTarget(registry: KeyboardRegistry) {
  return useSyncExternalStore(registry.subscribe, registry.getSnapshot, registry.getSnapshot);
}

/** The docked keyboard itself; OnScreenKeyboardHost loads it in kiosk mode only. */
export function OnScreenKeyboard() {
  const context = useContext(KioskContext);
  if (!context) throw new Error('OnScreenKeyboard needs KioskModeProvider');
  const { keyboard: registry, lang } = context;
  const target = useKeyboardTarget(registry);
  return target ? <DockedKeyboard registry={registry} target={target} uiLang={lang} /> : null;
}

function DockedKeyboard({
  registry,
  target,
  uiLang,
}: {
  registry: KeyboardRegistry;
  target: KeyboardTarget;
  uiLang: Lang;
}) {
  const { t } = useTranslation('ui');
  const modal = useTopModal();
  const rootRef = useRef<HTMLDivElement>(null);

  // The visitor's layout choice follows the interface language until they switch;
  // Latin-only fields (e-mail) open in English without changing that choice.
  const [chosen, setChosen] = useState<Lang>(uiLang);
  const [language, setLanguage] = useState<Lang>(target.latinOnly ? 'en' : uiLang);
  const [shifted, setShifted] = useState(false);
  const [seen, setSeen] = useState({ target, uiLang });
  if (seen.target !== target || seen.uiLang !== uiLang) {
    const nextChosen = seen.uiLang !== uiLang ? uiLang : chosen;
    setSeen({ target, uiLang });
    setChosen(nextChosen);
    setLanguage(target.latinOnly ? 'en' : nextChosen);
    setShifted(false);
  }

  const press = (key: string) => {
    const input = target.element;
    if (key === '{done}') {
      input.blur();
      return;
    }
    if (key === '{shift}') {
      setShifted((on) => !on);
      return;
    }
    if (key === '{lang}') {
      const next = otherLanguage(language);
      setLanguage(next);
      if (!target.latinOnly) setChosen(next);
      setShifted(false);
      return;
    }
    const change = edit(input, key);
    if (!change) return;
    // Shift is one-shot, as on a phone: one capital, then back to lower case.
    if (shifted && key !== '{bksp}') setShifted(false);
    target.setValue(change.value);
    if (document.activeElement !== input) input.focus({ preventScroll: true });
    // React writes the new value after this handler; put the caret back once it has.
    requestAnimationFrame(() => {
      if (document.activeElement === input) placeCaret(input, change.caret);
    });
  };
  const pressRef = useRef(press);
  useLayoutEffect(() => {
    pressRef.current = press;
  });
  const onKeyPress = useCallback((key: string) => pressRef.current(key), []);

  // Give the page room below the content, then bring the field above the keyboard. The keyboard
  // fills in after this effect and changes height with its layout, so both happen on every resize too.
  const targetRef = useRef(target);
  useLayoutEffect(() => {
    targetRef.current = target;
  });
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const html = document.documentElement;
    registry.setKeyboardElement(root);
    html.dataset.osk = 'open';
    const keepFieldVisible = () => {
      html.style.setProperty('--osk-height', `${root.offsetHeight}px`);
      targetRef.current.element.scrollIntoView?.({ block: 'nearest' });
    };
    keepFieldVisible();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(keepFieldVisible) : null;
    observer?.observe(root);
    return () => {
      observer?.disconnect();
      registry.setKeyboardElement(null);
      delete html.dataset.osk;
      html.style.removeProperty('--osk-height');
    };
  }, [registry, modal]);

  useEffect(() => {
    target.element.scrollIntoView?.({ block: 'nearest' });
  }, [target]);

  const keypad = target.keypad;
  const display: Record<string, string> = {
    '{bksp}': '⌫',
    '{shift}': '⇧',
    '{space}': escapeHtml(endonym(language)),
    '{lang}': escapeHtml(endonym(otherLanguage(language))),
    '{done}': escapeHtml(t('keyboard.done')),
  };
  const buttonTheme: KeyboardButtonTheme[] = [
    { class: 'osk-key-action', buttons: '{shift} {bksp} {lang}' },
    { class: 'osk-key-space', buttons: '{space}' },
    { class: 'osk-key-done', buttons: '{done}' },
    ...(shifted ? [{ class: 'osk-key-on', buttons: '{shift}' }] : []),
  ];
  const buttonAttributes = [
    // Keys never take focus away from the field being typed into.
    { attribute: 'tabindex', value: '-1', buttons: ALL_KEYS },
    { attribute: 'aria-label', value: t('keyboard.backspace'), buttons: '{bksp}' },
    { attribute: 'aria-label', value: t('keyboard.shift'), buttons: '{shift}' },
    { attribute: 'aria-pressed', value: String(shifted), buttons: '{shift}' },
    { attribute: 'aria-label', value: t('keyboard.space'), buttons: '{space}' },
    { attribute: 'aria-label', value: t('keyboard.done'), buttons: '{done}' },
    { attribute: 'aria-label', value: t('keyboard.switchLanguage'), buttons: '{lang}' },
    { attribute: 'lang', value: otherLanguage(language), buttons: '{lang}' },
    { attribute: 'lang', value: language, buttons: '{space}' },
  ];

  const keyboard = (
    <div
      ref={rootRef}
      className={`osk osk-${keypad}`}
      role="group"
      aria-label={t(keypad === 'text' ? 'keyboard.label' : 'keyboard.numeric')}
      data-testid="on-screen-keyboard"
      // Pressing a key must not move focus out of the field.
      onMouseDown={(event) => event.preventDefault()}
    >
      <div className="osk-board" dir="ltr" lang={keypad === 'text' ? language : undefined}>
        <KeyboardReact
          layout={KEYBOARD_LAYOUTS}
          layoutName={layoutName(keypad, language, shifted)}
          display={display}
          buttonTheme={buttonTheme}
          buttonAttributes={buttonAttributes}
          onKeyPress={onKeyPress}
          theme="hg-theme-default osk-theme"
          useButtonTag
          disableCaretPositioning
          // The field holds the text; the keyboard only reports keys (see press).
          maxLength={1}
        />
      </div>
    </div>
  );

  // Inside an open modal dialog everything else is inert, so the keyboard joins the dialog.
  return modal ? createPortal(keyboard, modal) : keyboard;
}
