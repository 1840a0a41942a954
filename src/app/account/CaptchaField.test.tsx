// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '../../ui/testingLibrary';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, ApiResult } from '../../api/client';
import type { Lang } from '../../domain/lang';
import { createTestI18n } from '../../i18n/testing';
import { PortalProvider, type Portal } from '../portal';
import { CaptchaField, type CaptchaFieldProps } from './CaptchaField';

afterEach(cleanup);

/** ALTCHA's script stands in: the tests play the widget's events on the element the field creates. */
const altchaStrings = vi.hoisted(() => new Map<string, Record<string, string>>());
vi.mock('./altcha', () => ({ setAltchaStrings: (lang: string, strings: Record<string, string>) => altchaStrings.set(lang, strings) }));

const IN_FIVE_MINUTES = () => new Date(Date.now() + 5 * 60_000).toISOString();

/** An API whose captcha/challenge answers the given challenges in turn (or fails with status 0). */
function challengeApi(...answers: ({ id: string; en: string; ar: string } | 'offline')[]) {
  const call = vi.fn(async (): Promise<ApiResult<unknown>> => {
    const next = answers.shift() ?? 'offline';
    if (next === 'offline') return { ok: false, status: 0, message: '', body: null };
    return { ok: true, status: 200, data: { status: true, data: { kind: 'question', id: next.id, question: { en: next.en, ar: next.ar }, expires_at: IN_FIVE_MINUTES() } } };
  });
  return { api: { call, clearCache: () => {}, onUnauthorized: () => () => {} } as unknown as ApiClient, call };
}

function renderCaptcha(api: ApiClient, props: Partial<CaptchaFieldProps> = {}, lang: Lang = 'en') {
  const all: CaptchaFieldProps = { siteKey: null, resetKey: 0, onSolve: vi.fn(), onExpire: vi.fn(), ...props };
  const i18n = createTestI18n(lang);
  const tree = (current: CaptchaFieldProps) => (
    <I18nextProvider i18n={i18n}>
      <PortalProvider portal={{ api } as Portal}>
        <CaptchaField {...current} />
      </PortalProvider>
    </I18nextProvider>
  );
  const view = render(tree(all));
  return { ...all, rerender: (next: Partial<CaptchaFieldProps>) => view.rerender(tree({ ...all, ...next })) };
}

describe('CaptchaField, built-in challenge', () => {
  it('[S0-9.31] shows the question and answers with "<id>:<answer>"; clearing the answer takes it back', async () => {
    const { api } = challengeApi({ id: 'c1', en: 'What is 3 + 4?', ar: 'كم يساوي ٣ + ٤؟' });
    const captcha = renderCaptcha(api);
    expect(await screen.findByText('What is 3 + 4?')).toBeTruthy();
    const answer = screen.getByLabelText('Your answer');
    fireEvent.change(answer, { target: { value: '7' } });
    expect(captcha.onSolve).toHaveBeenLastCalledWith('c1:7');
    fireEvent.change(answer, { target: { value: '' } });
    expect(captcha.onExpire).toHaveBeenCalledTimes(1);
  });

  it('[S0-9.31] asks in Arabic in the Arabic interface', async () => {
    const { api } = challengeApi({ id: 'c1', en: 'What is 3 + 4?', ar: 'كم يساوي ٣ + ٤؟' });
    renderCaptcha(api, {}, 'ar');
    expect(await screen.findByText('كم يساوي ٣ + ٤؟')).toBeTruthy();
  });

  it('[S0-7.31] a new resetKey (the machine cleared the answer) brings a new question and an empty answer', async () => {
    const { api, call } = challengeApi({ id: 'c1', en: 'What is 3 + 4?', ar: '-' }, { id: 'c2', en: 'What is 5 + 1?', ar: '-' });
    const captcha = renderCaptcha(api);
    await screen.findByText('What is 3 + 4?');
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: '7' } });
    captcha.rerender({ resetKey: 1 });
    expect(await screen.findByText('What is 5 + 1?')).toBeTruthy();
    expect((screen.getByLabelText('Your answer') as HTMLInputElement).value).toBe('');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('[S1-4.35] a question that cannot be loaded says so; "New question" tries again and takes back a given answer', async () => {
    const { api, call } = challengeApi('offline', { id: 'c2', en: 'What is 2 + 2?', ar: '-' }, { id: 'c3', en: 'What is 6 + 2?', ar: '-' });
    const captcha = renderCaptcha(api);
    expect(await screen.findByText('The question could not be loaded. Ask for a new question.')).toBeTruthy();
    expect((screen.getByLabelText('Your answer') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'New question' }));
    await screen.findByText('What is 2 + 2?');
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: '4' } });
    expect(captcha.onSolve).toHaveBeenLastCalledWith('c2:4');
    fireEvent.click(screen.getByRole('button', { name: 'New question' }));
    expect(captcha.onExpire).toHaveBeenCalledTimes(1);
    await screen.findByText('What is 6 + 2?');
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('shows the machine message next to the answer', async () => {
    const { api } = challengeApi({ id: 'c1', en: 'What is 3 + 4?', ar: '-' });
    renderCaptcha(api, { error: 'Please verify you are human' });
    await screen.findByText('What is 3 + 4?');
    await waitFor(() => expect(screen.getByLabelText('Your answer').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please verify you are human')).toBeTruthy();
  });
});

describe('CaptchaField, proof-of-work challenge (production server)', () => {
  const challenge = {
    parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'n', salt: 's', cost: 1000, keyLength: 32, keyPrefix: 'ab', keySignature: 'k', expiresAt: 2_000_000_000 },
    signature: 'sig',
  };
  const proofOfWorkApi = () => {
    const call = vi.fn(async (): Promise<ApiResult<unknown>> => ({
      ok: true,
      status: 200,
      data: { status: true, data: { kind: 'proof_of_work', challenge, expires_at: IN_FIVE_MINUTES() } },
    }));
    return { call, clearCache: () => {}, onUnauthorized: () => () => {} } as unknown as ApiClient;
  };
  const widget = async () => {
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    return document.querySelector('altcha-widget') as HTMLElement;
  };
  const changeState = (element: HTMLElement, state: string, payload: string | null) =>
    element.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));

  it("[S0-9.31] shows ALTCHA's box with the server's challenge, labelled in the visitor's language, and answers with its payload", async () => {
    const captcha = renderCaptcha(proofOfWorkApi(), {}, 'ar');
    const element = await widget();
    expect(JSON.parse(element.getAttribute('challenge') ?? '')).toEqual(challenge);
    expect(element.getAttribute('language')).toBe('ar');
    expect(altchaStrings.get('ar')?.label).toBe('لست روبوتًا');
    expect(screen.getByRole('group', { name: 'أثبت أنك إنسان' })).toBeTruthy();
    changeState(element, 'verifying', null);
    expect(captcha.onExpire).not.toHaveBeenCalled();
    changeState(element, 'verified', 'payload-1');
    expect(captcha.onSolve).toHaveBeenLastCalledWith('payload-1');
  });

  it('[S1-4.35] an expired answer is taken back, and the machine message shows next to the box', async () => {
    const captcha = renderCaptcha(proofOfWorkApi(), { error: 'Please confirm you are not a robot' });
    const element = await widget();
    changeState(element, 'verified', 'payload-1');
    changeState(element, 'expired', null);
    expect(captcha.onExpire).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('group', { name: 'Show you are human' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please confirm you are not a robot')).toBeTruthy();
  });
});
