import { type Lang } from '../../domain/lang';

/** The part of Google's reCAPTCHA v2 API the captcha field uses. */
export type Grecaptcha = {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    onPortalRecaptchaLoad?: () => void;
  }
}

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

let loading: Promise<Grecaptcha> | null = null;

/**
 * Loads Google's script once, and only for a venue that has a reCAPTCHA site key. The widget's language is
 * fixed when the script loads, so it follows the language the visitor had at that moment.
 */
export function loadRecaptcha(lang: Lang): Promise<Grecaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  if (loading) return loading;
  loading = new Promise<Grecaptcha>((resolve, reject) => {
    window.onPortalRecaptchaLoad = () => {
      if (window.grecaptcha) resolve(window.grecaptcha);
      else reject(new Error('reCAPTCHA loaded without its API'));
    };
    const script = document.createElement('script');
    script.src = `${SCRIPT_URL}?onload=onPortalRecaptchaLoad&render=explicit&hl=${lang}`;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}
