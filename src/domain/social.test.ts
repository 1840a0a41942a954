import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { socialPlatforms, type SocialPlatform } from './contract/config';
import { visibleSocialLinks } from './social';

describe('visibleSocialLinks', () => {
  it('[S0-2.80] lists configured platforms in the fixed order', () => {
    expect(
      visibleSocialLinks({
        snapchat: 'https://snapchat.com/add/venue',
        youtube: 'https://youtube.com/@venue',
        instagram: 'https://instagram.com/venue',
        tiktok: 'https://tiktok.com/@venue',
        facebook: 'https://facebook.com/venue',
        twitter: 'https://x.com/venue',
      }).map((link) => link.platform),
    ).toEqual(['instagram', 'twitter', 'facebook', 'youtube', 'tiktok', 'snapchat']);
  });

  it.each<[string, SocialPlatform, string | null | undefined, string | null]>([
    ['[S0-2.80] empty', 'instagram', '', null],
    ['[S0-2.80] blank', 'youtube', '   ', null],
    ['[S0-2.80] null', 'tiktok', null, null],
    ['[S0-2.80] undefined', 'snapchat', undefined, null],
    ['[S0-2.81] bare instagram', 'instagram', 'https://instagram.com', null],
    ['[S0-2.81] bare instagram www slash', 'instagram', 'https://www.instagram.com/', null],
    ['[S0-2.81] bare instagram http', 'instagram', 'http://instagram.com/', null],
    ['[S0-2.81] bare instagram without scheme', 'instagram', 'www.instagram.com', null],
    ['[S0-2.81] bare twitter', 'twitter', 'http://twitter.com', null],
    ['[S0-2.81] bare x', 'twitter', 'https://x.com/', null],
    ['[S0-2.81] bare www x', 'twitter', 'https://www.x.com', null],
    ['[S0-2.81] bare facebook', 'facebook', 'https://www.facebook.com', null],
    ['[S0-2.81] bare facebook upper case', 'facebook', 'HTTPS://WWW.FACEBOOK.COM/', null],
    ['[S0-2.81] bare fb', 'facebook', 'https://fb.com', null],
    ['instagram account', 'instagram', 'https://www.instagram.com/venue/', 'https://www.instagram.com/venue/'],
    ['twitter account', 'twitter', 'https://twitter.com/venue', 'https://twitter.com/venue'],
    ['facebook page by query', 'facebook', 'https://www.facebook.com/profile.php?id=1', 'https://www.facebook.com/profile.php?id=1'],
    ['scheme-less account gains https', 'instagram', 'instagram.com/venue', 'https://instagram.com/venue'],
    ['trimmed', 'facebook', '  https://facebook.com/venue  ', 'https://facebook.com/venue'],
    ['[S0-2.81] a bare home of other platforms still shows', 'youtube', 'https://www.youtube.com/', 'https://www.youtube.com/'],
    ['bare tiktok still shows', 'tiktok', 'https://tiktok.com', 'https://tiktok.com'],
    ['script address refused', 'youtube', 'javascript:alert(1)', null],
    ['mail address refused', 'snapchat', 'mailto:a@b.c', null],
  ])('%s', (_title, platform, url, expected) => {
    const links = visibleSocialLinks({ [platform]: url });
    expect(links).toEqual(expected === null ? [] : [{ platform, url: expected }]);
  });

  it('only lists platforms that were configured, each once, in order', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...socialPlatforms), fc.option(fc.webUrl(), { nil: undefined })),
        (social) => {
          const listed = visibleSocialLinks(social).map((link) => link.platform);
          expect(listed).toEqual(socialPlatforms.filter((p) => listed.includes(p)));
          for (const platform of listed) expect(social[platform]).toBeTruthy();
        },
      ),
    );
  });
});
